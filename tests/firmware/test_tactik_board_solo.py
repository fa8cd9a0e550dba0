"""The individual 2-player Tac-Tik variant on the simulated board (CPython and MicroPython):
each player runs two colours and holds six cards; a whole game against the bot."""

# The engine first, then the board's modules (the menu too: the board loads it at boot), then
# one board (see test_tactik_board_play).
from shared_rules import tactik  # noqa: F401, I001
from firmware import menu, tactik_mode, tactik_view  # noqa: F401
from firmware.tactik_script import Session, play_turn

BOARD = Session(bot_delay_ms=40)
TWO_SEEDS = (5, 1, 2)


def _play_to_the_end(s, limit=4000):
    """Seat 0 plays with the buttons, the bots play the other seats; returns human presses."""
    presses = 0
    loops = 0
    while not s.state.is_over():
        loops += 1
        assert loops < limit, "game did not end"
        if s.state.current_player == 0 and not s.mode.frames:
            presses += play_turn(s)
        else:
            s.wait(100)
    return presses


def _check_finished(s, colours_per_team):
    st = s.state
    pos = st.positions()
    win = st.winner()
    assert len(win) == colours_per_team
    for colour in win:
        assert sorted(pos[colour]) == ["B1", "B2", "B3", "B4"], (colour, pos[colour])
    end = s.events("end")
    assert len(end) == 1 and end[0]["n"] == len(s.mode.moves)
    assert end[0]["winner"] >= 0 and end[0]["scores"][end[0]["winner"]] == 4 * len(win)
    assert s.store.record is None  # the save is cleared once the game is over
    # The board celebrates: the winners' colours, and the turn markers of nobody else.
    sc = s.mode.scene
    assert sorted(sc.winners) == sorted([s.mode.colours.index(c) for c in win])
    s.app.frame()
    assert s.app.hw.frames > 0


def test_two_player_individual_variant_each_player_runs_two_colours():
    for seed in TWO_SEEDS:
        s = BOARD.start(players=2, seed=seed, bots=[1])
        sc = s.mode.scene
        # Exchange: six cards each, the human's hand on show.
        assert s.state.phase == "exchange" and len(sc.hand) == 6
        assert [s.mode.colours[c] for c in sc.turn] == ["red", "yellow"]
        _play_to_the_end(s)
        _check_finished(s, 2)
        assert s.state.winner() in (["red", "yellow"], ["blue", "green"])
