"""A seeded fuzz of the serial protocol, the same on CPython and MicroPython: hostile command
lines (numbers out of range or of the wrong kind, broken JSON, bytes that are not UTF-8, deep
nesting, over-long lines, legal moves among them) fed to the real app on a simulated board.

Checked after every line: no exception escapes the app, every reply is one strict ASCII JSON
object with the next sequence number, no `internal` error (a bug caught by the last resort),
and a line answered only by errors changed nothing (mode, save file, undo marks, brightness);
a `memory` error (no room to load a game: with this harness's modules held on a Pico-sized
heap, Tac-Tik) may leave the board at the menu with its save kept, as docs/protocol.md says.
`run` returns counts and a digest of the replies' kinds, equal on both runtimes; with `out` it
also writes a transcript (every line fed and every reply), which tests/fuzz.py compares line for
line between CPython and MicroPython, and with `probes` the hand-written cases of issue 19
(probe_lines.py: Unicode digits and spaces in moves, wrong-typed fields) come first. Legal moves
are also fed spoilt by one non-ASCII or control character: always refused."""

import binascii
import gc
import hashlib
import json

import board_helpers as bh

from shared_rules.rng import Rng

NUMBERS = ("0", "1", "2", "3", "4", "6", "7", "-1", "255", "256", "9999", "10000", "1e999",
           "-1e999", "1.5", "4.0", "2e0", "-0", "99999999999999999999", "4294967296")
OTHERS = ("true", "false", "null", '"x"', '""', "[]", "{}", "[1]", "[0, 1]", "[1e999]", "[-1]",
          "[true]", '"\\u00e9"', '"\\ud800"', "[[[1]]]", '"kosmos"', '"goliath"', '"deal"',
          '"real"', '"auto"', '"tayu"', '"tactik"', '"9,8,E"')
NOT_JSON = ("NaN", "Infinity", "-Infinity", "01", "1.", ".5", "+1", "0x10", "tru", "[1,]",
            "{'a': 1}", '"\\x41"', '"a\tb"')
KEYS = ("players", "edition", "stacks", "two_tiles", "redraw_if_unscored", "bidding", "target",
        "flood_seat", "max_bid", "doubles", "bots", "cards", "base_entry_compulsory",
        "partner_stake_own", "pass_is_final", "colour")
JUNK = b'\x00\x03\x7f\x80\xbf\xc0\xc1\xe0\xed\xf4\xf5\xff"{}[],:\\ 0e-.'
# What spoils a legal move's text (issue 19): digits of other scripts, Unicode spaces,
# \x1c-\x1f and other controls, U+017F (CPython's upper() makes it S); see probe_lines.py
SPOILERS = (0x669, 0xFF19, 0x6F5, 0x1D7CF, 0xA0, 0x2003, 0x3000, 0x202F, 0x85, 0x1C, 0x1F, 0x0B,
            0x0A, 0x00, 0x7F, 0x17F, 0xFF25)


