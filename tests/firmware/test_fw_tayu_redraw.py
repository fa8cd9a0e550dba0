"""Ta Yü's view redraws only what a move changed: after every move of whole games (ring and
lattice boards, 2 to 4 players, stacks and bidding), the frame equals a full redraw (both
runtimes)."""

from firmware import profile
from firmware.canvas import Canvas
from firmware.games.tayu import view as td
from shared_rules import tayu


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
