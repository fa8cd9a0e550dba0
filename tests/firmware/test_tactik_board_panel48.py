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
