"""The firmware's code as one file on the Pico's flash: `/lanterne.bundle`, mounted read-only at
/lanterne (first on sys.path) by /boot.py, so every import finds the compiled modules there.

Why: littlefs gives every file at least one 4 KB block and every folder two, so the firmware's
hundred small .mpy files in sixteen folders took some 300 KB more flash than their bytes, and
the Pico's 1.4 MB no longer held the code and both French word sets. The bundle is written by
`lanterne flash` (host/lanterne/bundle.py, which also describes the format); the data files (the
word sets, Chemin's table) stay plain files, read a block at a time where they always were.

Flashed as /bundlefs.mpy, outside the bundle (it has to be importable before the mount).
"""

import io
import sys
from array import array

from micropython import const

MOUNT = "/lanterne"  # where the code appears: /lanterne/firmware/app.mpy...
BUNDLE = "lanterne.bundle"  # in the working folder at boot: / on a Pico
_MAGIC = const(b"LBN2")
_HEAD_MAX = const(60)  # the first line: magic, four numbers, the file length
_INDEX_MAX = const(16384)  # some 3 KB today: a hundred modules of about 30 bytes a line
_S_IFDIR = const(0x4000)
_S_IFREG = const(0x8000)
_ENOENT = const(2)
_EROFS = const(30)
_NONE = const(-2)  # look(): no such file or folder
_READER_BUFFER = const(249)  # what an import reads a call (MicroPython's reader takes <= 255)
_ENOMEM = const(12)
_LINE_MAX = const(120)  # an index line read from the file (a path, two numbers) or the head


_search = None  # the index's search in native code (firmware/bundlefind.py), once loaded


def load_search():
    """The bundle's search in native code, from the bundle itself (boot() asks once mounted:
    this module is flashed as it is, and a port without native code compiles no viper);
    None where there is none (CPython, such a port, a bundle without it): the Python loop."""
    global _search
    if sys.implementation.name == "micropython":
        try:
            from firmware.bundlefind import search

            _search = search
        except (ImportError, ValueError, SyntaxError, MemoryError):
            pass
    return _search


class BundleError(Exception):
    """The bundle cannot be mounted (missing, cut short by a power cut mid-flash, damaged)."""


