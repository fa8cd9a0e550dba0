"""Tai Chi Chuan on the 48 x 48 panel (both runtimes; a file of its own: a board of each size
in one process is more than a Pico-sized heap holds): a game by buttons against two bots, six
cards a row, the six seats in one band; the whole game on CPython, its first moves on the
MicroPython unix port (there, with the test's harness, the 48 x 48 board's buffers and the
engine, a 288k heap is cut into pieces too small for a lookup's inflater after some 20 moves:
docs/taichi.md, "Measured")."""

from test_fw_taichi_board import whole_game

try:
    import sizes  # tests/rules/sizes.py: the MicroPython runner puts tests/rules on the path
except ImportError:
    from tests.rules import sizes


def test_a_game_by_buttons_against_two_bots_on_48():
    whole_game(3, 8, "panel48", moves=sizes.pick(100000, 8, 8))
