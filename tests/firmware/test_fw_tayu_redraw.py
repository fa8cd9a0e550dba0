"""Ta Yü's view redraws only what a move changed: after every move of whole games (ring and
lattice boards, 2 to 4 players, stacks and bidding), the frame equals a full redraw (both
runtimes)."""

from firmware import profile
from firmware.canvas import Canvas
from firmware.games.tayu import view as td
from shared_rules.tayu import rules as tayu


def _full(prof, state):
    c = Canvas(prof["width"], prof["height"])
    v = td.View(prof["layouts"]["tayu"])
    v.refresh(state)
    td.draw(c, state, v)
    return c


INCREMENTAL = [0]
_redraw = td.redraw_after_placement


def _counted(canvas, state, view):
    done = _redraw(canvas, state, view)
    INCREMENTAL[0] += 1 if done else 0
    return done


td.redraw_after_placement = _counted


def _game(name, options, seed, undo_at=-1):
    """Plays a game redrawing after each move; returns (moves, redraws of one placement)."""
    INCREMENTAL[0] = 0
    prof = profile.find(name)
    view = td.View(prof["layouts"]["tayu"])
    canvas = Canvas(prof["width"], prof["height"])
    state = tayu.replay(options, seed, [])
    moves = 0
    while not state.is_over() and moves < 60:
        mv = tayu.greedy_move(state) or state.legal_moves()[0]
        state.apply(mv)
        moves += 1
        if moves == undo_at:
            state = state.rewind(moves - 2)  # an undo: fewer tiles, a full redraw
            undo_at = -1
        view.refresh(state)
        canvas.clear()
        td.draw(canvas, state, view)
        full = _full(prof, state)
        assert bytes(canvas.buf) == bytes(full.buf), (name, options, seed, moves)
    return moves, INCREMENTAL[0]


def test_ring_board_redraws_each_placement_like_a_full_drawing():
    moves, incremental = _game("ref32", {"players": 2}, 3)
    assert moves > 20 and incremental == moves - 1  # all but the first tile
    moves, incremental = _game("ref32", {"players": 4, "edition": "kosmos"}, 4, undo_at=9)
    assert moves > 20 and incremental == moves - 2  # the first tile and the undo: in full


def test_lattice_board_and_the_other_phases_redraw_like_a_full_drawing():
    moves, incremental = _game("panel48", {"players": 2, "stacks": True}, 5)
    assert moves > 20 and incremental > 10
    moves, incremental = _game("ref32", {"players": 3, "bidding": True}, 6)
    assert moves > 10 and incremental > 5


def _ghost_frames(name, options, seed):
    """Every move of a game, the ghost at a few spots, directions and legalities, drawn over
    the last frame without a clear (as the app does: Ta Yü covers the canvas) with the kept
    hand boxes; each frame equals a full drawing. Returns the frames drawn from a kept box."""
    prof = profile.find(name)
    view = td.View(prof["layouts"]["tayu"])
    canvas = Canvas(prof["width"], prof["height"])
    canvas.clear(0x123456)  # whatever was there before: every pixel must be set
    state = tayu.replay(options, seed, [])
    kept = 0
    moves = 0
    while not state.is_over() and moves < 30:
        state.apply(tayu.greedy_move(state) or state.legal_moves()[0])
        moves += 1
        view.refresh(state)
        view.ghost = state.phase == "place"
        for k in range(8):
            view.gr, view.gc, view.gd = 4 + k, 3 + 2 * k, (k * 3) % 4
            view.glegal = state.check(state.move_at(view.gr, view.gc, view.gd)) is None
            hit = view.ghost and view.hand_ok[view.gd * 2 + (1 if view.glegal else 0)]
            td.draw(canvas, state, view)
            full = _full_ghost(prof, state, view)
            assert bytes(canvas.buf) == bytes(full.buf), (name, moves, k)
            kept += 1 if hit else 0
    return kept


def _full_ghost(prof, state, shown):
    c = Canvas(prof["width"], prof["height"])
    v = td.View(prof["layouts"]["tayu"])
    v.refresh(state)
    v.ghost, v.gr, v.gc, v.gd, v.glegal = shown.ghost, shown.gr, shown.gc, shown.gd, shown.glegal
    td.draw(c, state, v)
    return c


def test_the_hand_box_kept_between_frames_shows_what_a_full_drawing_does():
    assert _ghost_frames("ref32", {"players": 2}, 8) > 30
    assert _ghost_frames("panel48", {"players": 2}, 9) > 30
