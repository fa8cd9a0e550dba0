"""`lanterne sim --pico`: the flashed firmware on a fresh emulated RP2040, played in a terminal
(a pseudo-terminal here): keys press its GPIO buttons, its decoded frames are drawn."""

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time

from conftest import ROOT

MENU_YELLOW = re.compile(rb"38;2;2\d\d;1\d\d;\d{1,2}m")  # the menu's selected row (0xFFC000)


def _read_until(fd, pattern, seen, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(pattern, seen):
            return seen
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    raise AssertionError(f"{pattern!r} never shown; the screen ended with {seen[-400:]!r}")


def _pico_seconds(seen):
    """The last `Pico time N s` on the screen, in seconds."""
    return float(re.findall(rb"Pico time ([0-9.]+) s,", seen)[-1])


def test_sim_pico_flashes_a_fresh_board_and_plays_it_with_keys():
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 160, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "lanterne", "sim", "--pico"], cwd=ROOT,
                            stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
    os.close(slave)
    try:
        seen = _read_until(master, rb"flashing the firmware", b"", 120)
        # a fresh flash: some 200 s of wall time on an idle machine, over 300 on a loaded one
        # (this test asserts what is shown, not how fast: make bench-pico times the flash)
        seen = _read_until(master, rb"Pico time", seen, 900)
        seen = _read_until(master, MENU_YELLOW, seen, 120)  # the boot menu, drawn from the LEDs
        seen = _read_until(master, rb"hello: firmware", seen, 60)
        # the board answers the tool's hello in the middle of its first host command's pass
        # (the command code read from flash): a press is taken once two more Pico seconds
        # have passed, as a person's would be
        hello_at = _pico_seconds(seen)
        deadline = time.monotonic() + 120
        while _pico_seconds(seen) < hello_at + 2:  # the screen is drawn again every second
            assert time.monotonic() < deadline, "the Pico's clock stopped"
            if select.select([master], [], [], 0.5)[0]:
                seen += os.read(master, 65536)
        os.write(master, b"z")  # A: START, Ta Yu against the bot
        _read_until(master, "new game: Ta Yü".encode(), seen, 120)  # the panel says it in words
        os.write(master, b"q")
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
