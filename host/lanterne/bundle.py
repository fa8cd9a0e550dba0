"""The code bundle `lanterne flash` writes: the firmware's compiled modules as one file,
/lanterne.bundle, which the board mounts read-only at /lanterne (firmware/bundlefs.py).

Format: a first line `LBN1 <index length> <file length>\\n`; the index, one line a module,
`<path> <offset> <size>\\n` (its path inside the packages, e.g. firmware/app.mpy; the
offset counted from the end of the index), sorted by path; then the modules' bytes. The file
length lets the board refuse a bundle cut short by a power cut mid-flash.
"""

ROOT_FILES = ("main.py", "boot.py", "bundlefs.mpy", "bundlefs.py")  # flashed at / as they are


def pack(modules: dict[str, bytes]) -> bytes:
    """The bundle of `modules` ({path: bytes}); ValueError for a path the index cannot hold."""
    for path in modules:
        if not path or any(c in path for c in " \n\r") or path.startswith("/") or \
                not path.isascii():
            raise ValueError(f"a module path the bundle cannot hold: {path!r}")
    names = sorted(modules)
    lines, offset = [], 0
    for name in names:
        lines.append(b"%s %d %d\n" % (name.encode(), offset, len(modules[name])))
        offset += len(modules[name])
    index = b"".join(lines)
    start = b"LBN1 %d " % len(index)
    rest = len(start) + len(index) + offset
    total = rest
    while total != rest + len(b"%d\n" % total):  # the length counts its own digits
        total = rest + len(b"%d\n" % total)
    return start + b"%d\n" % total + index + b"".join(modules[n] for n in names)


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
