"""Helpers for the Wuxing duel board tests (both runtimes): a light simulated board (no Ta Yü
loaded beside it: the heap of a Pico-sized test holds one game), starting games, reading
islands and cards off the frame, finding positions of each phase; the deuteranopia simulation
of colour_blind.py."""

import gc
import json

from colour_blind import deuteranopia, distance  # noqa: F401 (the Wuxing tests use them)

from firmware import buttons as btn
from firmware import ledmap, profile
from firmware.app import App
from firmware.canvas import Canvas
from firmware.games.wuxing import view as wv
from firmware.games.wuxing.layout import layout_for
from firmware.link import Link
from firmware.store import Store
from shared_rules.wuxing import rules as wuxing
from unixport.simhw import SimHardware

STEP = 10
KEEP = 40
_BUFFERS = {}


def buffers(name, prof):
    if name not in _BUFFERS:
        gc.collect()
        w, h = prof["width"], prof["height"]
        _BUFFERS[name] = (Canvas(w, h), ledmap.build(prof), bytearray(prof["led_count"] * 3))
    return _BUFFERS[name]


class MemFS:
    """An in-memory flash for firmware.store (a power cut: a new board on a copy of files)."""

    def __init__(self, files=None):
        self.files = dict(files or {})

    def read(self, path):
        if path not in self.files:
            raise OSError(2)
        return self.files[path]

    def size(self, path):
        return len(self.read(path))

    def write(self, path, parts):
        self.files[path] = b"".join(parts)

    def rename(self, old, new):
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        if path not in self.files:
            raise OSError(2)
        del self.files[path]

    def exists(self, path):
        return path in self.files


class Board:
    """The firmware app on the simulator backend, driven by a virtual clock."""

    def __init__(self, name="ref32", fs=None, bot_delay_ms=100):
        gc.collect()
        self.profile = profile.find(name)
        bufs = buffers(name, self.profile)
        self.hw = SimHardware(self.profile, buf=bufs[2])
        self.lines = []
        self.fs = fs if fs is not None else MemFS()
        self.app = App(self.profile, self.hw, link=Link(write=self.write),
                       store=Store(fs=self.fs, folder=""), bot_delay_ms=bot_delay_ms,
                       buffers=bufs[:2])
        self.app.real_cards = False
        self.app.seed = 7
        self.app.boot()
        self.app.step()

    def close(self):
        pass

    def write(self, line):
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
            self.press(btn.NAMES.index(tok.split(":")[0]), tok.endswith(":long"))

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

    def send(self, obj_or_text):
        text = obj_or_text if isinstance(obj_or_text, str) else json.dumps(obj_or_text)
        self.app.link.feed(text.encode() + b"\n")
        self.app.step()


def start(b, options, seed=7, moves=()):
    gc.collect()
    opts = {"players": 2, "bots": [1]}
    for k in options:
        opts[k] = options[k]
    b.app.start_game("wuxing", opts, seed, list(moves))
    b.app.step()
    return b.app.mode


def lay(b):
    return layout_for(b.profile)


def island_px(b, i, dx=0, dy=0):
    """The colour at (dx, dy) from the top left of Théâtre island i."""
    L = lay(b)
    x, y = wv.island_xy(L, i)
    return b.app.canvas.get(x + dx, y + dy)


def frame_ring(b, i):
    """The colours of the ring around island i (clipped pixels left out)."""
    L = lay(b)
    x, y = wv.island_xy(L, i)
    n = L.isl + 2
    out = []
    c = b.app.canvas
    for k in range(1, n - 1):
        for px, py in ((x - 1 + k, y - 1), (x - 1, y - 1 + k)):
            if 0 <= px < c.width and 0 <= py < c.height:
                out.append(c.get(px, py))
    return out


def card_px(b, seat):
    """The middle pixel of a seat's played-card slot (Chemin)."""
    L = lay(b)
    y = L.bottom_y if seat == 0 else L.top_y
    return b.app.canvas.get(L.cx + L.isl // 2, y + L.isl // 2)


def hand_px(b, e, dx=1, dy=0):
    L = lay(b)
    return b.app.canvas.get(L.hx + dx, L.by + e * L.step + dy)


def moves_to_phase(options, seed, want, limit=400):
    """Greedy moves from the start until the position wants: "give" (only tokens to give) or
    "turn" (the turning phase); the move texts, or None."""
    st = wuxing.new_game(seed=seed, **options)
    out = []
    for _ in range(limit):
        if st.is_over():
            return None
        legal = st.legal_moves()
        if want == "turn" and st.phase == wuxing.TURN:
            return out
        if want == "give" and legal and legal[0].kind == wuxing.M_GIVE:
            return out
        m = wuxing.greedy_move(st)
        out.append(str(m))
        st.apply(m)
    return None


def press_to_end(b, max_steps=400):
    """Play a human's turns with the buttons (Théâtre: long A then A; Chemin: A on the first
    playable card) and let the bot answer, to the end."""
    mode = b.app.mode
    for _ in range(max_steps):
        if mode.state.is_over():
            return mode
        v = mode.view
        if v.human:
            if not v.theatre or v.give:
                b.presses("a")
            else:
                b.presses("a:long a")
        b.settle()
    raise AssertionError("no end in %d steps" % max_steps)



def token_counts(b):
    """The strip read as counts, off the frame: ((Yang red, blue), (Yin red, blue), (centre
    red, blue)), each token place counted when all its LEDs are lit in the token's colour (a
    place is never half lit, and an empty one is dark: asserted)."""
    L = lay(b)
    c = b.app.canvas

    def count(y0, places, col, rgb):
        n = 0
        for k in range(places):
            px = [c.get(col * L.tw + dx, y0 + k * L.tp + dy)
                  for dx in range(L.tw) for dy in range(L.th)]
            assert px in ([rgb] * len(px), [0] * len(px)), px
            n += px[0] == rgb
        return n

    return ((count(L.yang_y, 2, 0, wv.RED), count(L.yang_y, 2, 1, wv.BLUE)),
            (count(L.yin_y, 2, 0, wv.RED), count(L.yin_y, 2, 1, wv.BLUE)),
            (count(L.centre_y, 4, 0, wv.RED), count(L.centre_y, 4, 1, wv.BLUE)))
