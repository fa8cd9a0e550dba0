"""Save and resume on flash: the game (options, seed, moves) written atomically after every move.

A save goes: write `game.new` completely (piece by piece); move `game.sav` to `game.old`;
rename `game.new` to `game.sav`; remove `game.old`. Each file ends with a digest of its body, so
a half-written file is recognised. Whatever step a power cut interrupts, `load()` finds the old
or the new game. A save that is corrupt or unknown is renamed `game.bad` and reported.
"""

import binascii
import hashlib
import json
import os

HEADER = b"LANTERNE-SAVE 2\n"
# The largest save read back: a 550-move 6-player Tac-Tik game saves 6 KB; reading a much
# bigger file would take more heap than a Pico has (a 67 KB one failed every boot).
MAX_SAVE = 24 * 1024


class RealFS:
    """The few file operations the store needs, on the real filesystem (flash on the Pico)."""

    def read(self, path):
        with open(path, "rb") as f:
            return f.read()

    def size(self, path):
        return os.stat(path)[6]

    def write(self, path, parts):
        """Write the byte strings of `parts` (any iterable) one after the other: a new file."""
        with open(path, "wb") as f:
            for data in parts:
                f.write(data)

    def rename(self, old, new):
        os.rename(old, new)

    def remove(self, path):
        os.remove(path)

    def exists(self, path):
        try:
            os.stat(path)
            return True
        except OSError:
            return False


def _hex16(h):
    return binascii.hexlify(h.digest()).decode()[:16]


def pieces(record):
    """The bytes of a save file, piece by piece: header line, the record as one JSON line
    (its "moves" written one by one), then a trailer line `#` + digest of the JSON line.
    Nothing big is built at once, so a save needs no large block of a small heap."""
    h = hashlib.sha256()
    yield HEADER
    rest = {}
    for k in record:
        if k != "moves":
            rest[k] = record[k]
    head = json.dumps(rest)
    b = ((head[:-1] + ", ") if rest else "{") + '"moves": ['
    b = b.encode()
    h.update(b)
    yield b
    first = True
    for m in record.get("moves", ()):
        b = ((", " if not first else "") + json.dumps(m)).encode()
        first = False
        h.update(b)
        yield b
    b = b"]}"
    h.update(b)
    yield b
    yield b"\n#" + _hex16(h).encode() + b"\n"


def encode(record):
    """The whole save file as bytes (tests, tools)."""
    return b"".join(pieces(record))


def decode(data):
    """The record in a save file's bytes; ValueError if it is damaged."""
    data = bytes(data)
    if not data.startswith(HEADER):
        raise ValueError("no save header")
    end = data.rfind(b"\n#")
    if end < len(HEADER):
        raise ValueError("truncated (no checksum)")
    body = data[len(HEADER):end]
    h = hashlib.sha256()
    h.update(body)
    if _hex16(h).encode() != data[end + 2:].strip():
        raise ValueError("checksum mismatch (truncated or damaged)")
    from firmware import jsonstrict  # only when there is a save: a bare boot skips it

    try:
        jsonstrict.check(body, 4)  # read as commands are: deep nesting would need a big stack
        record = json.loads(body.decode())
    except MemoryError:
        raise  # no room now: the save itself may be fine, it is not set aside
    except Exception:
        raise ValueError("not a JSON save")
    if not isinstance(record, dict):
        raise ValueError("save is not an object")
    return record


class Store:
    """The save slot of the board: one game at a time."""

    def __init__(self, fs=None, folder="."):
        self.fs = fs or RealFS()
        base = (folder.rstrip("/") + "/") if folder else ""
        self.path = base + "game.sav"
        self.new = base + "game.new"
        self.old = base + "game.old"
        self.bad = base + "game.bad"

    def save(self, record):
        fs = self.fs
        fs.write(self.new, pieces(record))
        if fs.exists(self.path):
            if fs.exists(self.old):
                fs.remove(self.old)
            fs.rename(self.path, self.old)
        fs.rename(self.new, self.path)
        if fs.exists(self.old):
            fs.remove(self.old)

    def clear(self):
        for p in (self.path, self.new, self.old):
            if self.fs.exists(p):
                self.fs.remove(p)

    def read(self, path):
        """The record in a save file; ValueError if it is too big to read, or damaged."""
        size = getattr(self.fs, "size", None)
        if size is not None and size(path) > MAX_SAVE:
            raise ValueError("too big (%d bytes, at most %d)" % (size(path), MAX_SAVE))
        return decode(self.fs.read(path))

    def _try(self, path):
        try:
            return self.read(path)
        except (OSError, ValueError):
            return None

    def load(self):
        """Returns (record or None, problem or None). A damaged `game.sav` is set aside."""
        fs = self.fs
        if fs.exists(self.path):
            try:
                return self.read(self.path), None
            except (OSError, ValueError) as exc:
                problem = "save damaged: " + str(exc)
                self.set_aside()
                return None, problem
        # Interrupted save: the new file is complete (it was written before any rename), or the
        # old one still stands.
        for p in (self.new, self.old):
            if fs.exists(p):
                rec = self._try(p)
                if rec is not None:
                    return rec, None
        return None, None

    def set_aside(self):
        """Keep a bad or unknown save as `game.bad` (replacing an older one)."""
        fs = self.fs
        if fs.exists(self.bad):
            fs.remove(self.bad)
        if fs.exists(self.path):
            fs.rename(self.path, self.bad)
