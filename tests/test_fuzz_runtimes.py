"""The serial-protocol fuzz gives the same replies on CPython and MicroPython (one strict JSON
reading on both), and survives Tac-Tik games starting among the hostile lines (CPython: a Pico
heap holds one game beside this harness). `make fuzz` runs the same at length."""

from tests.fuzz import on_cpython, on_micropython

LINES = 5000


def test_both_runtimes_accept_and_refuse_the_same_lines():
    cp = on_cpython(2, LINES)
    assert cp[0] == LINES and cp[1] > 0 and cp[2] > 0
    assert on_micropython(2, LINES) == cp


def test_hostile_lines_with_tac_tik_games_starting():
    lines, refused, accepted, _ = on_cpython(3, LINES, tactik=True)
    assert lines == LINES and refused > 0 and accepted > 0
