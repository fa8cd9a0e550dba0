"""Wuxing duel: its options and a fresh game (the interface itself is held for every
registered game by test_game_interface.py), and greedy games whose digests were taken on
CPython (MicroPython must play the very same games). The random games are
test_wuxing_random_*.py."""

import wuxing_helpers as h

from shared_rules import canon
from shared_rules.rng import Rng
from shared_rules.wuxing import rules as wuxing

# (seed, options) -> (moves, final digest, winner) of greedy against greedy, taken on CPython
GOLDEN = [
    ((1, {}), (45, '35987e0d9e1dd977', (0,))),
    ((2, {'board': 'random'}), (52, 'b184de5e836c01b2', (1,))),
    ((3, {'links': 'dominate'}), (118, 'e36a974b60c40dfa', ())),
    ((4, {'board': 'random', 'links': 'dominate'}), (118, 'c74dfb0d4b62f5f8', ())),
    ((5, {'mode': 'chemin'}), (100, '4c57222e08491225', ())),
    ((6, {'mode': 'chemin', 'no_discard': True}), (6, '88f3e17d5c119b0b', (0,))),
    ((7, {'mode': 'chemin', 'no_discard': True, 'plain_faces': True}),
     (5, '778d7629f90236bc', (1,))),
    ((8, {'mode': 'chemin', 'path': 'cycle', 'round_limit': 50}), (50, '2c1946d4b2d20125', ())),
]


def test_options_and_a_fresh_game():
    assert wuxing.NAME == "wuxing" and wuxing.PLAYERS == (2,)
    for mode in ("theatre", "chemin"):
        s = wuxing.new_game(seed=1, mode=mode)
        assert s.players == 2 and s.seed == 1 and s.current_player == 0
        assert s.history == [] and s.history_len() == 0 and s.last_move() is None
        assert s.winner() is None and not s.is_over() and len(s.scores()) == 2
        assert sorted(s.options()) == sorted(list(wuxing.OPTIONS) + ["players"])
        assert "seed" not in s.options()
    for k in wuxing.OPTIONS:
        assert isinstance(wuxing.OPTIONS[k], tuple) and len(wuxing.OPTIONS[k]) > 1
    defaults = dict((k, v[0]) for k, v in wuxing.OPTIONS.items())
    defaults["players"] = 2
    assert wuxing.new_game().options() == defaults
    assert wuxing._KEYS == tuple(sorted(wuxing.OPTIONS))  # the serialised order
    m = wuxing.new_game(mode="chemin").parse_move("duel metal:wood")
    assert (m.kind, m.a, m.b) == (wuxing.M_DUEL, 3, 0) and str(m) == "duel metal:wood"


def new_with(options):
    return wuxing.new_game(**options)


def test_bad_options_are_refused():
    for bad in ({"mode": "duel"}, {"board": "latin"}, {"no_discard": 1}, {"round_limit": 7},
                {"round_limit": "100"}, {"colour": "red"}):
        h.raises(new_with, bad)
    h.raises(wuxing.new_game, 3)
    h.raises(wuxing.deserialize, b"TT1;4")
    for mode in ("theatre", "chemin"):
        data = wuxing.new_game(mode=mode).serialize()
        h.raises(wuxing.deserialize, data[:-2])  # a field cut short
        h.raises(wuxing.deserialize, data.replace(b";0;-1;", b";5;-1;"))  # seat 5 to move


def test_replay_rewind_and_deserialize():
    for mode in ("theatre", "chemin"):
        s = h.random_game(5, {"mode": mode, "board": "random"}, check=False)
        again = wuxing.replay(s.options(), s.seed, s.history)
        assert again.digest() == s.digest() and again.history == s.history
        o = s.options()
        o["players"] = 2  # as the board's save may hold it
        assert wuxing.replay(o, s.seed, s.history).digest() == s.digest()
        h.raises(wuxing.replay, s.options(), s.seed, s.history + ["give red"])
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


def _state_in_play(mode):
    s = wuxing.new_game(2, 3, mode=mode, board="random")
    for _ in range(30):
        if s.is_over():
            break
        s.apply(wuxing.greedy_move(s))
    s.legal_moves()
    return s


def test_a_game_in_play_is_small_on_the_heap():
    try:
        import gc

        used = gc.mem_alloc
    except AttributeError:  # CPython: no heap figure to read
        return
    for mode in ("theatre", "chemin"):
        gc.collect()
        before = used()
        s = _state_in_play(mode)
        gc.collect()
        size = used() - before
        assert s.history_len() > 0 and size < 4096, (mode, size)  # some 1.3 KB measured


def test_the_greedy_bot_beats_a_random_player():
    # measured on 200 games a seat: Théâtre 200 of 200, Chemin some 180
    for mode in ("theatre", "chemin"):
        for seat in (0, 1):
            won = 0
            for seed in range(10):
                s = wuxing.new_game(2, seed, mode=mode)
                r = Rng(seed + 99)
                while not s.is_over():
                    if mode == "theatre":
                        if s.current_player == seat:
                            m = wuxing.greedy_move(s)
                        else:
                            m = r.choice(s.legal_moves())
                    else:  # the random player chooses first: the bot cannot see it anyway
                        s.choose(1 - seat, r.choice(s.allowed_cards(1 - seat)))
                        m = wuxing.greedy_move(s)
                    s.apply(m)
                won += s.winner() == (seat,)
            assert won >= (10 if mode == "theatre" else 7), (mode, seat, won)
