"""`lanterne test`: run the shared rules tests with the MicroPython runner, on the board or locally.

With `--device` the runner, the test files and the rules (compiled for the board) are copied into
`lanterne_tests/` on the board (only what changed) and run there through the raw REPL, one
file at a time. The runner (tests/mprunner.py) plays the board's counts of the random and
full-game tests there (tests/rules/sizes.py: "board" on a Pico) and times each file with the
board's own clock; each file's time and the total are printed at the end.
"""

import re
import runpy
import subprocess
import sys
import tempfile
from pathlib import Path

import click

from lanterne import bundle
from lanterne.device import Board, DeviceError, choose_port, port_option
from lanterne.flash import (
    ROOT,
    build,
    mpy_target,
    probe_board,
    short_names,
    source_files,
    sync,
)

# The heap the unix port gets when it stands in for a Pico (docs/DEVELOPING.md: why this size).
PICO_HEAP = "328k"

DEST = "lanterne_tests"
BUNDLE = "code.bundle"  # the code under test, in DEST
MOUNT = "/lanterne_tests_code"  # where the runner mounts it
RESULT = re.compile(rb"(\d+) passed, (\d+) failed")
TIME = re.compile(rb"^time (\S+) (\d+) ms", re.M)  # the runner's line: a file's time in ms


def device_test_files(firmware=False, root=ROOT, only=None):
    """(device path, local file): runner, shared test files and helpers, the code they test.

    `only`: test file names to copy (helpers, not named test_*, always go along).
    """
    files = [(f"{DEST}/tests/mprunner.py", root / "tests" / "mprunner.py")]
    dirs = ["rules"] + (["firmware"] if firmware else [])
    for d in dirs:
        for f in sorted((root / "tests" / d).glob("*.py")):
            if only is None or not f.name.startswith("test_") or f.name in only:
                files.append((f"{DEST}/tests/{d}/{f.name}", f))
    # what the tests import beside it but the board never runs (firmware/manifest.py)
    manifest = runpy.run_path(str(root / "firmware" / "manifest.py"))
    # the data files (the word sets: most of the flash) are read where `lanterne flash` put
    # them (/shared_rules/...): a second copy would not fit beside a flashed firmware
    data = set(manifest.get("DATA", ()))
    code = [(f"{DEST}/{dev}", f) for dev, f in source_files(root)
            if "/" in dev and dev not in data and  # the packages' files (not the root's)
            (firmware or dev.startswith("shared_rules/"))]
    extra = list(manifest["NOT_ON_BOARD"]) + (list(manifest["SIMULATOR"]) if firmware else [])
    code += [(f"{DEST}/{dev}", root / dev) for dev in extra]
    if firmware:  # firmware tests load profiles from hardware/profiles/, relative to the cwd
        for f in sorted((root / "hardware" / "profiles").rglob("*.json")):
            rel = f.relative_to(root / "hardware" / "profiles").as_posix()
            files.append((f"{DEST}/hardware/profiles/{rel}", f))
        # and their data (expected frames...); the unix port's stand-in hardware stays behind
        for f in sorted((root / "tests" / "firmware").rglob("*")):
            rel = f.relative_to(root / "tests" / "firmware")
            if f.is_file() and len(rel.parts) > 1 and rel.parts[0] not in ("standins",
                                                                          "__pycache__"):
                files.append((f"{DEST}/tests/firmware/{rel.as_posix()}", f))
    return files, code


def runner_code(paths, keyword=None, size=None):
    """What the board executes: the runner inside DEST, in a function so that nothing stays
    referenced afterwards; every module it imported is forgotten and the heap collected."""
    args = list(paths) + (["-k", keyword] if keyword else []) + (["--size", size] if size
                                                                  else [])
    return (
        "def _lanterne_run():\n"
        "    import sys, gc, os\n"
        "    before = set(sys.modules)\n"
        "    path = list(sys.path)\n"
        "    cwd = os.getcwd()\n"
        f"    os.chdir({DEST!r})\n"
        # the code sent, as a bundle of its own, before the flashed one (/lanterne)
        "    import bundlefs\n"
        f"    why = bundlefs.mount({BUNDLE!r}, {MOUNT!r})\n"
        "    if why:\n"
        "        raise OSError(why)\n"
        "    sys.path[:0] = ['tests']\n"
        "    try:\n"
        "        gc.collect()\n"
        "        __import__('mprunner').main(" + repr(args) + ")\n"
        "    finally:\n"
        "        os.chdir(cwd)\n"
        "        try:\n"
        f"            __import__('vfs').umount({MOUNT!r})\n"
        "        except OSError:\n"
        "            pass\n"
        "        for m in [m for m in sys.modules if m not in before]:\n"
        "            del sys.modules[m]\n"
        "        sys.path[:] = path\n"
        "_lanterne_run()\n"
        "del _lanterne_run\n"
        "import gc\n"
        "gc.collect()\n"
    )


