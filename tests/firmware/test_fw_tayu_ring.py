"""Ta Yü's ring board drawn square by square (firmware/games/tayu/view.py, ring_squares): its
native loop (firmware/games/tayu/fastboard.py, MicroPython) and its Python twin (CPython, and
MicroPython when told to) draw the same pixels and note the same last tile's squares, for whole
boards and for the squares a placement redraws, along whole games; and a placement's redraw
leaves the frame a full drawing makes."""

import gc

from firmware import profile
from firmware.canvas import Canvas
from firmware.games.tayu import view as td
from shared_rules.rng import Rng
from shared_rules.tayu import rules as tayu

_CANVASES = (Canvas(32, 32), Canvas(32, 32))  # made first, while the heap is whole


def _layout():
    prof = profile.find("ref32")
    lay = prof["layouts"]["tayu"]
    assert lay["board"].get("mode", "ring") == "ring"
    return lay


def _draw_both(state, view, n):
    """(native pixels, plain pixels, native last squares, plain last squares) of ring_squares
    over view.sq[0..n-1] (every square when n < 0), each from a cleared canvas."""
    out = []
    saved = list(td._native)
    if not saved:
        td.load_native()
        saved = list(td._native)
    try:
        for canvas, fn in zip(_CANVASES, (saved[0], None)):
            td._native[:] = [fn]
            canvas.clear()
            view.last_n = 0
            td.ring_squares(canvas, state, view, n)
            out.append(bytes(view.last_cells[:view.last_n]))
    finally:
        td._native[:] = saved
    return _CANVASES[0].buf == _CANVASES[1].buf, out[0], out[1]


def _games():
    for edition, players, seed in (("kosmos", 2, 4), ("goliath", 4, 9)):
        st = tayu.new_game(players, seed, edition=edition)
        rng = Rng(seed)
        while not st.is_over():
            yield st
            legal = st.legal_moves()
            st.apply(legal[rng.below(len(legal))])
        yield st


def test_native_and_plain_draw_the_same_ring():
    lay = _layout()
    checked = 0
    for st in _games():
        gc.collect()
        v = td.View(lay)
        v.refresh(st)
        same, native_last, plain_last = _draw_both(st, v, -1)
        assert same, st.placed
        assert native_last == plain_last
        if st.placed:
            assert len(native_last) == 6  # three squares, two bytes each
        # the squares a placement redraws: a few of every kind (covered, glowing, empty)
        n = 0
        for i in range(0, 361, 7):
            v.sq[n] = i
            n += 1
            if n == len(v.sq):
                break
        same, native_last, plain_last = _draw_both(st, v, n)
        assert same and native_last == plain_last, st.placed
        checked += 1
    assert checked > 50


def test_a_placement_redraw_leaves_the_full_drawing():
    lay = _layout()
    c = Canvas(32, 32)
    full = Canvas(32, 32)
    st = tayu.new_game(2, 6)
    v = td.View(lay, c)
    rng = Rng(6)
    placements = 0
    while not st.is_over():
        v.refresh(st)
        td.draw(c, st, v)
        w = td.View(lay, full)
        w.refresh(st)
        td.draw(full, st, w)
        assert c.buf == full.buf, st.placed
        legal = st.legal_moves()
        mv = legal[rng.below(len(legal))]
        placements += mv.type == tayu.M_PLACE
        st.apply(mv)
        gc.collect()
    assert placements > 20