class Fuzz:
    """One fuzz run on a fresh board with an in-memory save; see the module docstring."""

    def __init__(self, seed, tactik=False, out=None):
        self.rng = Rng(seed)
        self.tactik = tactik  # Tac-Tik games may start (not on a Pico-sized heap beside Ta Yu)
        self.board = bh.Board(fs=bh.MemFS())
        self.app = self.board.app
        self.app.autobots = False  # every move comes from the lines: the runs repeat exactly
        self.app.port = self  # lines come in through step(), as from a board's serial port
        self.pending = b""
        self.replies = []
        self.app.link.write = self.replies.append
        self.digest = hashlib.sha256()
        self.lines = self.refused = self.accepted = 0
        self.seq = self.app.link.seq
        self.out = out  # called with each line fed (hex, after "> ") and each reply (a transcript)

    # ---- making lines ---------------------------------------------------------------------
    def pick(self, items):
        return items[self.rng.below(len(items))]

    def value(self):
        k = self.rng.below(20)
        if k < 9:
            return self.pick(NUMBERS)
        if k < 18:
            return self.pick(OTHERS)
        return self.pick(NOT_JSON)

    def options(self):
        parts = []
        for _ in range(self.rng.below(4)):
            parts.append('"%s": %s' % (self.pick(KEYS), self.value()))
        if self.rng.below(2):
            parts.append('"players": %s' % self.pick(("2", "3", "4", "6")))
        return "{" + ", ".join(parts) + "}"

    def legal_text(self):
        """A legal move's notation in the game in progress (a real game moves on), else None.
        Tac-Tik's moves only in a run where Tac-Tik games may start."""
        mode = self.app.mode
        st = getattr(mode, "state", None)
        if mode.name not in ("tayu", "tactik") or st is None or st.is_over():
            return None
        if mode.name == "tactik" and not self.tactik:
            return None
        # the driver's own list of moves shares the board's heap on MicroPython: the garbage
        # goes first, so the test never fails for its own allocation (no reply depends on it)
        gc.collect()
        moves = st.legal_moves()
        return str(moves[self.rng.below(len(moves))]) if moves else "pass"

    def legal_move(self):
        text = self.legal_text()
        return '"9,8,E"' if text is None else json.dumps(text)

    def spoilt_move(self):
        """A legal move's text with one character replaced or added from SPOILERS, as a JSON
        string (a \\u escape or raw UTF-8): refused on both runtimes, as every text that is not
        ASCII or holds a control character other than tab."""
        text = self.legal_text() or "9,8,E"
        i = self.rng.below(len(text) + 1)
        ch = chr(self.pick(SPOILERS))
        text = text[:i] + ch + text[i + self.rng.below(2):]
        out = []
        raw = self.rng.below(2)
        for ch in text:
            c = ord(ch)
            if ch == '"' or ch == "\\":
                out.append("\\" + ch)
            elif c < 0x20 or (0x80 <= c < 0x10000 and not raw):
                out.append("\\u%04x" % c)
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'

    def command(self):
        k = self.rng.below(16)
        if k < 4:
            game = '"tactik"' if self.rng.below(12) == 0 else '"tayu"'
            if self.rng.below(6) == 0:
                game = self.value()
            extra = ', "moves": ["9,8,E", %s]' % self.value() if self.rng.below(5) == 0 else ""
            opts = self.options()
            if game == '"tactik"' and not self.tactik:
                opts = opts[:-1] + (", " if len(opts) > 2 else "") + '"players": 5}'  # refused
            return '{"cmd": "new", "game": %s, "options": %s, "seed": %s%s}' % (
                game, opts, self.pick(NUMBERS) if self.rng.below(3) else "5", extra)
        if k < 9:
            r = self.rng.below(6)
            return '{"cmd": "move", "move": %s}' % (
                self.legal_move() if r < 4 else self.spoilt_move() if r < 5 else self.value())
        if k < 10:
            return '{"cmd": "brightness", "value": %s}' % self.value()
        if k < 11 and self.rng.below(2):
            return '{"cmd": "stats", "reset": %s}' % self.value()
        return '{"cmd": "%s"}' % self.pick(("undo", "state", "hello", "menu", "resume", "fly"))

    def mutate(self, line):
        """The line with a few bytes flipped, inserted or removed."""
        b = line
        for _ in range(1 + self.rng.below(3)):
            i = self.rng.below(len(b) + 1)
            k = self.rng.below(3)
            if k == 0 and i < len(b):
                b = b[:i] + bytes([b[i] ^ (1 << self.rng.below(8))]) + b[i + 1:]
            elif k == 1:
                b = b[:i] + bytes([JUNK[self.rng.below(len(JUNK))]]) + b[i:]
            elif i < len(b):
                b = b[:i] + b[i + 1:]
        return b

    def line(self):
        k = self.rng.below(20)
        text = self.command().encode()
        if k < 12:
            return text
        if k < 18:
            text = self.mutate(text)
            if not self.tactik:  # a mutation could make a refused Tac-Tik start a valid one
                text = text.replace(b"tactik", b"tactic")
            return text
        if k < 19:
            return b"[" * (1 + self.rng.below(300)) + b"1"
        return text + b" " * (400 + self.rng.below(300))  # around the 512-byte limit

    # ---- feeding and checking -------------------------------------------------------------
    def read(self):
        """The app's serial port: the line being fed, once."""
        data, self.pending = self.pending, b""
        return data

    def state(self):
        app = self.app
        mode = app.mode
        marks = getattr(mode, "person_moves", ())  # a game's: who made its moves
        n = getattr(mode, "count", 0)
        return (mode.name, app.store.fs.files.get("game.sav"), bytes(marks), n,
                app.brightness, app.saved)

    def feed(self, line):
        """Feed one line (bytes) and check the replies; True if the line was refused."""
        before = self.state()
        del self.replies[:]
        self.pending = line + b"\n"
        self.app.step(draw=self.lines % 64 == 0)
        if getattr(self.app.mode, "pending", -1) >= 0:
            self.app.step(draw=False)  # a move's save and events: the pass after its own
        self.lines += 1
        refused = len(self.replies) > 0
        if self.out is not None:
            self.out("> " + binascii.hexlify(line).decode())
        for text in self.replies:
            if self.out is not None:
                self.out(text[:-1])
            assert text.endswith("\n"), text
            raw = text[:-1].encode()
            assert len(raw) == len(text) - 1, "not ASCII: " + text
            obj = json.loads(text)
            assert obj["v"] == 1 and obj["seq"] == self.seq, text
            self.seq += 1
            ev = obj["ev"]
            code = obj.get("code", "") if ev == "error" else ""
            assert code != "internal", "caught a bug: %s after %r" % (text, line)
            refused = refused and ev == "error" and code != "memory"  # (no room: see run)
            self.digest.update((ev + ":" + code + ";").encode())
        if refused:
            self.refused += 1
            assert self.state() == before, "a refused line changed the board: %r" % line
        elif self.replies:
            self.accepted += 1
        return refused

    def probe(self):
        """The hand-written cases of issue 19 (probe_lines.py): arguments of the wrong type at
        the menu and in a game of each kind, and the first legal moves of each game spoilt
        every listed way (all refused), then played."""
        import probe_lines as pl

        for raw in pl.typed_lines():
            assert self.feed(raw), raw
        games = ['"tayu", "options": {"players": 2}',
                 '"tayu", "options": {"players": 3, "edition": "kosmos"}',
                 '"tayu", "options": {"players": 2, "stacks": true}',
                 '"tayu", "options": {"players": 2, "two_tiles": true}']
        if self.tactik:
            games.append('"tactik", "options": {"players": 4, "cards": "deal"}')
            games.append('"tactik", "options": {"players": 2, "cards": "real"}')
        for game in games:
            assert not self.feed(('{"cmd": "new", "game": %s, "seed": 7}' % game).encode())
            for raw in pl.typed_lines():
                assert self.feed(raw), raw
            for _ in range(3):
                text = self.legal_text()
                if text is None:
                    break
                for raw in pl.spoilt_lines(text):
                    assert self.feed(raw), raw
                assert not self.feed(b'{"cmd": "move", "move": ' + pl.literal(text) + b"}")
            for raw in pl.IGNORED:
                assert not self.feed(raw.encode()), raw
        return self

    def run(self, count):
        for _ in range(count):
            self.feed(self.line())
        return self


def run(seed, count, tactik=False, out=None, probes=False):
    """(lines fed, lines refused, lines accepted, hex digest of the reply kinds). `out` is
    called with a transcript (see Fuzz.feed); `probes`: the hand-written cases first."""
    f = Fuzz(seed, tactik, out)
    if probes:
        f.probe()
    f.run(count)
    return f.lines, f.refused, f.accepted, binascii.hexlify(f.digest.digest()).decode()
