"""Wuxing duel, Théâtre du duel on the cyclic board: random games to the end on both links
flags, the invariants (wuxing_helpers.check_invariants) checked after every move. With
test_wuxing_random_board.py (the random board): 1,000 games on CPython, 100 on MicroPython."""

import wuxing_helpers as h


def test_random_theatre_games_keep_the_invariants():
    variants = ({"links": "both"}, {"links": "dominate"})
    ends = h.random_games(0, {"mode": "theatre", "board": "cyclic"}, variants, h.GAMES // 2)
    assert ends.get(0) and ends.get(1) and ends.get("draw"), ends
