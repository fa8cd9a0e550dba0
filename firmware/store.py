"""Save and resume on flash: the game (options, seed, moves) after every move, and the board's
settings (brightness), each written so that no sequence of power cuts loses the newest committed
copy (docs/firmware.md, "Save and resume").

Every file is an envelope: a header line with its generation (`LANTERNE-SAVE 3 <gen>`), the body,
a trailer `#` + digest of header and body, so a half-written or damaged file is recognised. A save
writes generation g+1 to `game.new`, makes it durable (flushed, fsynced where the system has
fsync, closed: closing commits a file on littlefs), then renames it over `game.sav` (atomic on
littlefs and POSIX). `load()` looks at every candidate (`game.sav`, `game.new`, the old format's
`game.old`) and takes the newest valid one; a file that may be the only good copy is never
rewritten in place (a game loaded from `game.new` is renamed to `game.sav` before the next write).
Damaged files are kept as `game.bad1`..`game.bad3` (the oldest bad file goes first), and said.
"""

# pyright: reportAttributeAccessIssue=false
# (what the type checker cannot follow here: os.O_RDONLY: the CPython stand-in's)

import binascii
import hashlib
import json
import os

from micropython import const

HEADER = b"LANTERNE-SAVE 2\n"  # the format before generations: still read (generation 0)
MAGIC = b"LANTERNE-SAVE 3 "  # + generation + "\n"; the digest covers header and body
SET_MAGIC = b"LANTERNE-SET 1 "  # the settings file (brightness)
# The largest save read back: a 550-move 6-player Tac-Tik game saves 6 KB; reading a much
# bigger file would take more heap than a Pico has (a 67 KB one failed every boot).
MAX_SAVE = 24 * 1024
MAX_SETTINGS = 256
_MOVES_A_PIECE = 16  # moves written at once, at most
_PIECE_BYTES = const(480)  # and no more text in a piece: Tac-Tik's items are 240-byte chunks
# The highest generation a header holds (10 digits, what unpack() reads): a save of this
# generation is followed by saves of the same one, never by one the reader would refuse (on a
# tie the file being written, game.new, is the newer: see Store._newest).
_MAX_GEN = const(9999999999)
# The board keeps its save files in a folder of their own: in the root, beside the firmware's
# small files, littlefs's compaction of the folder's log made a save's worst case 66-73 ms on a
# Pico, in a folder of its own 29-31 (the median 29 and 25 ms)
SAVE_FOLDER = "save"


def _prefix(folder):
    """What a path in `folder` begins with ("" for the current folder)."""
    return (folder.rstrip("/") + "/") if folder else ""


class RealFS:
    """The few file operations the store needs, on the real filesystem (flash on the Pico).
    `osmod` and `opener` (the os module and open(), by default) let tests put a model of a
    filesystem that loses what is not yet on the medium under the real code."""

    def __init__(self, osmod=None, opener=None):
        self.os = osmod or os
        self.open = opener or open

    def read(self, path):
        with self.open(path, "rb") as f:
            return f.read()

    def size(self, path):
        return self.os.stat(path)[6]

    def write(self, path, parts):
        """A new file holding the byte strings of `parts` (any iterable), on the medium when this
        returns: flushed (littlefs commits the file then, the MicroPython unix port fsyncs it),
        fsynced where os has fsync (CPython), closed."""
        with self.open(path, "wb") as f:
            for data in parts:
                f.write(data)
            f.flush()
            sync = getattr(self.os, "fsync", None)
            if sync is not None:
                sync(f.fileno())

    def rename(self, old, new):
        """`old` takes the place of `new` (atomically on littlefs and POSIX), durably. Where the
        filesystem refuses to replace a file (FAT), `new` is removed first: the store renames only
        complete files, so a cut in between leaves `old` whole."""
        try:
            self.os.rename(old, new)
        except OSError:
            if not (self.exists(new) and self.exists(old)):
                raise
            self.os.remove(new)
            self.os.rename(old, new)
        self.sync_dir(new)

    def remove(self, path):
        self.os.remove(path)
        self.sync_dir(path)

    def names(self, folder):
        """The names in `folder` ("": the current one)."""
        return self.os.listdir(folder or ".")

    def make_folder(self, folder):
        """Make `folder` unless it is there."""
        try:
            self.os.mkdir(folder)
        except OSError:
            if not self.exists(folder):
                raise

    def exists(self, path):
        try:
            self.os.stat(path)
            return True
        except OSError:
            return False

    def sync_dir(self, path):
        """Make the names in the folder of `path` durable (POSIX: fsync the folder). MicroPython
        has no fsync and needs none: littlefs commits a rename or a removal as it makes it."""
        osm = self.os
        sync = getattr(osm, "fsync", None)
        if sync is None or not hasattr(osm, "O_RDONLY"):
            return
        i = path.rfind("/")
        folder = (path[:i] or "/") if i >= 0 else "."
        try:
            fd = osm.open(folder, osm.O_RDONLY)
        except OSError:
            return  # a system that cannot open a folder (Windows) cannot sync one either
        try:
            sync(fd)
        except OSError:
            pass
        finally:
            osm.close(fd)


