"""`make bench-pico`: the firmware's speed and heap in Pico time, on the emulated Pico.

Every time is simulated RP2040 time at 125 MHz (what a player with a real board would feel; the
emulator does not model the flash cache, so a real board is no faster). The board is flashed
with `lanterne flash` as a user does; buttons are GPIO presses; a frame counts once its last LED
is latched. The board's own `stats` reply splits each press -> frame into stages.
"""

import argparse
import json
import re
import statistics
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT, ROOT / "host"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from lanterne import emulator  # noqa: E402
from lanterne.flash import flash_board  # noqa: E402
from lanterne.stream import BoardLink  # noqa: E402

from firmware import profile as fprofile  # noqa: E402
from shared_rules import bots as bots_mod  # noqa: E402

PROFILES = str(ROOT / "hardware" / "profiles")
STAGES = ("debounce", "state", "draw", "wait", "bytes", "write")
_STALL_S = 300  # wall seconds without a bot's move: the game is stuck (a move takes some 3)


class Bench:
    """One emulated board, flashed, with its serial link open."""

    def __init__(self, profile_name, console):
        self.console = console
        self.profile = fprofile.find(profile_name, (PROFILES,))
        self.pico = emulator.EmulatedPico(self.profile, build=emulator.prepare()).start()
        self.ctl = self.pico.ctl
        self.leds = self.profile["led_count"]
        self.link = None
        self.rows = []

    def close(self):
        if self.link is not None:
            self.link.close()
        self.pico.stop()

    def row(self, name, values, unit, note=""):
        self.rows.append((name, values, unit, note))
        self.console.print(f"  {name}: {values} {unit} {note}")

    # ---- flashing and booting ----------------------------------------------------------------
    def flash(self, label):
        t_wall = time.monotonic()
        todo, hello = flash_board(self.pico.port, profile=self.profile["name"], hello_timeout=120,
                                  echo=lambda *a, **k: None, show_progress=False)
        wall = time.monotonic() - t_wall
        assert hello and hello.get("profile") == self.profile["name"], hello
        # wall time: the board waits for the host most of the time, and the emulator skips
        # idle simulated time, so a simulated duration would mean nothing here
        self.row(f"flash, {label} ({len(todo)} files copied)", f"{wall:.1f}", "s (wall)")

    def open_link(self):
        self.link = BoardLink(self.pico.port, reconnect=False).open(wait=10)

    def boot_to_first_frame(self, label=""):
        self.link.close()
        n0 = self.pico.frame_info()["n"]
        self.pico.reset()
        got = []
        while not got:  # a frame the old run had in flight is stamped at the reset: not it
            frames = self.pico.frames_since(n0, wait_ms=20000)
            assert frames, "no frame after a reset"
            n0 = frames[-1]["n"]
            got = [f for f in frames if f["t_ms"] > self.pico.reset_at_ms]
        self.row("boot -> first frame" + label,
                 f"{got[0]['t_ms'] - self.pico.reset_at_ms:.0f}", "ms")
        self.ctl.wait_ms(500)
        self.open_link()
        self.low_water()

    # ---- serial helpers ------------------------------------------------------------------------
    def request(self, cmd, want=None, timeout=60.0):
        if cmd.get("cmd") == "new":  # as the menu starts a game: another game's from a clean heap
            cmd = dict(cmd, clean=True)
        line = self.link.request(cmd, want=want, timeout=timeout)
        if line.ev == "error":
            raise RuntimeError(f"{cmd} -> {line.text}")
        return line.obj

    def stats(self, reset=False):
        cmd = {"cmd": "stats", "reset": True} if reset else {"cmd": "stats"}
        return self.request(cmd)

    def wait_event(self, ev, timeout=3600.0, where=None):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.link.readline(timeout=5)
            if line and line.ev == ev and (where is None or where(line.obj)):
                return line.obj
            if line and line.ev == "error":
                raise RuntimeError("board error: " + line.text)
        raise RuntimeError(f"no {ev} event within {timeout} s")

    def settle(self, ms=300):
        """Let the board finish what it is showing (animations, a bot's pause)."""
        self.ctl.wait_ms(ms)

    # ---- press -> frame ------------------------------------------------------------------------
    def press_to_frame(self, buttons, hold_ms=80, count=24, at="press", between=None):
        """Tap `buttons` in turn; the simulated ms from the press (or release) to the first frame
        latched after it, and the board's split of each press -> frame into stages."""
        totals, splits = [], []
        for i in range(count):
            n0 = self.pico.frame_info()["n"]
            tap = self.ctl.tap(buttons[i % len(buttons)], ms=hold_ms)
            start = tap["pressed_ms"] if at == "press" else tap["released_ms"]
            got = self.pico.frames_since(n0, wait_ms=2000)
            # a whole frame: one cut short by the press (an animation's) is not the press's
            after = [f for f in got if f["t_ms"] >= start and len(f["frame"]) == self.leds]
            if not after:
                raise RuntimeError(f"no frame after pressing {buttons[i % len(buttons)]}")
            total = after[0]["t_ms"] - start
            board = self.stats()["press_us"]
            split = board["split"]
            split.setdefault("wait", 0)  # a board from before the DMA output
            board_ms = board["last"] / 1000
            splits.append([total - board_ms] + [split[s] / 1000 for s in STAGES[1:]])
            totals.append(total)
            if between:
                between()
            else:
                self.settle(200)
        return totals, splits

    def probe(self, on=True):
        """Start (or stop) the board's interrupt probe: a 1 kHz hard timer noting the longest
        gap between its ticks while a frame goes out."""
        self.request({"cmd": "stats", "probe": on})

    def probe_scenario(self, label, moves=6):
        """Interrupts while frames go out: the probe runs over a bots-only Ta Yü game (frames in
        flight while the bots think, moves are saved and the serial link is served) and a few
        arrow presses, on its own, so its timer's interrupts do not weigh on the timed presses."""
        self.request({"cmd": "new", "game": "tayu", "seed": 3,
                      "options": {"players": 2, "bots": [0, 1]}}, want="new")
        self.probe()  # after the start: a start from a clean heap restarts the board
        for _ in range(moves):
            self.wait_event("move", timeout=600)
        self.request({"cmd": "new", "game": "tayu", "seed": 7,
                      "options": {"players": 2, "bots": [1]}}, want="new")
        self.settle(500)
        for name in ("left", "right", "up", "down"):
            self.ctl.tap(name, ms=80, after_ms=60)
        self.report_probe(label)

    def report_probe(self, label):
        irq = self.stats().get("irq_us")
        if not irq:
            self.row(f"interrupts held off during a frame, {label}", "n/a", "",
                     "(this firmware has no probe)")
            return
        self.row(f"interrupts held off during a frame, {label}",
                 f"{max(0, irq['worst_gap'] - 1000) / 1000:.2f}", "ms",
                 f"(longest 1 kHz timer gap {irq['worst_gap'] / 1000:.2f} ms over "
                 f"{irq['in_flight']} ticks with a frame in flight)")
        self.probe(False)
        self.low_water()

    def report_press(self, name, totals, splits):
        med, worst = statistics.median(totals), max(totals)
        self.row(name, f"{med:.1f} / {worst:.1f}", "ms", "(median / worst)")
        parts = ", ".join(f"{s} {statistics.median(col):.1f}"
                          for s, col in zip(STAGES, zip(*splits)))
        self.row("  split (median ms)", parts, "")
        k = totals.index(worst)  # where the worst press's time went
        self.row(f"  split of the worst (ms, press {k + 1} of {len(totals)})",
                 ", ".join(f"{s} {v:.1f}" for s, v in zip(STAGES, splits[k])), "")
        self.low_water()

    def low_water(self):
        """The heap free at its lowest since the last figure (issue 28: every scenario's),
        then the board's figures start afresh for the next one."""
        st = self.stats()
        low = st["mem_low"]  # -1 until the board's first collection after a move
        self.row("  heap free low-water", f"{low / 1024:.1f}" if low >= 0 else "-", "KB",
                 f"(now {st['mem_free'] / 1024:.1f} KB free)")
        self.stats(reset=True)

    # ---- scenarios -------------------------------------------------------------------------------
    def tayu_arrows(self, label="ref32"):
        self.request({"cmd": "new", "game": "tayu", "seed": 7,
                      "options": {"players": 2, "bots": [1]}}, want="new")
        self.settle(500)
        totals, splits = self.press_to_frame(["left", "right", "up", "down"])
        self.report_press(f"Ta Yü arrow press -> frame, {label}", totals, splits)

    def tayu_place(self, count=8, label="ref32"):
        self.request({"cmd": "new", "game": "tayu", "seed": 11,
                      "options": {"players": 2, "bots": [1]}}, want="new")
        self.settle(500)
        totals, splits = [], []
        for _ in range(count):
            self.ctl.tap("a", ms=900)  # long A: the ghost jumps to a legal placement
            self.settle(200)
            t, s = self.press_to_frame(["a"], count=1, at="release", between=lambda: None)
            totals += t
            splits += s
            self.wait_event("move", timeout=600, where=lambda o: o.get("bot"))
            self.settle(400)
        self.report_press(f"Ta Yü A release -> placed tile, {label}", totals, splits)

    def tactik_cards(self, label="ref32"):
        self.request({"cmd": "new", "game": "tactik", "seed": 5,
                      "options": {"players": 6, "bots": [1, 2, 3, 4, 5]}}, want="new")
        self.settle(1500)
        state = self.request({"cmd": "state"})
        assert state.get("to_move") == 0, state  # the human seat chooses a card
        # the 6-player state is kilobytes of JSON: a player's first press comes later than the
        # host's next line, after the board swept that garbage (at its next animation frame)
        self.settle(300)
        totals, splits = self.press_to_frame(["down", "up"])
        self.report_press(f"Tac-Tik 6p card press -> frame, {label}", totals, splits)

    def wuxing_arrows(self, label="ref32", mode="theatre"):
        self.request({"cmd": "new", "game": "wuxing", "seed": 7,
                      "options": {"mode": mode, "bots": [1]}}, want="new")
        self.settle(500)
        totals, splits = self.press_to_frame(["left", "right", "up", "down"])
        self.report_press(f"Wuxing {mode} arrow press -> frame, {label}", totals, splits)

    def taichi_words(self, count=12):
        """A word checked by the board as a player feels it: A pressed on a word entered with
        the buttons -> the frame with the board's verdict (the judge: the fit, a lookup in the
        word set, then the frame), for `count` different words (the last letter turned each
        time; a word the board takes is undone)."""
        self.request({"cmd": "new", "game": "taichi", "seed": 5,
                      "options": {"players": 2, "bots": [1], "level": "easy"}}, want="new")
        self.settle(800)
        totals, splits = [], []
        fresh = True
        for _ in range(count):
            if fresh:
                for name in ("up", "right", "up", "right"):
                    self.ctl.tap(name, ms=80, after_ms=60)
            self.ctl.tap("up", ms=80, after_ms=120)
            t, sp = self.press_to_frame(["a"], count=1, between=lambda: None)
            totals += t
            splits += sp
            self.settle(200)
            state = self.request({"cmd": "state"})
            fresh = state["n"] > 0
            if fresh:  # the board took the word: back to a fresh entry
                self.request({"cmd": "undo"}, want="undo")
                self.settle(300)
            else:
                self.ctl.tap("a", ms=80, after_ms=150)  # RETRY: the word as it was
        self.report_press("Tai Chi Chuan word checked: A -> verdict frame, ref32", totals,
                          splits)

    def rondo_presses(self, label="ref32"):
        """Rondo's presses: the hand's cursor, a card taken to the holder, the holder's cursor,
        on a holder with a word (the first word laid by the hint, the bot's answer)."""
        self.request({"cmd": "new", "game": "rondo", "seed": 5,
                      "options": {"players": 2, "bots": [1], "start": "seat0",
                                  "hourglass": 0}}, want="new")
        self.settle(500)
        self.ctl.tap("a", ms=900)  # long A: the hint lays a first word
        self.settle(300)
        self.ctl.tap("up", ms=80)  # played
        self.wait_event("move", timeout=600, where=lambda o: o.get("bot"))
        self.settle(500)
        totals, splits = self.press_to_frame(["left", "right"])
        self.report_press(f"Rondo hand arrow press -> frame, {label}", totals, splits)
        totals, splits, ht, hs = [], [], [], []
        for _ in range(6):
            # to the holder: A is told from a long A at its release (as Ta Yu's)
            t, s = self.press_to_frame(["a"], count=1, at="release", between=lambda: None)
            totals += t
            splits += s
            self.settle(200)
            t, s = self.press_to_frame(["left", "right"], count=4)
            ht += t
            hs += s
            self.ctl.tap("b", ms=80)  # back to the hand
            self.settle(200)
        self.report_press(f"Rondo A release (card to the holder) -> frame, {label}", totals,
                          splits)
        self.report_press(f"Rondo holder arrow press -> frame, {label}", ht, hs)

    def names_in_play(self, moves=6):
        """The names MicroPython has interned with each game in play (`micropython.qstr_info`
        through the raw REPL, the game's code still loaded), against the end of the pools a
        Pico has allocated by then: it never frees one, and each new pool doubles the last,
        so one name past the sixth pool's end costs 7.5 KB of heap at once. Each game is
        started as a family starts it (boot, menu, START: the host's `new`), played by hard
        bots for `moves` moves; the board is reset after each. Every registered game is
        measured (NAMES_GAMES says how it is started)."""
        from lanterne.device import Board

        from shared_rules import registry

        for game in registry.names():
            players, seed, options = NAMES_GAMES.get(game, (2, 1, {}))
            self.request({"cmd": "new", "game": game, "seed": seed,
                          "options": dict(options, players=players, level="hard",
                                          bots=list(range(players)))}, want="new")
            seen = 0
            while seen < moves:
                line = self.link.readline(timeout=5)
                if line and line.ev in ("move", "end"):
                    seen += 1 if line.ev == "move" else moves
            self.link.close()
            self.link = None
            with Board(self.pico.port) as board:
                out = board.exec("import micropython\nmicropython.qstr_info()\n", timeout=600)
            # "qstr pool: n_pool=6, n_qstr=1218, n_str_data_bytes=..., n_total_bytes=..."
            fields = dict(re.findall(r"(\w+)=(\d+)", out.decode()))
            n, pools = int(fields["n_qstr"]), int(fields["n_pool"])
            self.row(f"interned names in play, {game} {players}p", f"{n}", "names",
                     f"({pools} pools; the sixth ends at {QSTR_SIXTH_POOL_END}, the seventh "
                     f"takes 7.5 KB: {QSTR_SIXTH_POOL_END - n} to spare)")
            self.reset_and_link()

    def reset_and_link(self):
        """A hard reset after the raw REPL, then the link once the board answers `hello`: a
        byte the REPL was sent before the reset can reach the firmware's first line (its
        `bad_json` error is skipped, as the firmware skips the line)."""
        self.pico.reset()
        self.ctl.wait_ms(1500)
        self.open_link()
        for _ in range(3):
            if self.link.request({"cmd": "hello"}, want="hello", timeout=30).ev == "hello":
                return
        raise RuntimeError("the board does not answer hello after a reset")

    def theatre_search(self):
        """The Théâtre's hard search in Pico time, through the raw REPL (as taichi())."""
        self.raw_repl_rows(THEATRE_CODE, timeout=3600, whole_heap=True)

    def rondo_bots(self):
        """Rondo's bots' decisions in Pico time, through the raw REPL (as taichi())."""
        self.raw_repl_rows(RONDO_CODE, timeout=7200, whole_heap=True)

    def seats(self, trials=24):
        """Every seat its own buttons (issue 35, a ref32_seats4 board): each press's scan time
        against when the harness pressed it, the order of presses at two seats a scan (1 ms)
        apart, the CPU a pass spends reading the chain, and press -> frame from a seat."""
        self.request({"cmd": "new", "game": "tayu", "seed": 5, "options": {"players": 2}},
                     want="new")
        self.settle(500)
        self.stats(reset=True)
        errors, ordered, gaps = [], 0, (1.0, 1.2, 1.5, 2.0)
        for i in range(trials):
            first, second = (1, 3) if i % 2 == 0 else (3, 1)  # East-West: heard, not on turn
            gap = gaps[i % len(gaps)]
            got = self.ctl.press_seq([[f"s{first}.up", 0], [f"s{second}.up", gap]], ms=60,
                                     after_ms=120)
            reset_at = self.ctl.call(stats=True)["reset_at_ms"]
            st = self.stats()
            last = st["seat_presses"][-2:]
            ordered += [s for s, _, _ in last] == [first, second]
            for (_, _, at), pressed in zip(last, got["pressed_ms"]):
                errors.append(reset_at + at - pressed)
        worst = max(abs(e) for e in errors)
        self.row("seat press stamped (scan time - press)",
                 f"{min(errors):+.2f} / {max(errors):+.2f}", "ms",
                 f"(min / max over {len(errors)} presses; goal: within 1 ms) "
                 + ("ok" if worst <= 1.0 else "OVER"))
        self.row("two seats' presses 1-2 ms apart, in order", f"{ordered} / {trials}", "",
                 "(goal: all)")
        inp = self.stats()["input_us"]
        self.row("reading the chain, a loop pass", f"{inp['mean'] / 1000:.3f} / "
                 f"{inp['worst'] / 1000:.3f}", "ms",
                 f"(mean / worst over {inp['passes']} passes, {inp['over_200']} over 0.2 ms)")
        self.row("  of which passes with nothing to do", f"{inp['idle_mean'] / 1000:.3f}", "ms",
                 f"(mean over {inp['idle_passes']} passes)")
        # seat 2 sits across the panel from seat 0: its arrows are turned half a turn, so each
        # of its presses takes the ghost back where seat 0's moved it (never against an edge)
        totals, splits = self.press_to_frame(["s0.left", "s2.left", "s0.up", "s2.up"])
        self.report_press("Ta Yü arrow press -> frame from a seat, ref32_seats4", totals, splits)
        w0, s0 = time.monotonic(), self.ctl.call(time_ms=True)["time_ms"]
        self.ctl.wait_ms(3000)
        ratio = (self.ctl.call(time_ms=True)["time_ms"] - s0) / 1000 / (time.monotonic() - w0)
        self.row("emulator speed, the scanner running, idle game", f"{ratio:.2f}",
                 "sim s / wall s", "(compare: the same on ref32 above)")
        self.chain_reading()  # last: it stops the firmware's loop

    def chain_reading(self):
        """The CPU a loop pass spends reading the chain, alone (through the raw REPL from a
        soft reset, the chain opened as the app opens it: no USB or timer interrupt lands
        inside the measure), after passes of 10, 40, 150 and 300 ms."""
        self.raw_repl_rows(CHAIN_CODE, timeout=600, whole_heap=True)

    def raw_repl_rows(self, code, timeout, whole_heap):
        """Run `code` through the raw REPL (the firmware's loop interrupted) and take each
        `ROW name|value|unit|note` line it prints as a figure; `whole_heap`: from a soft reset,
        not in the heap of the interrupted firmware (nor of the last bench run this way)."""
        from lanterne.device import Board

        if self.link is not None:
            self.link.close()
            self.link = None
        with Board(self.pico.port) as board:
            if whole_heap:
                board.raw_soft_reset()
            out = board.exec(code, timeout=timeout)
        for line in out.decode().splitlines():
            if line.startswith("ROW "):
                name, value, unit, note = line[4:].split("|")
                self.row(name, value, unit, note)

    def idle_speed(self, label):
        w0, s0 = time.monotonic(), self.ctl.call(time_ms=True)["time_ms"]
        self.ctl.wait_ms(3000)
        ratio = (self.ctl.call(time_ms=True)["time_ms"] - s0) / 1000 / (time.monotonic() - w0)
        self.row(f"emulator speed, idle game, {label}", f"{ratio:.2f}", "sim s / wall s")

    def taichi(self):
        """Tai Chi Chuan's word checks and bots' decisions in Pico time and the file system's
        free space, through the raw REPL: the firmware's loop is interrupted, so this is a
        board's last scenario."""
        self.raw_repl_rows(TAICHI_CODE, timeout=3600, whole_heap=True)

    def person_turn(self, state, errors):
        """Seat 0's turn as a person who has not read the rules plays it with the buttons: A
        on the card shown and its first use (a 7x1's first step each time), until the move is
        made; a card the board refuses (PLAY OTHER, or a 7x1 with no step left) is taken back
        with B and the next card shown with DOWN. Returns the board's move line; its error
        lines on the way go to `errors`."""
        for _ in range(2 * len(state.hand(0)) + 2):
            for _ in range(8):
                self.ctl.tap("a", ms=80, after_ms=120)
                line = self.link.readline(timeout=0.5)
                while line is not None:
                    if line.ev == "move":
                        return line
                    if line.ev == "error":
                        errors.append(line.text)
                    line = self.link.readline(timeout=0.5)
            for _ in range(8):
                self.ctl.tap("b", ms=80, after_ms=40)
            self.ctl.tap("down", ms=80, after_ms=120)
        raise RuntimeError(f"the person found no move to play: {state.hand(0)}")

    def bot_game(self, game, players, seed, level="hard", max_moves=None, person=False,
                 **options):
        """A whole game of `level` bots in every seat (hard: the slowest search of each game),
        or its first `max_moves` moves; with `person` (Tac-Tik), seat 0 is a person's, who
        plays with the buttons (person_turn). The board's figures count from just after the
        game's start (its pass loads the game's code from flash: not a bot's pass; the first
        bot moves after its 600 ms pause). The bots' secret is the seed: the same game every run (a
        secret the board drew made each run another game, some of 26 moves, some of 81)."""
        self.request({"cmd": "new", "game": game, "seed": seed, "secret": seed,
                      "options": dict(options, players=players, level=level,
                                      bots=list(range(1 if person else 0, players)))},
                     want="new")
        # the game as the host follows it from the move lines: whose turn it is
        follow = bots_mod.new_game(game, players, seed) if person else None
        self.stats(reset=True)
        t0 = time.monotonic()
        times = {}  # move number -> simulated us of its pass, read in batches from the board
        lows = []  # (moves, the board's heap low-water then): where in the game it fell

        def collect():
            st = self.stats()
            mv = st["move_us"]
            first = mv["count"] - len(mv["recent"])
            times.update((first + i, t) for i, t in enumerate(mv["recent"]))
            lows.append((moves, st["mem_low"]))
            return mv

        moves = 0
        errors = []  # the board's error lines: a bench game should have none
        last_move = time.monotonic()
        pending = None  # the person's move line, read by person_turn
        if follow is not None and follow.current_player == 0:
            pending = self.person_turn(follow, errors)
        while True:
            line, pending = pending or self.link.readline(timeout=5), None
            if line and line.ev == "move":
                moves += 1
                last_move = time.monotonic()
                if moves % 24 == 0:  # well inside the board's ring of 64
                    collect()
                if follow is not None:
                    follow.apply(follow.parse_move(line.obj["move"]))
                    if not follow.is_over() and follow.current_player == 0:
                        pending = self.person_turn(follow, errors)
            elif line and line.ev == "error":
                errors.append(line.text)
            if line and line.ev == "end" or max_moves and moves >= max_moves:
                break
            if time.monotonic() - last_move > _STALL_S:  # a stuck game says so, with evidence
                state = self.request({"cmd": "state"})
                raise RuntimeError(f"{game} {players}p seed {seed}: no move for {_STALL_S} s "
                                   f"(wall) after {moves} moves; errors {errors[-5:]}; state "
                                   f"{json.dumps(state)[:1500]}")
        if errors:
            self.row(f"error lines, {game} {players}p {level}", str(len(errors)), "lines",
                     f"(a bench game should have none: {errors[:3]})")
        mv = collect()
        st = self.stats()
        assert len(times) == mv["count"], "some move times were not read"
        med = statistics.median(times.values())
        name = f"{game} {players}p{' ' + options['mode'] if 'mode' in options else ''} {level}"
        if person:
            name += ", a person at seat 0"
        if max_moves:
            name += f", its first {max_moves} moves"
        self.row(f"bot move, {name} ({mv['count']} moves)",
                 f"{med / 1000:.0f} / {mv['worst'] / 1000:.0f}", "ms",
                 "(median / worst: the pass that makes and shows it, after the 600 ms "
                 "pause; its save and collection are the next pass's; wall "
                 f"{time.monotonic() - t0:.0f} s)")
        split = ", ".join(f"{k} {v / 1000:.0f}" for k, v in st["loop_us"]["worst_split"].items()
                          if v >= 1000)
        self.row(f"worst loop pass, {name}", f"{st['loop_us']['worst'] / 1000:.0f}",
                 "ms", f"(any pass: a bot thinking in its pause, a move, a save; by stage: "
                 f"{split}; the worst save {st['save_us']['worst'] / 1000:.0f} ms)")
        think = st["think_us"]
        if think["count"]:
            self.row(f"bot turn, {name} ({think['count']} turns)",
                     f"{think['total_ms'] / think['count'] / 1000:.2f} / "
                     f"{think['worst'] / 1e6:.2f}", "s",
                     "(mean / worst: its pause and search, to its move shown; goal 2 s)")
        reached = next((n for n, low in lows if low == st["mem_low"]), moves)
        self.row(f"heap free low-water, {name}", f"{st['mem_low'] / 1024:.1f}", "KB",
                 f"({st['mem_low']} bytes, reached by move {reached} of {moves}; now "
                 f"{st['mem_free'] / 1024:.1f} KB free)")


