"""Random button presses on the whole board (menu, Ta Yü in every phase, undo, end screens):
no crash, no invalid state, and not one out-of-memory on a Pico-sized heap: 100 000 presses on
each runtime, in five test functions."""

import gc

import board_helpers as bh
import queued_buttons

from firmware import buttons as btn
from shared_rules.rng import Rng

PART = 20000  # five parts: 100 000 presses on each runtime


def check(b):
    """Invariants of whatever the board is doing now."""
    app = b.app
    mode = app.mode
    assert mode is not None
    if mode.name == "menu":
        assert 0 <= mode.cursor < len(mode.rows)
    elif mode.name == "tayu":
        st = mode.state
        v = mode.view
        assert mode.count == len(st.history)
        if v.ghost:
            assert st.phase == "place"
            for i in range(3):
                r = v.gr + i * bh.tayu.DR[v.gd]
                c = v.gc + i * bh.tayu.DC[v.gd]
                assert 0 <= r < 19 and 0 <= c < 19, (v.gr, v.gc, v.gd)
            assert v.glegal == (st.check(st.move_at(v.gr, v.gc, v.gd)) is None)
        assert st.is_over() == (st.phase == "over")
    assert app.output.led_ma() <= b.profile["power"]["budget_ma"]
    # no save failure, no out-of-memory survived: the board's last lines say which, if any
    assert app.errors == 0, b.lines[-4:]


def fuzz(seed, presses):
    """`presses` random events straight into the app's dispatch, with loop passes between
    them so bots move, timers run and frames are drawn."""
    gc.collect()
    b = bh.Board(bot_delay_ms=20)
    rng = Rng(seed)
    moves = 0
    for k in range(presses):
        mode = b.app.mode
        roll = rng.below(100)
        kind = btn.PRESS
        if roll < 50:
            button = rng.below(4)  # arrows, now and then auto-repeated
            if roll < 10:
                kind = btn.REPEAT
        elif roll < 80:
            button = btn.A
            if roll < 60:
                kind = btn.LONG  # jump to a legal placement
        else:
            button = btn.B
            if roll < 84:
                kind = btn.LONG  # undo
        if mode.name == "menu":
            row = mode.rows[mode.cursor][0]
            # other games and the self-test are fuzzed by their own authors' tests
            if row == "game" or (row == "test" and button in (btn.A, btn.RIGHT, btn.LEFT)):
                button = btn.DOWN
            if row == "light" and button == btn.B:
                button = btn.UP
        elif mode.name != "tayu":
            b.app.to_menu()
            continue
        before = mode.count if mode.name == "tayu" else 0
        queued_buttons.inject(b.app, button, kind)
        b.app.step(draw=k % 8 == 0)  # a frame now and then: the frame code is fuzzed too
        if b.app.mode is mode and mode.name == "tayu" and mode.count != before:
            moves += 1
        if k % 5 == 0:  # time passes: debounce, bots (20 ms pause), timers
            b.hw.sleep_ms(30)
            b.app.step(draw=False)
        if k % 97 == 0:
            check(b)
            del b.lines[:]
    check(b)
    b.close()
    return moves


def test_random_presses_part_1():
    moves = fuzz(1, PART)
    assert moves > 10


def test_random_presses_part_2():
    moves = fuzz(2, PART)
    assert moves > 10


def test_random_presses_part_3():
    moves = fuzz(3, PART)
    assert moves > 10


def test_random_presses_part_4():
    moves = fuzz(4, PART)
    assert moves > 10


def test_random_presses_part_5():
    moves = fuzz(5, PART)
    assert moves > 10
