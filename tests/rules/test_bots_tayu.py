"""Ta Yü bot levels (shared_rules/bots.py, tayu_bot.py): every level gives a legal move in
every phase (place, choose, take, bid), a whole game ends and then every level says None, the
same state always gives the same move, no bot reads the bag order (reshuffling the undrawn
tiles and the other seat's held tile never changes its move), each decision stays within its
count budget, the hard bot's count of the unseen tiles is exact; and the registry."""

import gc

import bots_helpers as bh
import sizes

from shared_rules import bots
from shared_rules.rng import Rng
from shared_rules.tayu import rules as tayu

LEVELS = bots.ALL_LEVELS


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


def test_every_level_plays_legal_moves_in_every_tayu_phase():
    seen = {}

    def check(st, lv):
        mv = bots.bot_move(st, lv)
        assert bh.legal(st, mv), (lv, str(mv))
        seen[(lv, st.phase)] = 1

    for opts in (dict(players=2), dict(players=2, two_tiles=True, stacks=True),
                 dict(players=3), dict(players=4)):
        for lv in LEVELS:  # every phase comes within the first moves (bids, stacks, choice)
            bh.play(tayu.new_game(seed=11, **opts), (lv,), sizes.pick(30, 30, 12), check)
            gc.collect()
    for lv in LEVELS:
        for ph in ("place", "choose", "take", "bid"):
            assert (lv, ph) in seen, (lv, ph)


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
        bh.play(tayu.new_game(seed=17, **opts), LEVELS, 80, check)
        gc.collect()
    assert checked[0] > 40


def test_hard_counts_exactly_the_tiles_a_seat_has_not_seen():
    # every placement's kind read back from the board (tayu_bot._unseen) against the kinds
    # the game really placed, over whole games of both editions, both ways round
    from shared_rules.tayu import bot as tayu_bot

    for edition, players, seed in (("kosmos", 2, 5), ("goliath", 4, 9), ("kosmos", 3, 2)):
        st = tayu.new_game(players, seed, edition=edition)
        placed = [0] * 28
        r = Rng(seed)
        checked = 0
        while not st.is_over():
            seat = st.current_player
            want = [max(0, tayu.EDITIONS[edition] - placed[k]
                        - st.set_aside.count(k) - st.hands[seat].count(k)) for k in range(28)]
            assert tayu_bot._unseen(st, seat) == want, (edition, st.placed)
            checked += 1
            legal = st.legal_moves()
            mv = legal[r.below(len(legal))]
            if mv.type == tayu.M_PLACE:
                placed[st._tile] += 1
            st.apply(mv)
        assert checked > 20 and sum(placed) == st.placed


def test_levels_and_registry():
    assert bots.LEVELS == ("easy", "normal", "hard")
    assert bots.game_of(tayu.new_game(seed=1)) == "tayu"
    try:
        bots.bot_move(tayu.new_game(seed=1), "grandmaster")
        raise AssertionError("an unknown level was accepted")
    except ValueError:
        pass



def test_a_whole_tayu_game_ends_and_over_gives_none():
    st = bots.new_game("tayu", 2, 21)
    bh.play(st, ("hard", "normal"), 5000, lambda s, lv: None)
    assert st.is_over() and st.winner() is not None
    for lv in LEVELS:
        assert bots.bot_move(st, lv) is None


def test_the_same_tayu_state_gives_the_same_move():
    def check(st, lv):
        a = str(bots.bot_move(st, lv))
        assert str(bots.bot_move(st.clone(), lv)) == a
        assert str(bots.bot_move(st, lv)) == a
    bh.play(bots.new_game("tayu", 2, 8), LEVELS, 60, check)


def test_tayu_bots_stay_within_their_count_budget():
    mod = bots.bot_module("tayu")
    most = [0]

    def check(st, lv):
        bots.bot_move(st, lv)
        assert mod.LAST["evals"] <= mod.BUDGET
        most[0] = max(most[0], mod.LAST["evals"])

    bh.play(bots.new_game("tayu", 2, 31), ("hard", "normal"), 400, check)
    assert most[0] > 100  # the hard bot's reply look ran
