"""The board's Tac-Tik bots play their level's move (both runtimes, issue 22): a file of its own,
so the Tac-Tik engine and its bots have a fresh Pico-sized heap."""

from tactik_script import Session

BOARD = Session(bot_delay_ms=0)

from bot_levels import check_level  # noqa: E402


def test_tactik_bots_play_their_level():
    check_level(BOARD, "tactik", {"players": 4, "bots": [0, 1, 2, 3], "cards": "deal"}, 7, 12,
                "hard")
