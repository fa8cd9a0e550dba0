"""Tac-Tik bot levels (shared_rules/bots.py, tactik_bot.py): every level gives a legal move in
every phase, the same state always gives the same move, no bot reads what its seat cannot see
(re-dealing the other hands and the pack never changes its move), and each decision stays
within its count budget. (One engine a file: both compiled from source need more than a
Pico-sized heap.)"""

import gc

import bots_helpers as bh
import sizes

from shared_rules import bots
from shared_rules.rng import Rng
from shared_rules.tactik import rules as tactik

LEVELS = bots.ALL_LEVELS


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


def test_every_level_plays_legal_moves_in_every_tactik_phase():
    phases = {}

    def check(st, lv):
        mv = bots.bot_move(st, lv)
        assert bh.legal(st, mv), (lv, str(mv))
        phases[(lv, str(mv).split(" ")[0] if st.phase == "play" else st.phase)] = 1

    for players, seed in ((4, 3), (6, 4), (2, 5)):
        bh.play(tactik.new_game(players=players, seed=seed), LEVELS, sizes.pick(160, 160, 60),
                check)
        gc.collect()
    for lv in LEVELS:
        assert (lv, "exchange") in phases
        assert (lv, "7") in phases or (lv, "P") in phases or (lv, "10") in phases


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
        bh.play(tactik.new_game(players=players, seed=seed), LEVELS, sizes.pick(90, 90, 50),
                check)
        gc.collect()
    assert checked[0] > 60


def test_a_whole_tactik_game_ends_and_over_gives_none():
    st = bots.new_game("tactik", 4, 21)
    bh.play(st, ("hard", "easy"), 5000, lambda s, lv: None)
    assert st.is_over() and len(st.winner()) == 2  # a team of two seats
    for lv in LEVELS:
        assert bots.bot_move(st, lv) is None


def test_the_same_tactik_state_gives_the_same_move():
    def check(st, lv):
        a = str(bots.bot_move(st, lv))
        assert str(bots.bot_move(st.clone(), lv)) == a
        assert str(bots.bot_move(st, lv)) == a
    bh.play(bots.new_game("tactik", 4, 8), LEVELS, sizes.pick(60, 60, 30), check)


def test_tactik_bots_stay_within_their_count_budget():
    mod = bots.bot_module("tactik")
    for players, seed in ((4, 32), (6, 33), (2, 34)):
        most = [0, 0]

        def check(st, lv, most=most):
            bots.bot_move(st, lv)
            assert mod.LAST["evals"] <= mod.BUDGET
            assert mod.LAST["plan"] <= mod.WORK
            most[0] = max(most[0], mod.LAST["evals"])
            most[1] = max(most[1], mod.LAST["plan"])

        # on a board the first 40 moves (the first deals: exchanges and plays); 6 and 2
        # players play the plans (a 4-player game's hard plays the look instead)
        bh.play(bots.new_game("tactik", players, seed), ("hard", "normal"),
                sizes.pick(400, 400, 40), check)
        assert most[0] > 0 and (players == 4 or most[1] > 0)  # hard's plans ran
        gc.collect()


def test_without_room_for_plans_hard_weighs_the_single_next_move():
    # with no work left for any plan, hard plays as it does without plans (the `follow` look;
    # 2 players: an individual game, where hard's second look is the plans')
    mod = bots.bot_module("tactik")
    w = mod.WEIGHTS["hard"]
    cap = mod.WORK
    seen = [0, 0]

    def check(st, lv):
        mod.WORK = 0
        a = str(bots.bot_move(st, "hard"))
        mod.WORK = cap
        w["plan"] = 0
        b = str(bots.bot_move(st, "hard"))
        w["plan"] = 3
        assert a == b
        c = str(bots.bot_move(st, "hard"))
        seen[0] += 1
        seen[1] += c != b

    try:
        bh.play(bots.new_game("tactik", 2, 34), ("hard",), sizes.pick(120, 120, 50), check)
    finally:
        mod.WORK = cap
        w["plan"] = 3
    assert seen[0] > 0
    assert seen[1] > 0  # the plans change some of the moves


def test_in_a_team_game_hard_plays_one_of_its_best_moves_out():
    # the look over re-deals (look.py) picks among the first
    # search's best `look` moves, and changes some of hard's moves from the first search's
    # best; without re-deals it is that best
    mod = bots.bot_module("tactik")
    w = mod.WEIGHTS["hard"]
    seen = [0, 0]

    def check(st, lv):
        if st.phase != "play":
            return
        cx = mod._context(st, st.current_player, w)
        mod.LAST["evals"] = 0
        mod.LAST["cap"] = mod.BUDGET
        top = [t[1] for t in mod._search(st, mod._Best(st, cx, w["look"]))]
        got = str(bots.bot_move(st, "hard"))
        assert got in top, (got, top)
        deals = w["deals"]
        w["deals"] = 0
        try:
            assert str(bots.bot_move(st, "hard")) == top[0]
        finally:
            w["deals"] = deals
        seen[0] += len(top) > 1
        seen[1] += got != top[0]

    assert w["look"] == 5  # (hard's, on the board too)
    for seed in (35, 36):  # (4 players: `look_players`; 6 play the plans)
        bh.play(bots.new_game("tactik", 4, seed), ("hard",), sizes.pick(80, 60, 20), check)
        gc.collect()
    assert seen[0] > 10
    assert seen[1] > 0  # the play-outs change some of the moves


