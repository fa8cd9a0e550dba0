"""Wuxing duel: the game interface (shared_rules/game.py plus NAME, PLAYERS, OPTIONS,
deserialize, view), and greedy games whose digests were taken on CPython (MicroPython must
play the very same games). The random games are test_wuxing_random_*.py."""

import wuxing_helpers as h

from shared_rules import canon, game, wuxing

# (seed, options) -> (moves, final digest, winner) of greedy against greedy, taken on CPython
GOLDEN = [
]


def test_the_interface_names():
    assert wuxing.NAME == "wuxing" and wuxing.PLAYERS == (2,)
    for name in game.MODULE + ("deserialize",):
        assert callable(getattr(wuxing, name)), name
    for mode in ("theatre", "chemin"):
        s = wuxing.new_game(seed=1, mode=mode)
        for name in game.STATE + game.ATTRIBUTES + ("view",):
            assert hasattr(s, name), name
        assert s.players == 2 and s.seed == 1 and s.current_player == 0
        assert s.history == [] and s.history_len() == 0 and s.last_move() is None
        assert s.winner() is None and not s.is_over() and len(s.scores()) == 2
        assert sorted(s.options()) == sorted(wuxing.OPTIONS) and "seed" not in s.options()
    for k in wuxing.OPTIONS:
        assert isinstance(wuxing.OPTIONS[k], tuple) and len(wuxing.OPTIONS[k]) > 1
    assert wuxing.new_game().options() == dict((k, v[0]) for k, v in wuxing.OPTIONS.items())


def new_with(options):
    return wuxing.new_game(**options)


def test_bad_options_are_refused():
    for bad in ({"mode": "duel"}, {"board": "latin"}, {"no_discard": 1}, {"round_limit": 7},
                {"round_limit": "100"}, {"colour": "red"}):
        h.raises(new_with, bad)
    h.raises(wuxing.new_game, 3)
    h.raises(wuxing.deserialize, b"TT1;4")


def test_replay_rewind_and_deserialize():
    for mode in ("theatre", "chemin"):
        s = h.random_game(5, {"mode": mode, "board": "random"}, check=False)
        again = wuxing.replay(s.options(), s.seed, s.history)
        assert again.digest() == s.digest() and again.history == s.history
        assert again.last_move() == s.history[-1] and s.history_len() == len(s.history)
        n = s.history_len()
        back = s.rewind(n - 1)
        assert back.history == s.history[:-1]
        assert back.digest() == wuxing.replay(s.options(), 5, s.history[:-1]).digest()
        assert s.rewind(0).digest() == wuxing.new_game(seed=5, mode=mode,
                                                       board="random").digest()
        for bad in (-1, n + 1):
            h.raises(s.rewind, bad)
        d = wuxing.deserialize(s.serialize())
        assert d.digest() == s.digest() == canon.digest(s.serialize())
        assert d.history_len() == 0 and d.winner() == s.winner()


def test_greedy_games_end_and_match_the_golden_digests():
    for key, want in GOLDEN:
        seed, options = key
        s = wuxing.new_game(2, seed, **options)
        while not s.is_over():
            s.apply(wuxing.greedy_move(s))
        got = (s.history_len(), s.digest(), s.winner())
        assert got == want, (key, got)
