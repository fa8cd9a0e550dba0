"""The code bundle `lanterne flash` writes: the firmware's compiled modules as one file,
/lanterne.bundle, which the board mounts read-only at /lanterne (firmware/bundlefs.py).

Format (LBN2):
- a first line `LBN2 <entries> <folders length> <index length> <flags> <file length>\\n`;
- where each index line's path starts (counted from a newline put before the index), one
  unsigned 16-bit little-endian number an entry: the board's binary search;
- the folders, `\\n` + one line each (`\\n` alone for the root);
- the index, one line a module, `<path> <offset> <size>\\n` (its path inside the packages,
  e.g. firmware/app.mpy; the offset counted from the end of the index), sorted by path;
- then the modules' bytes.

Flags: 1 when a file's or a folder's path ends in .py, 2 when a file's name has no dot (the
lookups that may then not be refused without the index). The folders, the flags and the starts
are what the board derived from the index at every boot before (18 ms of a Pico, a Python loop
over a hundred lines). The file length lets the board refuse a bundle cut short by a power cut
mid-flash.
"""

import struct

ROOT_FILES = ("main.py", "boot.py", "bundlefs.mpy", "bundlefs.py")  # flashed at / as they are
PY, BARE = 1, 2  # the flags


def pack(modules: dict[str, bytes]) -> bytes:
    """The bundle of `modules` ({path: bytes}); ValueError for a path the index cannot hold."""
    for path in modules:
        if not path or any(c in path for c in " \n\r") or path.startswith("/") or \
                not path.isascii():
            raise ValueError(f"a module path the bundle cannot hold: {path!r}")
    names = sorted(modules)
    lines, offset = [], 0
    starts = []
    at = 1  # after the newline the board puts before the index
    folders = [""]
    flags = 0
    for name in names:
        line = b"%s %d %d\n" % (name.encode(), offset, len(modules[name]))
        starts.append(at)
        at += len(line)
        lines.append(line)
        offset += len(modules[name])
        if name.endswith(".py"):
            flags |= PY
        leaf = name.rsplit("/", 1)[-1]
        if "." not in leaf:
            flags |= BARE
        parts = name.split("/")[:-1]
        for k in range(1, len(parts) + 1):
            folder = "/".join(parts[:k])
            if folder not in folders:
                folders.append(folder)
    if any(folder.endswith(".py") for folder in folders):  # the board's .py probes must look
        flags |= PY
    index = b"".join(lines)
    if len(index) >= 0xFFFF:
        raise ValueError("too many modules for one bundle's index")
    dirs = "\n".join(folders).encode() + b"\n"  # "\n" first: the root's empty line
    body = struct.pack(f"<{len(starts)}H", *starts)
    start = b"LBN2 %d %d %d %d " % (len(names), len(dirs), len(index), flags)
    rest = len(start) + len(body) + len(dirs) + len(index) + offset
    total = rest
    while total != rest + len(b"%d\n" % total):  # the length counts its own digits
        total = rest + len(b"%d\n" % total)
    return start + b"%d\n" % total + body + dirs + index + b"".join(modules[n] for n in names)


def ship(built: dict[str, bytes], data: tuple[str, ...], name: str) -> dict[str, bytes]:
    """What `lanterne flash` writes, from `build`'s {device path: bytes}: the root files and the
    data files as they are, every package module inside one bundle called `name`."""
    out, modules = {}, {}
    for path, content in built.items():
        if path in ROOT_FILES or path in data:
            out[path] = content
        else:
            modules[path] = content
    if modules:
        out[name] = pack(modules)
    return out