def _seconds(ms):
    s = ms / 1000
    return f"{s:.1f} s" + (f" ({int(s // 60)} min {int(s % 60):02d} s)" if s >= 60 else "")


def time_report(times):
    """The lines that end a run: each file's time on the board's clock, then the total."""
    lines = ["board time per file (the board's time.ticks_ms()):"]
    for path, ms, p, f in times:
        lines.append(f"{ms / 1000:8.1f} s  {path}: {p} passed, {f} failed")
    total = sum(t[1] for t in times)
    n = len(times)
    lines.append(f"board time: {_seconds(total)} for {n} file" + ("s" if n != 1 else ""))
    return "\n".join(lines) + "\n"


def run_on_device(port, firmware=False, keyword=None, out=None, show_progress=True, root=ROOT,
                  only=None, fresh=None, size=None):
    """Copy and run the tests on the board; returns (passed, failed, output bytes).

    fresh: soft-reset between files (default: on a real board, not on the unix port).
    size: the tests' size (tests/rules/sizes.py) if not the board's own ("board" on a Pico).
    """
    out = out or (lambda b: (sys.stdout.buffer.write(b), sys.stdout.flush()))
    got = bytearray()

    def consume(b):
        b = b.replace(b"\x04", b"")  # the raw REPL's end-of-output markers
        got.extend(b)
        out(b)

    with Board(port) as board:
        word, platform, free, sizes = probe_board(board)
        tests, code = device_test_files(firmware, root, only)
        with tempfile.TemporaryDirectory() as tmp:
            # test files and helpers are compiled too: the board then needs no heap to compile
            # them (the runner is given the .py path and imports the module by name)
            py = [(d, f) for d, f in tests if f.suffix == ".py" and not d.endswith("mprunner.py")]
            loader = (f"{DEST}/bundlefs.py", root / "firmware" / "bundlefs.py")
            wanted, why = build(py + [loader], mpy_target(word), tmp, lines=True)
            # the code as `lanterne flash` ships it: its private globals' short names
            modules, why_code = build(code, mpy_target(word), tmp,
                                      names=short_names(code, root))
        why = why or why_code
        # the code under test as one bundle (firmware/bundlefs.py): a hundred small files
        # would take a littlefs block each, more than a flashed board has free
        wanted[f"{DEST}/{BUNDLE}"] = bundle.pack({d[len(DEST) + 1:]: data
                                                  for d, data in modules.items()})
        if why:
            click.echo(f"warning: copying plain .py files ({why})", err=True)
        for dev, f in tests:
            if (dev, f) not in py:
                wanted[dev] = f.read_bytes()
        # on the board: the hashes of what was written there (see flash.HASHES_FILE)
        todo = sync(board, wanted, f"{DEST}/manifest.json", sizes, free,
                    show_progress=show_progress)
        click.echo(f"{platform} on {port}: {len(todo)} of {len(wanted)} files copied; running")
        # one runner call per file, forgetting its modules after: a Pico's heap cannot hold
        # every test module and what they import at once. Interned names stay behind, so a
        # real board is also soft-reset between files (in the raw REPL, which skips main.py);
        # the unix port cannot be (a soft reset ends its process).
        if fresh is None:
            fresh = platform != "linux"
        paths = [d[len(DEST) + 1:] for d, f in tests
                 if f.name.startswith("test_") and (only is None or f.name in only)]
        passed = failed = 0
        times = []
        for i, path in enumerate(paths):
            if fresh and i:
                board.raw_soft_reset()
            mark = len(got)
            err = board.stream(runner_code([path], keyword, size), consume)
            if err.strip():
                consume(err.encode())
            mine = bytes(got[mark:])
            if b"MemoryError" in mine:  # said plainly: the file does not fit a board's heap
                consume(f"FAIL {path}: out of heap on the board (a Pico has some 240 KB free "
                        f"after boot): the file must fit it\n".encode())
            m = RESULT.findall(mine)
            t = TIME.findall(mine)
            ms = int(t[-1][1]) if t else 0
            if not m:
                consume(f"FAIL {path}: the runner stopped without its summary\n".encode())
                failed += 1
                times.append((path, ms, 0, 1))
                continue
            p, f = map(int, m[-1])
            passed, failed = passed + p, failed + f
            times.append((path, ms, p, f))
        if fresh:
            board.soft_reset()  # leave the board running its firmware again
    if paths:
        consume(time_report(times).encode())
    total = f"total: {passed} passed, {failed} failed\n".encode()
    consume(total)
    if not paths:
        raise DeviceError("no test files to run")
    return passed, failed, bytes(got)