# How names_in_play starts a game: players, seed, options (a game not listed: 2 players,
# seed 1, its default options)
NAMES_GAMES = {"tayu": (2, 3, {}), "tactik": (6, 6, {}), "wuxing": (2, 7, {}),
               "taichi": (3, 5, {}), "rondo": (2, 5, {"start": "seat0"})}
# MicroPython 1.28 on an RP2040: the dynamic qstr pools hold 20, 40, ... 640 names (1,260 in
# all); the seventh holds 1,280 (6 bytes a name and its header: 7,712 bytes)
QSTR_SIXTH_POOL_END = 1260


# Tai Chi Chuan's dictionary and bots, run on the board through the raw REPL (its firmware's
# loop interrupted): each printed `ROW name|value|unit|note` line is a figure.
TAICHI_CODE = r"""
import time, os, gc
s = os.statvfs('/')
print('ROW file system free after the flash|%d|KB|(of %d KB; firmware and both word sets)'
      % (s[0] * s[3] // 1024, s[0] * s[2] // 1024))
from shared_rules.dictionary import judge
from shared_rules.taichi import rules, bot
w = judge.words()
ws = ('satisfait', 'ramequin', 'satellite', 'zythum', 'abaca', 'maison', 'xylophone',
      'chevaux', 'qwzx', 'tendre', 'pomme', 'anticonstitutionnellement', 'kayak', 'yeux',
      'elephant', 'mangerions', 'bbbbb', 'wagon', 'hibou', 'oiseau')
for name, fn in (('word looked up', lambda q: w.lookup(q)),
                 ('word judged (fit and lookup)', lambda q: judge.judge(q, [q[0].upper()]))):
    ts = []
    for q in ws:
        t = time.ticks_us(); fn(q); ts.append(time.ticks_diff(time.ticks_us(), t))
    ts.sort()
    print('ROW %s|%.1f / %.1f|ms|(median / worst of %d words)'
          % (name, ts[len(ts) // 2] / 1000, ts[-1] / 1000, len(ts)))
for level in bot.LEVELS:
    worst = piece = words = n = 0
    for seed in range(2):
        st = rules.new_game(3, seed)
        for _ in range(40):
            if st.is_over():
                break
            t0 = time.ticks_ms(); tp = t0; last = None
            for v in bot.steps(st, level):
                piece = max(piece, time.ticks_diff(time.ticks_ms(), tp)); last = v
                tp = time.ticks_ms()
            worst = max(worst, time.ticks_diff(time.ticks_ms(), t0))
            words = max(words, bot.LAST['words']); st.apply(last); n += 1
    print('ROW taichi bot %s decision|%d / %d|ms|(worst / worst piece, %d decisions, '
          'at most %d words read)' % (level, worst, piece, n, words))
low = 10 ** 9
st = rules.new_game(3, 0)
for _ in range(30):
    for v in bot.steps(st, 'hard'):
        gc.collect(); low = min(low, gc.mem_free()); last = v
    st.apply(last)
print('ROW heap free low-water, taichi hard bots|%.1f|KB|(live, collected at every piece)'
      % (low / 1024))
"""


