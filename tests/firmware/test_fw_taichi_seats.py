"""Tai Chi Chuan's challenge as a buzzer race on a board with every seat its own buttons (issue
35, both runtimes): the first scan after the buzzer opens wins and that seat alone enters the
word; a buzz before it opens locks the seat out for the round; two seats in one scan tie, the
seeded generator settles it the same way every time, the race is said on the serial line and
the move names the winner, so the log replays exactly."""

import gc

import board_helpers as bh
import taichi_board as tb
from seat_press import tap

from firmware import buttons as btn
from firmware import race
from firmware.games.taichi import controller as tc
from shared_rules.taichi import rules

MOVES = ["word EAU", "stop", "join"]  # seed 5, two people: seat 0 challenged, seat 1 joins

# the seats' reference panel is ref32's: its frame buffers are shared (a Pico-sized heap)
bh._BUFFERS.setdefault("ref32_seats4", bh._BUFFERS["ref32"])


def race_board():
    gc.collect()
    b = bh.Board("ref32_seats4")
    b.app.start_game("taichi", {"players": 2, "bots": []}, 5, MOVES)
    b.advance(40)
    mode = b.app.mode
    assert mode.state.phase == rules.RACE and mode.seat_race()
    return b, mode


def races(b):
    return [e for e in b.events("race")]


def test_the_first_seat_wins_and_an_early_buzz_locks_a_seat_out():
    b, mode = race_board()
    try:
        tap(b, 2, btn.UP)  # the top seat (player 1) buzzes before the buzzer opens
        assert mode.race.locked[1] == 1 and mode.seat_race()
        b.advance(tc.RACE_READY_MS)
        tap(b, 2, btn.UP)  # locked out: not heard
        assert mode.seat_race()
        tap(b, 1, btn.UP)  # the left seat plays no part
        assert mode.seat_race()
        tap(b, 0, btn.DOWN)  # the bottom seat (player 0)
        assert mode.ui == tc.UI_ENTRY and mode.entry_seat == 0
        assert races(b)[-1]["result"] == "s0" and races(b)[-1]["early"] == [1]
        word = tb.a_word(mode)
        keys = tb.word_keys(mode.entry, word)
        for k in keys:
            tap(b, 2, btn.NAMES.index(k))  # the other seat cannot type
        assert mode.entry_seat == 0 and not b.events("move")
        for k in keys:
            tap(b, 0, btn.NAMES.index(k))
        b.settle()
        assert b.events("move")[-1]["move"] == "word " + word + " seat 0"
    finally:
        b.close()


def test_a_tie_is_settled_by_the_seed_said_and_replayed_the_same():
    b, mode = race_board()
    try:
        b.advance(tc.RACE_READY_MS)
        at = b.hw.now
        b.hw.press(2, btn.LEFT, True, at)  # both in the same scan
        b.hw.press(0, btn.LEFT, True, at)
        b.advance(60)
        said = races(b)[-1]
        winner = mode.entry_seat
        assert said["result"] == "s%d tie 0 1" % winner, said
        assert mode.ui == tc.UI_ENTRY and said["n"] == len(MOVES)
    finally:
        b.close()
    # the same seed and moves settle it the same way (what the board drew, drawn again); the
    # word move then names the winner (`word W seat N`: the first test), so the log replays
    again = race.Race(2, (5 * 1009 + len(MOVES) * 7 + 1) & 0x3FFFFFFF)
    again.open(0)
    again.buzz(1, 10)
    again.buzz(0, 10)
    assert again.result() == said["result"]
