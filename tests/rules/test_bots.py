"""Bot levels (shared_rules/bots.py): every level gives a legal move in every phase of both
games, the same state always gives the same move, a bot never reads what its seat cannot see
(re-dealing the unseen cards or tiles never changes its move), and its effort stays within
its count budget."""

import gc

from shared_rules import bots, tactik, tayu
from shared_rules.rng import Rng

LEVELS = bots.ALL_LEVELS


def _legal(st, mv):
    texts = [str(m) for m in st.legal_moves()]
    return str(mv) in texts


def _play(st, levels, moves, check):
    # the levels take the seats in turn; check(st) before every move; stops after `moves`
    n = 0
    while not st.is_over() and n < moves:
        lv = levels[st.current_player % len(levels)]
        check(st, lv)
        st.apply(bots.bot_move(st, lv))
        n += 1
    return st


def _redeal_tactik(st, seat, rng):
    # the same position as `seat` sees it, the cards it cannot see dealt again: the other
    # hands and the pack (hand sizes kept)
    c = st.clone()
    pool = list(c.pack)
    for s in range(c.players):
        if s != seat:
            pool.extend(c.hands[s])
    rng.shuffle(pool)
    for s in range(c.players):
        if s != seat:
            n = len(c.hands[s])
            c.hands[s] = sorted(pool[:n])
            pool = pool[n:]
    c.pack = bytearray(pool)
    c._cache = None
    return c


def _redeal_tayu(st, seat, rng):
    # the same position with the undrawn tiles (and the other seats' held tiles) reshuffled
    c = st.clone()
    pos = c._lane_pos[0]
    end = c._lane_end[0]
    pool = list(c._bag[pos:end])
    for s in range(c.players):
        if s != seat:
            pool.extend(c.hands[s])
    rng.shuffle(pool)
    for s in range(c.players):
        if s != seat:
            n = len(c.hands[s])
            c.hands[s] = pool[:n]
            pool = pool[n:]
    c._bag[pos:end] = bytearray(pool)
    return c


def test_every_level_plays_legal_moves_in_every_tactik_phase():
    phases = {}

    def check(st, lv):
        mv = bots.bot_move(st, lv)
        assert _legal(st, mv), (lv, str(mv))
        phases[(lv, str(mv).split(" ")[0] if st.phase == "play" else st.phase)] = 1

    for players, seed in ((4, 3), (6, 4), (2, 5)):
        _play(tactik.new_game(players=players, seed=seed), LEVELS, 160, check)
        gc.collect()
    for lv in LEVELS:
        assert (lv, "exchange") in phases
        assert (lv, "7") in phases or (lv, "P") in phases or (lv, "10") in phases


def test_every_level_plays_legal_moves_in_every_tayu_phase():
    seen = {}

    def check(st, lv):
        mv = bots.bot_move(st, lv)
        assert _legal(st, mv), (lv, str(mv))
        seen[(lv, st.phase)] = 1

    for opts in (dict(players=2), dict(players=2, two_tiles=True, stacks=True),
                 dict(players=3), dict(players=4)):
        for lv in LEVELS:
            _play(tayu.new_game(seed=11, **opts), (lv,), 30, check)
            gc.collect()
    for lv in LEVELS:
        for ph in ("place", "choose", "take", "bid"):
            assert (lv, ph) in seen, (lv, ph)


def test_a_whole_game_ends_and_over_gives_none():
    for game, players in (("tayu", 2), ("tactik", 4)):
        st = bots.new_game(game, players, 21)
        levels = ("hard", "normal") if game == "tayu" else ("hard", "easy")
        _play(st, levels, 5000, lambda s, lv: None)
        assert st.is_over()
        for lv in LEVELS:
            assert bots.bot_move(st, lv) is None
        gc.collect()


def test_the_same_state_gives_the_same_move():
    for game, players in (("tayu", 2), ("tactik", 4)):
        def check(st, lv):
            a = str(bots.bot_move(st, lv))
            assert str(bots.bot_move(st.clone(), lv)) == a
            assert str(bots.bot_move(st, lv)) == a
        _play(bots.new_game(game, players, 8), LEVELS, 60, check)
        gc.collect()


def test_bots_never_read_the_unseen_cards():
    r = Rng(99)
    checked = [0]

    def check(st, lv):
        if lv == "greedy":
            return
        seat = st.current_player
        a = str(bots.bot_move(st, lv))
        for _ in range(2):
            other = _redeal_tactik(st, seat, r)
            assert other.hand(seat) == st.hand(seat)
            assert str(bots.bot_move(other, lv)) == a, (lv, a)
        checked[0] += 1

    for players, seed in ((4, 13), (6, 14)):
        _play(tactik.new_game(players=players, seed=seed), LEVELS, 90, check)
        gc.collect()
    assert checked[0] > 60


def test_bots_never_read_the_bag_order():
    r = Rng(98)
    checked = [0]

    def check(st, lv):
        if lv == "greedy" or st.phase == "take":
            return  # (stacks show the tops' ring flags: a reshuffle would change what is seen)
        seat = st.current_player
        a = str(bots.bot_move(st, lv))
        for _ in range(2):
            assert str(bots.bot_move(_redeal_tayu(st, seat, r), lv)) == a, (lv, a)
        checked[0] += 1

    for opts in (dict(players=2), dict(players=2, two_tiles=True)):
        _play(tayu.new_game(seed=17, **opts), LEVELS, 80, check)
        gc.collect()
    assert checked[0] > 40


def test_bot_effort_stays_within_its_count_budget():
    for game, players, seed in (("tayu", 2, 31), ("tactik", 4, 32), ("tactik", 6, 33)):
        mod = bots.bot_module(game)
        most = [0]

        def check(st, lv, mod=mod, most=most):
            bots.bot_move(st, lv)
            assert mod.LAST["evals"] <= mod.BUDGET
            most[0] = max(most[0], mod.LAST["evals"])

        _play(bots.new_game(game, players, seed), ("hard", "normal"), 400, check)
        assert most[0] > 0
        gc.collect()


def test_levels_and_registry():
    assert bots.LEVELS == ("easy", "normal", "hard")
    assert bots.game_of(tayu.new_game(seed=1)) == "tayu"
    assert bots.game_of(tactik.new_game(players=4, seed=1)) == "tactik"
    try:
        bots.bot_move(tayu.new_game(seed=1), "grandmaster")
        raise AssertionError("an unknown level was accepted")
    except ValueError:
        pass
