"""A Tac-Tik pass that runs out of heap (both runtimes, the MemoryError injected): the app
carries on, an undo that fails keeps its state and move, and a press after a pass cut short
recomputes the choices instead of using the old ones."""

from shared_rules.tactik import rules as tactik  # noqa: I001, F401
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view  # noqa: F401
from tactik_script import Session, play_turn
from marks import marks_fit

BOARD = Session()


def _no_heap(*args):
    raise MemoryError("injected")


def test_undo_out_of_memory_keeps_the_game():
    s = BOARD.start(players=4, seed=3, cards="deal")
    play_turn(s)
    s.settle()
    m = s.mode
    n = m.count
    last = m.state.last_move()
    digest = s.state.digest()
    state = s.state
    state.rewind = _no_heap  # the undo's replay finds no heap
    s.press("b", long=True)
    s.press("a")
    assert s.app.errors == 1
    assert s.state is not None and s.state.digest() == digest
    assert m.count == n and m.state.last_move() == last and marks_fit(m)
    del state.rewind
    s.press("a")  # the offer still stands: now the undo goes through
    assert m.count == n - 1 and s.events("undo")[-1]["move"] == last
    assert s.app.errors == 1


def test_press_after_a_pass_out_of_heap_recomputes_the_choices():
    checked = 0
    for seed in range(8):
        s = BOARD.start(players=4, seed=seed, cards="deal")
        m = s.mode
        while s.state.phase == "exchange":
            play_turn(s)
        s.settle()
        n = m.count
        m._refresh_now = _no_heap
        s.press("down")  # another card chosen, its uses not worked out
        del m._refresh_now
        assert s.app.errors == 1 and m.stale
        card = m._cards_to_pick()[m.card_i]
        s.press("a")  # confirms the uses of the card now chosen, not the old card's
        s.settle()  # (after a move, the next person's choices show once its pawn has walked)
        assert not m.stale and s.app.errors == 1
        if m.count == n + 1:
            w = m.state.last_move().split(" ")
            assert (w[-1] if w[0] in ("give", "discard") else w[0]) == card
            checked += 1
    assert checked > 0
