"""The simulated board of `lanterne sim`: the real firmware app on the simulator backend
(unixport/simhw.py) with a virtual clock, driven by a key script (`parse_script`) or by the
terminal (lanterne.sim_terminal), and the frame it shows as a picture (`Simulator.canvas`)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile

import click

from firmware import buttons as btn
from firmware import ledmap
from firmware import profile as fprofile
from firmware.app import App
from firmware.canvas import Canvas
from firmware.link import Link
from firmware.store import Store
from lanterne import picture, words
from unixport.simhw import SimHardware

STEP_MS = 10
QUIET_MS = 3000
SHORT_MS = 60
MAX_WAIT_MS = 3_600_000
LONG_MS = btn.LONG_MS + 200
TOKENS = {"up": btn.UP, "down": btn.DOWN, "left": btn.LEFT, "right": btn.RIGHT,
          "a": btn.A, "b": btn.B}


def parse_script(text: str) -> list[tuple[str, int, int]]:
    """`up a a:long wait:500 s2.up s2.a:long …` -> [("press", code, hold_ms) | ("wait", 0,
    ms)]; a press's code is seat * 6 + button (`s2.up`: seat 2's up, on a board with seats)."""
    steps = []
    for tok in text.split():
        name, _, arg = tok.lower().partition(":")
        seat = 0
        head, dot, rest = name.partition(".")
        if dot and head[:1] == "s" and head[1:].isdigit() and 0 <= int(head[1:]) < 8:
            seat, name = int(head[1:]), rest
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
            steps.append(("press", seat * 6 + TOKENS[name],
                          LONG_MS if arg == "long" else SHORT_MS))
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

    def hold(self, code, down):
        """Hold a button down or let it go: `code` is seat * 6 + button; on a board with a
        74HC165 chain that seat's (unixport/simhw.py), on a parallel board any seat's is the
        one set's."""
        seat, button = divmod(code, 6)
        if self.hw.seats:
            if seat < self.hw.seats:
                self.hw.press(seat, button, down)
        elif seat:
            return  # another seat's keys: a board without seats has one set (seat 0's keys)
        elif down:
            self.hw.mask |= 1 << button
        else:
            self.hw.mask &= ~(1 << button)

    def press(self, button, hold_ms=SHORT_MS):
        self.hold(button, True)
        self.advance(hold_ms)
        self.hold(button, False)
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
        """The frame as the LEDs show it, decoded back to pixels through the LED map: the bytes
        the LEDs get (the brightness and the power limiter's scale applied, as firmware/output.py
        maps them), seen as a picture of a board at the profile's default brightness
        (`picture.shown_at`). At the default it is the canvas as drawn; the menu's LIGHT row
        (or the host's `brightness`) dims it, LIGHT 1 to a fifth on ref32 (8 of 255 against
        40), or brightens it, a channel past full staying full as in a camera's picture of a
        bright LED. The terminal and --snapshot show this."""
        return picture.frame_to_canvas(self.profile, self.hw.buf, self.hw.order,
                                       picture.shown_at(self.profile), self.table)

