"""`lanterne sim --pico`: the firmware as `lanterne flash` installs it, running on the emulated
RP2040 (host/lanterne/emulator.py) in this terminal: keys press its GPIO buttons, its WS2812
frames are decoded and drawn as `make play` draws the simulator's."""

from __future__ import annotations

import os
import select
import sys
import threading
import time

import click

from firmware import buttons as btn
from firmware import ledmap
from firmware import profile as fprofile
from lanterne import emulator, picture
from lanterne.flash import flash_board
from lanterne.sim_terminal import KEY_HELP, STEP_MS, KeyQueue, ansi, key_presses
from lanterne.stream import BoardLink
from lanterne.untrusted import printable
from lanterne.words import Narrator, panel_lines

TITLE = "Lanterne on the emulated Pico (rp2040js, MicroPython rp2)"


class SerialTail:
    """The board's last serial lines, each summed up in a line (as `lanterne log` prints them),
    read by a thread; `count` tells the screen that there is something new. It asks for the
    hello first: the one sent at boot went to `lanterne flash`, which reset the board."""

    def __init__(self, port: str, keep: int = 6):
        self.link = BoardLink(port, reconnect=True).open(wait=10)
        self.link.send({"cmd": "hello"})
        self.lines: list[str] = []
        self.narrator = Narrator(public=True)  # each event in words, as the table sees it
        self.count = 0
        self.keep = keep
        self.stopping = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self.stopping:
            line = self.link.readline(timeout=0.2)
            if line is not None:
                text = self.narrator.line(line.obj) if line.obj else line.text
                self.lines = (self.lines + [printable(text)])[-self.keep:]
                self.count += 1

    def close(self):
        self.stopping = True
        self.thread.join(timeout=5)
        self.link.close()


def _panel(profile: dict, pico: emulator.EmulatedPico, tail: SerialTail, width: int) -> list[str]:
    def cut(text):
        return text if len(text) <= width else text[:width - 1] + "\u2026"

    stats = pico.ctl.stats()
    ratio = stats.get("realtime_ratio") or 0
    lines = ["\x1b[1m" + cut(TITLE) + "\x1b[0m", cut(f"profile {profile['name']}"), ""]
    lines += [cut(f"{keys:<17} {what}") for keys, what in KEY_HELP]
    lines += ["", cut(f"Pico time {stats['sim_ms'] / 1000:.1f} s, {ratio:.2f}x real time"), ""]
    lines.append("\x1b[2m" + cut("serial:") + "\x1b[0m")
    lines += ["\x1b[2m" + t + "\x1b[0m" for t in panel_lines(tail.lines, width)]
    return lines


def play(profile_name: str, uf2: str | None, zoom: int | None) -> None:
    """Flash a fresh emulated board, then play on it in this terminal until `q`."""
    why = emulator.missing(uf2=uf2)
    if why:
        raise click.ClickException("lanterne sim --pico: " + why)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise click.ClickException("lanterne sim --pico needs a terminal")
    profile = fprofile.find(profile_name, fprofile.folders())
    table = ledmap.build(profile)
    gain = picture.shown_at(profile)
    build = emulator.prepare()
    click.echo(f"starting the emulated Pico ({profile_name} wiring)...")
    with emulator.EmulatedPico(profile, build=build, uf2=uf2, speed="1") as pico:
        click.echo("flashing the firmware with lanterne flash (real mpremote)...")
        flash_board(pico.port, profile=profile_name)
        tail = SerialTail(pico.port)
        try:
            _loop(profile, table, gain, pico, tail, zoom or 1)
        finally:
            tail.close()


def _loop(profile, table, gain, pico, tail, zoom):
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    out = sys.stdout
    # presses are held and spaced in the board's own (simulated) time: an emulator slowed by
    # a busy machine still sees a whole press, never one shorter than its debounce
    keys = KeyQueue(hold_ms=150, gap_ms=120)

    def press(b):
        pico.ctl.press(btn.NAMES[b])

    def release(b):
        pico.ctl.release(btn.NAMES[b])

    shown = (-1, -1, 0)  # frame number, serial lines, second: what is on the screen
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l\x1b[2J")
        while True:
            now = time.monotonic()
            ready, _, _ = select.select([fd], [], [], STEP_MS / 1000)
            if ready:
                for key in key_presses(os.read(fd, 64).decode(errors="ignore")):
                    if key == "quit":
                        return
                    keys.add(*key)
            keys.tick(pico.ctl.time_ms() / 1000, press, release)
            info = pico.frame_info()
            now_shown = (info["n"], tail.count, int(now))
            if now_shown != shown and info["frame"]:
                shown = now_shown
                buf = bytes(v for px in info["frame"] for v in px)
                canvas = picture.frame_to_canvas(profile, buf, "RGB", gain, table)
                out.write("\x1b[H" + ansi(canvas, table, _panel(profile, pico, tail, 48), zoom))
                out.flush()
    finally:
        for b in keys.held():
            release(b)
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        out.write("\x1b[0m\x1b[?25h\r\n")
        out.flush()
