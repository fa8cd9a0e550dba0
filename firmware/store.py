"""Save and resume on flash: the game (options, seed, moves) written atomically after every move.

A save goes: write `game.new` completely; move `game.sav` to `game.old`; rename `game.new` to
`game.sav`; remove `game.old`. Each file starts with a header holding a digest of its body, so a
half-written file is recognised. Whatever step a power cut interrupts, `load()` finds the old or
the new game. A save that is corrupt or unknown is renamed `game.bad` and reported.
"""

import json
import os

from shared_rules import canon

MAGIC = "LANTERNE-SAVE 1 "


class RealFS:
    """The few file operations the store needs, on the real filesystem (flash on the Pico)."""

    def read(self, path):
        with open(path, "rb") as f:
            return f.read()

    def write(self, path, data):
        with open(path, "wb") as f:
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


def encode(record):
    body = json.dumps(record)
    return (MAGIC + canon.digest(body.encode()) + "\n" + body).encode()


def decode(data):
    """The record in a save file's bytes; ValueError if it is damaged."""
    try:
        text = bytes(data).decode()
    except Exception:
        raise ValueError("not text")
    if not text.startswith(MAGIC):
        raise ValueError("no save header")
    nl = text.find("\n")
    if nl < 0:
        raise ValueError("truncated header")
    check = text[len(MAGIC):nl]
    body = text[nl + 1:]
    if canon.digest(body.encode()) != check:
        raise ValueError("checksum mismatch (truncated or damaged)")
    record = json.loads(body)
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
        fs.write(self.new, encode(record))
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

    def _try(self, path):
        try:
            return decode(self.fs.read(path))
        except (OSError, ValueError):
            return None

    def load(self):
        """Returns (record or None, problem or None). A damaged `game.sav` is set aside."""
        fs = self.fs
        if fs.exists(self.path):
            try:
                return decode(fs.read(self.path)), None
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
