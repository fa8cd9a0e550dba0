"""The positions of a checked log, in order, as a player walks through them: `lanterne replay
--step` in the terminal (forward and back) and `--html` (lanterne.replay_html) both read them
from here.

A move is said in words by its game's formatter (lanterne.words.describe), once, when the
positions are listed; every view shows that sentence.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from lanterne import untrusted
from lanterne.words import describe


@dataclass
class Position:
    """One position of one game: the state after `n` moves (0: the start)."""

    game_no: int  # 1-based, in the order of the log
    game: str  # the engine's name (tayu, tactik, …)
    title: str  # the game's one-line title (game, seed, options)
    n: int  # moves made
    total: int  # moves this game reached in the log
    state: object  # the host's state (shared_rules), for drawing
    move: str | None  # the notation of move n (None at the start)
    seat: int | None  # the seat that made move n
    said: str | None = None  # move n in words (its game's formatter)
    divergence: str | None = None  # set on the last position before the log's first divergence
    diverging_move: int | None = None  # with it: the number of the move the log diverges on
    before: object = None  # the state before move n (None at the start)

    def last(self):
        """(state before, move, seat) for a picture that shows the move just made, or None."""
        return None if self.n == 0 else (self.before, self.move, self.seat)

    def words(self) -> str:
        """What happened to reach this position, in one line."""
        if self.n == 0:
            return "start of the game"
        return f"move {self.n}: {self.said}"

    def label(self) -> str:
        return f"{self.game} game {self.game_no}, " + (
            "start" if self.n == 0 else f"after move {self.n}/{self.total}: "
            + str(self.said))


def positions(result) -> list[Position]:
    """Every position the replay reached (a checked log: lanterne.replay.check_log), games in
    order; the one after which the log first diverges carries the divergence's text."""
    out = []
    for gi, game in enumerate(result.games, 1):
        total = len(game.history) - 1
        for i, state in enumerate(game.history):
            move = seat = None
            if i:
                move = game.moves[i - 1]
                seat = getattr(game.history[i - 1], "current_player", None)
            said = describe(game.game, game.history[i - 1], move, seat) if i else None
            out.append(Position(gi, game.game, game.title(), i, total, state, move, seat, said,
                                before=game.history[i - 1] if i else None))
        if game is result.divergence_game and result.divergence is not None and out:
            where = f" (log line {result.line_no})" if result.line_no else ""
            out[-1].divergence = untrusted.printable(f"{result.divergence}{where}")
            out[-1].diverging_move = result.divergence.n
    return out


# -- the terminal walk (--step) ------------------------------------------------------------------

NEXT = ("right", "n", " ", "enter", "down", "j")
BACK = ("left", "p", "b", "backspace", "up", "k")
QUIT = ("q", "escape", "ctrl-c")
HELP = "right, space, n or Enter: next    left, p or b: back    Home/End: first/last    q: quit"


def walk(frames, render, keys, echo, clear=lambda: None):
    """Show `frames` (Positions) one at a time, moving with `keys` (an iterable of key names
    such as "right", "left", "q"), each shown by `echo(text)` after `clear()`; `render(pos)`
    gives the picture's text lines. Returns the indexes shown, in order (for tests)."""
    shown = []
    if not frames:
        return shown
    i = 0
    keys = iter(keys)
    while True:
        shown.append(i)
        pos = frames[i]
        clear()
        echo(f"{pos.label()}    [{i + 1}/{len(frames)}]")
        echo("\n".join(render(pos)))
        if pos.divergence:
            echo(f"DIVERGENCE next in the log: {pos.divergence}")
        echo(HELP)
        while True:
            key = next(keys, "q")
            if key in QUIT:
                return shown
            step = 1 if key in NEXT else -1 if key in BACK else 0
            if key == "home":
                step = -i
            elif key == "end":
                step = len(frames) - 1 - i
            if step and 0 <= i + step < len(frames):
                i += step
                break


_ESC_KEYS = {"[C": "right", "[D": "left", "[A": "up", "[B": "down", "[H": "home", "[F": "end",
             "OC": "right", "OD": "left", "OA": "up", "OB": "down", "OH": "home", "OF": "end",
             "[1~": "home", "[4~": "end"}


def key_names(data: str):
    """Key names from what a terminal in cbreak mode sends (arrows as escape sequences)."""
    i = 0
    while i < len(data):
        ch = data[i]
        if ch == "\x1b":
            for seq, name in _ESC_KEYS.items():
                if data.startswith(seq, i + 1):
                    yield name
                    i += 1 + len(seq)
                    break
            else:
                yield "escape"
                i += 1
            continue
        i += 1
        if ch in ("\r", "\n"):
            yield "enter"
        elif ch in ("\x7f", "\x08"):
            yield "backspace"
        elif ch == "\x03":
            yield "ctrl-c"
        else:
            yield ch.lower()


def terminal_keys(fd):
    """Key names read from a terminal (put in cbreak mode by the caller)."""
    import os

    while True:
        data = os.read(fd, 16).decode(errors="ignore")
        if not data:
            return
        yield from key_names(data)


def step_through(result, profile, echo):
    """`--step`: in a terminal, walk the positions both ways; otherwise print them all."""
    from lanterne.render_state import render
    from lanterne.term import canvas_lines, terminal_zoom

    frames = positions(result)
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    # as large as the terminal allows (its label, divergence and help lines below it)
    zoom = terminal_zoom((profile["width"], profile["height"]), reserve=5) if tty else 1

    def picture(pos):
        return canvas_lines(render(profile, pos.game, pos.state, last=pos.last()), zoom=zoom)

    if tty:
        import termios
        import tty

        fd = sys.stdin.fileno()
        old = termios.tcgetattr(fd)
        try:  # keys one by one from before the first picture (no key typed early is lost)
            tty.setcbreak(fd, termios.TCSANOW)
            walk(frames, picture, terminal_keys(fd), echo,
                 clear=lambda: echo("\x1b[H\x1b[2J", nl=False))
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, old)
        return
    for pos in frames:  # not a terminal: every position once, in order
        echo(f"\n{pos.label()}")
        echo("\n".join(picture(pos)))
        if pos.divergence:
            echo(f"DIVERGENCE next in the log: {pos.divergence}")
