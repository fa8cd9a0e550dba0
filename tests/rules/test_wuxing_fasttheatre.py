"""The Théâtre search's evaluation and move generation (shared_rules/wuxing/bot_theatre.py):
their native loops (shared_rules/wuxing/fasttheatre.py, MicroPython) and their Python twins
(CPython, and MicroPython when told to) give the same value for either seat to move, in and
out of the turning phase, and the same moves in the same order, with every level's weights
and both link rules, along whole games; and a whole search with each gives the same root
values at the same count of nodes."""

import gc

import sizes
from native_twins import check_load_native, with_each_loop

from shared_rules import bots
from shared_rules.rng import Rng
from shared_rules.wuxing import bot_common
from shared_rules.wuxing import bot_theatre as search


def _positions(seed, **options):
    """Théâtre states along a game of random legal moves."""
    st = bots.new_game("wuxing", 2, seed, **options)
    r = Rng(seed * 5 + 3)
    while not st.is_over():
        yield st
        ms = st.legal_moves()
        st.apply(ms[r.below(len(ms))])


def _values(st):
    # every evaluation and every generation of the position
    out = []
    for level in ("easy", "hard"):
        w = bot_common.WEIGHTS[level]
        s = search._position(st, w)
        for cur in (0, 1):
            for ls in (0, 1):  # the turning phase reads the last spender
                s.ls = ls
                out.append(search._eval(s, cur, w))
    s = search._position(st, bot_common.WEIGHTS["hard"])
    for seat in (0, 1):
        for quiet in (0, 1):
            n = search._gen(s, seat, 64 * (1 + seat), quiet)
            out.append(list(s.mv[64 * (1 + seat):][:n]))
    return out


def test_native_and_plain_evaluation_and_generation_agree():
    n = 0
    for seed, options in ((1, {}), (2, {"board": "random"}), (3, {"links": "dominate"})):
        for st in _positions(seed, **options):
            got, plain = with_each_loop(search, _values, st)
            assert got == plain, (seed, options, st.history_len(), got, plain)
            n += 1
        gc.collect()
    assert n > 30


def _search(st, depth, budget):
    bot_common.LAST["evals"] = 0
    s = search._position(st, bot_common.WEIGHTS["hard"])
    s.budget = budget
    s.piece = 1000000
    cur = st.current_player
    try:
        for _ in search._root(s, cur, depth, search._root_moves(s, cur),
                              bot_common.WEIGHTS["hard"]):
            pass
    except search._Out:
        pass
    return s.done, s.nodes, bot_common.LAST["evals"]


def test_native_and_plain_searches_agree_node_for_node():
    n = 0
    for seed in range(sizes.pick(4, 2, 1)):
        for i, st in enumerate(_positions(10 + seed, board="random" if seed % 2 else "cyclic")):
            if i % 3:
                continue
            got, plain = with_each_loop(search, _search, st, 2, 300)
            assert got == plain, (seed, st.history_len())
            n += 1
        gc.collect()
    assert n > 5


def test_micropython_with_native_code_evaluates_natively():
    check_load_native(search)