# The Théâtre's hard search (issue 33: native evaluation and generation, its count budget),
# through the raw REPL: each decision's whole search and its longest piece (a loop pass's
# share while the bot thinks), over the first moves of two games.
THEATRE_CODE = r"""
import time, gc
from shared_rules.wuxing import rules, bot, bot_common, bot_theatre
native = bot_theatre.load_native() is not None
worst = piece = n = nodes = total = 0
low = 10 ** 9
for seed in (7, 8):
    st = rules.new_game(2, seed)
    for _ in range(16):
        if st.is_over():
            break
        gc.collect()
        t0 = time.ticks_us(); tp = t0; last = None
        for v in bot.steps(st, 'hard'):
            piece = max(piece, time.ticks_diff(time.ticks_us(), tp)); last = v
            low = min(low, gc.mem_free())
            tp = time.ticks_us()
        d = time.ticks_diff(time.ticks_us(), t0)
        worst = max(worst, d); total += d; nodes += bot_common.LAST['nodes']
        st.apply(last); n += 1
print('ROW theatre hard decision|%d / %d|ms|(worst decision / worst piece, %d decisions, '
      'budget %d nodes, native %s)' % (worst // 1000, piece // 1000, n,
                                       bot_common.BUDGET['hard'], native))
print('ROW theatre hard search, a node|%.2f|ms|(mean over %d nodes)'
      % (total / 1000 / max(1, nodes), nodes))
print('ROW heap free low-water, theatre hard search|%.1f|KB|(alone, from a soft reset)'
      % (low / 1024))
"""


