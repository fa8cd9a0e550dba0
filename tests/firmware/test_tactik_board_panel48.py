"""The Tac-Tik frame on the 48 x 48 panel (a hole every other pixel, the card drawn at double
size) checked against its expected picture, on CPython and MicroPython. Its own file: the
48 x 48 board's buffers need a fresh Pico-sized heap."""

from shared_rules.tactik import rules as tactik  # noqa: F401, I001
from firmware.games import tactik as tactik_mode  # noqa: F401
from tactik_script import Session

BOARD = Session("panel48")

from test_tactik_board_frames import BOARDS, _check, _choose, _position  # noqa: E402

BOARDS["panel48"] = BOARD


def test_frame_no_legal_use_on_the_48_panel():
    s = _position("panel48", {"red": ["B1", "B2"], "yellow": ["T40", "T41"]}, current=1)
    _choose(s, "5")  # blue has no pawn out: 5 has no use
    assert s.mode.scene.card_bad
    _check(s, "tactik_panel48_no_use.txt")


def test_the_exchange_shows_give_and_the_card_together_on_the_48_panel():
    """No room for the hand's line on this board: GIVE and the card chosen both stay in the
    middle (the card at the font's own size), never taking turns."""
    s = BOARD.start(players=4, seed=1)  # every seat human: red gives first
    assert s.mode.view.strip_y < 0 and s.state.phase == "exchange"
    from hand_line import find_text as _find_text

    from firmware.games.tactik.layout import PAWN_RGB

    box = s.mode.layout.middle
    red = PAWN_RGB["red"]
    for _ in range(3):
        for _ in range(60):
            s.wait(10)
            card = s.mode._cards_to_pick()[s.mode.card_i]
            assert _find_text(s.app.canvas, box, "GIVE", red)
            assert _find_text(s.app.canvas, box, card, red), card
        s.press("down")


def test_the_whole_hand_shows_in_the_middle_on_the_48_panel():
    """No row free at the foot of this board: the hand in a 2 x 2 grid over the middle, the
    cards with a use in the player's colour, the others grey, the selected one underlined
    in cyan."""
    from hand_line import grid

    from firmware.games.tactik import view as tactik_view
    from firmware.games.tactik.layout import PAWN_RGB
    from shared_rules.tactik import setup as tactik_setup

    s = BOARD.start(players=4, seed=0)
    assert s.mode.view.strip_y < 0 and s.mode.view.grid
    s.set_position(tactik_setup.from_positions({}, players=4, current_player=0,
                                               hands={0: ["10", "5", "P", "9"]}))
    s.app.frame()
    hand = list(s.mode._cards_to_pick())
    red = PAWN_RGB["red"]
    want = [(h, red if h == "10" else tactik_view.NO_USE_RGB) for h in hand]
    for _ in range(4):
        k = s.mode.card_i
        assert grid(s) == [want[i] + (i == k,) for i in range(4)]
        s.press("down")
        s.app.frame()
