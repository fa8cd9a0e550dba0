"""`make fuzz`: the serial-protocol fuzz (tests/firmware/fuzz_lines.py) at length, on CPython and
on MicroPython (the unix port, the .mpy build), comparing every reply line for line: one stream
of lines (the hand-written cases of tests/firmware/probe_lines.py, then generated ones) fed to the
board's line handler on both runtimes must give the same replies, at the tests' Pico-sized heap:
Ta Yu alone, then with Tac-Tik games too (the lines fed to a board alone on MicroPython:
tests/firmware/fuzz_feed.py).

Then the fault suite of every game (random presses, power cuts) --faults times longer.

    python -m tests.fuzz [--lines N] [--seeds K] [--faults K]
"""

import argparse
import binascii
import json
import sys
import time

from tests.mp import PICO_HEAP, ROOT, run_micropython

sys.path[:0] = [str(ROOT / "tests" / "firmware"), str(ROOT)]


def transcript_cpython(seed, count, tactik=False, probes=True):
    """(transcript lines, summary) of a run in this process: see fuzz_lines.Fuzz.feed."""
    import fuzz_lines

    out = []
    summary = fuzz_lines.run(seed, count, tactik, out.append, probes)
    return out, summary


def transcript_fed(cp, heap=PICO_HEAP):
    """The lines a CPython transcript `cp` fed, fed again to a board alone on MicroPython
    (tests/firmware/fuzz_feed.py: no generator or harness on its heap, as on a Pico); its
    transcript."""
    fed = "".join(t[2:] + "\n" for t in cp if t.startswith("> "))
    code = ("import sys\n"
            "if '' in sys.path: sys.path.remove('')\n"
            "sys.path.append('tests/firmware')\nsys.path.append('unixport')\n"
            "import fuzz_feed\n")
    proc = run_micropython(["-c", code], heap=heap, timeout=3600, input_text=fed)
    if proc.returncode != 0:
        raise AssertionError("MicroPython feed failed:\n" + (proc.stdout[-3000:] +
                                                              proc.stderr).strip())
    return proc.stdout.splitlines()


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
    """Feed one stream to both runtimes and compare every reply: (lines, refused, accepted).
    The lines CPython's run fed (Ta Yu games, and with `tactik` Tac-Tik games too) are fed
    again to a board alone on MicroPython at the tests' Pico-sized heap (a Pico holds one game
    beside its board, not beside this harness too)."""
    cp, cs = transcript_cpython(seed, count, tactik)
    n = same_replies(cp, transcript_fed(cp))
    assert n == cs[0], f"CPython fed {cs[0]} lines, compared {n}"
    return cs[:3]


# the fault suite over every game (issue 28): module, its size constant, its tests' prefix
FAULT_SUITE = (("test_fw_random", "PRESSES", "test_random_presses_"),
               ("test_fw_power_cuts", "MOVES", "test_power_cuts_"))


def long_faults(factor):
    """The fault suite's tests of every registered game with `factor` times their counts, on
    CPython (here) and on MicroPython (one process a game, at the tests' heap)."""
    import importlib

    from firmware import games

    for module, name, prefix in FAULT_SUITE:
        mod = importlib.import_module(module)
        size = getattr(mod, name) * factor
        for game in games.names():
            t = time.monotonic()
            setattr(mod, name, size)
            getattr(mod, prefix + game)()
            code = ("import sys\n"
                    "if '' in sys.path: sys.path.remove('')\n"
                    "sys.path.append('tests/firmware')\n"
                    f"import {module} as m\nm.{name} = {size}\nm.{prefix}{game}()\n"
                    "print('ok')\n")
            proc = run_micropython(["-c", code], timeout=3600)
            if proc.stdout.strip()[-2:] != "ok":
                raise AssertionError(f"{module} {game} on MicroPython:\n"
                                     + (proc.stdout[-3000:] + proc.stderr).strip())
            print(f"{module} {game}: {name} {size} on both runtimes "
                  f"({time.monotonic() - t:.0f} s)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=100_000, help="lines per run (default 100000)")
    ap.add_argument("--seeds", type=int, default=3, help="runs with seeds 1..K (default 3)")
    ap.add_argument("--faults", type=int, default=4, metavar="K",
                    help="the fault suite of every game K times longer (default 4; 0: none)")
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
    if args.faults:
        long_faults(args.faults)


if __name__ == "__main__":
    main()
