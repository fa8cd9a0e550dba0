"""Wuxing duel bot levels (shared_rules/bots.py, wuxing_bot.py): every level plays only legal
moves to the end of whole games of both modes and boards, the same state (or the same state
read back from its text) gives the same move, the Chemin bots never read the opponent's
pending card, the hard bot takes an immediate win and steps out of an immediate loss, its
in-place search gives plain minimax's values on the engine's own moves, and a Théâtre
decision stays within its count budget. (One engine a file: the Pico-sized heap.)"""

import gc

import sizes
import wuxing_helpers as wh

from shared_rules import bots
from shared_rules.wuxing import bot_theatre as search
from shared_rules.wuxing import rules as wuxing

LEVELS = bots.ALL_LEVELS
GAMES = sizes.pick(4, 2, 1)  # games per pair of levels and variant
# pairs of levels a variant (of the four, one for each level first): on a board two, moved on
# one level a variant, so that every level still plays, and the hard one in Théâtre
PAIRS = sizes.pick(4, 4, 2)


def _bot():
    return bots.bot_module("wuxing")


def _play(st, levels, check):
    # the levels take the seats; Chemin: each seat's card chosen by its own level
    mod = _bot()
    while not st.is_over():
        if st.phase == wuxing.DUEL:
            mv = None
            for seat in (0, 1):
                c = mod.card(st, seat, levels[seat])
                assert c in st.allowed_cards(seat), (levels[seat], c)
                mv = st.choose(seat, c)
            check(st, None)
            assert mv is not None and wh.texts(st).count(str(mv)) == 1
            st.apply(mv)
            continue
        lv = levels[st.current_player]
        check(st, lv)
        mv = bots.bot_move(st, lv)
        assert str(mv) in wh.texts(st), (lv, str(mv))
        st.apply(mv)
    return st


VARIANTS = (
    {"mode": "theatre"},
    {"mode": "theatre", "board": "random"},
    {"mode": "theatre", "links": "dominate"},
    {"mode": "chemin"},
    {"mode": "chemin", "path": "cycle", "no_discard": True},
    {"mode": "chemin", "no_discard": True, "plain_faces": True},
)


def test_every_level_plays_legal_moves_to_the_end_of_whole_games():
    ended = 0
    seen = {}

    def check(st, lv):
        if lv is not None:
            seen[(lv, st.phase)] = 1

    for vi in range(len(VARIANTS)):
        opts = VARIANTS[vi]
        for j in range(PAIRS):
            i = (vi + j) % len(LEVELS)
            a = LEVELS[i]
            b = LEVELS[(i + 1 + vi) % len(LEVELS)]
            for g in range(GAMES):
                lv = (a, b) if g % 2 == 0 else (b, a)
                st = _play(bots.new_game("wuxing", 2, 40 + 7 * vi + g, **opts), lv, check)
                assert st.is_over() and st.winner() is not None
                for x in LEVELS:
                    assert bots.bot_move(st, x) is None
                ended += 1
                gc.collect()
    assert ended == len(VARIANTS) * PAIRS * GAMES
    for lv in LEVELS:
        assert (lv, "move") in seen
    assert ("hard", "turn") in seen


def test_the_same_state_gives_the_same_move_and_read_back_from_its_text():
    for opts in ({"mode": "theatre"}, {"mode": "chemin"}):
        st = bots.new_game("wuxing", 2, 8, **opts)
        n = 0
        while not st.is_over() and n < sizes.pick(40, 40, 5):
            for lv in LEVELS:
                a = str(bots.bot_move(st, lv))
                assert str(bots.bot_move(st, lv)) == a
                assert str(bots.bot_move(st.clone(), lv)) == a
                if lv != "greedy":  # greedy's ties are drawn by the move number
                    back = wuxing.deserialize(st.serialize())
                    assert str(bots.bot_move(back, lv)) == a, (lv, a)
            st.apply(bots.bot_move(st, LEVELS[n % len(LEVELS)]))
            n += 1
        gc.collect()


