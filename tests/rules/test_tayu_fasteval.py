"""Ta Yü's bot evaluation (shared_rules/tayu/bot.py, `_values` and `_position_value`): its
native code (shared_rules/tayu/fasteval.py, MicroPython) and its Python twin (plaineval.py:
CPython, and MicroPython when told to) give the same value to every placement of every kind,
from both sides, and to the position itself, along whole games of 2 and 4 players and both
editions; and where a placement makes no estuary, its value is the score's plus the change it
makes to the position's value (the incremental evaluation agrees with the frontier's)."""

import gc

import sizes
from native_twins import check_load_native, with_each_loop

from shared_rules.rng import Rng
from shared_rules.tayu import bot
from shared_rules.tayu import rules as tayu


def _positions(edition, players, seed, every):
    """States along a game played by random legal moves (one in `every` kept)."""
    st = tayu.new_game(players, seed, edition=edition)
    rng = Rng(seed * 7 + 1)
    n = 0
    while not st.is_over():
        if n % every == 0 and st.phase == tayu.PLACE:
            yield st
        legal = st.legal_moves()
        st.apply(legal[rng.below(len(legal))])
        n += 1


def _evaluations(st, wa):
    # every kind's values from both sides, with the index of the best, and the position's own
    got = []
    for k in range(len(tayu.KINDS)):
        codes = st._placements(k)
        for ns in (True, False):
            best = bot._values(st, k, codes, ns, wa)
            got.append((k, ns, best if codes else None, list(bot._VALS[:len(codes)])))
    got.append((bot._position_value(st, True, wa), bot._position_value(st, False, wa)))
    return got


def test_native_and_plain_evaluations_agree():
    wa = bot.weight_array(bot.WEIGHTS["hard"])
    every = sizes.pick(3, 9, 25)
    checked = 0
    for edition, players, seed in (("kosmos", 2, 3), ("goliath", 4, 5)):
        for st in _positions(edition, players, seed, every):
            got, plain = with_each_loop(bot, _evaluations, st, wa)
            assert got == plain, (edition, st.placed)
            checked += sum(len(g[3]) for g in got[:-1])
        gc.collect()
    assert checked > sizes.pick(5000, 1500, 400), checked


def test_a_placement_value_is_the_change_it_makes():
    # where a placement makes no estuary, its value is the score's plus the change it makes to
    # the position's value: the squares it covers and opens are what the frontier gains and
    # loses
    wa = bot.weight_array(bot.WEIGHTS["normal"])
    seen = 0
    for st in _positions("kosmos", 2, 8, sizes.pick(2, 6, 12)):
        if st.placed == 0:
            continue
        k = st._tile
        codes = st._placements(k)
        ns = st.side_of(st.current_player) == "NS"
        before = bot._position_value(st, ns, wa)
        score = bot.score(st._counts, wa, ns)
        bot._values(st, k, codes, ns, wa)
        vals = list(bot._VALS[:len(codes)])
        for code, v in zip(codes, vals):
            c = bot._scratch(st)
            c._place(k, code // 76, (code // 4) % 19, code & 3)
            if c._counts != st._counts:
                continue
            after = bot._position_value(c, ns, wa)
            assert v == score + after - before, (st.placed, code)
            seen += 1
    assert seen > sizes.pick(200, 60, 20), seen


def test_micropython_with_native_code_evaluates_natively():
    check_load_native(bot)
