"""`lanterne sim` in a terminal: the board's frame as true-colour half blocks (each LED `zoom`
columns x half-rows, by default as large as the terminal allows), the side panel beside it (the
keys, what the board is doing, its serial lines in words) and the keys read as button presses
(`KeyQueue`). `lanterne sim --pico` shows its emulated board the same way."""

from __future__ import annotations

import json
import os
import select
import shutil
import sys
import textwrap
import time

from firmware import buttons as btn
from firmware.canvas import Canvas
from lanterne import gamehooks, words
from lanterne.sim_board import LONG_MS, SHORT_MS, STEP_MS, Simulator

OFF_RGB = (28, 28, 32)
WOOD_RGB = (46, 30, 16)  # canvas pixels with no LED under them (a hole board's wood)
KEY_HELP = [
    ("arrows / ijkl", "up down left right"),
    ("z  space  enter", "A  (confirm, place)"),
    ("x  backspace", "B  (back, rotate)"),
    ("Z / X", "long A / long B"),
    ("/", "type a word (Enter)"),
    ("q", "quit"),
]


class WordLine:
    """A word typed on the keyboard for the word games (`/`, the letters, Enter), sent to the
    board as the serial line's `move` command, as a host would (the board judges it: refused,
    its reason comes back as an error line in the side panel). `salut` is `word SALUT`;
    `salut 3`, in a challenge, names the fastest seat (P3: `word SALUT seat 2`); a leading `!`
    is the table's overrule (`accept`). Escape closes it."""

    def __init__(self):
        self.text = None  # None: closed

    def feed(self, ch):
        """One character typed while the line is open: the move text when Enter sends it."""
        if ch in ("\r", "\n"):
            text, self.text = self.text, None
            return typed_move(text)
        if ch == "\x1b":
            self.text = None
        elif ch in ("\x7f", "\x08"):
            self.text = self.text[:-1]
        elif ch.isascii() and (ch.isalpha() or ch.isdigit() or ch in " !") and \
                len(self.text) < 24:
            self.text += ch
        return None


def typed_move(text):
    """The move text of a typed word (WordLine), or None for nothing typed."""
    parts = (text or "").split()
    if not parts:
        return None
    kind = "word"
    if parts[0].startswith("!"):
        kind = "accept"
        parts[0] = parts[0][1:]
    out = kind + " " + parts[0].upper()
    if len(parts) > 1 and parts[1].isdigit() and parts[1].isascii():
        out += f" seat {int(parts[1]) - 1}"
    return out


def board_ansi(sim: Simulator, side: list[str] | None = None, zoom: int = 1) -> str:
    """The simulated board's frame as true-colour half blocks (ansi), the side panel beside."""
    return ansi(sim.canvas(), sim.table, side, zoom)


def ansi(c: Canvas, table, side: list[str] | None = None, zoom: int = 1) -> str:
    """A canvas as true-colour half blocks: each LED `zoom` columns wide and `zoom` half-rows
    tall (two half-rows per text line; pixels with no LED under them, `table[p] < 0`, drawn as
    wood), the side panel to the right (lines past the board's foot go on below it, in the same
    column)."""
    side = side or []
    zoom = max(1, zoom)
    width = c.width * zoom
    half_rows = c.height * zoom
    lines = (half_rows + 1) // 2
    rows = []
    for k in range(max(lines, len(side))):
        if k < lines:
            y_top = (2 * k) // zoom
            y_bot = (2 * k + 1) // zoom if 2 * k + 1 < half_rows else -1
            parts = []
            w = c.width
            for x in range(w):
                top = _rgb(c.get(x, y_top)) if table[y_top * w + x] >= 0 else WOOD_RGB
                bot = (0, 0, 0)
                if y_bot >= 0:
                    bot = _rgb(c.get(x, y_bot)) if table[y_bot * w + x] >= 0 else WOOD_RGB
                parts.append("\x1b[38;2;{};{};{}m\x1b[48;2;{};{};{}m".format(*top, *bot)
                             + "\u2580" * zoom)
            line = "".join(parts) + "\x1b[0m"
        else:
            line = " " * width
        if k < len(side):
            line += "  " + side[k]
        rows.append(line + "\x1b[K")
    return "\r\n".join(rows)


def _rgb(v):
    if not v:
        return OFF_RGB
    return ((v >> 16) & 255, (v >> 8) & 255, v & 255)


PANEL_MIN = 40  # columns the side panel needs for the key help to read well
PANEL_MAX = 72


