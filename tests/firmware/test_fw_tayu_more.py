"""Ta Yü on the board, more (both runtimes): bidding and stack choice with the buttons, the
worst frames against the power budget, frames that allocate nothing and go out only when
changed. (A separate file: each shared test file is compiled on a Pico-sized heap.)"""

import gc
import sys

import board_helpers as bh

from firmware.games.tayu import view as td

MICRO = sys.implementation.name == "micropython"


def test_bidding_and_stack_choice_with_buttons():
    b = bh.Board()
    b.send({"cmd": "new", "game": "tayu", "seed": 2,
            "options": {"players": 3, "edition": "kosmos", "stacks": True, "bots": []}})
    mode = b.app.mode
    assert mode.state.phase == "bid"
    first = mode.state.current_player
    b.presses("down down a")  # two below the highest opening bid
    top = mode.state.flags["max_bid"]
    assert b.events("move")[-1]["move"] == "bid:%d" % (top - 2)
    b.presses("b b")  # the two others pass
    assert mode.state.flood == first and mode.state.target == top - 2
    assert mode.state.phase == "take"
    b.presses("right a")  # stack B
    assert b.events("move")[-1]["move"] == "take:B"
    assert mode.state.phase == "place" and mode.view.ghost


def test_worst_frames_stay_within_the_power_budget():
    b = bh.Board()
    b.send({"cmd": "brightness", "value": 255})
    budget = b.profile["power"]["budget_ma"]
    b.app.start_game("tayu", {"players": 2, "bots": [0, 1]}, 8)
    worst = 0
    shown = b.hw.frames
    while not b.app.mode.state.is_over():
        b.advance(50)
        if b.hw.frames != shown:
            shown = b.hw.frames
            ma = b.app.output.led_ma()
            assert ma <= budget, ma
            worst = max(worst, ma)
    # and the brightest thing the game can show: every square lit as the last tile
    c = b.app.canvas
    c.clear(td.ESTUARY2)
    assert b.app.output.render(c) <= budget and worst > b.app.output.idle


def test_a_frame_allocates_nothing_and_is_sent_only_when_it_changed():
    b = bh.Board()
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 6})
    mode = b.app.mode
    for _ in range(12):
        mode.play(mode.state.legal_moves()[0])
    b.app.step()  # the last move's frame
    b.app.step()  # then the next player's ghost
    sent = b.hw.frames
    b.app.redraw()
    b.app.step()
    assert b.hw.frames == sent  # redrawn, but the same pixels: nothing sent
    mode.move_ghost(0, 1, 0)
    b.app.step()
    assert b.hw.frames == sent + 1
    if MICRO:  # bytes allocated by a frame, the gc off around it (CPython has no such count)
        for i in range(4):
            mode.move_ghost(0, 1 if i % 2 else -1, 0)
            gc.collect()
            gc.disable()
            before = gc.mem_alloc()
            b.app.frame()
            used = gc.mem_alloc() - before
            gc.enable()
            assert used == 0, used
