"""Minimal test runner for the shared test files, for MicroPython (unix port or a real Pico).

Usage: micropython tests/mprunner.py [-k TEXT] [-v] [--size full|port|board] FILE_OR_DIR ...
Imports each `test_*.py` file, calls every module-level `test_*` function, prints one line per
failure, then for each file `time FILE MS ms` (the runtime's own clock: on a Pico its
`time.ticks_ms()`), and ends with `N passed, N failed`. Exit status 1 if anything failed. It
uses only what MicroPython and CPython share, so the same file runs on the board through the
raw REPL.

How much the random and full-game tests play is the size of tests/rules/sizes.py, chosen here:
"board" on a Pico, "port" on the unix port, "full" on CPython; `--size` overrides it (a
board's counts, say, tried on the unix port).
"""

import gc
import os
import sys
import time

try:
    _ticks = time.ticks_ms

    def _since(t0):
        return time.ticks_diff(time.ticks_ms(), t0)
except AttributeError:  # CPython
    def _ticks():
        return time.monotonic()

    def _since(t0):
        return int((time.monotonic() - t0) * 1000)


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
    # the module's dict, not dir(): MicroPython's dir() of a module can miss names a module
    # added to its globals in a loop (tests made per registered game)
    names = sorted(n for n in (getattr(module, "__dict__", None) or dir(module))
                   if n.startswith("test_"))
    for n in names:
        fn = getattr(module, n)
        if not callable(fn) or (keyword and keyword not in n):
            continue
        t0 = _ticks()
        try:
            fn()
            passed += 1
            if verbose:
                print("ok   " + path + "::" + n + " " + str(_since(t0)) + " ms")
        except (Exception, SystemExit) as exc:  # (a soft reset's stand-in that got away too)
            failed += 1
            print("FAIL " + path + "::" + n + ": " + type(exc).__name__ + ": " + str(exc))
            _print_exc(exc)
        gc.collect()
    sys.modules.pop(modname, None)
    gc.collect()
    return passed, failed


def set_size(size, folders):
    """Make `size` the tests' size (tests/rules/sizes.py, found in one of `folders`)."""
    for folder in folders:
        if folder not in sys.path:
            sys.path.append(folder)
    import sizes

    if size not in sizes.SIZES:
        raise ValueError("size: one of " + ", ".join(sizes.SIZES))
    sizes.SIZE = size


def main(argv):
    keyword = None
    verbose = False
    size = None
    paths = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "-k":
            i += 1
            keyword = argv[i]
        elif a == "-v":
            verbose = True
        elif a == "--size":
            i += 1
            size = argv[i]
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
    files = collect(paths or ["tests/rules"])
    if size is not None:
        set_size(size, [_split(f)[0] for f in files] + [root + "/tests/rules", "tests/rules"])
    total_p = total_f = 0
    for f in files:
        t0 = _ticks()
        p, fl = run_file(f, keyword, verbose)
        print("time " + f + " " + str(_since(t0)) + " ms")
        total_p += p
        total_f += fl
    print(str(total_p) + " passed, " + str(total_f) + " failed")
    return 1 if total_f else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
