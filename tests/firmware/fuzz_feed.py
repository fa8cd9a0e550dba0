"""The MicroPython side of the serial fuzz at a Pico-sized heap (tests/fuzz.py): the lines a
CPython run of fuzz_lines fed, read from stdin as hex, fed to a board set up as that run's
(fuzz_lines.Fuzz), the replies printed as a transcript. It holds no generator and no test
harness beside the board, so the heap is the board's, as on a Pico.

    micropython -X heapsize=328k tests/firmware/fuzz_feed.py < lines.hex
"""

import binascii
import sys

from memfs import MemFS

from firmware import profile
from firmware.app import App
from firmware.link import Link
from firmware.store import Store
from unixport.simhw import SimHardware


class Feeder:
    """The board's serial port: the line being fed, once."""

    def __init__(self):
        self.pending = b""

    def read(self):
        data, self.pending = self.pending, b""
        return data


def main():
    replies = []
    p = profile.find("ref32")
    app = App(p, SimHardware(p), link=Link(write=replies.append),
              store=Store(fs=MemFS(), folder=""), bot_delay_ms=100)
    app.real_cards = False
    app.seed = 7
    app.boot()
    app.step()
    app.autobots = False
    feeder = Feeder()
    app.port = feeder
    del replies[:]
    lines = 0
    while True:
        text = sys.stdin.readline()
        if not text:
            break
        text = text.strip()
        feeder.pending = binascii.unhexlify(text) + b"\n"
        app.step(draw=lines % 64 == 0)
        if getattr(app.mode, "pending", -1) >= 0:
            app.step(draw=False)  # a move's save and events: the pass after its own
        lines += 1
        print("> " + text)
        for reply in replies:
            print(reply[:-1])
        del replies[:]


main()
