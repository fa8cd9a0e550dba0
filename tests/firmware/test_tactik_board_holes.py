"""Tac-Tik on the purpose-built wooden hole board (profile tactik_holes: one LED per hole, card
and step LEDs), on CPython and MicroPython: the LEDs in chain order show the game, and a whole
game is played on it."""

from shared_rules.tactik import setup as tactik_setup  # noqa: I001
from firmware.games.tactik import layout as tactik_layout  # noqa: F401
from firmware.games.tactik import layout_build
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view  # noqa: F401
from tactik_script import Session, play_turn

BOARD = Session("tactik_holes", bot_delay_ms=40)


def _led(s, i):
    """(r, g, b) of LED i as sent down the chain (the profile's GRB order)."""
    b = s.app.hw.buf
    return (b[3 * i + 1], b[3 * i], b[3 * i + 2])


def test_leds_in_chain_order_show_pawns_card_and_turn():
    s = BOARD.start(players=4, cards="real")
    s.set_position(tactik_setup.from_positions({"red": ["T5"], "blue": ["B1"]}, players=4,
                                              physical_cards=True))
    s.app.set_brightness(255)
    s.hw.now = 0
    s.mode.now = 0
    s.app.frame()
    L = s.mode.layout
    chain = [p for p in layout_build.chain(L)]
    index = {}
    for i in range(len(chain)):
        index[chain[i][1]] = i
    # The red pawn on T5: LED 5 of the chain (the track comes first, from red's start).
    assert index["T5"] == 5
    r, g, b = _led(s, 5)
    assert r > 0 and g == 0 and b == 0
    # Blue's pawn in base hole 1, blue's empty track start dimly tinted blue, empty holes grey.
    r, g, b = _led(s, index["blue B1"])
    assert b > 0 and r == 0 and g == 0
    r, g, b = _led(s, index["T7"])
    assert r == g == b > 0
    # Red to move with card "1" chosen: its card LED and red's turn LED are lit red.
    r, g, b = _led(s, index["card 1"])
    assert r > 0 and g == 0 and b == 0
    r, g, b = _led(s, index["red turn0"])
    assert r > 0 and g == 0 and b == 0
    assert _led(s, index["blue turn0"]) == (0, 0, 0)
    # Choosing a 7x1 lights the seven step LEDs; each step placed turns one off.
    for _ in range(10):
        s.press("down")
    assert s.mode._cards_to_pick()[s.mode.card_i] == "7"
    s.press("a")
    s.hw.now = 0
    s.app.frame()
    lit = [i for i in range(7) if _led(s, index["step" + str(i + 1)]) != (0, 0, 0)]
    assert lit == [0, 1, 2, 3, 4, 5]


def test_a_playable_card_led_is_stronger_than_one_with_no_use():
    s = BOARD.start(players=4, cards="real")
    s.set_position(tactik_setup.from_positions({}, players=4, physical_cards=True))
    s.app.set_brightness(255)
    L = s.mode.layout
    index = {}
    for i, (_p, name) in enumerate(layout_build.chain(L)):
        index[name] = i
    seen = {}
    for card in ("1", "2"):  # 1 starts a pawn; 2 has no use with every pawn in the nest
        while s.mode._cards_to_pick()[s.mode.card_i] != card:
            s.press("down")
        seen[card] = []
        for now in (0, 250):
            s.hw.now = now
            s.mode.now = now
            s.app.frame()
            seen[card].append(_led(s, index["card " + card]))
    assert s.mode.scene.card_bad
    good, bad = seen["1"], seen["2"]
    assert good[0] == good[1] and good[0][0] > 0  # steady, in red
    assert (0, 0, 0) in bad  # blinks: another shape in time…
    lit = [rgb for rgb in bad if rgb != (0, 0, 0)]
    assert lit and lit[0][1] == lit[0][2] == 0 and 0 < lit[0][0] < good[0][0]  # …and dimmer


def test_whole_game_on_the_hole_board():
    s = BOARD.start(players=4, seed=1, bots=[1, 2, 3])
    loops = 0
    while not s.state.is_over():
        loops += 1
        assert loops < 4000
        if s.state.current_player == 0 and not s.mode.frames:
            play_turn(s)
        else:
            s.wait(100)
    st = s.state
    win = [c for seat in st.winner() for c in st.seat_colours(seat)]
    assert len(win) == 2
    for colour in win:
        assert sorted(s.state.positions()[colour]) == ["B1", "B2", "B3", "B4"]
    assert s.events("end")[-1]["winner"] >= 0
    assert s.app.output.led_ma() <= s.app.profile["power"]["budget_ma"]
