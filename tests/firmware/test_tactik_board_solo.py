"""The individual 2-player Tac-Tik variant on the simulated board (CPython and MicroPython):
each player runs two colours and holds six cards; a whole game against the bot."""

# The engine first, then the board's modules (the menu is imported when shown and let go when a
# game starts, as on the board), then one board (see test_tactik_board_play).
from shared_rules.tactik import rules as tactik  # noqa: F401, I001
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view  # noqa: F401
from tactik_script import Session
from tactik_board_helpers import check_finished, play_to_the_end

BOARD = Session(bot_delay_ms=40)
TWO_SEEDS = (5, 1, 2)


def test_two_player_individual_variant_each_player_runs_two_colours():
    for seed in TWO_SEEDS:
        s = BOARD.start(players=2, seed=seed, bots=[1])
        sc = s.mode.scene
        # Exchange: six cards each, the human's hand on show.
        assert s.state.phase == "exchange" and len(sc.hand) == 6
        assert [s.mode.colours[c] for c in sc.turn] == ["red", "yellow"]
        play_to_the_end(s)
        check_finished(s, 2)
        assert s.state.winner() in ((0,), (1,))  # seat 0 (red and yellow) or 1 (blue and green)
