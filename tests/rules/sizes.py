"""How much the random and full-game tests play, the same for every shared test file: SIZE is
"full" on CPython (pytest), "port" on the MicroPython unix port (a Pico-sized heap, the suite's
minutes) and "board" on a real Pico (`lanterne test --device`: the whole set in minutes of
Pico time). The runner (tests/mprunner.py) may set another before the test files are imported
(`--size board` runs a board's counts on the unix port), before it imports any test file, so
a file may read it at import time:

    import sizes
    games = sizes.pick(1000, 100, 12)  # full, port, board

Only the counts change with the size, never an assertion."""

import sys

SIZES = ("full", "port", "board")
# where this runs: a Pico (rp2) is "board", another MicroPython "port", CPython "full"
SIZE = "full" if sys.implementation.name != "micropython" else (
    "board" if sys.platform == "rp2" else "port")


def pick(full, port, board):
    """The count for the current SIZE."""
    if SIZE == "board":
        return board
    if SIZE == "port":
        return port
    return full
