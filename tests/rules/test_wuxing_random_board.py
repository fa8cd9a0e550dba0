"""Wuxing duel, Théâtre du duel on a random Latin square: random games to the end on both
links flags, the invariants (wuxing_helpers.check_invariants) checked after every move. With
test_wuxing_random_theatre.py (the cyclic board): 1,000 games on CPython, 100 on
MicroPython."""

import wuxing_helpers as h


def test_random_board_games_keep_the_invariants():
    variants = ({"links": "both"}, {"links": "dominate"})
    ends = h.random_games(5000, {"mode": "theatre", "board": "random"}, variants, h.FEW // 2)
    assert ends.get(0) and ends.get(1) and ends.get("draw"), ends
