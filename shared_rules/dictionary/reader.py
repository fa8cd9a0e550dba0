"""Reading the packed word sets of data/ (built by host/lanterne/dictionary_build.py) a block
at a time: a lookup reads a 16-byte header, about ten index records and one raw-deflate chunk
of at most 2 KB of words, never the whole list. The same code on both runtimes: MicroPython's
`deflate.DeflateIO` or CPython's `zlib`, chosen once at import (`inflate`).

words.bin: b"LWD1", then big-endian u32 words, u32 dictionary entries, u16 chunks, u8 key
width W, u8 window bits; then chunks + 1 index records of W + 5 bytes (u8 key length, the key
padded with zeros to W, u32 offset of the chunk in the file; the last record gives where the
last chunk ends); then the chunks. A chunk is a raw-deflate stream of front-coded words in
small letters a-z, sorted: per word a code byte (48 + how many first letters it shares with
the word before, up to 31, + 32 if it is a dictionary entry), the rest of its letters, and a
newline. A chunk's first word is whole. Its key is the shortest start of its first word that
sorts after the last word of the chunk before, so a word belongs to the last chunk whose key
is not after it.

bots.bin: b"LWB2", u8 levels L, u8 window bits, u16 words; then for each letter a-z: u32
offset, u16 compressed length, then L u16 counts: how many of its words level 0, 1, ... knows
(each count includes those before); then one raw-deflate stream a letter, one word a line in
small letters, level 0's words first, then those level 1 adds, and so on (each level's in
alphabetical order): a level reads only its count of words.
"""

# pyright: reportRedeclaration=false, reportMissingImports=false
# (one of two runtimes' inflaters is defined at import: the stubs know MicroPython's only)

import io

import micropython
from micropython import const

try:
    import deflate

    def inflate(data, wbits):
        """The bytes a raw-deflate stream `data` holds (MicroPython: deflate.DeflateIO)."""
        return deflate.DeflateIO(io.BytesIO(data), deflate.RAW, wbits).read()

    def inflater(f, wbits):
        """A stream inflating the raw-deflate data read from the open file `f` (from where it
        stands) a piece at a time."""
        return deflate.DeflateIO(f, deflate.RAW, wbits)
except ImportError:  # CPython
    import zlib

    def inflate(data, wbits):
        """The bytes a raw-deflate stream `data` holds (CPython: zlib)."""
        d = zlib.decompressobj(-15)
        out = d.decompress(data) + d.flush()
        if not d.eof:
            raise ValueError("a chunk of the word set is cut short")
        return out

    class inflater:  # noqa: N801 (a function on MicroPython)
        """A stream inflating the raw-deflate data read from the open file `f` (from where it
        stands) a piece at a time."""

        def __init__(self, f, wbits):
            self._d = zlib.decompressobj(-15)
            self._f = f
            self._buf = b""

        def read(self, n):
            while len(self._buf) < n and not self._d.eof:
                piece = self._f.read(256)
                if not piece:
                    break
                self._buf += self._d.decompress(piece)
            out = self._buf[:n]
            self._buf = self._buf[n:]
            return out

NOT_FOUND = 0  # lookup(): the word is in neither set
FORM = 1  # a plural, conjugated form or proper noun: in the every-form set only
ENTRY = 2  # a dictionary entry: in both sets

MAX_LEN = 30  # no longer word is packed (the builder's MAX_LEN)
_DIRS = const(("shared_rules/dictionary/data/", "/shared_rules/dictionary/data/"))


def data_path(name):
    """The path of data file `name`: beside this module when it is there (CPython, the tests'
    build), else under the board's (or the checkout's) shared_rules/dictionary/data/."""
    here = __file__
    cut = max(here.rfind("/"), here.rfind("\\"))
    for d in ((here[:cut + 1] + "data/") if cut >= 0 else "data/",) + _DIRS:
        try:
            with open(d + name, "rb"):
                return d + name
        except OSError:
            pass
    raise ValueError("the word set " + name + " is not on this device")


def _u32(b, i):
    return (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]


def _u16(b, i):
    return (b[i] << 8) | b[i + 1]


def scan(buf, q):
    """Look `q` (bytes a-z) up in one inflated chunk `buf`: NOT_FOUND, FORM or ENTRY. Walks the
    front-coded words keeping how many first letters the word read shares with `q`, so most
    words cost one comparison and the walk stops at the first word after `q`."""
    m = 0
    ql = len(q)
    i = 0
    n = len(buf)
    while i < n:
        c = buf[i] - 48
        p = c & 31
        j = buf.find(b"\n", i + 1)
        if j < 0:
            raise ValueError("a chunk of the word set is damaged")
        if p == m:
            k = i + 1
            while k < j and m < ql and buf[k] == q[m]:
                k += 1
                m += 1
            if k == j:
                if m == ql:
                    return ENTRY if c >> 5 else FORM
            elif m == ql or buf[k] > q[m]:
                return NOT_FOUND  # this word comes after q
        elif p < m:
            return NOT_FOUND
        i = j + 1
    return NOT_FOUND


