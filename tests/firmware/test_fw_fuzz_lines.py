"""A seeded fuzz of the serial protocol (tests/firmware/fuzz_lines.py) on this runtime: 20,000
hostile lines never crash the board, and the lines it refuses change nothing. The same run gives
the same replies on CPython and MicroPython (tests/test_fuzz_runtimes.py); `make fuzz` runs more.
Alone in its file: on MicroPython it gets a fresh Pico-sized heap."""

import fuzz_lines

FUZZ_LINES = 20000


def test_twenty_thousand_hostile_lines_never_crash_and_refused_ones_change_nothing():
    lines, refused, accepted, _ = fuzz_lines.run(1, FUZZ_LINES)
    assert lines == FUZZ_LINES
    assert refused > FUZZ_LINES // 2 and accepted > FUZZ_LINES // 10  # both kinds were tried