def run_locally(paths, keyword=None, echo=click.echo, size=None):
    """Run test files on the local MicroPython unix port, one process per file (as a fresh board
    would); returns (passed, failed) summed over the files."""
    exe = Path(sys.executable).parent / "micropython"
    files = []
    for p in paths:
        p = Path(p) if Path(p).is_absolute() else ROOT / p
        files += sorted(p.glob("test_*.py")) if p.is_dir() else [p]
    passed = failed = 0
    for f in files:
        proc = subprocess.run(
            [str(exe) if exe.exists() else "micropython", "-X", "heapsize=" + PICO_HEAP,
             "tests/mprunner.py", str(f), *(["-k", keyword] if keyword else []),
             *(["--size", size] if size else [])],
            cwd=ROOT, capture_output=True, text=True)
        out = proc.stdout + proc.stderr
        m = RESULT.findall(out.encode())
        lines = [ln for ln in out.splitlines() if not RESULT.fullmatch(ln.encode())]
        if lines:
            echo("\n".join(lines))
        if not m:
            echo(f"FAIL {f}: the runner stopped without its summary")
            failed += 1
            continue
        p_, f_ = map(int, m[-1])
        passed, failed = passed + p_, failed + f_
        echo(f"{f.relative_to(ROOT) if f.is_relative_to(ROOT) else f}: {p_} passed, {f_} failed")
    echo(f"total: {passed} passed, {failed} failed")
    return passed, failed


@click.command("test", short_help="Run the game-rules tests under MicroPython.")
@click.option("--device", is_flag=True,
              help="run them on the Pico plugged in by USB (otherwise on this computer's "
                   "MicroPython)")
@port_option
@click.option("--firmware", is_flag=True,
              help="also run the firmware's tests (tests/firmware)")
@click.option("-k", "keyword", default=None, metavar="TEXT",
              help="only tests whose name contains TEXT")
@click.option("--size", type=click.Choice(["full", "port", "board"]), default=None,
              help="how much the random and full-game tests play (tests/rules/sizes.py): "
                   "by default \"board\" on a Pico, \"port\" on this computer's MicroPython")
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False))
def run_tests_cmd(device, port, firmware, keyword, size, files):
    """Run the game-rules tests (tests/rules) under MicroPython, on this computer or the board.

    Without --device they run on this computer's MicroPython with a Pico-sized heap; with
    --device they are copied to the board and run there (the board restarts afterwards), with
    the board's counts of the random and full-game tests, the whole set in minutes. Each file's
    result is printed (on the board with its time on the board's clock, and the total), then
    `total: N passed, N failed`; the exit status is 1 if anything failed. FILES (optional) are
    test files from tests/rules or tests/firmware.
    """
    only = None
    if files:
        only = {Path(f).name for f in files}
        firmware = firmware or any(Path(f).resolve().parent.name == "firmware" for f in files)
    dirs = [str(Path(f).resolve()) for f in files] or (
        ["tests/rules"] + (["tests/firmware"] if firmware else []))
    if not device:
        passed, failed = run_locally(dirs, keyword, size=size)
        sys.exit(1 if failed or not passed else 0)
    port = choose_port(port)
    passed, failed, _ = run_on_device(port, firmware=firmware, keyword=keyword, only=only,
                                      size=size)
    if failed or not passed:
        sys.exit(1)