def _side_panel(sim: Simulator, width: int = PANEL_MAX) -> list[str]:
    """Title, the keys of the six buttons, what the board is doing and the last serial lines,
    each cut to `width` visible columns."""
    width = max(8, width)

    def cut(text):
        return text if len(text) <= width else text[:width - 1] + "\u2026"

    lines = ["\x1b[1m" + cut("Lanterne simulated board ({})".format(sim.profile["name"]))
             + "\x1b[0m", ""]
    lines += [cut(f"{keys:<17} {what}") for keys, what in KEY_HELP]
    if getattr(sim, "typed", None) is not None:
        lines.append("\x1b[1m" + cut("word: " + sim.typed + "_") + "\x1b[0m")
    if sim.hw.seats:
        lines += [cut(f"{keys:<17} {what}") for keys, what in seat_help(sim.hw.seats)]
    lines.append("")
    for part in textwrap.wrap(_status(sim), width)[:3] or [""]:
        lines.append("\x1b[1m" + part + "\x1b[0m")
    if sim.own_dir is None:
        lines.append("\x1b[2m" + cut("saves in " + _home(sim.folder)) + "\x1b[0m")
    lines.append("")
    lines.append("\x1b[2m" + cut("serial:") + "\x1b[0m")
    for said in words.panel_lines(sim.narrator.follow(sim.lines), width):  # events in words
        lines.append("\x1b[2m" + said + "\x1b[0m")
    return lines


def _home(path: str) -> str:
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if path.startswith(home + os.sep) else path


def auto_zoom(profile: dict, columns: int, rows: int) -> int:
    """The largest zoom of 1..3 at which the board and a readable side panel fit a terminal of
    `columns` x `rows` (1 if none does)."""
    for z in (3, 2):
        board_lines = (profile["height"] * z + 1) // 2
        if profile["width"] * z + 2 + PANEL_MIN <= columns and board_lines <= rows - 1:
            return z
    return 1


def _layout(sim: Simulator, zoom: int | None) -> tuple[int, int]:
    """(zoom, side panel width) for the terminal as it is now."""
    size = shutil.get_terminal_size((80, 24))
    z = zoom or auto_zoom(sim.profile, size.columns, size.lines)
    panel = min(PANEL_MAX, size.columns - sim.profile["width"] * z - 3)
    return z, max(PANEL_MIN if zoom is None else 8, panel)


def _status(sim: Simulator) -> str:
    """One line about what the board is doing: the menu's hint, or the game's own words
    (whose turn, the end: lanterne.gamehooks.status)."""
    mode = sim.app.mode
    if mode is None:
        return ""
    if mode.name == "menu":
        if getattr(mode, "help", None) is not None:
            return "how to play: left/right turn the pages, x (B) closes"
        if sim.app.saved:
            return ("menu: RESUME continues the saved game; up/down pick a row, A on it; "
                    "HELP (one up from START) says how to play")
        return ("menu: up/down pick a row, left/right change it, A on START; "
                "HELP (one up) says how to play")
    if getattr(mode, "howto", None) is not None:
        return "how to play: left/right turn the pages, x (B) closes"
    st = getattr(mode, "state", None)
    if st is not None:
        try:
            return gamehooks.status(mode.name, st, getattr(mode, "bots", ()))
        except ValueError:  # a mode with a state that no registry names
            pass
    return mode.name


class KeyQueue:
    """Key presses on their way to the buttons. A key of a button still held waits until that
    press is released and the firmware's debounce is over, so a burst of the same key counts
    every press; at most `cap` wait per button, so a key held down by the terminal's
    auto-repeat stops soon after it is let go. A press and the pause after it also last two
    ticks at least (the loop steps the board once per tick), so a slow step loses no press."""

    TICKS = 2

    def __init__(self, hold_ms=SHORT_MS * 1.5, gap_ms=btn.DEBOUNCE_MS * 2, cap=3):
        self.hold = hold_ms / 1000
        self.gap = gap_ms / 1000
        self.cap = cap
        self.waiting: dict[int, list[bool]] = {}  # button -> long flags of its waiting presses
        self.release_at: dict[int, list] = {}  # held button -> [when to let go, ticks left]
        self.free_at: dict[int, list] = {}  # button -> [its earliest next press, ticks left]

    def add(self, button: int, long: bool) -> None:
        queue = self.waiting.setdefault(button, [])
        if len(queue) < self.cap:
            queue.append(long)

    def tick(self, now: float, press, release) -> None:
        """Let go of the presses that are done and start the waiting ones that may (`now` in
        seconds; `press(button)` and `release(button)` act on the board)."""
        for free in self.free_at.values():
            free[1] -= 1
        for b, due in list(self.release_at.items()):
            due[1] -= 1
            if now >= due[0] and due[1] <= 0:
                release(b)
                del self.release_at[b]
                self.free_at[b] = [now + self.gap, self.TICKS]
        for b, queue in self.waiting.items():
            free = self.free_at.get(b)
            if queue and b not in self.release_at and (
                    free is None or (now >= free[0] and free[1] <= 0)):
                long = queue.pop(0)
                press(b)
                self.release_at[b] = [now + (LONG_MS / 1000 if long else self.hold), self.TICKS]

    def held(self) -> list[int]:
        return list(self.release_at)


