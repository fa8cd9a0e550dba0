"""Timing and memory probes that work on CPython and MicroPython, for the bench scripts.

A bench script prints `BENCH <name> <value> <unit>` lines; `python -m tests.bench` runs every
script on both runtimes and prints one table.
"""

import gc
import sys
import time

MICROPYTHON = sys.implementation.name == "micropython"


def now_us():
    if MICROPYTHON:
        return time.ticks_us()
    return time.perf_counter_ns() // 1000


def elapsed_us(start):
    if MICROPYTHON:
        return time.ticks_diff(time.ticks_us(), start)
    return now_us() - start


def heap_used():
    """Bytes in use on the heap now (MicroPython: gc.mem_alloc; CPython: tracemalloc)."""
    if MICROPYTHON:
        return gc.mem_alloc()
    import tracemalloc

    if not tracemalloc.is_tracing():
        tracemalloc.start()
    return tracemalloc.get_traced_memory()[0]


class PeakHeap:
    """High-water mark of heap use, sampled by calling `sample()` at the points that matter."""

    def __init__(self):
        gc.collect()
        self.base = heap_used()
        self.peak = self.base

    def sample(self):
        used = heap_used()
        if used > self.peak:
            self.peak = used
        return used


def decide(steps):
    """Run a bot's search `steps` (a generator of None per piece, then its move) to its end:
    (the move, the whole decision's us, the longest piece's us)."""
    t0 = tp = now_us()
    move = None
    piece = 0
    for value in steps:
        piece = max(piece, elapsed_us(tp))
        move = value
        tp = now_us()
    return move, elapsed_us(t0), piece


def median(values):
    s = sorted(values)
    n = len(s)
    if not n:
        return 0
    mid = n // 2
    return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2


def report(name, value, unit):
    if isinstance(value, float):
        value = "%.3f" % value
    print("BENCH " + name + " " + str(value) + " " + unit)


def setup_path():
    """Put the repository root on sys.path when a bench script runs directly, and the test
    drivers of tests/firmware (tactik_script) after it."""
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    root = here + "/../.."
    if root not in sys.path:
        sys.path.append(root)  # after MICROPYPATH, so a compiled (.mpy) tree is used first
    if root + "/tests/firmware" not in sys.path:
        sys.path.append(root + "/tests/firmware")
