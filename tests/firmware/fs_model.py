"""A model of a filesystem that loses, at a power cut, whatever had not reached the medium (both
runtimes). It stands in for the os module and open() under firmware.store.RealFS, so the real
save code (writes, flush, fsync, renames, folder syncs) runs on it.

Flavours:
- "lfs" (littlefs, the Pico): a file's data reaches the medium when it is flushed or closed; a
  file is created (empty) at open; rename and remove are atomic and on the medium at once; there
  is no fsync.
- "fat": as "lfs", but rename refuses to replace an existing file and a file opened for writing
  is truncated on the medium at once.
- "posix" (a computer): data reaches the medium at fsync of the file; names (a file created,
  renamed, removed) at fsync of the folder; a truncation at once (the worst case).

Every operation that changes something (open for writing, each write, flush, fsync, close,
rename, remove, folder open/close) is one step; `cut_at = k` cuts the power just before step k
(1-based) and every later call raises PowerCut until reboot(). reboot(keep, torn) powers up:
`keep` of the folder changes not yet synced survive (POSIX may have written some), and `torn`
keeps the first half of data written but not synced (a POSIX write-back half done)."""


class PowerCut(Exception):
    """The power went (not an OSError: nothing in the firmware catches it)."""


class ModelFile:
    def __init__(self, model, ino, writing):
        self.model = model
        self.ino = ino
        self.writing = writing
        self.pos = 0
        self.closed = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if not self.model.dead:
            self.close()

    def write(self, data):
        self.model.step("write")
        self.model.data[self.ino][0] += bytes(data)
        return len(data)

    def read(self, n=-1):
        self.model.alive()
        live = self.model.data[self.ino][0]
        out = live[self.pos:] if n < 0 else live[self.pos:self.pos + n]
        self.pos += len(out)
        return out

    def flush(self):
        if self.writing:
            self.model.step("flush")
            if self.model.flavour != "posix":  # littlefs: a flush is a file sync
                self.model.commit(self.ino)

    def fileno(self):
        return self.model.fd_of(self.ino)

    def close(self):
        if self.closed:
            return
        self.closed = True
        if self.writing:
            self.model.step("close")
            if self.model.flavour != "posix":  # littlefs: closing commits the file
                self.model.commit(self.ino)


class Model:
    """The filesystem: pass `model` as os and `model.file` as open() to RealFS."""

    def __init__(self, flavour="lfs", files=None):
        self.flavour = flavour
        self.data = {}  # inode -> [live bytes, bytes on the medium]
        self.live = {}  # name -> inode: what the running program sees
        self.disk = {}  # name -> inode: what a cut leaves
        self.pending = []  # posix: folder changes not synced yet, in order
        self.fds = {}
        self.inodes = 0
        self.steps = 0
        self.cut_at = -1
        self.dead = False
        self.log = []
        if flavour == "posix":
            self.fsync = self._fsync
            self.open = self._open
            self.close = self._close
            self.O_RDONLY = 0
        for name in files or {}:
            ino = self.inode(files[name])
            self.live[name] = self.disk[name] = ino

    # ---- power ----------------------------------------------------------------------------
    def alive(self):
        if self.dead:
            raise PowerCut("the power is off")

    def step(self, what):
        self.alive()
        self.steps += 1
        if self.steps == self.cut_at:
            self.dead = True
            raise PowerCut("power cut before step %d (%s)" % (self.steps, what))
        self.log.append(what)

    def reboot(self, keep=0, torn=False):
        """Power back: the medium as the cut left it."""
        for op in self.pending[:keep]:
            self.apply(self.disk, op)
        self.pending = []
        for ino in self.data:
            d = self.data[ino]
            if torn and len(d[0]) > len(d[1]) and d[0][:len(d[1])] == d[1]:
                d[1] = d[0][:(len(d[0]) + len(d[1])) // 2]
            d[0] = d[1]
        self.live = dict(self.disk)
        self.fds = {}
        self.dead = False
        self.cut_at = -1
        self.steps = 0
        self.log = []

    def files(self):
        """name -> bytes, as the program sees them."""
        out = {}
        for name in self.live:
            out[name] = self.data[self.live[name]][0]
        return out

    # ---- inside ---------------------------------------------------------------------------
    def inode(self, data=b""):
        self.inodes += 1
        self.data[self.inodes] = [data, data]
        return self.inodes

    def commit(self, ino):
        d = self.data[ino]
        d[1] = d[0]

    def fd_of(self, ino):
        fd = 100 + ino
        self.fds[fd] = ino
        return fd

    def apply(self, names, op):
        if op[0] == "create":
            names[op[1]] = op[2]
        elif op[0] == "rename":
            if op[1] in names:
                names[op[2]] = names.pop(op[1])
        elif op[0] == "remove":
            names.pop(op[1], None)

    def change(self, op):
        """A change of names: at once on the medium (littlefs, FAT), or when the folder is
        synced (POSIX)."""
        self.apply(self.live, op)
        if self.flavour == "posix":
            self.pending.append(op)
        else:
            self.apply(self.disk, op)

    # ---- what RealFS calls ---------------------------------------------------------------
    def file(self, path, mode="rb"):
        self.alive()
        if "w" in mode:
            self.step("open " + path)
            if path in self.live:
                ino = self.live[path]
                self.data[ino][0] = b""
                if self.flavour != "lfs":  # littlefs truncates at the commit, the others at once
                    self.data[ino][1] = b""
            else:
                ino = self.inode()
                self.change(("create", path, ino))
            return ModelFile(self, ino, True)
        if path not in self.live:
            raise OSError(2)
        return ModelFile(self, self.live[path], False)

    def stat(self, path):
        self.alive()
        if path in self.live:
            return (0o100644, 0, 0, 1, 0, 0, len(self.data[self.live[path]][0]), 0, 0, 0)
        if path == "." or path.endswith("/") or any(n.startswith(path + "/") for n in self.live):
            return (0o40755, 0, 0, 2, 0, 0, 0, 0, 0, 0)
        raise OSError(2)

    def rename(self, old, new):
        self.alive()
        if old not in self.live:
            raise OSError(2)
        if self.flavour == "fat" and new in self.live:
            raise OSError(17)
        self.step("rename %s %s" % (old, new))
        self.change(("rename", old, new))

    def remove(self, path):
        self.alive()
        if path not in self.live:
            raise OSError(2)
        self.step("remove " + path)
        self.change(("remove", path))

    def _open(self, path, flags):  # os.open of a folder (POSIX only)
        self.step("open folder")
        self.fds[-1] = None
        return -1

    def _close(self, fd):
        self.step("close folder")

    def _fsync(self, fd):
        self.step("fsync")
        if fd == -1:
            for op in self.pending:
                self.apply(self.disk, op)
            self.pending = []
        else:
            self.commit(self.fds[fd])