def test_chemin_bots_never_read_the_opponents_pending_card():
    # every choice the opponent may have made (or none) leaves the seat's card unchanged
    mod = _bot()
    checked = 0
    for opts in ({"mode": "chemin"}, {"mode": "chemin", "no_discard": True}):
        for seed in range(sizes.pick(4, 2, 1)):
            st = bots.new_game("wuxing", 2, 60 + seed, **opts)
            n = 0
            while not st.is_over() and n < 60:
                # on a board the choices of every third move of the game (all of them)
                for lv in bots.LEVELS if n % sizes.pick(1, 1, 3) == 0 else ():
                    for seat in (0, 1):
                        o = 1 - seat
                        want = mod.card(st, seat, lv)
                        for c in st.allowed_cards(o):
                            x = st.clone()
                            x.choose(o, c)
                            assert mod.card(x, seat, lv) == want, (lv, seat)
                            if seat == 1:  # Yang has chosen: Yin is the seat to move
                                assert x.current_player == 1
                                assert bots.bot_move(x, lv).b == want
                            else:
                                assert bots.bot_move(x, lv).a == want
                                assert bots.bot_move(x, lv).b == c  # the choice is kept
                        checked += 1
                st.apply(bots.bot_move(st, bots.LEVELS[n % 3]))
                n += 1
            gc.collect()
    assert checked > 20


def test_the_chemin_card_is_mixed_not_fixed():
    # over many rounds from the same kind of position the hard bot plays more than one card
    mod = _bot()
    cards = {}
    for seed in range(12):
        st = bots.new_game("wuxing", 2, seed, mode="chemin", path="cycle")
        cards[mod.card(st, 0, "hard")] = 1
    assert len(cards) >= 2


def test_hard_takes_an_immediate_winning_capture():
    # Yang's pawn on C3 (fire) reaches Yin's last pawn on C5 (earth) with a red token
    st = wh.theatre(yang=("C3", "E1"), yin=("C5",), tokens=(1, 1, 2, 2))
    for lv in ("normal", "hard"):
        assert str(bots.bot_move(st, lv)) == "C3-C5 red", lv
    # and so as Yin: Yin's pawn on B5 (fire) takes Yang's last pawn on C5 (earth)
    st = wh.theatre(yang=("C5",), yin=("B5", "A4"), tokens=(2, 2, 1, 1), to_move=1)
    assert str(bots.bot_move(st, "hard")) == "B5-C5 red"


def test_hard_steps_out_of_an_immediate_loss():
    # Yang's last pawn on C3 (fire) must move: C5 and D3 (earth) are within reach of Yin's
    # fire pawns on B5 and D1 (red tokens), C2 and E3 (metal) are not
    st = wh.theatre(yang=("C3",), yin=("B5", "D1"), tokens=(1, 1, 2, 2))
    for lv in ("normal", "hard"):
        mv = bots.bot_move(st, lv)
        assert str(mv) in ("C3-C2 blue", "C3-E3 blue"), (lv, str(mv))
        x = st.clone()
        x.apply(mv)
        for reply in x.legal_moves():
            y = x.clone()
            y.apply(reply)
            assert not y.is_over()


def test_hard_theatre_stays_within_its_count_budget():
    mod = _bot()
    most = {}
    for seed in (32, 33):
        st = bots.new_game("wuxing", 2, seed)
        while not st.is_over():
            lv = ("hard", "normal", "easy")[st.history_len() % 3]
            mv = bots.bot_move(st, lv)
            assert mod.LAST["nodes"] <= mod.BUDGET[lv]
            assert mod.LAST["evals"] <= mod.LAST["nodes"]
            most[lv] = max(most.get(lv, 0), mod.LAST["nodes"])
            st.apply(mv)
        gc.collect()
    assert most["hard"] > most["normal"] > 0


def test_the_registry_knows_a_wuxing_state():
    for mode in ("theatre", "chemin"):
        st = wuxing.new_game(2, 1, mode=mode)
        assert bots.game_of(st) == "wuxing"
        assert str(bots.bot_move(st, "greedy")) == str(wuxing.greedy_move(st))
    try:
        bots.bot_move(st, "expert")
    except ValueError:
        pass
    else:
        raise AssertionError("unknown level accepted")


