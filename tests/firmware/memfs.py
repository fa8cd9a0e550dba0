"""An in-memory filesystem for firmware.store that can lose power at any step (both runtimes):
small, so a test that makes many boards keeps its heap for them."""


class PowerCut(BaseException):
    """The power went: raised by MemFS at the chosen step (not an Exception: nothing in the
    firmware catches it, not even a command's last resort)."""


class MemFS:
    """An in-memory filesystem for firmware.store; `cut_after` = steps allowed before the cut.
    A write is two steps (half the bytes land first), rename and remove one each."""

    def __init__(self, files=None):
        self.files = dict(files or {})
        self.folders = set()
        self.cut_after = -1
        self.steps = 0

    def _step(self):
        self.steps += 1
        if 0 <= self.cut_after < self.steps:
            raise PowerCut("power cut at step %d" % self.steps)

    def read(self, path):
        if path not in self.files:
            raise OSError(2)
        return self.files[path]

    def size(self, path):
        return len(self.read(path))

    def write(self, path, parts):
        data = b"".join(parts)
        self._step()
        self.files[path] = data[: len(data) // 2]
        self._step()
        self.files[path] = data

    def rename(self, old, new):
        if old in self.folders:  # a folder and all in it, at once
            self._step()
            self.folders.remove(old)
            self.folders.add(new)
            for p in list(self.files):
                if p.startswith(old + "/"):
                    self.files[new + p[len(old):]] = self.files.pop(p)
            return
        if old not in self.files:
            raise OSError(2)
        self._step()
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        if path not in self.files:
            raise OSError(2)
        self._step()
        del self.files[path]

    def exists(self, path):
        return path in self.files or path in self.folders

    def names(self, folder):
        base = folder + "/" if folder else ""
        return [p[len(base):] for p in list(self.files) + list(self.folders)
                if p.startswith(base) and "/" not in p[len(base):]]

    def make_folder(self, folder):
        self._step()
        self.folders.add(folder)