class MoveTexts:
    """A game's move texts as a sequence made on demand: `text(i)` for i < n. The save writes
    them without a list of them all, and asks only for those it has not kept (memo_pieces):
    a game whose texts cost time to make gives its record's moves so."""

    def __init__(self, text, n):
        self.text = text
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        return self.text(i)


def _hex16(h):
    return binascii.hexlify(h.digest()).decode()[:16]


def pieces(record, gen=1, memo=None):
    """The bytes of a save file, piece by piece: header line (with the generation), the record as
    one JSON line (its "moves" written a piece at a time), then a trailer line `#` + digest of
    header and JSON line. Nothing big is built at once, so a save needs no large block of a small
    heap. `memo` (new_memo()): the pieces of moves given as a MoveTexts kept from save to save
    (memo_pieces)."""
    h = hashlib.sha256()
    b = MAGIC + str(gen).encode() + b"\n"
    h.update(b)
    yield b
    rest = {}
    for k in record:
        if k != "moves":
            rest[k] = record[k]
    head = json.dumps(rest)
    b = ((head[:-1] + ", ") if rest else "{") + '"moves": ['
    b = b.encode()
    h.update(b)
    yield b
    moves = record.get("moves", ())
    if isinstance(moves, MoveTexts) and memo is not None:
        made = memo_pieces(memo, head, moves)
    else:  # a list (texts already made) or a generator: written as they come
        made = _moves(moves)
    for b in made:
        h.update(b)
        yield b
    b = b"]}"
    h.update(b)
    yield b
    yield b"\n#" + _hex16(h).encode() + b"\n"


def _join(sep, texts):
    return (sep + ", ".join(texts)).encode()


def _moves(moves):
    """The moves' JSON texts a piece at a time (a write and a digest update a move cost a Pico
    some 0.2 ms each, 20 ms of an 80-move save)."""
    sep = ""
    batch = []
    size = 0
    for m in moves:
        t = json.dumps(m)
        batch.append(t)
        size += len(t)
        if len(batch) >= _MOVES_A_PIECE or size >= _PIECE_BYTES:
            yield _join(sep, batch)
            sep = ", "
            batch.clear()
            size = 0
    if batch:
        yield _join(sep, batch)


def memo_pieces(memo, head, moves):
    """The moves' pieces, with what earlier saves encoded kept in `memo` ([head, moves seen,
    the last one's text, full pieces, encoded texts of the piece being filled]: every move but
    the last is encoded there once), so a save after one more move makes two texts, not the
    game's (a text costs a Pico some 0.5 ms). `moves` must allow len() and indexing (a list,
    a MoveTexts). The memo starts again when the head (game, options, seed, secret) is
    another, the moves are fewer, or the last one seen has changed (an undo, another game)."""
    n = len(moves)
    seen = memo[1]
    t = moves[seen - 1] if 0 < seen <= n else None
    if memo[0] != head or seen > n or t != memo[2]:
        memo[:] = [head, 0, None, [], []]
        seen = 0
    full, part = memo[3], memo[4]
    try:
        for i in range(seen - 1 if seen else 0, n - 1):  # the last seen and the new ones
            if i != seen - 1:
                t = moves[i]
            part.append(json.dumps(t))
            if len(part) >= _MOVES_A_PIECE or _size(part) >= _PIECE_BYTES:
                full.append(_join(", " if full else "", part))
                part.clear()
        if n > seen:
            t = moves[n - 1]
        memo[1] = n
        memo[2] = t
    except BaseException:
        memo[:] = [None, 0, None, [], []]  # half kept: made again at the next save
        raise
    for b in full:
        yield b
    if n:
        yield _join(", " if full else "", part + [json.dumps(t)])


def _size(texts):
    n = 0
    for t in texts:
        n += len(t)
    return n


def new_memo():
    """An empty moves memo for pieces()."""
    return [None, 0, None, [], []]


def encode(record, gen=1):
    """The whole save file as bytes (tests, tools)."""
    return b"".join(pieces(record, gen))


