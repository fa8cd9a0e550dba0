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
_SET_MAGIC = const(b"LANTERNE-SET 1 ")  # the settings file (brightness)
# The largest save read back: a 550-move 6-player Tac-Tik game saves 6 KB; reading a much
# bigger file would take more heap than a Pico has (a 67 KB one failed every boot).
MAX_SAVE = 24 * 1024
_MAX_SETTINGS = const(256)
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
_OURS = const(("game.", "settings."))  # the store's file names begin so (adopt)


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
    b = _SET_MAGIC + str(gen).encode() + b"\n"
    h.update(b)
    yield b
    for k in settings:
        b = ("%s %d\n" % (k, settings[k])).encode()
        h.update(b)
        yield b
    yield b"\n#" + _hex16(h).encode() + b"\n"


def unpack(data, magic=MAGIC):
    """(generation, body start, body end) of a file's bytes; ValueError if it is damaged or
    incomplete. Nothing is decoded: a cheap look at every candidate."""
    if data.startswith(magic):
        nl = data.find(b"\n")
        digits = data[len(magic):nl]
        if nl < 0 or not digits or len(digits) > 10 or not digits.isdigit():
            raise ValueError("bad header")
        gen = int(digits)
        start, at = 0, nl + 1
    elif magic == MAGIC and data.startswith(HEADER):
        gen, start, at = 0, len(HEADER), len(HEADER)
    else:
        raise ValueError("no save header")
    end = data.rfind(b"\n#")
    if end < at:
        raise ValueError("truncated (no checksum)")
    h = hashlib.sha256()
    h.update(memoryview(data)[start:end])
    if _hex16(h).encode() != data[end + 2:].strip():
        raise ValueError("checksum mismatch (truncated or damaged)")
    return gen, at, end


def torn(data, magic=MAGIC):
    """True for what a power cut leaves of a file being written: a prefix of a good file (its
    header begun, its trailer not whole), no damage. A whole file whose checksum, header or
    size is wrong is damage, and is kept (salvage)."""
    n = len(data)
    if n <= len(magic):
        return magic[:n] == bytes(data)
    if not data.startswith(magic):
        return False
    end = data.rfind(b"\n#")
    if end < 0:
        return True
    tail = data[end + 2:]
    return len(tail) < 17 and not tail.endswith(b"\n")


def decode(data):
    """The record in a save file's bytes; ValueError if it is damaged."""
    data = bytes(data)
    gen, at, end = unpack(data)
    body = data[at:end]
    data = None
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
        """Move the save files an older firmware kept in the folder `legacy` ("": the board's
        root) into this store's folder, once: gathered in a folder of their own (`.part`),
        which then takes the folder's name in one rename. A cut leaves each file in one place
        or the other and the folder not yet named: the next boot goes on from there. Once the
        folder is there, `legacy` is never looked at again."""
        folder = self.unmade
        fs = self.fs
        if folder is None:
            return
        if fs.exists(folder):
            self.unmade = None
            return
        try:
            there = fs.names(legacy)
        except OSError:
            return
        part = folder + ".part"
        mine = [name for name in there if name.startswith(_OURS)]
        if not mine and not fs.exists(part):
            return  # nothing to move: the folder is made at the first save
        src = _prefix(legacy)
        fs.make_folder(part)
        for name in mine:
            fs.rename(src + name, part + "/" + name)
        fs.rename(part, folder)
        self.unmade = None

    # ---- looking at the candidates --------------------------------------------------------
    def _scan(self, names, magic, limit):
        """([gen, path] of every valid candidate, [path, why, torn] of every other one: `torn`
        when it is what a cut left of a file being written, see torn()). Only the envelope is
        checked: nothing is decoded."""
        fs = self.fs
        good = []
        bad = []
        size = getattr(fs, "size", None)
        for p in names:
            if not fs.exists(p):
                continue
            data = None
            try:
                n = size(p) if size is not None else 0
                if n > limit:
                    raise ValueError("too big (%d bytes, at most %d)" % (n, limit))
                data = fs.read(p)
                gen = unpack(data, magic)[0]
            except (OSError, ValueError) as exc:
                bad.append([p, str(exc), data is not None and torn(data, magic)])
                continue
            good.append([gen, p])
        data = None
        return good, bad

    def _newest(self, slot, good):
        """Take the newest of the valid candidates out of `good` (the first listed on a tie),
        noting its generation in the slot."""
        best = 0
        for i in range(1, len(good)):
            if good[i][0] > good[best][0]:
                best = i
        g = good.pop(best)
        if g[0] > slot[2]:
            slot[2] = g[0]
        return g[1]

    def read(self, path):
        """The record in a save file; ValueError if it is too big to read, or damaged."""
        size = getattr(self.fs, "size", None)
        if size is not None and size(path) > MAX_SAVE:
            raise ValueError("too big (%d bytes, at most %d)" % (size(path), MAX_SAVE))
        return decode(self.fs.read(path))

    def load(self, decode_=True, check=None):
        """Returns (record or None, problem or None): the newest game among game.new, game.sav
        and game.old that is whole and, with `check` (a function raising ValueError for a
        record that cannot start), startable. Every other copy is kept as game.badN and named
        in `problem` (a record with a problem: recovered from an older copy), except a
        half-written game.new, no damage (a save the power cut before it was committed), left
        to the next save. `decode_=False`: only learn the newest file and generation (nothing
        decoded or moved). A MemoryError (no room to look now) leaves every file as it is."""
        slot = self.game
        good, bad = self._scan((self.new, self.path, self.old), MAGIC, MAX_SAVE)
        if slot[2] < 0:
            slot[2] = 0
        slot[3] = None
        if not decode_:
            if good:
                slot[3] = self._newest(slot, good)
            return None, None
        cut = None
        for i in range(len(bad)):
            if bad[i][0] == self.new and bad[i][2]:
                cut = bad.pop(i)
                break
        rec = None
        while good:
            p = self._newest(slot, good)
            try:
                rec = self.read(p)
                if check is not None:
                    check(rec)
            except (OSError, ValueError) as exc:
                why = str(exc)
                if rec is not None:
                    why = "cannot start (" + why + ")"
                bad.append([p, why])
                rec = None
                continue
            slot[3] = p
            break
        if cut is not None and rec is None and bad:
            bad.append(cut)  # nothing good is left: even a half-written file is kept
        self.damaged = len(bad)
        if not bad:
            return rec, None
        from firmware import salvage  # only when something is damaged

        return rec, salvage.report(self, bad, slot[3])

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
        """The settings saved ({"brightness": n}), {} if none is readable."""
        slot = self.conf
        good, bad = self._scan((slot[1], slot[0]), _SET_MAGIC, _MAX_SETTINGS)
        if slot[2] < 0:
            slot[2] = 0
        while good:
            p = self._newest(slot, good)
            out = {}
            try:
                data = self.fs.read(p)
                gen, at, end = unpack(data, _SET_MAGIC)
                for line in data[at:end].split(b"\n"):
                    if line:
                        k, v = line.split(b" ")
                        out[k.decode()] = int(v)
            except (OSError, ValueError):
                continue
            slot[3] = p
            return out
        return {}

    def save_settings(self, settings):
        """Write the settings the way a game is saved (next generation, durable, renamed)."""
        if self.conf[2] < 0:
            self.load_settings()
        self._commit(self.conf, settings_pieces, settings)