class FrontCoded:
    """The (word, flag) pairs of a front-coded block (a chunk of words.bin), read one at a
    time by `next()` (None at the end), from bytes or from a stream read 256 bytes at a time
    (then close() it, or read it to its end, to close the file `f` it holds)."""

    def __init__(self, src, f=None):
        self._file = f  # closed by close(), or at the end
        if isinstance(src, (bytes, bytearray)):
            self._buf = bytes(src)
            self._src = None
        else:
            self._buf = b""
            self._src = src
        self._i = 0
        self._prev = b""

    def next(self):
        buf = self._buf
        i = self._i
        j = buf.find(b"\n", i + 1)
        while j < 0 and self._src is not None:
            more = self._src.read(256)
            if not more:
                self._src = None
                self.close()
                break
            buf = self._buf = buf[i:] + more
            i = self._i = 0
            j = buf.find(b"\n", 1)
        if j < 0:
            if i < len(buf):
                raise ValueError("a block of the word set is damaged")
            return None
        c = buf[i] - 48
        p = c & 31
        if p > len(self._prev):
            raise ValueError("a block of the word set is damaged")
        w = self._prev[:p] + buf[i + 1:j]
        self._prev = w
        self._i = j + 1
        return w, c >> 5

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None


class Words:
    """words.bin, opened for lookups: the header is read once, the rest at each lookup."""

    def __init__(self, path=None):
        self.path = path or data_path("words.bin")
        with open(self.path, "rb") as f:
            head = f.read(16)
            if len(head) != 16 or head[:4] != b"LWD1":
                raise ValueError("not a word set: " + self.path)
            self.count = _u32(head, 4)
            self.entries = _u32(head, 8)
            self.chunks = _u16(head, 12)
            self.width = head[14]
            self.wbits = head[15]
            self.rec = self.width + 5
            f.seek(16 + self.chunks * self.rec + 1 + self.width)
            end = f.read(4)
            f.seek(0, 2)
            size = f.tell()
        if (not self.chunks or not 9 <= self.wbits <= 15 or len(end) != 4
                or _u32(end, 0) != size):
            raise ValueError("a damaged word set: " + self.path)

    def _record(self, f, i):
        f.seek(16 + i * self.rec)
        r = f.read(self.rec)
        return r[1:1 + r[0]], _u32(r, 1 + self.width)

    def chunk_of(self, f, q):
        """The number of the chunk that would hold `q`: a binary search of the index."""
        lo = 0
        hi = self.chunks - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._record(f, mid)[0] <= q:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def read_chunk(self, f, i):
        """Chunk `i` inflated."""
        start = self._record(f, i)[1]
        end = self._record(f, i + 1)[1]
        if not 0 < end - start <= 65535:
            raise ValueError("a damaged word set: " + self.path)
        f.seek(start)
        data = f.read(end - start)
        try:
            return inflate(data, self.wbits)
        except MemoryError:  # no room now: not the file's fault (the caller's to handle)
            raise
        except Exception:  # zlib.error, OSError: one line, whatever the runtime says
            raise ValueError("a damaged word set: " + self.path)

    def lookup(self, word):
        """NOT_FOUND, FORM or ENTRY for `word`, a str or bytes of small letters a-z."""
        q = word.encode() if isinstance(word, str) else bytes(word)
        if not q or len(q) > MAX_LEN:
            return NOT_FOUND
        with open(self.path, "rb") as f:
            return scan(self.read_chunk(f, self.chunk_of(f, q)), q)


class BotWords:
    """bots.bin: the words the bots know, read a first letter at a time."""

    def __init__(self, path=None):
        self.path = path or data_path("bots.bin")
        with open(self.path, "rb") as f:
            head = f.read(8)
            if len(head) != 8 or head[:4] != b"LWB2" or not 1 <= head[4] <= 8:
                raise ValueError("not a bots' word set: " + self.path)
            self.levels = head[4]
            self.rec = 6 + 2 * self.levels
            self._table = f.read(26 * self.rec)
        self.wbits = head[5]
        self.count = _u16(head, 6)
        if len(self._table) != 26 * self.rec:
            raise ValueError("not a bots' word set: " + self.path)

    def letter(self, ch):
        """(offset, compressed length, [words level 0 reads, level 1, ...]) of the words
        starting with `ch` (a-z)."""
        i = (ord(ch) | 32) - 97
        if not 0 <= i < 26:
            raise ValueError("no such letter")
        t = self._table
        r = self.rec * i
        return _u32(t, r), _u16(t, r + 4), [_u16(t, r + 6 + 2 * k) for k in range(self.levels)]

    def stream(self, ch, level):
        """A Lines reader of the words starting with `ch` that bot level `level` (0, 1, ...)
        knows, most known first; close() it (it holds the file open while it reads)."""
        off, n, upto = self.letter(ch)
        if not n or not upto[level]:
            return Lines(None, None, 0)
        f = open(self.path, "rb")
        f.seek(off)
        return Lines(inflater(f, self.wbits), f, upto[level])


class Lines:
    """Words one a line, read from an inflating stream a 512-byte piece at a time: `piece()`
    gives the next list of whole words (split in one call), None once `limit` words are
    given or the stream ends."""

    def __init__(self, src, f, limit):
        self._src = src
        self._file = f
        self._left = limit
        self._tail = b""

    @micropython.native  # (its frame on the C stack: 1.1 ms less a piece on a Pico in play)
    def piece(self):
        while self._left > 0 and self._src is not None:
            try:
                more = self._src.read(512)
            except MemoryError as e:  # no room now: not the file's fault (the caller's to handle)
                self.close()
                raise e  # (the native emitter has no bare raise)
            except Exception:  # a damaged stream: one line, whatever the runtime says
                self.close()
                raise ValueError("a damaged bots' word set")
            if not more:
                self.close()
                if self._tail:
                    raise ValueError("a block of the word set is damaged")
                return None
            data = self._tail + more
            cut = data.rfind(b"\n")
            if cut < 0:
                self._tail = data
                continue
            self._tail = data[cut + 1:]
            words = data[:cut].split(b"\n")
            if len(words) > self._left:
                words = words[:self._left]
            self._left -= len(words)
            return words
        self.close()
        return None

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None
        self._src = None
