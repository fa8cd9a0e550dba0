"""A whole 6-player Tac-Tik game on the simulated board (CPython and MicroPython): the human
seat plays with the buttons, bots play the others, to the team win and back to the menu.
One game per file: each shared test file gets a fresh Pico-sized heap."""

# The engine first, then the board's modules (the menu is imported when shown and let go when a
# game starts, as on the board), then one board (see test_tactik_board_play).
from shared_rules.tactik import rules as tactik  # noqa: F401, I001
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view  # noqa: F401
from tactik_script import FileStore, Session
from tactik_board_helpers import check_finished, play_to_the_end

BOARD = Session(bot_delay_ms=40, store=FileStore())  # saves to files, as to a board's flash
SIX_SEEDS = (1, 2, 3)  # seed 3 is a 560-move game


def test_six_players_with_bots_to_the_end():
    for seed in SIX_SEEDS:
        s = BOARD.start(players=6, seed=seed, bots=[1, 2, 3, 4, 5])
        presses = play_to_the_end(s)
        assert presses > 20
        check_finished(s, 2)
        n = s.mode.count
        assert s.link.counts["move"] == n and n > 100, (s.link.counts, n)
        # A or B leaves the celebration for the menu.
        s.press("a")
        assert s.app.mode.name == "menu"
    BOARD.store.close()
