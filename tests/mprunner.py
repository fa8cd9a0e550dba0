"""Minimal test runner for the shared test files, for MicroPython (unix port or a real Pico).

Usage: micropython tests/mprunner.py [-k TEXT] FILE_OR_DIR ...
Imports each `test_*.py` file, calls every module-level `test_*` function, prints one line per
failure and ends with `N passed, N failed`. Exit status 1 if anything failed. It uses only what
MicroPython and CPython share, so the same file runs on the board through mpremote.
"""

import gc
import os
import sys


def _is_dir(path):
    try:
        return (os.stat(path)[0] & 0x4000) != 0
    except OSError:
        return False


def _split(path):
    i = path.rfind("/")
    if i < 0:
        return ".", path
    return (path[:i] or "/"), path[i + 1 :]


def _print_exc(exc):
    if hasattr(sys, "print_exception"):
        sys.print_exception(exc)
    else:
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__)


def collect(paths):
    """Expand directories into their sorted `test_*.py` files."""
    files = []
    for p in paths:
        if _is_dir(p):
            for name in sorted(os.listdir(p)):
                if name.startswith("test_") and name.endswith(".py"):
                    files.append(p.rstrip("/") + "/" + name)
        else:
            files.append(p)
    return files


def run_file(path, keyword, verbose):
    """Run every test of one file; returns (passed, failed)."""
    folder, name = _split(path)
    modname = name[:-3]
    if folder not in sys.path:
        sys.path.insert(0, folder)
    passed = failed = 0
    try:
        module = __import__(modname)
    except Exception as exc:  # an import error fails the whole file, loudly
        print("FAIL " + path + " (import): " + type(exc).__name__ + ": " + str(exc))
        _print_exc(exc)
        return 0, 1
    names = sorted(n for n in dir(module) if n.startswith("test_"))
    for n in names:
        fn = getattr(module, n)
        if not callable(fn) or (keyword and keyword not in n):
            continue
        try:
            fn()
            passed += 1
            if verbose:
                print("ok   " + path + "::" + n)
        except Exception as exc:
            failed += 1
            print("FAIL " + path + "::" + n + ": " + type(exc).__name__ + ": " + str(exc))
            _print_exc(exc)
        gc.collect()
    sys.modules.pop(modname, None)
    gc.collect()
    return passed, failed


def main(argv):
    keyword = None
    verbose = False
    paths = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "-k":
            i += 1
            keyword = argv[i]
        elif a == "-v":
            verbose = True
        else:
            paths.append(a)
        i += 1
    root = "."
    if "__file__" in globals():
        here = _split(__file__)[0]
        root = _split(here)[0]
        # The script's own folder (sys.path[0]) holds tests/firmware, which would shadow the
        # real `firmware` package: the runner needs nothing from there.
        if sys.path and (sys.path[0] == here or sys.path[0].endswith("/" + here)):
            sys.path.pop(0)
    if root not in sys.path:
        sys.path.append(root)  # after MICROPYPATH entries, so a compiled (.mpy) tree wins
    total_p = total_f = 0
    for f in collect(paths or ["tests/rules"]):
        p, fl = run_file(f, keyword, verbose)
        total_p += p
        total_f += fl
    print(str(total_p) + " passed, " + str(total_f) + " failed")
    return 1 if total_f else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