def settings_pieces(settings, gen=1):
    """The settings file: header, one `key value` line per integer setting, trailer."""
    h = hashlib.sha256()
    b = SET_MAGIC + str(gen).encode() + b"\n"
    h.update(b)
    yield b
    for k in settings:
        b = ("%s %d\n" % (k, settings[k])).encode()
        h.update(b)
        yield b
    yield b"\n#" + _hex16(h).encode() + b"\n"


class Store:
    """The save slot of the board (one game at a time) and its settings."""

    def __init__(self, fs=None, folder="."):
        self.fs = fs or RealFS()
        base = _prefix(folder)
        self.base = base
        # a folder of its own is made at the first write (the board's: SAVE_FOLDER)
        self.unmade = folder.rstrip("/") if folder not in ("", ".") else None
        self.path = base + "game.sav"
        self.new = base + "game.new"
        self.old = base + "game.old"  # left by the format before generations
        self.bad = base + "game.bad"  # the old format's one bad file: the oldest kept
        # [file, new file, newest generation seen (-1: not looked yet), file holding the
        # newest copy (never the one written next)]
        self.game = [self.path, self.new, -1, None]
        self.conf = [base + "settings.sav", base + "settings.new", -1, None]
        self.damaged = 0  # damaged files the last load() set aside
        self.memo = new_memo()  # the game's moves as saved (see memo_pieces)

    def adopt(self, legacy):
        """Move an older firmware's save files from the folder `legacy` into this store's
        folder, once (store_read.adopt)."""
        from firmware import store_read

        store_read.adopt(self, legacy)

    # ---- reading (store_read.py: code a board runs at its start, then lets go) -------------
    def load(self, decode_=True, check=None):
        """(record or None, problem or None): the newest startable game saved, every damaged
        copy kept and said (store_read.load)."""
        from firmware import store_read

        return store_read.load(self, decode_, check)

    # ---- writing ----------------------------------------------------------------------------
    def _commit(self, slot, make, what):
        """Write `make(what, generation)` as the slot's next generation: its new file made
        durable, then renamed over its file. Whatever step a power cut interrupts, the newest
        valid file is this one or the one before it."""
        fs = self.fs
        if self.unmade is not None:
            fs.make_folder(self.unmade)
            self.unmade = None
        cur = slot[3]
        if cur is not None and cur != slot[0] and fs.exists(cur):
            fs.rename(cur, slot[0])  # the only good copy is never the file written next
            slot[3] = slot[0]
        gen = slot[2] + 1 if slot[2] < _MAX_GEN else _MAX_GEN
        fs.write(slot[1], make(what, gen))
        slot[2] = gen
        slot[3] = slot[1]  # committed: the newest valid file from here on
        fs.rename(slot[1], slot[0])
        slot[3] = slot[0]

    def save(self, record):
        if self.game[2] < 0:
            self.load(False)
        self._commit(self.game, self._pieces, record)
        if self.fs.exists(self.old):
            self.fs.remove(self.old)  # the old format's left-over, older than this save

    def _pieces(self, record, gen):
        return pieces(record, gen, self.memo)

    def forget(self):
        """Let the moves' memo go (another game starts: its heap is the game's)."""
        self.memo = new_memo()

    def has_copy(self):
        """True while any copy of a game is on flash (game.sav, game.new, game.old), startable
        or not: a new game asks before it replaces one."""
        for p in (self.path, self.new, self.old):
            if self.fs.exists(p):
                return True
        return False

    def clear(self):
        """No game saved (it ended): the older files go first, the newest copy last, so a cut
        leaves no game or the newest."""
        fs = self.fs
        if self.game[2] < 0:
            self.load(False)
        cur = self.game[3]
        for p in (self.new, self.old, self.path):
            if p != cur and fs.exists(p):
                fs.remove(p)
        if cur is not None and fs.exists(cur):
            fs.remove(cur)
        self.game[3] = None
        self.forget()

    def current(self):
        """The file holding the save in use (the one set_aside() would keep)."""
        return self.game[3] or self.path

    def set_aside(self):
        """Keep the save in use (one the board cannot play) as a bad file; its name, or None."""
        p = self.game[3] or self.path
        self.game[3] = None
        self.forget()
        if self.fs.exists(p):
            from firmware import salvage

            return salvage.keep_bad(self, p)
        return None

    # ---- settings -----------------------------------------------------------------------
    def load_settings(self):
        """The settings saved ({"brightness": n}), {} if none is readable (store_read)."""
        from firmware import store_read

        return store_read.load_settings(self)

    def save_settings(self, settings):
        """Write the settings the way a game is saved (next generation, durable, renamed)."""
        if self.conf[2] < 0:
            self.load_settings()
        self._commit(self.conf, settings_pieces, settings)
