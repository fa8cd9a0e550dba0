"""`lanterne sim`: the board in the terminal, running the real firmware app on the simulator
backend (true-colour half blocks, each LED `--zoom` columns x half-rows, by default as large as
the terminal allows beside the key help), or headless with a key script and a PNG snapshot of
the final frame."""

from __future__ import annotations

import json
import os
import select
import shutil
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import click
import platformdirs

from firmware import buttons as btn
from firmware import games as fgames
from firmware import ledmap
from firmware import profile as fprofile
from firmware.app import App
from firmware.canvas import Canvas
from firmware.link import Link
from firmware.store import Store
from lanterne import params, picture, words
from unixport.simhw import SimHardware

ROOT = Path(__file__).resolve().parents[2]
STEP_MS = 10
QUIET_MS = 3000
SHORT_MS = 60
MAX_WAIT_MS = 3_600_000
LONG_MS = btn.LONG_MS + 200
OFF_RGB = (28, 28, 32)
WOOD_RGB = (46, 30, 16)  # canvas pixels with no LED under them (a hole board's wood)
KEY_HELP = [
    ("arrows / ijkl", "up down left right"),
    ("z  space  enter", "A  (confirm, place)"),
    ("x  backspace", "B  (back, rotate)"),
    ("Z / X", "long A / long B"),
    ("q", "quit"),
]
TOKENS = {"up": btn.UP, "down": btn.DOWN, "left": btn.LEFT, "right": btn.RIGHT,
          "a": btn.A, "b": btn.B}


def parse_script(text: str) -> list[tuple[str, int, int]]:
    """`up a a:long wait:500 …` -> [("press", button, hold_ms) | ("wait", 0, ms)]."""
    steps = []
    for tok in text.split():
        name, _, arg = tok.lower().partition(":")
        if name == "wait":
            ms = int(arg) if arg.isdigit() else -1
            if not 0 <= ms <= MAX_WAIT_MS:
                raise click.BadParameter(f"bad wait: {tok} (wait:MS, MS 0..{MAX_WAIT_MS})",
                                         param_hint="--keys")
            steps.append(("wait", 0, ms))
        elif name in TOKENS:
            if arg not in ("", "long"):
                raise click.BadParameter(f"bad key: {tok} (a key is NAME or NAME:long)",
                                         param_hint="--keys")
            steps.append(("press", TOKENS[name], LONG_MS if arg == "long" else SHORT_MS))
        else:
            raise click.BadParameter(f"unknown key in script: {tok}", param_hint="--keys")
    return steps