class BundleFile(io.IOBase):
    """One module of the bundle, open for reading: a window on the bundle's one open file (an
    import opened the bundle file anew otherwise: some 2 ms of a Pico's littlefs each).
    MicroPython's importer reads it through readinto (the stream protocol io.IOBase gives a
    Python class)."""

    def __init__(self, bundle, offset, size):
        self._b = bundle
        self._at = offset
        self._left = size

    def readinto(self, buf):
        n = len(buf)
        if n > self._left:
            n = self._left
        if n <= 0 or self._b is None:
            return 0
        got = self._b.read_at(self._at, memoryview(buf)[:n] if n < len(buf) else buf)
        self._at += got
        self._left -= got
        return got

    def read(self, n=-1):
        if n is None or n < 0 or n > self._left:
            n = self._left
        buf = bytearray(n if n > 0 else 0)
        got = self.readinto(buf) if n > 0 else 0
        return bytes(buf[:got])

    def ioctl(self, req, arg):
        if req == 4:  # MP_STREAM_CLOSE
            self.close()
        elif req == 11:  # MP_STREAM_GET_BUFFER_SIZE: the importer's reads
            return _READER_BUFFER
        return 0

    def close(self):
        self._b = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Bundle:
    """The bundle as a read-only file system (the methods vfs.mount asks of a Python object).
    The index stays one bytes object (about 4 KB) searched with find, its folders another:
    no dict of a hundred names on the heap."""

    def __init__(self, path=BUNDLE):
        if not path.startswith("/"):  # modules are read later, from whatever folder
            import os

            cwd = os.getcwd()
            path = (cwd if cwd.endswith("/") else cwd + "/") + path
        self.path = path
        self.interrupted = False  # a Ctrl-C a stat held back, raised by the next call
        try:
            f = open(path, "rb")
        except OSError:
            raise BundleError("no " + path) from None
        try:
            head = f.readline(_HEAD_MAX)
            parts = head.split()
            if len(parts) != 6 or parts[0] != _MAGIC or not head.endswith(b"\n"):
                raise BundleError("not a code bundle: " + path)
            entries, dirs_len, index_len, flags, total = [int(x) for x in parts[1:]]
            # a damaged head must not ask for the heap
            if not (0 < index_len <= _INDEX_MAX and 0 < dirs_len <= _INDEX_MAX and
                    0 < entries <= index_len):
                raise BundleError("not a code bundle: " + path)
            starts = array("H", bytes(2 * entries))
            got = f.readinto(starts)  # (little-endian, as the RP2040 and the host write it)
            dirs = f.read(dirs_len)
            self.index = b"\n" + f.read(index_len)  # every entry then starts with "\n"
            self.head = head  # the first line, checked again when the index is read again
            self.index_at = len(head) + 2 * entries + dirs_len  # rest() lets the index go
            self.base = self.index_at + index_len  # where the modules' bytes start
            f.seek(0, 2)
            size = f.tell()
        except ValueError:
            raise BundleError("not a code bundle: " + path) from None
        finally:
            f.close()
        if len(self.index) != index_len + 1 or size != total or got != 2 * entries or \
                len(dirs) != dirs_len:
            raise BundleError(path + " is cut short (%d of %d bytes): flash again" % (
                size, total))
        if dirs[:1] != b"\n" or dirs[-1:] != b"\n" or starts[entries - 1] >= len(self.index):
            raise BundleError("not a code bundle: " + path)
        # What an import asks is mostly a miss (a package's folder, its `.py`, before the
        # `.mpy` shipped): the folders, a few hundred bytes of their own, and what kinds of
        # names the files have (the flags) answer those without the 4 KB index, and `starts`
        # makes a hit a binary search. The host derived them (host/lanterne/bundle.py): the
        # board did at every boot, a Python loop over the index that took a Pico 18 ms.
        self.dirs = dirs  # every line of it starts after "\n"
        self.py = bool(flags & 1)  # a file named .py: its probes must search
        self.bare = bool(flags & 2)  # a file whose name has no dot: a package's probe must
        self.starts = starts  # where each index line's path starts (kept when it is let go)
        self._last = None  # the last file found (path, offset, size): a stat, then its open
        self._f = None  # the bundle file, opened at the first read and kept open
        self._pos = -1  # where its next read starts

    def find(self, idx, key):
        """Where the line of path `key` starts in the index `idx` ("\\n" + key + " "), -1 if
        none: a binary search over the sorted paths (a find over the 4 KB index read half of
        it for an average hit: some 0.8 ms of a Pico, forty times on the way to the first
        frame), comparing the bytes in place: a slice a step left small pieces of garbage
        between the modules an import chain loads, and a game's start on a Pico found no
        1.3 KB block with 74 KB free."""
        starts = self.starts
        n = len(key)
        if _search is not None:
            return _search(idx, len(idx), starts, len(starts), key, n)  # pyright: ignore[reportArgumentType]
        lo = 0
        hi = len(starts)
        # how many first bytes the key shares with the names just below lo and at hi: every
        # name between them shares at least the fewer (the paths are sorted), so each step
        # compares from there (the search costs about the key's length, not seven times it)
        llo = lhi = 0
        while lo < hi:
            mid = (lo + hi) >> 1
            at = starts[mid]
            j = llo if llo < lhi else lhi
            while j < n and idx[at + j] == key[j]:
                j += 1
            if j == n:
                if idx[at + n] == 32:  # the name ends there too: found
                    return at - 1 if idx[at - 1] == 10 else -1  # (a damaged start: none)
                hi = mid  # a longer name: after the key
                lhi = j
            elif idx[at + j] < key[j]:  # (a name that ends first has its space: 32, lower)
                lo = mid + 1
                llo = j
            else:
                hi = mid
                lhi = j
        return -1

    @staticmethod
    def _rel(path):
        return path.strip("/")

    def look(self, path):
        """The size of the file at `path` (relative to the mount), -1 for a folder, _NONE if
        neither. One call, the cheap answers first, and no exception for a miss (a raise costs
        more than the lookup): a Pico pays some 12 us a Python call, and an import asks three
        times (its package's folder, its .py, its .mpy), two of them misses."""
        if not self.py and path.endswith(".py"):  # an import's second probe: no such file
            return _NONE  # or folder (a .mpy does not end so)
        name = path.strip("/")
        if not name:
            return -1
        last = self._last
        if last is not None and last[0] == name:
            return last[2]
        if " " in name or "\n" in name:  # never a module's path: it would end a line's name
            return _NONE
        key = name.encode()
        if self.dirs.find(b"\n" + key + b"\n") >= 0:
            return -1
        if not self.bare and name.find(".", name.rfind("/") + 1) < 0:
            return _NONE
        idx = self.index or self._reload()
        if idx is None:  # no room for the index: its lines read one at a time
            hit = self._find_on_flash(key)
            if hit is None:
                return _NONE
            off, size = hit
        else:
            at = self.find(idx, key)
            if at < 0:
                return _NONE
            off, size = idx[at + 2 + len(key):idx.find(b"\n", at + 1)].split()
        last = self._last = (name, self.base + int(off), int(size))
        return last[2]

    def _reload(self):
        """The index again, after rest() let it go (an import needs it: a few ms); None when
        the heap has no block that large even after a collection (a long game's leftovers cut
        it up: the menu's import after a game found none with 42 KB free), and look() reads
        the lines it needs from the file instead. A bundle written anew since the mount (a
        flash under way) is not read with the old offsets: no such file until the reset that
        mounts it."""
        try:
            idx = self._read_index()
        except MemoryError:  # the importer takes any error for "no such module": try harder
            import gc

            gc.collect()
            try:
                idx = self._read_index()
            except MemoryError:
                return None
        if idx is None:
            raise OSError(_ENOENT)
        self.index = idx
        return idx

    def _find_on_flash(self, key):
        """find() for a heap with no room for the index in one piece: each step of the binary
        search reads its one line from the bundle file (a few small blocks, some 0.2 ms a
        step on a Pico). (offset, size) of the file at path `key`, None if none or if the
        bundle was written anew since the mount."""
        buf = bytearray(_LINE_MAX)
        got = self.read_at(0, buf)
        n = len(self.head)
        if got < n or bytes(buf[:n]) != self.head:
            return None
        starts = self.starts
        lo = 0
        hi = len(starts)
        while lo < hi:
            mid = (lo + hi) >> 1
            # starts count from the index's leading newline, which the file does not hold
            got = self.read_at(self.index_at + starts[mid] - 1, buf)
            line = bytes(buf[:got])
            end = line.find(b"\n")
            parts = line[:end].split() if end > 0 else ()
            if len(parts) != 3:  # a damaged index: no file there
                return None
            if parts[0] == key:
                return parts[1], parts[2]
            if parts[0] < key:
                lo = mid + 1
            else:
                hi = mid
        return None

    def _read_index(self):
        """The index as mounted, from the bundle file (a newline first), in one block of the
        heap (a read and a copy behind the newline needed two: an import after a long game
        found no room for them); None for a bundle written anew or cut since the mount."""
        n = self.base - self.index_at
        idx = bytearray(n + 1)
        idx[0] = 10
        with open(self.path, "rb") as f:
            if f.readline(_HEAD_MAX) != self.head:
                return None
            f.seek(self.index_at)
            got = f.readinto(memoryview(idx)[1:])
        return idx if got == n else None

    def entry(self, path):
        """(offset, size) of the file at `path` (relative to the mount), OSError if none."""
        if self.look(path) < 0:
            raise OSError(_ENOENT)  # a folder, or nothing
        last = self._last
        return last[1], last[2]

    def is_dir(self, path):
        name = self._rel(path)
        return not name or self.dirs.find(b"\n" + name.encode() + b"\n") >= 0

    # ---- what vfs.mount asks of a file system ----
    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        if self._f is not None:
            self._f.close()
            self._f = None

    def _relay_interrupt(self):
        """Raise the Ctrl-C a stat had to hold back (see stat)."""
        if self.interrupted:
            self.interrupted = False
            raise KeyboardInterrupt

    def stat(self, path):
        if self.interrupted:
            self._relay_interrupt()
        try:
            size = self.look(path)
        except KeyboardInterrupt:
            # MicroPython's importer takes any exception of a stat for "no such file", so a
            # Ctrl-C heard here (a host interrupting the board while it imports) would be lost:
            # a file is said to be there, and the open() that follows (or the next call of any
            # kind) raises the interrupt where it propagates
            self.interrupted = True
            return (_S_IFREG, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if size == _NONE:
            raise OSError(_ENOENT)
        if size < 0:
            return (_S_IFDIR, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return (_S_IFREG, 0, 0, 0, 0, 0, size, 0, 0, 0)

    def ilistdir(self, path):
        self._relay_interrupt()
        name = self._rel(path)
        if not self.is_dir(name):
            raise OSError(_ENOENT)
        prefix = b"\n" + (name.encode() + b"/" if name else b"")
        idx = self.index or self._reload()
        if idx is None:  # a listing reads the whole index: none now (an import still works)
            raise OSError(_ENOMEM)
        seen = []
        at = idx.find(prefix)
        while 0 <= at < len(idx) - 1:
            start = at + len(prefix)
            end = idx.find(b"\n", start)
            line = idx[start:end].split()  # the rest of the path, its offset, its size
            cut = line[0].find(b"/")
            child = line[0] if cut < 0 else line[0][:cut]
            if child not in seen:
                seen.append(child)
                if cut < 0:
                    yield (child.decode(), _S_IFREG, 0, int(line[2]))
                else:
                    yield (child.decode(), _S_IFDIR, 0, 0)
            at = idx.find(prefix, end)

    def open(self, path, mode="r"):
        if self.interrupted:
            self._relay_interrupt()
        if "w" in mode or "a" in mode or "+" in mode or "x" in mode:
            raise OSError(_EROFS)
        off, size = self.entry(path)
        return BundleFile(self, off, size)

    def read_at(self, offset, buf):
        """Read into `buf` from `offset` of the bundle file, kept open between reads (a seek
        only when another file's read moved it)."""
        f = self._f
        if f is None:
            f = self._f = open(self.path, "rb")
            self._pos = -1
        if self._pos != offset:
            f.seek(offset)
        got = f.readinto(buf)
        self._pos = offset + got
        return got

    def chdir(self, path):
        if not self.is_dir(path):
            raise OSError(_ENOENT)

    def getcwd(self):
        return ""

    def statvfs(self, path):
        return (4096, 4096, 0, 0, 0, 0, 0, 0, 0, 255)

    def remove(self, path):
        raise OSError(_EROFS)

    def rename(self, old, new):
        raise OSError(_EROFS)

    def mkdir(self, path):
        raise OSError(_EROFS)

    def rmdir(self, path):
        raise OSError(_EROFS)


_mounted = []  # the bundle mount() mounted (rest() lets its index go)


def rest():
    """Let the mounted bundle's index go (4 KB of a Pico's heap) until an import needs it
    again: the firmware calls it once it has booted and once a game has started, when no
    import is due for a while (a game's own imports are done by then)."""
    for fs in _mounted:
        fs.index = None


def boot():
    """What /boot.py runs at every reset, into main.py or into the raw REPL the host tools use
    alike: the bundle mounted before anything imports (a board without one imports its files
    as before; one it cannot use is said in a line), then the built-in modules made known.

    MicroPython looks for an extensible built-in module (os, time, json...) on every folder of
    sys.path before taking its own, at every import of it, one inside a function too: 8.7 ms
    of a Pico each time. Known to sys.modules, it is found at once. Imported here with an
    empty sys.path, it is the built-in itself, no folder searched (its u-name, "uos", would
    do the same but be one more name interned for good: nine in all). (`machine` on a Pico
    only: the unix port's stand-in for it is a file, unixport/machine.py.)"""
    import sys

    why = mount()
    if why is not None and not why.startswith("no "):
        print("lanterne: the code bundle cannot be used:", why)
    # (not `deflate`: not extensible, found at once already; its u-name is no module, and the
    # search for one took a Pico 6.6 ms of every boot)
    path = sys.path[:]
    sys.path.clear()
    for name in ("os", "time", "json", "array", "select", "binascii", "hashlib", "io") + (
            ("machine",) if sys.platform == "rp2" else ()):
        try:
            sys.modules[name] = __import__(name)
        except ImportError:  # a port without it
            pass
    sys.path.extend(path)
    if why is None:
        load_search()


def mount(path=BUNDLE, at=MOUNT):
    """Mount the bundle at `at`, first on sys.path; None once mounted, else why not (no bundle:
    a board flashed file by file imports its files as before)."""
    import sys

    import vfs

    try:
        fs = Bundle(path)
    except BundleError as exc:
        return str(exc)
    try:
        vfs.umount(at)
    except OSError:
        pass
    vfs.mount(fs, at)
    if at == MOUNT:
        _mounted[:] = [fs]
    if at not in sys.path:
        sys.path.insert(0, at)
    return None