def interactive(sim: Simulator, zoom: int | None = None) -> None:
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    keys = KeyQueue()

    def press(b):
        sim.hold(b, True)

    def release(b):
        sim.hold(b, False)

    start = time.monotonic()
    last_frames = -1
    last_lines = 0
    shape = None
    typed = WordLine()
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l\x1b[2J")
        while True:
            now = time.monotonic()
            sim.hw.now = int((now - start) * 1000)
            r, _, _ = select.select([fd], [], [], STEP_MS / 1000)
            if r:
                data = os.read(fd, 64).decode(errors="ignore")
                rest = ""
                for ch in data:  # `/` opens the typed word; what it takes is no key
                    if typed.text is not None:
                        move = typed.feed(ch)
                        if move:
                            sim.app.link.feed(json.dumps({"cmd": "move", "move": move})
                                              .encode() + b"\n")
                    elif ch == "/":
                        typed.text = ""
                    else:
                        rest += ch
                data = rest
                sim.typed = typed.text
                for key in key_presses(data):
                    if key == "quit":
                        return
                    keys.add(*key)
            keys.tick(now, press, release)
            sim.app.step()
            now_shape = _layout(sim, zoom)  # the terminal may have been resized
            # a new frame, a key, a resize, or a serial line for the side panel (a move's
            # event comes in the pass after its frame)
            if sim.hw.frames != last_frames or r or now_shape != shape or \
                    len(sim.lines) != last_lines:
                if now_shape != shape:
                    out.write("\x1b[2J")
                    shape = now_shape
                last_frames = sim.hw.frames
                last_lines = len(sim.lines)
                z, panel = shape
                out.write("\x1b[H" + board_ansi(sim, _side_panel(sim, panel), z))
                out.flush()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        out.write("\x1b[0m\x1b[?25h\r\n")
        out.flush()


_ESC = {"\x1b[A": btn.UP, "\x1b[B": btn.DOWN, "\x1b[C": btn.RIGHT, "\x1b[D": btn.LEFT}
_PLAIN = {"i": (btn.UP, False), "k": (btn.DOWN, False), "j": (btn.LEFT, False),
          "l": (btn.RIGHT, False), "z": (btn.A, False), " ": (btn.A, False),
          "\n": (btn.A, False), "\r": (btn.A, False), "x": (btn.B, False),
          "\x7f": (btn.B, False), "\x08": (btn.B, False), "Z": (btn.A, True),
          "X": (btn.B, True)}


# every seat its own keys, on a board with seats (a 74HC165 chain): up, down, left, right, A, B,
# long A, long B; seat 0 has the keys above. A board without seats takes them as its one set.
SEAT_KEYS = ("wsaderER", "tgfhyuYU", "824650+-", "cvbnm,M<", "1379[]{}")
for _seat, _keys in enumerate(SEAT_KEYS, 1):
    for _i, _ch in enumerate(_keys):
        _PLAIN[_ch] = (_seat * 6 + (_i if _i < 6 else _i - 2), _i >= 6)


def seat_help(seats: int) -> list[tuple[str, str]]:
    """The side panel's lines for the other seats' keys."""
    out = []
    for seat in range(1, min(seats, len(SEAT_KEYS) + 1)):
        k = SEAT_KEYS[seat - 1]
        out.append((f"seat {seat}: {k[:4]} {k[4]} {k[5]}", f"arrows, A, B ({k[6]} {k[7]} long)"))
    return out


def key_presses(data: str):
    """The board's buttons from what a terminal sends: (code, long) pairs, or "quit"; a code
    is seat * 6 + button (seat 0: the keys of KEY_HELP)."""
    i = 0
    while i < len(data):
        seq = data[i:i + 3]
        if seq in _ESC:
            yield (_ESC[seq], False)
            i += 3
            continue
        ch = data[i]
        i += 1
        if ch in ("q", "Q", "\x03"):
            yield "quit"
        elif ch in _PLAIN:
            yield _PLAIN[ch]
