"""Tac-Tik's hand at a glance on the reference panel (both runtimes): every card of the hand in
a line at the panel's foot, those with a use in the player's colour, those without in a legible
grey, the selected one between cyan brackets; the exchange's GIVE stays in the middle with it;
the line's colours apart for a deuteranope and a protanope."""

from shared_rules.tactik import setup as tactik_setup  # noqa: I001
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view
from firmware.games.tactik.layout import PAWN_RGB
from colour_blind import closest_pair
from hand_line import grid, strip
from tactik_script import Session

BOARD = Session()


def test_the_whole_hand_shows_the_playable_cards_apart_and_the_selected_one_bracketed():
    s = BOARD.start(players=4, seed=0)
    s.set_position(tactik_setup.from_positions({}, players=4, current_player=0,
                                         hands={0: ["2", "1", "5", "10"]}))
    s.app.frame()
    assert s.mode.view.strip_y == 27
    red = PAWN_RGB["red"]
    grey = tactik_view.NO_USE_RGB
    hand = list(s.mode._cards_to_pick())
    assert sorted(hand) == ["1", "10", "2", "5"]
    # every pawn in its nest: 1 and 10 start one, 2 and 5 have no use
    want = [(c, red if c in ("1", "10") else grey) for c in hand]
    for k in range(4):
        assert s.mode.card_i == k
        assert strip(s) == [want[i] + (i == k,) for i in range(4)]
        assert s.mode.scene.card_bad == (hand[k] in ("2", "5"))  # the middle says the same
        s.press("down")
        s.app.frame()


def test_the_exchange_keeps_give_in_the_middle_and_the_card_in_the_line():
    s = BOARD.start(players=4, seed=1)
    assert s.state.phase == "exchange"
    hand = s.mode._cards_to_pick()
    for k in range(len(hand)):
        s.wait(600)  # whatever the time, no alternation: the line names the card
        seen = strip(s)
        assert [c[0] for c in seen] == list(hand)
        assert [c[2] for c in seen] == [i == k for i in range(len(hand))]
        assert all(c[1] == PAWN_RGB["red"] for c in seen)  # any card may be given
        s.press("down")


def test_a_six_colour_board_shows_the_whole_hand_in_the_middle():
    """No room for the line with 6 colours on ref32: the hand in a 2 x 2 grid in the middle,
    the playable cards in the player's colour, the others grey, the selected one underlined
    by a cyan bar 6 LEDs wide; a 7 being split shows alone with its steps."""
    s = BOARD.start(players=6, seed=0)
    assert s.mode.view.strip_y == -1 and s.mode.view.grid
    s.set_position(tactik_setup.from_positions({}, players=6, current_player=0,
                                               hands={0: ["2", "1", "12", "-4"]}))
    s.app.frame()
    hand = list(s.mode._cards_to_pick())
    assert sorted(hand) == ["-4", "1", "12", "2"]
    c = s.mode.layout.colours[0]
    want = [(h, PAWN_RGB[c] if h in ("1",) else tactik_view.NO_USE_RGB) for h in hand]
    seen_sel = set()
    for _ in range(4):
        k = s.mode.card_i
        seen_sel.add(k)
        assert grid(s) == [want[i] + (i == k,) for i in range(4)]
        s.press("down")
        s.app.frame()
    assert seen_sel == {0, 1, 2, 3}


def test_the_lines_colours_are_apart_for_colour_blind_eyes():
    for colour in ("red", "blue", "yellow", "green"):
        d, a, b = closest_pair([PAWN_RGB[colour], tactik_view.NO_USE_RGB])
        assert d > 80, (colour, d)
        d, a, b = closest_pair([tactik_view.NO_USE_RGB, 0])
        assert d > 80  # the grey stays legible on the dark panel


def test_the_last_moves_pawn_blinks_white_while_its_card_shows():
    """Every player's last move (the bots' above all) stays marked until the next move
    starts: its card in the middle, and the pawn it moved blinking between its colour and
    white; gone once the next move starts."""
    s = BOARD.start(players=4, seed=5, bots=[1, 2, 3])
    s.set_position(tactik_setup.from_positions({"blue": ["T16*"]}, players=4, current_player=1,
                                         hands={1: ["5"], 0: ["2", "3"], 2: ["5"], 3: ["5"]}))
    n = s.mode.count
    for _ in range(400):  # blue, a bot, plays its 5: T16 -> T21
        s.wait(10)
        if s.mode.count > n:
            break
    s.settle()
    sc = s.mode.scene
    assert sc.nplayed and sc.nlast == 1
    p = s.mode.layout.where("blue", "T21")
    assert sc.last_px[0] == p
    canvas = s.app.canvas
    seen = set()
    for now in (s.hw.now // 500 * 500 + 500, s.hw.now // 500 * 500 + 750):
        s.hw.now = now
        s.mode.now = now
        s.app.frame()
        seen.add(canvas.get(p & 0xFF, p >> 8))
    assert seen == {PAWN_RGB["blue"], 0xFFFFFF}


def test_a_turn_starts_on_a_card_that_can_be_played():
    """What cannot be chosen is skipped at a turn's start: the choice opens on the first card
    with a use (A there plays; on a card without one it would only say PLAY OTHER); the
    arrows still reach every card, and a card chosen stays chosen."""
    s = BOARD.start(players=4, seed=0)
    s.set_position(tactik_setup.from_positions({}, players=4, current_player=0,
                                               hands={0: ["2", "5", "10"]}))
    hand = s.mode._cards_to_pick()
    assert s.mode.scene.hand_ok[s.mode.card_i] and hand[s.mode.card_i] == "10"
    s.press("up")  # to a card with no use: it stays chosen
    assert hand[s.mode.card_i] != "10" and s.mode.scene.card_bad
    s.mode._refresh()
    assert hand[s.mode.card_i] != "10"


def test_the_grids_colours_are_apart_for_colour_blind_eyes():
    """The grid's cyan underline, the grey of a card with no use and each player's colour
    stay apart for a deuteranope and a protanope; white's cards and the cyan bar come close
    (white is near cyan for them), where the bar is told by its shape: a line under the
    chosen card's cell, under no other (test_a_six_colour_board_shows_the_whole_hand...)."""
    for colour in PAWN_RGB:
        d, a, b = closest_pair([tactik_view.SELECT_RGB, tactik_view.NO_USE_RGB,
                                PAWN_RGB[colour]])
        if colour == "white":
            d, a, b = closest_pair([tactik_view.NO_USE_RGB, PAWN_RGB[colour]])
        assert d > 80, (colour, d)
