"""The menu on the board of holes (tactik_holes, both runtimes), read from its lit holes: the
rows on the card LEDs, the value on the step LEDs, the seats on the track; Ta Yu is not offered
and is refused, with its reason, whether a host asks for it or a save holds it."""

import board_helpers as bh

from firmware.menu import names_for
from firmware.store import Store

LAYOUT = bh.profile.find("tactik_holes")["layouts"]["tactik"]["4"]
ROWS = [tuple(p) for p in LAYOUT["card_leds"]]
VALUES = [tuple(p) for p in LAYOUT["step_leds"]]
GREEN = 0x00FF00


def lit(b, where):
    return b.app.canvas.get(where[0], where[1])


def side(b, seat):
    """The holes of a seat's side of the track (red bottom, blue left, yellow top, green right)."""
    ox, oy = LAYOUT["origin"]
    n = LAYOUT["side"]
    if seat == 0:
        return [(ox + k, oy + n) for k in range(1, n)]
    if seat == 1:
        return [(ox, oy + k) for k in range(1, n)]
    if seat == 2:
        return [(ox + k, oy) for k in range(1, n)]
    return [(ox + n, oy + k) for k in range(1, n)]


def test_the_menu_shows_rows_values_and_seats_by_lit_holes():
    b = bh.Board("tactik_holes")
    m = b.app.mode
    assert m.name == "menu" and m.game == "tactik"
    assert b.events("hello")[-1]["games"] == ["tactik"]  # what this board can play
    assert names_for(b.app.profile) == ["tactik"]
    # START selected: its row hole bright green, the others dim; every value hole green
    assert lit(b, ROWS[0]) == GREEN
    assert all(0 < lit(b, p) < 0x404040 for p in ROWS[1:len(m.rows)])
    assert [lit(b, p) for p in VALUES] == [GREEN] * len(VALUES)
    # the seats: red (seat 0, a human) bright, the bots' sides dim
    assert {lit(b, p) for p in side(b, 0)} == {0xFF0000}
    for seat in (1, 2, 3):
        assert all(0 < lit(b, p) < 0x404040 for p in side(b, seat))
    # the game row: one game, shown as one bright hole
    b.presses("down")
    assert m.rows[m.cursor][0] == "game" and lit(b, ROWS[1]) != lit(b, ROWS[0])
    assert lit(b, VALUES[0]) > 0x404040 and not lit(b, VALUES[1])
    # CARDS: three choices, the second one bright after a press
    b.presses("down right")
    assert "CARDS DEAL" in m.texts
    values = [lit(b, p) for p in VALUES[:3]]
    assert values[1] > 0x404040 and values[0] < 0x404040 and values[2] < 0x404040
    assert not lit(b, VALUES[3])
    # PLAY offers only what this board has holes for: 2 and 4 players
    while m.rows[m.cursor][0] != "players":
        b.presses("down")
    seen = set()
    for _ in range(3):
        seen.add(m.players)
        assert sum(1 for p in VALUES if lit(b, p)) == m.players
        b.presses("right")
    assert seen == {2, 4}
    while m.players != 4:
        b.presses("right")
    # WHO: one more press makes every seat a bot: red's side goes dim
    b.presses("down")
    assert m.rows[m.cursor][0] == "bots"
    b.presses("right")
    assert m.bots == [True] * 4
    assert all(0 < lit(b, p) < 0x404040 for p in side(b, 0))
    b.close()


def test_ta_yu_is_refused_with_its_reason():
    b = bh.Board("tactik_holes")
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2}, "seed": 1})
    err = b.events("error")[-1]
    assert err["code"] == "bad_arg" and "cannot be played on tactik_holes" in err["msg"]
    assert b.app.mode.name == "menu"
    b.close()


def test_a_ta_yu_save_on_the_board_of_holes_is_refused_in_red():
    fs = bh.MemFS()
    Store(fs=fs, folder="").save({"game": "tayu", "options": {"players": 2, "bots": [1]},
                                  "seed": 5, "moves": []})
    b = bh.Board("tactik_holes", fs=fs)
    err = b.events("error")[-1]
    assert err["code"] == "save_bad" and "cannot be played on tactik_holes" in err["msg"]
    corner = (LAYOUT["origin"][0], LAYOUT["origin"][1])  # a hole the menu leaves dark
    rgb = lit(b, corner)
    red, green = rgb >> 16, (rgb >> 8) & 0xFF
    assert red > 4 * green and not rgb & 0xFF  # the empty holes glow red while it says so
    b.advance(3000)
    assert not lit(b, corner)
