"""`make fuzz`: the serial-protocol fuzz (tests/firmware/fuzz_lines.py) at length, on CPython and
on MicroPython (the unix port, the .mpy build), comparing every reply line for line: one stream
of lines (the hand-written cases of tests/firmware/probe_lines.py, then generated ones) fed to the
board's line handler on both runtimes must give the same replies. Ta Yu alone with a Pico-sized
heap, then with Tac-Tik games too (a larger heap: a Pico holds one game beside this harness).

    python -m tests.fuzz [--lines N] [--seeds K]
"""

import argparse
import ast
import binascii
import json
import sys
import time

from tests.mp import PICO_HEAP, ROOT, run_micropython

sys.path[:0] = [str(ROOT / "tests" / "firmware"), str(ROOT)]

BIG_HEAP = "2m"  # Tac-Tik games beside the harness (no `memory` error on either runtime)


def transcript_cpython(seed, count, tactik=False, probes=True):
    """(transcript lines, summary) of a run in this process: see fuzz_lines.Fuzz.feed."""
    import fuzz_lines

    out = []
    summary = fuzz_lines.run(seed, count, tactik, out.append, probes)
    return out, summary


def transcript_micropython(seed, count, tactik=False, probes=True, heap=PICO_HEAP):
    """The same run under MicroPython, its transcript printed line by line."""
    code = ("import sys\n"
            "if '' in sys.path: sys.path.remove('')\n"  # the sources there would shadow the build
            "sys.path.append('tests/firmware')\nimport fuzz_lines\n"
            f"s = fuzz_lines.run({seed}, {count}, {tactik}, print, {probes})\n"
            "print(repr(s))\n")
    proc = run_micropython(["-c", code], heap=heap, timeout=3600)
    out = proc.stdout.splitlines()
    if proc.returncode != 0 or not out:
        raise AssertionError("MicroPython fuzz run failed:\n" + (proc.stdout[-3000:] +
                                                                 proc.stderr).strip())
    return out[:-1], tuple(ast.literal_eval(out[-1]))


def _same_shape(value):
    """A stats figure's shape (the numbers are the runtime's own: heap, clock)."""
    if isinstance(value, dict):
        return {k: _same_shape(value[k]) for k in value}
    if isinstance(value, list):
        return [_same_shape(v) for v in value]
    return type(value).__name__


def _reply(text):
    obj = json.loads(text)
    if obj.get("ev") == "stats":
        obj = dict(obj, **{k: _same_shape(obj[k]) for k in obj if k not in ("v", "seq", "ev")})
    return obj


def _groups(lines):
    """[(line fed, [replies])] of a transcript."""
    out = []
    for text in lines:
        if text.startswith("> "):
            out.append((binascii.unhexlify(text[2:]), []))
        else:
            assert out, "a reply before any line: " + text
            out[-1][1].append(text)
    return out


def same_replies(cp, mp):
    """AssertionError naming the first line fed whose replies differ (the `stats` figures
    compared by shape only); returns the number of lines compared."""
    a, b = _groups(cp), _groups(mp)
    for i in range(min(len(a), len(b))):
        (line, ra), (line_b, rb) = a[i], b[i]
        assert line == line_b, f"line {i}: different lines fed: {line!r} / {line_b!r}"
        if [_reply(t) for t in ra] != [_reply(t) for t in rb]:
            raise AssertionError(f"line {i} {line!r}:\n  CPython     {ra}\n  MicroPython {rb}")
    assert len(a) == len(b), f"CPython fed {len(a)} lines, MicroPython {len(b)}"
    return len(a)


def differential(seed, count, tactik=False):
    """Feed one stream to both runtimes and compare every reply: (lines, refused, accepted)."""
    heap = BIG_HEAP if tactik else PICO_HEAP
    cp, cs = transcript_cpython(seed, count, tactik)
    mp, ms = transcript_micropython(seed, count, tactik, heap=heap)
    n = same_replies(cp, mp)
    assert cs == ms and n == cs[0], f"CPython {cs} != MicroPython {ms}"
    return cs[:3]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=100_000, help="lines per run (default 100000)")
    ap.add_argument("--seeds", type=int, default=3, help="runs with seeds 1..K (default 3)")
    args = ap.parse_args(argv)
    total = {"ta yu": 0, "ta yu + tac-tik": 0}
    for seed in range(1, args.seeds + 1):
        t = time.monotonic()
        cp = differential(seed, args.lines)
        tt = differential(seed, args.lines, tactik=True)
        total["ta yu"] += cp[0]
        total["ta yu + tac-tik"] += tt[0]
        print(f"seed {seed}: {cp[0]} lines, {cp[1]} refused, {cp[2]} accepted; with Tac-Tik "
              f"{tt[0]} lines, {tt[1]} refused, {tt[2]} accepted; every reply the same on "
              f"CPython and MicroPython ({time.monotonic() - t:.0f} s)")
    print("lines on each runtime without a difference: "
          + ", ".join(f"{k} {v}" for k, v in total.items()))


if __name__ == "__main__":
    main()
