"""Helpers for the firmware tests (CPython and MicroPython): a simulated board with a virtual
clock, an in-memory filesystem that can lose power at any step, event decoding."""

import gc
import json
import sys

# Compile the engine first, on an empty heap (its compile peak is large under the unix port).
from shared_rules.tayu import rules as tayu  # noqa: F401

_here = __file__.replace("\\", "/")
_folder = _here[: _here.rfind("/")] if "/" in _here else "."
UNIXPORT = _folder + "/../../unixport"  # the computer port's machine and neopixel
CP_STANDINS = _folder + "/standins/cp"  # CircuitPython's board, digitalio and neopixel
if UNIXPORT not in sys.path:
    sys.path.append(UNIXPORT)


from memfs import MemFS, PowerCut  # noqa: E402, F401  (the tests name them here too)

from firmware import buttons as btn  # noqa: E402
from firmware import (  # noqa: E402
    ledmap,  # noqa: E402
    profile,
)
from firmware.app import App  # noqa: E402
from firmware.canvas import Canvas  # noqa: E402
from firmware.link import Link  # noqa: E402
from firmware.store import RealFS, Store  # noqa: E402
from unixport.simhw import SimHardware  # noqa: E402

for _m in ("firmware.games", "firmware.games.tayu.view", "firmware.games.tayu",
           "firmware.games.tayu.controller"):
    gc.collect()
    __import__(_m)  # compile them now, on a tidy heap, not in the middle of a test
gc.collect()

STEP = 10
KEEP = 24


_BUFFERS = {}


def buffers(name, prof):
    """Frame buffers made once per profile and reused by every Board (a tidy small heap)."""
    if name not in _BUFFERS:
        gc.collect()
        w, h = prof["width"], prof["height"]
        _BUFFERS[name] = (Canvas(w, h), ledmap.build(prof), bytearray(prof["led_count"] * 3))
    return _BUFFERS[name]


buffers("ref32", profile.find("ref32"))


_FOLDER = []


def _at_exit(fn):
    """Run fn when the process ends (atexit on CPython, sys.atexit on MicroPython)."""
    try:
        import atexit

        atexit.register(fn)
    except ImportError:
        sys.atexit(fn)


def _remove_folder():
    import os

    for name in os.listdir(_FOLDER[0]):
        os.remove(_FOLDER[0] + "/" + name)
    os.rmdir(_FOLDER[0])


class DirFS:
    """The real filesystem inside this process's temporary folder, emptied for each board
    (files off the heap, as on flash: an in-memory store would fragment a small MicroPython
    heap with every save)."""

    def __init__(self):
        import binascii
        import os

        self.os = os
        if not _FOLDER:
            _FOLDER.append("/tmp/lanterne-fw-" + binascii.hexlify(os.urandom(6)).decode())
            os.mkdir(_FOLDER[0])
            _at_exit(_remove_folder)  # no folder left behind in /tmp
        self.folder = _FOLDER[0]
        self.real = RealFS()
        self.clear()

    def clear(self):
        for name in self.os.listdir(self.folder):
            self.os.remove(self.folder + "/" + name)

    def p(self, path):
        return self.folder + "/" + path

    def read(self, path):
        return self.real.read(self.p(path))

    def size(self, path):
        return self.real.size(self.p(path))

    def write(self, path, parts):
        self.real.write(self.p(path), parts)

    def rename(self, old, new):
        self.real.rename(self.p(old), self.p(new))

    def remove(self, path):
        self.real.remove(self.p(path))

    def exists(self, path):
        return self.real.exists(self.p(path))

    def close(self):
        """Empty the folder (it is reused by the next board of this process)."""
        self.clear()


class Board:
    """The firmware app on the simulator backend, driven by a virtual clock."""

    def __init__(self, name="ref32", fs=None, bot_delay_ms=100, boot=True, hold=0):
        gc.collect()
        self.profile = profile.find(name)
        bufs = buffers(name, self.profile)
        self.hw = SimHardware(self.profile, buf=bufs[2])
        self.lines = []
        self.fs = fs if fs is not None else DirFS()
        self.app = App(self.profile, self.hw, link=Link(write=self.write),
                       store=Store(fs=self.fs, folder=""), bot_delay_ms=bot_delay_ms,
                       buffers=bufs[:2])
        self.app.real_cards = False  # a simulated board
        self.app.seed = 7
        if boot:
            self.hw.mask = hold
            self.app.boot()
            self.hw.mask = 0
            self.app.step()

    def close(self):
        """Remove the board's temporary save folder (if it has one)."""
        if isinstance(self.fs, DirFS):
            self.fs.close()

    def write(self, line):
        """The board's serial output; only the last KEEP lines are kept (a small heap)."""
        self.lines.append(line)
        if len(self.lines) > KEEP:
            del self.lines[0]

    def advance(self, ms):
        for _ in range(ms // STEP):
            self.app.step()
            self.hw.sleep_ms(STEP)

    def press(self, button, long=False):
        self.hw.mask |= 1 << button
        self.advance(btn.LONG_MS + 100 if long else 60)
        self.hw.mask &= ~(1 << button)
        self.advance(60)

    def presses(self, script):
        """Space-separated `up down left right a b a:long b:long wait:MS`."""
        for tok in script.split():
            if tok.startswith("wait:"):
                self.advance(int(tok[5:]))
                continue
            name = tok.split(":")[0]
            self.press(btn.NAMES.index(name), tok.endswith(":long"))

    def settle(self, max_ms=3600000):
        spent = 0
        while not self.app.idle() and spent < max_ms:
            self.advance(100)
            spent += 100
        self.advance(20)

    def events(self, name=None):
        out = []
        for line in self.lines:
            obj = json.loads(line)
            if name is None or obj["ev"] == name:
                out.append(obj)
        return out

    def serve(self):
        """The loop pass that serves what the host sent, then the next pass if that made a
        move: the move's save and events follow in that one (GameMode.settle)."""
        self.app.step()
        if getattr(self.app.mode, "pending", -1) >= 0:
            self.app.step()

    def send(self, obj_or_text):
        text = obj_or_text if isinstance(obj_or_text, str) else json.dumps(obj_or_text)
        self.app.link.feed(text.encode() + b"\n")
        self.serve()


def bot_game(board, options, seed=3):
    """Start a game where every seat is a bot and let it run to the end."""
    opts = dict(options)
    n = opts.get("players", 2)
    opts["bots"] = list(range(n))
    board.app.start_game("tayu", opts, seed)
    board.settle()
    return board.app.mode
