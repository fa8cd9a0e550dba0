"""The greedy Ta Yü bot: it takes a move with the best immediate score difference for the
mover's side, plays every seat and phase (bids, stacks, two tiles, the flood) to the end,
is deterministic, and never disturbs the game it looks at."""

import gc

import sizes

from shared_rules.rng import Rng
from shared_rules.tayu import positions
from shared_rules.tayu import rules as tayu


def _value(st, seat):
    ns, ew = st.scores()
    side = st.side_of(seat)
    if side == "NS":
        return ns - ew
    if side == "EW":
        return ew - ns
    return -max(ns, ew)


def _check_greedy_is_best(st):
    seat = st.current_player
    best = None
    for mv in st.legal_moves():
        c = st.clone()
        c.apply(mv)
        v = _value(c, seat)
        if best is None or v > best:
            best = v
    c = st.clone()
    c.apply(tayu.greedy_move(st))
    assert _value(c, seat) == best


def test_greedy_takes_the_best_immediate_score_difference():
    for opts, seed in ((dict(), 31), (dict(players=3, edition="goliath"), 32)):
        st = tayu.new_game(seed=seed, **opts)
        rng = Rng(seed)
        n = 0
        checked = 0
        every = sizes.pick(2, 6, 6)
        while not st.is_over():
            # late positions, where estuaries are in reach, are the interesting ones
            if st.phase == "place" and st.placed >= 25 and n % every == 0:
                _check_greedy_is_best(st)
                checked += 1
            moves = st.legal_moves()
            st.apply(moves[rng.below(len(moves))])
            n += 1
        assert checked > 3
        gc.collect()


def test_greedy_scores_an_estuary_when_one_is_offered():
    # a tile one row from the north coast: the bot (North-South) reaches the coast with it
    st = positions.setup([("e-n1-s1", "1,7,E")], bag=["e-n1-s1", "e-n1-s1"])
    mv = tayu.greedy_move(st)
    st.apply(mv)
    assert st.coast_counts()["N"] >= 1, str(mv)


def test_greedy_plays_every_seat_and_phase_to_the_end():
    configs = [dict(), dict(players=4), dict(players=3), dict(players=3, edition="goliath"),
               dict(stacks=True), dict(two_tiles=True), dict(players=3, stacks=True,
                                                             two_tiles=True)]
    # on a board: 3 players with bids, 4 players, and stacks with two tiles (every phase)
    for opts in sizes.pick(configs, configs, [configs[1], configs[3], configs[6]]):
        st = tayu.new_game(seed=17, **opts)
        phases = {}
        seats = {}
        while not st.is_over():
            phases[st.phase] = 1
            seats[st.current_player] = 1
            before = st.digest()
            mv = tayu.greedy_move(st)
            assert st.digest() == before  # looking does not change the game
            assert st.check(mv) is None, (opts, str(mv), st.check(mv))
            st.apply(mv)
        assert tayu.greedy_move(st) is None
        assert len(seats) == st.players, (opts, seats)
        if st.players == 3 and st.flags["bidding"]:
            assert "bid" in phases
        if st.flags["stacks"]:
            assert "take" in phases
        if st.flags["two_tiles"]:
            assert "choose" in phases
        gc.collect()


def test_greedy_is_deterministic_and_rng_breaks_ties_legally():
    a = tayu.new_game(seed=40)
    b = tayu.new_game(seed=40)
    while not a.is_over():
        a.apply(tayu.greedy_move(a))
        b.apply(tayu.greedy_move(b))
    assert a.digest() == b.digest()
    c = tayu.new_game(seed=40)
    rng = Rng(1)
    while not c.is_over():
        c.apply(tayu.greedy_move(c, rng))
    assert c.is_over() and c.history != a.history