def test_the_look_begins_a_re_deal_only_within_the_decision_s_work():
    # every re-deal of hard's look begins with the decision's work (its first search and the
    # look so far, bot.LOOK_WORK's count) and the last re-deal's once more under the cap, and
    # a look that stops short of its `deals` stops because they reached it; with no work
    # left, the first search's best
    mod = bots.bot_module("tactik")
    from shared_rules.tactik import look

    w = mod.WEIGHTS["hard"]
    redeal = look._redeal
    deals = [0, 0, 0]  # this decision's re-deals, the looks cut short, the looks made
    at = [0]  # the look's work when its last re-deal began

    def last_deal():
        return mod.LAST["look"] - at[0] if deals[0] else 0

    def counted(*args):
        # (the exchange's look within its own cap, GIVE_WORK)
        spent = mod._give_spent if args[0].phase == "exchange" else mod._look_spent
        assert not spent(last_deal()), mod.LAST
        deals[0] += 1
        at[0] = mod.LAST["look"]
        redeal(*args)

    def check(st, lv):
        if st.phase != "play":
            return
        deals[0] = 0
        got = str(bots.bot_move(st, "hard"))
        if deals[0]:
            deals[2] += 1
            if deals[0] < w["deals"]:
                deals[1] += 1
                assert mod._look_spent(last_deal()), mod.LAST
        mod.LOOK_WORK = 0
        try:
            deals[0] = 0
            mod.LAST["evals"] = 0
            mod.LAST["cap"] = mod.BUDGET
            top = mod._search(st, mod._Best(st, mod._context(st, st.current_player, w), 1))
            assert str(bots.bot_move(st, "hard")) == top[0][1] and deals[0] == 0, got
        finally:
            mod.LOOK_WORK = 600

    cap = mod.LOOK_WORK, mod.GIVE_WORK
    mod.LOOK_WORK = 600
    mod.GIVE_WORK = 500
    look._redeal = counted
    try:
        bh.play(bots.new_game("tactik", 4, 5), ("hard",), sizes.pick(80, 80, 30), check)
    finally:
        look._redeal = redeal
        mod.LOOK_WORK, mod.GIVE_WORK = cap
    assert deals[2] > 0 and deals[1] > 0


def test_the_look_runs_in_pieces_of_bounded_work():
    # between two of its pieces the look does at most a piece's work and one play-out more
    # (look.PIECE), and never the engine's 7x1 search (a play-out ends where a seat must
    # play a 7x1 no single pawn can: bot.LAST["pieces"] does not move while it looks)
    mod = bots.bot_module("tactik")
    from shared_rules.tactik import look

    w = mod.WEIGHTS["hard"]
    most = look.PIECE + w["plies"] + 1 + look.OUT
    seen = [0]  # the largest piece's work

    def check(st, lv):
        if st.phase != "play":
            return
        work = pieces = 0
        for _ in mod.steps(st, "hard"):
            if work:
                dw = mod.LAST["look"] - work
                assert dw <= most and mod.LAST["pieces"] == pieces, (dw, mod.LAST)
                seen[0] = max(seen[0], dw)
            work = mod.LAST["look"]
            pieces = mod.LAST["pieces"]

    bh.play(bots.new_game("tactik", 4, 5), ("hard",), sizes.pick(130, 130, 30), check)
    assert seen[0] >= look.PIECE  # (pieces of many play-outs)


def test_the_exchange_look_gives_one_of_hard_s_cards_and_models_greedy_s_gifts():
    # look._greedy_gift is the engine's greedy gift; with the exchange's look (glook) hard
    # gives one of the cards it may give (never the 7x1 or the Permuter beside another
    # kind), hard's own choice without re-deals, and another card somewhere
    from shared_rules.tactik import look

    mod = bots.bot_module("tactik")
    w = mod.WEIGHTS["hard"]
    seen = [0, 0, 0]  # greedy gifts checked, looks made, looks that changed hard's gift
    dealt = bytearray(72)
    world = bytearray(32)

    def check(st):
        seat = st.current_player
        for i in range(72):
            dealt[i] = 0
        for j in range(4):
            for k in st.hands[j]:
                dealt[12 * j + k] += 1
        world[:16] = st.pos
        world[24:28] = st.stake
        g = look._greedy_gift(world, dealt, seat, 4)
        assert "give " + tactik.CARDS[g] == str(tactik.greedy_move(st))
        seen[0] += 1
        glook = w["glook"]
        try:
            w["glook"] = 0
            plain = str(bots.bot_move(st, "hard"))
            w["glook"] = 1
            got = str(bots.bot_move(st, "hard"))
            seen[1] += mod.LAST["look"] > 0
            deals = w["deals"]
            w["deals"] = 0
            try:
                assert str(bots.bot_move(st, "hard")) == plain
            finally:
                w["deals"] = deals
        finally:
            w["glook"] = glook
        k = tactik.CARDS.index(got[5:])
        kinds = set(st.hands[seat])
        assert k in kinds and (k not in (10, 11) or len(kinds) == 1), (got, st.hands[seat])
        seen[2] += got != plain

    st = bots.new_game("tactik", 4, 43)
    n = 0
    while not st.is_over() and n < sizes.pick(300, 120, 40):
        if st.phase == "exchange":
            check(st)
        st.apply(bots.bot_move(st, "greedy"))
        n += 1
    assert seen[0] > 8 and seen[1] > 4 and seen[2] > 0, seen


def test_the_registry_knows_a_tactik_state():
    st = tactik.new_game(players=4, seed=1)
    assert bots.game_of(st) == "tactik"
    assert str(bots.bot_move(st, "greedy")) == str(tactik.greedy_move(st))