# Rondo's bots, through the raw REPL: each level's decisions over the first moves of two
# 2-player games (worst decision, worst piece), and the hard bots' heap low-water (collected
# at every piece)
RONDO_CODE = r"""
import time, gc
from shared_rules.rondo import rules, bot
for level in bot.LEVELS:
    worst = piece = n = 0
    for seed in range(2):
        st = rules.new_game(2, seed + 1)
        for _ in range(12):
            if st.is_over():
                break
            t0 = time.ticks_ms(); tp = t0; last = None
            for v in bot.steps(st, level):
                piece = max(piece, time.ticks_diff(time.ticks_ms(), tp)); last = v
                tp = time.ticks_ms()
            worst = max(worst, time.ticks_diff(time.ticks_ms(), t0))
            st.apply(last); n += 1
    print('ROW rondo bot %s decision|%d / %d|ms|(worst / worst piece, %d decisions)'
          % (level, worst, piece, n))
low = 10 ** 9
st = rules.new_game(2, 1)
for _ in range(8):
    for v in bot.steps(st, 'hard'):
        gc.collect(); low = min(low, gc.mem_free()); last = v
    st.apply(last)
print('ROW heap free low-water, rondo hard bots|%.1f|KB|(live, collected at every piece)'
      % (low / 1024))
"""


