"""`make fuzz`: the serial-protocol fuzz (tests/firmware/fuzz_lines.py) at length, on CPython and
on MicroPython (the unix port with a Pico-sized heap, the .mpy build), checking that both give the
same replies; then a CPython run in which Tac-Tik games start too.

    python -m tests.fuzz [--lines N] [--seeds K]
"""

import argparse
import ast
import sys
import time

from tests.mp import ROOT, run_micropython

sys.path[:0] = [str(ROOT / "tests" / "firmware"), str(ROOT)]


def on_cpython(seed, count, tactik=False):
    """(lines, refused, accepted, digest of the reply kinds) of one run in this process."""
    import fuzz_lines

    return fuzz_lines.run(seed, count, tactik)


def on_micropython(seed, count):
    """The same run under MicroPython; AssertionError with its output if it failed."""
    code = ("import sys\n"
            "if '' in sys.path: sys.path.remove('')\n"  # the sources there would shadow the build
            "sys.path.append('tests/firmware')\nimport fuzz_lines\n"
            f"print(repr(fuzz_lines.run({seed}, {count})))\n")
    proc = run_micropython(["-c", code], timeout=3600)
    out = (proc.stdout + proc.stderr).strip()
    if proc.returncode != 0:
        raise AssertionError("MicroPython fuzz run failed:\n" + out)
    return tuple(ast.literal_eval(out.splitlines()[-1]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=100_000, help="lines per run (default 100000)")
    ap.add_argument("--seeds", type=int, default=3, help="runs with seeds 1..K (default 3)")
    args = ap.parse_args(argv)
    total = {"cpython": 0, "micropython": 0, "cpython+tactik": 0}
    for seed in range(1, args.seeds + 1):
        t = time.monotonic()
        cp = on_cpython(seed, args.lines)
        mp = on_micropython(seed, args.lines)
        assert cp == mp, f"seed {seed}: CPython {cp} != MicroPython {mp}"
        tt = on_cpython(seed, args.lines, tactik=True)
        for k in total:
            total[k] += args.lines
        print(f"seed {seed}: {cp[0]} lines on each runtime, {cp[1]} refused, {cp[2]} accepted, "
              f"same replies; with Tac-Tik {tt[1]} refused, {tt[2]} accepted "
              f"({time.monotonic() - t:.0f} s)")
    print("lines without a failure: " + ", ".join(f"{k} {v}" for k, v in total.items()))


if __name__ == "__main__":
    main()
