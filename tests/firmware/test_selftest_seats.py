"""The self-test on a board with every seat its own buttons (issue 35): each 74HC165 checked by
its known bits at the start, then every seat asked for every button (both runtimes)."""

import board_helpers as bh
from seat_press import tap

from firmware import buttons as btn
from firmware import selftest


def at_buttons(b):
    assert b.app.start_selftest()
    mode = b.app.mode
    mode._to_buttons(b.app.now())
    return mode


def steps(b, step):
    return [e for e in b.events("selftest") if e.get("step") == step]


def test_every_seat_is_asked_for_every_button_and_a_missing_chip_is_named():
    b = bh.Board("ref32_seats4")
    try:
        b.hw.chips[2] = 0xFF  # seat 2's chip is not there: its known bits read wrong
        mode = at_buttons(b)
        assert steps(b, "chain")[-1]["missing"] == [2]
        for seat in (0, 1, 3):
            for k in range(6):
                assert mode.step == selftest.BUTTONS and mode.seat == seat and mode.sub == k
                if seat == 1 and k == 2:
                    tap(b, 3, k)  # another seat's button: the wiring or the seats' order
                else:
                    tap(b, seat, k)
        r = steps(b, "report")[-1]
        assert r["chain"] == {"seats": 4, "missing": [2]} and not r["ok"]
        assert r["buttons"]["wrong"] == {"s1.left": "s3.left"}
        assert "s2.up" in r["buttons"]["missing"] and "s3.b" in r["buttons"]["seen"]
        assert len(r["buttons"]["seen"]) == 17
    finally:
        b.close()


def test_a_whole_chain_pressed_right_is_ok():
    b = bh.Board("ref32_seats4")
    try:
        mode = at_buttons(b)
        assert steps(b, "chain")[-1]["missing"] == []
        asked = steps(b, "buttons")[-1]
        assert asked == {"v": 1, "seq": asked["seq"], "ev": "selftest", "step": "buttons",
                         "press": "up", "seat": 0}
        for seat in range(4):
            for k in range(6):
                tap(b, seat, k)
        r = steps(b, "report")[-1]
        assert r["buttons"]["missing"] == [] and r["buttons"]["wrong"] == {}
        assert r["chain"]["missing"] == [] and mode.key_view() == [0, 1, 2, 3, 4, 5]
        assert btn.NAMES[0] == "up"
    finally:
        b.close()
