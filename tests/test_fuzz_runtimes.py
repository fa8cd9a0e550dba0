"""One language on both runtimes (issue 19): one stream of lines fed to the board's line handler
on CPython and on MicroPython (the unix port, the .mpy build) gives the same replies, compared
line for line: the hand-written cases of tests/firmware/probe_lines.py (move texts with Unicode
digits and spaces, \\x1c-\\x1f and other controls; every command's fields of the wrong type, huge
numbers) and then a few thousand generated hostile lines (fixed seeds). `make fuzz` runs more."""

import pytest

from tests.fuzz import differential, same_replies, transcript_cpython

LINES = 3000


def test_ta_yu_lines_give_the_same_replies_line_for_line_on_a_pico_heap():
    lines, refused, accepted = differential(2, LINES)
    assert lines > LINES + 1000  # the probes came first
    assert refused > LINES // 2 and accepted > LINES // 10


def test_with_tac_tik_games_too():
    lines, refused, accepted = differential(3, LINES, tactik=True)
    assert lines > LINES + 1000 and refused > LINES // 2 and accepted > LINES // 10


def test_the_comparison_names_the_first_line_that_differs():
    cp, _ = transcript_cpython(5, 50, probes=False)
    assert same_replies(cp, list(cp)) == 50
    i = next(k for k, t in enumerate(cp) if '"code": "bad_arg"' in t)
    other = list(cp)
    other[i] = other[i].replace('"bad_arg"', '"illegal"')
    with pytest.raises(AssertionError, match="MicroPython"):
        same_replies(cp, other)
    last = max(k for k, t in enumerate(cp) if t.startswith("> "))
    with pytest.raises(AssertionError, match="MicroPython 49"):
        same_replies(cp, cp[:last])
