"""The heap each game needs (issue 28): for every registered game, the smallest MicroPython
unix-port heap at which its fault suite passes (the shared files that say ONE_PROCESS_PER_GAME:
random presses, power cuts), and the smallest at which the board boots and answers. The unix
port is 64-bit: its heap holds about 1.4 times what a Pico's does (docs/DEVELOPING.md).

    python -m tests.bench.heap_edge [--step 8]
"""

import argparse
import sys

from tests.mp import PICO_HEAP, ROOT, run_micropython, run_shared_tests

TOP_K = int(PICO_HEAP.rstrip("k"))
STEP_K = 8  # KB between the heaps tried


def fault_files():
    """The shared files run one process a game, but those that say HEAP_EDGE = False (a test
    whose own bookkeeping holds what no board holds)."""
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "firmware").glob("test_*.py")
                  if "\nONE_PROCESS_PER_GAME = True" in (text := p.read_text())
                  and "\nHEAP_EDGE = False" not in text)


def passes(game, heap_k, files):
    for path in files:
        passed, failed, _ = run_shared_tests(path, heap=f"{heap_k}k", keyword="_" + game)
        if failed or not passed:
            return False
    return True


def boots(heap_k):
    code = ("import sys\nsys.path.append('unixport')\nfrom firmware import profile\n"
            "from firmware.app import App\nfrom firmware.store import Store\n"
            "from unixport.simhw import SimHardware\np = profile.find('ref32')\n"
            "app = App(p, SimHardware(p), store=Store(folder='/tmp'))\napp.boot()\napp.step()\n"
            "print('booted', app.mode.name)\n")
    proc = run_micropython(["-c", code], heap=f"{heap_k}k")
    return proc.returncode == 0 and "booted menu" in proc.stdout


def edge(test, step):
    """The smallest heap (KB, a multiple of `step` up to the tests' heap) from which `test`
    passes at every size tried above it; None if it fails at the tests' heap."""
    if not test(TOP_K):
        return None
    k = TOP_K
    while k - step > 0 and test(k - step):
        k -= step
    return k


def figures(step=STEP_K):
    """[(figure, KB)]: the heap to boot, then each game's fault-suite edge ("fails" when it
    fails even at the tests' heap)."""
    from firmware import games

    files = fault_files()
    rows = [("board boots and answers", edge(boots, step))]
    for game in games.names():
        rows.append((f"{game}: fault suite passes", edge(lambda h, g=game: passes(g, h, files),
                                                          step)))
    return [(name, "fails" if k is None else str(k)) for name, k in rows]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--step", type=int, default=STEP_K, help="KB between heaps tried")
    args = ap.parse_args(argv)
    for name, k in figures(args.step):
        print(f"{name}: from {k} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