def _leaf_value(c, me, w, q):
    # the capture search on the engine: the seat to move stands on the bot's evaluation or
    # plays one of its captures (q more at most; a win sooner is worth more), valued for `me`
    mover = c.current_player
    v = search._eval(search._position(c, w), mover, w)
    if q > 0 and c.phase != wuxing.TURN:
        for m in c.legal_moves():
            if m.kind == wuxing.M_MOVE and c.pawn[m.b] and c.pawn[m.b] != mover + 1:
                x = c.clone()
                x.apply(m)
                if x.is_over():
                    y = 0 if x.win == 2 else (100000 - q if x.win == mover else q - 100000)
                else:
                    y = _leaf_value(x, mover, w, q - 1)
                v = max(v, y)
    return v if mover == me else -v


def _minimax(st, depth, w):
    # plain minimax over the engine's own moves and copies, the bot's evaluation (or its
    # capture search: w["qs"]) at the leaves: the bot's search plays moves in place, from a
    # stack of frames, and must give the same values
    me = st.current_player
    best = None
    for m in st.legal_moves():
        c = st.clone()
        c.apply(m)
        if c.is_over():
            v = 0 if c.win == 2 else (100000 + depth if c.win == me else -100000 - depth)
        elif depth <= 1:
            v = _leaf_value(c, me, w, w["qs"])
        else:
            v = _minimax(c, depth - 1, w)
            if c.current_player != me:
                v = -v
        best = v if best is None or v > best else best
    return best


def test_the_in_place_search_agrees_with_plain_minimax_on_the_engine():
    # with the evaluation at the leaves, and with hard's capture search below them
    from shared_rules.rng import Rng

    mod = _bot()
    r = Rng(3)
    n = 0
    for g in range(sizes.pick(12, 3, 1)):
        st = bots.new_game("wuxing", 2, g, board="random" if g % 2 else "cyclic")
        while not st.is_over():
            if r.below(4) == 0:
                for qs in (0, mod.WEIGHTS["hard"]["qs"]):
                    w = dict(mod.WEIGHTS["hard"], qs=qs)
                    for d in (1, 2):
                        s = search._position(st, w)
                        s.budget = s.piece = 1000000
                        order = search._root_moves(s, st.current_player)
                        for _ in search._root(s, st.current_player, d, order, w):
                            pass
                        v = max(x[0] for x in s.done)
                        assert v == _minimax(st, d, w), (g, st.history_len(), d, qs)
                        # every move taken back: the copy is the position again
                        assert bytes(s.P) == bytes(st.pawn) and bytes(s.T) == bytes(st.turned)
                        assert bytes(s.K) == bytes(st.tokens)
                n += 1
            ms = st.legal_moves()
            st.apply(ms[r.below(len(ms))])
        gc.collect()
    assert n > 5


def test_the_theatre_search_in_pieces_plays_the_move_of_one_piece():
    """bots.bot_steps (a board's loop: a piece a pass) gives bot_move's move, in pieces of a
    bounded count of nodes, for every level, over whole games."""
    from shared_rules.wuxing.bot_theatre import PIECE

    mod = _bot()
    pieces_seen = 0
    for seed in (41, 42):
        st = bots.new_game("wuxing", 2, seed)
        while not st.is_over():
            lv = ("hard", "normal", "easy")[st.history_len() % 3]
            want = bots.bot_move(st, lv)
            nodes = mod.LAST["nodes"]
            got = None
            pieces = 0
            for value in bots.bot_steps(st, lv, "wuxing"):
                got = value
                pieces += 1
            assert str(got) == str(want), (seed, lv)
            assert mod.LAST["nodes"] == nodes and pieces <= nodes // PIECE + 2, (pieces, nodes)
            pieces_seen = max(pieces_seen, pieces)
            st.apply(want)
        gc.collect()
    assert pieces_seen >= 4  # a hard search is cut, not one piece