class Simulator:
    """The firmware app on a simulated board with a virtual clock."""

    def __init__(self, profile_name="ref32", state_dir=None, seed=None, bot_delay_ms=600):
        self.profile = fprofile.find(profile_name)
        self.hw = SimHardware(self.profile)
        self.lines: list[str] = []
        self.narrator = words.Narrator(public=True)  # the serial lines in words (side panel)
        # without --dir the save goes to a temporary folder of our own, removed by close()
        self.own_dir = None if state_dir else tempfile.mkdtemp(prefix="lanterne-sim-")
        folder = self.folder = state_dir or self.own_dir
        try:
            os.makedirs(folder, exist_ok=True)
            self.app = App(self.profile, self.hw, link=Link(write=self.lines.append),
                           store=Store(folder=folder), bot_delay_ms=bot_delay_ms)
            self.app.real_cards = False  # no cards beside a simulated board: "auto" deals
        except BaseException:
            self.close()
            raise
        self.app.seed = seed
        self.table = ledmap.build(self.profile)  # canvas pixel -> LED (-1: no LED there)

    def close(self):
        """Remove the temporary save folder this simulator made (a --dir folder is kept)."""
        if self.own_dir is not None:
            shutil.rmtree(self.own_dir, ignore_errors=True)
            self.own_dir = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- driving ---------------------------------------------------------------------------
    def boot(self):
        self.app.boot()
        self.app.step()

    def advance(self, ms):
        for _ in range(max(1, ms // STEP_MS)):
            self.app.step()
            self.hw.sleep_ms(STEP_MS)

    def press(self, button, hold_ms=SHORT_MS):
        self.hw.mask |= 1 << button
        self.advance(hold_ms)
        self.hw.mask &= ~(1 << button)
        self.advance(SHORT_MS)

    def run_script(self, steps):
        for kind, button, ms in steps:
            if kind == "wait":
                self.advance(ms)
            else:
                self.press(button, ms)

    def settle(self, max_ms=30 * 60 * 1000):
        """Run until nothing happens without input (bots have moved), at most max_ms."""
        spent = 0
        quiet = 0  # virtual ms without a serial line (modes without busy() are judged so)
        while spent < max_ms and (not self.app.idle() or quiet < QUIET_MS):
            n = len(self.lines)
            self.advance(100)
            spent += 100
            quiet = 0 if len(self.lines) != n else quiet + 100
        self.advance(50)

    def play_until(self, moves, max_ms=30 * 60 * 1000):
        """Run until the board has announced `moves` moves, or waits for a human (or the game
        is over), at most max_ms."""
        spent = made = read = 0
        while spent < max_ms and made < moves and not self.app.idle():
            self.advance(STEP_MS)
            spent += STEP_MS
            for line in self.lines[read:]:
                made += json.loads(line).get("ev") == "move"
            read = len(self.lines)

    # ---- looking ---------------------------------------------------------------------------
    def canvas(self) -> Canvas:
        """The LED buffer decoded back to pixels through the LED map (gain-corrected), as a
        picture of the board would be."""
        return picture.frame_to_canvas(self.profile, self.hw.buf, self.hw.order,
                                       self.app.output.last_scale, self.table)

    def ansi(self, side: list[str] | None = None, zoom: int = 1) -> str:
        """The frame as true-colour half blocks (see `ansi`)."""
        return ansi(self.canvas(), self.table, side, zoom)


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


def user_save_dir(profile_name: str) -> Path:
    """Where `lanterne sim` played in a terminal keeps its board's save, one folder per profile
    (on Linux ~/.local/state/lanterne/sim/NAME), so RESUME offers the game at the next start."""
    return Path(platformdirs.user_state_dir("lanterne")) / "sim" / profile_name


def check_seats(mod, players, humans, edition):
    """--players, --humans and --edition checked against the chosen game (one clear line)."""
    from firmware.games import player_counts

    counts = player_counts(mod)
    if players is not None and players not in counts:
        raise click.BadParameter(f"{mod.TITLE} is for " + ", ".join(map(str, counts))
                                 + " players", param_hint="--players")
    n = players or mod.DEFAULTS.get("players", counts[0])
    if humans is not None and not 0 <= humans <= n:
        raise click.BadParameter(f"0..{n} human seats with {n} players", param_hint="--humans")
    if edition and "edition" not in mod.DEFAULTS:
        raise click.BadParameter(f"{mod.TITLE} has no editions", param_hint="--edition")


def build_options(players, humans, edition, variants, default_players=2):
    options: dict = {}
    if players:
        options["players"] = players
    if edition:
        options["edition"] = edition
    for v in variants:
        key, eq, val = v.partition("=")
        key = key.replace("-", "_")
        if not eq:
            options[key] = True
        elif val.lower() in ("1", "true", "yes", "on", "y"):
            options[key] = True
        elif val.lower() in ("0", "false", "no", "off", "n"):
            options[key] = False
        else:
            try:
                options[key] = int(val)
            except ValueError:
                options[key] = val
    n = players or default_players
    options["players"] = n  # the game's default when not given: the new event names it
    h = 1 if humans is None else humans
    options["bots"] = [s for s in range(n) if s >= h]
    return options


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
    """One line about what the board is doing (whose turn, game over)."""
    mode = sim.app.mode
    if mode is None:
        return ""
    if mode.name == "menu":
        if sim.app.saved:
            return "menu: RESUME continues the saved game; up/down pick a row, A on it"
        return "menu: up/down pick a row, left/right change it, A on START"
    st = getattr(mode, "state", None)
    if mode.name == "tayu" and st is not None:
        if st.is_over():
            ns, ew = st.scores()
            return f"game over: north-south {ns}, east-west {ew}; A for the menu"
        seat = st.current_player
        who = "bot" if seat in mode.bots else "human"
        side = st.side_of(seat) or "bidding"
        return f"seat {seat} ({who}, {side}) to play: {st.phase}; tiles left {st.tiles_left()}"
    if mode.name == "tactik" and st is not None:
        if st.is_over():
            won = [c for seat in st.winner() for c in st.seat_colours(seat)]
            return "game over: " + " and ".join(won or ["nobody"]) + " win; A for the menu"
        seat = st.current_player
        who = "bot" if seat in mode.bots else "human"
        colours = "+".join(st.team_of(seat)) if st.individual else st.colours[seat]
        return f"seat {seat} ({who}, {colours}) to play: {st.phase}"
    if st is not None:  # any other game: the interface's words
        if st.is_over():
            won = st.winner()
            return ("game over: seat " + " and ".join(map(str, won)) + " wins" if won
                    else "game over: a draw") + "; A for the menu"
        seat = st.current_player
        who = "bot" if seat in getattr(mode, "bots", ()) else "human"
        return f"{mode.name}: seat {seat} ({who}) to play: {st.phase}"
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
        sim.hw.mask |= 1 << b

    def release(b):
        sim.hw.mask &= ~(1 << b)

    start = time.monotonic()
    last_frames = -1
    shape = None
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l\x1b[2J")
        while True:
            now = time.monotonic()
            sim.hw.now = int((now - start) * 1000)
            r, _, _ = select.select([fd], [], [], STEP_MS / 1000)
            if r:
                data = os.read(fd, 64).decode(errors="ignore")
                for key in _keys(data):
                    if key == "quit":
                        return
                    keys.add(*key)
            keys.tick(now, press, release)
            sim.app.step()
            now_shape = _layout(sim, zoom)  # the terminal may have been resized
            if sim.hw.frames != last_frames or r or now_shape != shape:
                if now_shape != shape:
                    out.write("\x1b[2J")
                    shape = now_shape
                last_frames = sim.hw.frames
                z, panel = shape
                out.write("\x1b[H" + sim.ansi(_side_panel(sim, panel), z))
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


def _keys(data: str):
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


@click.command(short_help="Play on a simulated board in this terminal.")
@click.option("--profile", "profile_name", default="ref32", show_default=True,
              help="Hardware profile (hardware/profiles/NAME.json).")
@click.option("--game", type=click.Choice(fgames.names()),
              help="Skip the menu and start this game.")
@click.option("--players", type=int, help="Number of players.")
@click.option("--humans", type=int, help="Human seats (0..N-1); the others are bots. Default 1.")
@click.option("--seed", type=click.IntRange(0, 2**32 - 1),
              help="Seed of the game, 0..2**32-1 (default: from the clock).")
@click.option("--edition", type=click.Choice(["kosmos", "goliath"]), help="Ta Yü edition.")
@click.option("--variant", "variants", multiple=True, metavar="FLAG[=VALUE]",
              help="Game variant flag, repeatable (stacks, two_tiles, redraw_if_unscored, "
                   "bidding=no, target=24, …).")
@click.option("--keys", "script", help='Button script: "up down left right a b a:long wait:500".')
@click.option("--snapshot", type=params.OutputFile(params.IMAGE_FORMATS),
              help="Run headless and write a picture of the final frame (.png, .jpg, .gif).")
@click.option("--scale", type=params.SCALE, default=12, show_default=True,
              help="Snapshot pixels per LED (1..64).")
@click.option("--zoom", type=click.IntRange(1, 8),
              help="Terminal: each LED N columns x N half-rows (default: the largest of 1..3 "
                   "that fits the terminal beside the key help).")
@click.option("--dir", "state_dir", type=params.Folder(),
              help="Where the board saves its game (default: in a terminal, a folder of yours that "
                   "keeps it for RESUME, shown beside the board; with --keys or --snapshot, a "
                   "fresh temporary folder).")
@click.option("--bot-delay", type=click.IntRange(0, 60_000), default=600, show_default=True,
              help="Bot pause in ms.")
@click.option("--events", is_flag=True,
              help="Print the board's serial lines when done (headless: after the script; in a "
                   "terminal: once you quit with q).")
@click.option("--moves", "stop_moves", type=click.IntRange(1, 10_000), metavar="N",
              help="Headless: let the game reach N moves (bots play; it stops sooner when a "
                   "human is to move), then run --keys and write the snapshot at once, without "
                   "waiting for the bots (the last card played still shows).")
@click.option("--pico", "pico", is_flag=False, flag_value="", default=None, metavar="[UF2]",
              help="Run the firmware as `lanterne flash` installs it on an emulated RP2040 "
                   "(MicroPython's rp2 build, or the UF2 given) instead of the simulator; needs "
                   "node, MicroPython's Pico UF2 and the RP2040 boot ROM (docs/pico.md).")
def sim(profile_name, game, players, humans, seed, edition, variants, script, snapshot, scale,
        zoom, state_dir, bot_delay, events, stop_moves, pico):
    """Play on a simulated board in this terminal (the real firmware, simulated hardware)."""
    if pico is not None:
        if game or script is not None or snapshot or state_dir or events or stop_moves:
            raise click.UsageError("--pico plays from the board's menu in the terminal: it "
                                   "takes only --profile and --zoom")
        from lanterne import pico_sim

        pico_sim.play(profile_name, pico or None, zoom)
        return
    if stop_moves and not game:
        raise click.UsageError("--moves N counts the moves of a game: give --game too (e.g. "
                               "--game tactik --humans 0 --moves 60)")
    headless = bool(script is not None or snapshot or stop_moves)
    if seed is None and headless:
        seed = 0
    steps = parse_script(script or "")
    if not game and (players or humans is not None or edition or variants):
        raise click.UsageError("--players, --humans, --edition and --variant need --game")
    try:
        if state_dir is None and not headless and sys.stdin.isatty() and sys.stdout.isatty():
            state_dir = str(user_save_dir(fprofile.find(profile_name)["name"]))
        s = Simulator(profile_name, state_dir, seed, bot_delay)
    except (ValueError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    with s:  # the temporary save folder goes at exit, whatever the way out
        _run(s, game, players, humans, seed, edition, variants, steps, headless, snapshot,
             scale, events, zoom, stop_moves)


def _run(s, game, players, humans, seed, edition, variants, steps, headless, snapshot, scale,
         events, zoom, stop_moves=None):
    """Boot the simulated board, start the game if asked, then play headless or in the
    terminal."""
    s.boot()
    if game:
        from firmware import games

        mod = games.module(game)
        default = getattr(mod, "DEFAULTS", {}).get("players", 2) if mod else 2
        check_seats(mod, players, humans, edition)
        options = build_options(players, humans, edition, variants, default)
        try:
            s.app.start_game(game, options, seed if seed is not None else int(time.time()))
        except ValueError as exc:
            raise click.ClickException(f"cannot start {game}: {exc}") from None
    if headless:
        if stop_moves:
            s.play_until(stop_moves)
        s.run_script(steps)
        if not stop_moves:
            s.settle()
        if snapshot:
            from lanterne.picture import canvas_to_image

            image = canvas_to_image(s.canvas(), scale=scale).convert("RGB")
            image.save(snapshot, format=params.IMAGE_FORMATS[Path(snapshot).suffix.lower()])
            click.echo(f"snapshot written: {snapshot}", err=True)  # stdout: the events
        if events:
            _print_events(s)
        return
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        click.echo(s.ansi(_side_panel(s), zoom or 1).replace("\r\n", "\n"))
        click.echo("(not a terminal: showing the first frame; run `make play` in a terminal)")
        if events:
            _print_events(s)
        return
    interactive(s, zoom)
    if events:  # the board's serial lines of the session, once the terminal is given back
        _print_events(s)


def _print_events(s):
    for line in s.lines:
        click.echo(line.rstrip("\n"))