CHAIN_CODE = r"""
import time
from firmware.hw import opening as hwmod
from firmware import profile as prof
from firmware import seats
p = prof.load('profile.json')
hw = hwmod.open_hardware(p, None)  # the chain as the app opens it (the viper walk its own)
sb = seats.SeatButtons(hw, len(p['buttons']['seats']))
sb.update(0, time.ticks_ms())
for ms in (10, 40, 150, 300):
    ts = []
    for _ in range(5):
        hw.wait_ms(ms)
        t = time.ticks_us()
        sb.update(0, time.ticks_ms())
        ts.append(time.ticks_diff(time.ticks_us(), t))
    ts.sort()
    print('ROW reading the chain after a %d ms pass|%.3f|ms|(median of 5, alone, native %s)'
          % (ms, ts[2] / 1000, sb.walk is not None))
"""


def print_table(console, rows):
    table = Table(title="make bench-pico (simulated RP2040 time at 125 MHz)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("unit")
    table.add_column("")
    for name, value, unit, note in rows:
        table.add_row(name, value, unit, note)
    console.print(table)


# Single lane beside lanes (issue 34): each one-wire profile and its twin wired in lanes
LANE_PAIRS = (("ref32", "ref32x4"), ("panel48", "panel48x5"))


def lanes_run(console, args):
    """The press -> frame figures of each profile and its lanes twin side by side, one board
    after the other in one run (`--lanes`; `--lanes ref32x4` for one profile)."""
    rows = []
    names = [n for pair in LANE_PAIRS for n in pair]
    if args.lanes != "all":
        names = args.lanes.split(",")
    for name in names:
        b = Bench(name, console)
        try:
            b.flash("fresh, " + name)
            b.open_link()
            b.boot_to_first_frame(", " + name)
            b.tayu_arrows(name)
            if name.startswith("ref32"):
                b.tayu_place(label=name)
                b.tactik_cards(label=name)
            b.probe_scenario(name, moves=2)
            rows += b.rows
        finally:
            b.close()
    return rows


def only_run(console, only, games):
    """`--only`: one whole bot game (e.g. tactik6) or one named part of the bench."""
    b = Bench("ref32", console)
    try:
        b.flash("fresh")
        b.open_link()
        for game, players, seed in games:
            if f"{game}{players}" == only:
                b.bot_game(game, players, seed)
        if only == "taichi":  # words by buttons, a bots' game, then the raw REPL's
            b.taichi_words()
            b.bot_game("taichi", 3, 5)
            b.taichi()
        if only == "rondo":  # its presses, then its bots through the raw REPL
            b.rondo_presses()
            b.bot_game("rondo", 2, 5, start="seat0")
            b.rondo_bots()
        if only == "person":  # a person and three hard bots: Tac-Tik's heap
            b.bot_game("tactik", 4, 5, person=True)
        if only == "names":  # every game's interned names in play
            b.names_in_play()
        if only == "wuxing":  # its screens and both modes' bot games
            b.wuxing_arrows()
            b.wuxing_arrows(mode="chemin")
            b.bot_game("wuxing", 2, 7)
            b.bot_game("wuxing", 2, 8, mode="chemin")
            b.theatre_search()
        print_table(console, b.rows)
    finally:
        b.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the whole bot games")
    ap.add_argument("--only", metavar="GAMEp", help="only the whole bot game named, e.g. tactik6; "
                    "`wuxing`: Wuxing's presses and both modes' bot games; `taichi`: the "
                    "dictionary's lookups and Tai Chi Chuan's bots (through the raw REPL); "
                    "`rondo`: Rondo's presses and bots; `person`: Tac-Tik 4p, a person "
                    "with the buttons and three hard bots; `names`: the names each game "
                    "interns in play; "
                    "`seats`: a board with every seat its own buttons (stamps, order, reading)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    ap.add_argument("--lanes", nargs="?", const="all", metavar="PROFILES",
                    help="only press -> frame, boot and interrupts of the one-wire profiles and "
                    "their lanes twins side by side (ref32, ref32x4, panel48, panel48x5), or of "
                    "the profiles named (comma separated)")
    args = ap.parse_args()
    console = Console()
    why = emulator.missing()
    if why:
        console.print("bench-pico skipped: " + why)
        return 0
    if args.lanes:
        rows = lanes_run(console, args)
        print_table(console, rows)
        if args.json:
            Path(args.json).write_text(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    rows = []
    games = (("tayu", 2, 3), ("tayu", 4, 4), ("tactik", 4, 5), ("tactik", 6, 6),
             ("wuxing", 2, 7), ("taichi", 3, 5))
    if args.only == "seats":  # every seat its own buttons, alone
        b = Bench("ref32_seats4", console)
        try:
            b.flash("fresh, ref32_seats4")
            b.open_link()
            b.seats()
            print_table(console, b.rows)
        finally:
            b.close()
        return 0
    if args.only:
        only_run(console, args.only, games)
        return 0
    b = Bench("ref32", console)
    try:
        b.flash("fresh")
        b.flash("unchanged")
        b.open_link()
        b.boot_to_first_frame()
        b.tayu_arrows()
        b.tayu_place()
        b.tactik_cards()
        b.wuxing_arrows()
        b.wuxing_arrows(mode="chemin")
        b.taichi_words()
        b.rondo_presses()
        # a whole game of Rondo's hard bots, after every other game: its heap low-water
        b.bot_game("rondo", 2, 5, start="seat0")
        b.probe_scenario("ref32")
        b.idle_speed("ref32")
        if not args.quick:
            for game, players, seed in games:
                b.bot_game(game, players, seed)
            b.bot_game("wuxing", 2, 8, mode="chemin")
            b.bot_game("tactik", 4, 5, person=True)
        b.names_in_play()  # through the raw REPL: the board is reset after each game
        b.rondo_bots()  # through the raw REPL: it interrupts the firmware's loop
        b.theatre_search()
        b.taichi()
        rows += b.rows
    finally:
        b.close()
    b = Bench("panel48", console)
    try:
        b.flash("fresh, panel48")
        b.open_link()
        b.tayu_arrows("panel48")
        b.wuxing_arrows("panel48")
        b.probe_scenario("panel48", moves=2)
        rows += b.rows
    finally:
        b.close()
    b = Bench("ref32_seats4", console)  # every seat its own buttons: the 74HC165 chain
    try:
        b.flash("fresh, ref32_seats4")
        b.open_link()
        b.seats()
        rows += b.rows
    finally:
        b.close()
    print_table(console, rows)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
