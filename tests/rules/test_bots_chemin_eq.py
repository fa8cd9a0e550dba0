"""Chemin du duel's hard bot at equilibrium (issue 33; shared_rules/wuxing/bot_chemin.py): the
exact integer solver returns optimal strategies (checked against the column player's own),
the solved table's lookups agree with the engine on every duel's end, the table of a path is
its class's turned or read backwards, and the card comes from the game's secret: the same
secret and position give the same card, other secrets other cards, no secret the seeded
draws of before (the golden digests)."""

import gc

import sizes

from shared_rules import bots
from shared_rules.rng import Rng
from shared_rules.wuxing import bot_chemin as bc


def _check_optimal(A):
    # x from the rows' solver, y from the columns' (the game -A transposed): min_j (x A)_j
    # equals max_i (A y)_i, cross-multiplied by the totals (exact integers)
    x, sx = bc.eq_weights(A)
    n = len(A)
    m = len(A[0])
    T = [[-A[i][j] for i in range(n)] for j in range(m)]
    y, sy = bc.eq_weights(T)
    assert sum(x) == sx and sum(y) == sy and min(x) >= 0 and min(y) >= 0
    lo = min(sum(x[i] * A[i][j] for i in range(n)) for j in range(m))  # x guarantees lo / sx
    hi = max(sum(A[i][j] * y[j] for j in range(m)) for i in range(n))  # y concedes hi / sy
    assert lo * sy == hi * sx, (A, x, y)
    return x, sx


def test_the_solver_finds_the_textbook_equilibria():
    x, s = _check_optimal([[1, -1], [-1, 1]])  # matching pennies
    assert x[0] == x[1] and 2 * x[0] == s
    assert _check_optimal([[3, 1], [2, 0]])[0] == [1, 0]  # a saddle point
    x, s = _check_optimal([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])  # rock, paper, scissors
    assert x == [s // 3] * 3


def test_the_solver_is_optimal_on_random_games():
    r = Rng(33)
    for _ in range(sizes.pick(300, 60, 15)):
        n = 2 + r.below(4)
        m = 2 + r.below(4)
        vals = (-127, -40, -3, 0, 5, 60, 127)
        _check_optimal([[vals[r.below(7)] if r.below(3) else r.below(255) - 127
                         for _ in range(m)] for _ in range(n)])


def test_the_table_agrees_with_the_engine_on_every_duels_end():
    # each (a, b) of the round's matrix: +-scale exactly when the duel ends the game (won by
    # that seat), else a table value strictly inside
    checked = 0
    for opts in ({}, {"no_discard": True}, {"plain_faces": True}):
        for seed in range(sizes.pick(6, 2, 1)):
            st = bots.new_game("wuxing", 2, 300 + seed, mode="chemin", **opts)
            bots.set_secret(0)
            while not st.is_over():
                for seat in (0, 1):
                    mine, theirs, rows = bc.eq_matrix(st, seat)
                    for i in range(len(mine)):
                        for j in range(len(theirs)):
                            a, b = (mine[i], theirs[j]) if seat == 0 else (theirs[j], mine[i])
                            x = st.clone()
                            x.choose(0, a)
                            x.apply(x.choose(1, b))
                            v = rows[i][j]
                            w = bc.table(st).scale
                            if x.is_over() and x.win in (0, 1):
                                assert v == (w if x.win == seat else -w)
                            else:
                                assert -w < v < w
                            checked += 1
                st.apply(bots.bot_move(st, "hard"))
            gc.collect()
    assert checked > 100


def test_a_path_reads_its_class_table_turned_or_backwards():
    # the 120 paths fall in 12 classes of 10 (5 turns of the elements, read backwards or not)
    seen = {}
    p = [0, 1, 2, 3, 4]
    r = Rng(5)
    for _ in range(sizes.pick(200, 60, 20)):
        r.shuffle(p)
        rep, k, rev = bc._frame(bytes(p))
        q = bytes([(e + k) % 5 for e in p])
        assert (bytes([q[4 - i] for i in range(5)]) if rev else q) == rep
        seen[rep] = 1
    assert len(seen) <= 12


def test_the_secret_draws_the_card_and_no_secret_draws_as_before():
    st = bots.new_game("wuxing", 2, 7, mode="chemin", path="cycle")
    mod = bots.bot_module("wuxing")
    cards = {}
    try:
        for s in range(1, 41):
            bots.set_secret(s * 7919)
            c = mod.card(st, 0, "hard")
            assert mod.card(st, 0, "hard") == c  # the same secret and position: the same card
            cards[c] = 1
        assert len(cards) >= 2  # the equilibrium is mixed: other secrets, other cards
        bots.set_secret(0)
        assert bots.mix_secret(12345) == 12345
        assert bots.bot_rng_seed(st) == (7 * 1000003) & 0x7FFFFFFF
    finally:
        bots.set_secret(0)
