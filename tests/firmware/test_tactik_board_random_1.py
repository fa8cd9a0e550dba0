"""Random presses on the Tac-Tik board, part 1 of 4 (see tactik_random_presses.py)."""

from tactik_random_presses import board, run_part  # noqa: I001

BOARD = board()


def test_random_presses_never_break_the_board():
    games, ended = run_part(BOARD, 1)
    print("random presses, part 1: %d games, %d ended" % (games, ended))
