"""Frames of key Tac-Tik positions checked against expected pictures (CPython and MicroPython).

The pictures live in tests/firmware/expected/tactik_*.txt: a legend of the colours used, then one
character per pixel. They were drawn by this code and checked by eye (docs/tactik-board.md shows
them); a change of the drawing shows up here pixel by pixel. To redraw them after an intended
change: TACTIK_WRITE_EXPECTED=1 .venv/bin/pytest -n 0 tests/firmware/test_tactik_board_frames.py
"""

from shared_rules.tactik import setup as tactik_setup  # noqa: I001
import os
import sys
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view  # noqa: F401
from tactik_script import Session

EXPECTED = "tests/firmware/expected"
SYMBOLS = ".abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#$%&+=@"
WRITE = sys.implementation.name != "micropython" and os.environ.get("TACTIK_WRITE_EXPECTED")
BOARDS = {}


def _board(profile):
    if profile not in BOARDS:
        BOARDS.clear()  # one board at a time on a Pico-sized heap
        BOARDS[profile] = Session(profile)
    return BOARDS[profile]


def picture(canvas):
    """The canvas as text: legend lines "legend <char> RRGGBB", then one row per line."""
    legend = {0: "."}
    rows = []
    for y in range(canvas.height):
        row = []
        for x in range(canvas.width):
            rgb = canvas.get(x, y)
            if rgb not in legend:
                legend[rgb] = SYMBOLS[len(legend)]
            row.append(legend[rgb])
        rows.append("".join(row))
    lines = ["size %d %d" % (canvas.width, canvas.height)]
    for rgb in sorted(legend):
        lines.append("legend %s %06X" % (legend[rgb], rgb))
    return "\n".join(lines + rows) + "\n"


def _check(s, name, now=0):
    """Draw the board at time `now` (blink phase) and compare it with the expected picture,
    row by row (no whole-picture string on a Pico-sized heap)."""
    s.hw.now = now
    s.mode.now = now
    s.app.frame()
    canvas = s.app.canvas
    if WRITE:
        with open(EXPECTED + "/" + name, "w") as f:
            f.write("# " + name + ": Tac-Tik frame drawn by tests/firmware/"
                    "test_tactik_board_frames.py\n" + picture(canvas))
    legend = {}
    y = -1
    with open(EXPECTED + "/" + name) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line[0] == "#":
                continue
            if line.startswith("size "):
                assert line == "size %d %d" % (canvas.width, canvas.height), line
                y = 0
            elif line.startswith("legend "):
                legend[line[7]] = int(line[9:], 16)
            else:
                assert len(line) == canvas.width, (name, y)
                for x in range(canvas.width):
                    got = canvas.get(x, y)
                    if got != legend[line[x]]:
                        raise AssertionError("%s: pixel (%d, %d) is %06X, expected %06X"
                                             % (name, x, y, got, legend[line[x]]))
                y += 1
    assert y == canvas.height, (name, y)


def _position(profile, positions, players=4, current=0):
    s = _board(profile).start(players=players, cards="real")
    s.set_position(tactik_setup.from_positions(positions, players=players,
                                              current_player=current, physical_cards=True))
    return s


def _choose(s, card):
    for _ in range(14):
        if s.mode._cards_to_pick()[s.mode.card_i] == card:
            return
        s.press("down")
    raise AssertionError("card not found")


def test_frame_choosing_a_7x1_on_the_reference_panel():
    s = _position("ref32", {"red": ["T0*", "T5", "T20", "B2"], "blue": ["T22", "T30"],
                            "yellow": ["T40"], "green": ["T48*"]})
    _choose(s, "7")
    s.press("a")  # first step of the first pawn offered
    s.press("right")
    _check(s, "tactik_ref32_seven.txt", now=0)
    _check(s, "tactik_ref32_seven_blink.txt", now=250)


def test_frame_permuter_second_pick_six_colours():
    s = _position("ref32", {"red": ["T0*", "T7"], "black": ["T16*", "B1", "B2"],
                            "blue": ["T40", "T45"], "yellow": ["T60"], "white": ["T70", "T90"],
                            "green": ["T85", "B4"]}, players=6)
    _choose(s, "P")
    s.press("a")
    s.press("right")
    _check(s, "tactik_ref32_six_swap.txt")


def test_frame_hole_board_seven_steps():
    s = _position("tactik_holes", {"red": ["T3", "T9"], "green": ["T11"]})
    _choose(s, "7")
    s.press("a")
    s.press("a")
    _check(s, "tactik_holes_seven.txt")


def test_frame_team_win_celebration():
    s = _board("ref32").start(players=4, seed=0, cards="deal")
    s.set_position(tactik_setup.from_positions(
        {"red": ["B1", "B2", "B3", "B4"], "yellow": ["B2", "B3", "B4", "T31"],
         "blue": ["T3"]}, players=4, current_player=2,
        hands={2: ["2"], 0: ["2"], 1: ["3"], 3: ["5"]}))
    for _ in range(4):
        if "B1" in str(s.mode.uses[s.mode.choice_i]):
            break
        s.press("right")
    s.press("a")  # yellow's last pawn enters its base: the red-yellow team wins
    s.settle()
    assert s.state.is_over() and s.state.winner() == (0, 2)  # red and yellow
    _check(s, "tactik_ref32_win.txt", now=300)


def test_frame_card_just_played_on_the_reference_panel():
    s = _position("ref32", {"red": ["T3", "B1"], "blue": ["T20", "T30"], "yellow": ["T40"]},
                  current=1)
    _choose(s, "12")
    s.hw.now = 20000  # the same blink phase whatever the tests before did with the clock
    s.press("a")  # blue plays its 12: the card lies in the middle, in blue, for a second
    s.settle()  # (its pawn walks first, then yellow's choices show)
    assert s.mode.scene.nplayed
    _check(s, "tactik_ref32_played.txt", now=s.hw.now)


def test_frame_exchange_six_colours():
    s = _board("ref32").start(players=6, seed=1, cards="deal")
    assert s.state.phase == "exchange"
    _check(s, "tactik_ref32_six_give.txt", now=0)


def test_frame_exchange_the_moment_a_card_is_chosen():
    s = _board("ref32").start(players=4, seed=1, cards="deal")
    assert s.state.phase == "exchange"
    s.press("down")  # the card chosen shows at once (GIVE takes its turn half a second later)
    _check(s, "tactik_ref32_give_chosen.txt", now=s.mode.scene.give_at + 100)


def test_frame_a_hand_with_a_playable_card_and_one_with_no_use():
    s = _board("ref32").start(players=4, seed=0, cards="deal")
    s.set_position(tactik_setup.from_positions({"blue": ["T20"]}, players=4, current_player=0,
                                         hands={0: ["1", "5", "10", "-4"]}))
    _choose(s, "10")  # starts a pawn: a solid frame, the card in full colour
    assert s.mode.uses
    _check(s, "tactik_ref32_hand_playable.txt", now=20000)
    _choose(s, "-4")  # every red pawn in the nest: a faint dotted frame, dimmer, crossed out
    assert s.mode.scene.card_bad
    _check(s, "tactik_ref32_hand_no_use.txt", now=20000)


def test_the_how_to_play_pages_name_the_views_selection_colour():
    from firmware.games.tactik.howto import SELECT_RGB

    assert SELECT_RGB == tactik_view.SELECT_RGB
