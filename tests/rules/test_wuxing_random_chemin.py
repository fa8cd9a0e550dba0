"""Wuxing duel, Chemin du duel: random games to the end at each level (10 and up; 8:
no_discard; 6: no_discard and plain_faces), on both path flags, the invariants
(wuxing_helpers.check_invariants) checked after every move: 1,000 games a level on CPython,
100 on MicroPython."""

import wuxing_helpers as h

PATHS = ({"path": "seeded"}, {"path": "cycle"}, {"path": "seeded", "round_limit": 50})


def test_random_chemin_games_of_10_and_up_keep_the_invariants():
    ends = h.random_games(10000, {"mode": "chemin"}, PATHS, h.FEW)
    assert ends.get(0) and ends.get(1), ends


def test_random_chemin_games_of_8_and_up_keep_the_invariants():
    ends = h.random_games(20000, {"mode": "chemin", "no_discard": True}, PATHS, h.FEW)
    assert ends.get(0) and ends.get(1), ends


def test_random_chemin_games_of_6_and_up_keep_the_invariants():
    level = {"mode": "chemin", "no_discard": True, "plain_faces": True}
    ends = h.random_games(30000, level, PATHS, h.FEW)
    assert ends.get(0) and ends.get(1), ends
    ends = h.random_games(40000, {"mode": "chemin", "plain_faces": True}, PATHS, h.FEW // 4)
    assert ends.get(0) and ends.get(1), ends
