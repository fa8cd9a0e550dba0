"""A whole 6-player Tac-Tik game on the simulated board (CPython and MicroPython): the human
seat plays with the buttons, bots play the others, to the team win and back to the menu.
One game per file: each shared test file gets a fresh Pico-sized heap."""

# The engine first, then the board's modules (the menu too: the board loads it at boot), then
# one board (see test_tactik_board_play).
from shared_rules import tactik  # noqa: F401, I001
import sys
from firmware import menu, tactik_mode, tactik_view  # noqa: F401
from firmware.tactik_script import Session, play_turn

BOARD = Session(bot_delay_ms=40)
# Seed 3 is a 560-move game: on the 64-bit unix port its end runs too close to the 190 KB heap
# (the app survives an out-of-memory pass but may drop that move's serial event), so the
# MicroPython run plays the two shorter games; CPython plays all three.
SIX_SEEDS = (1, 2) if sys.implementation.name == "micropython" else (1, 2, 3)


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


def test_six_players_with_bots_to_the_end():
    for seed in SIX_SEEDS:
        s = BOARD.start(players=6, seed=seed, bots=[1, 2, 3, 4, 5])
        presses = _play_to_the_end(s)
        assert presses > 20
        _check_finished(s, 2)
        n = len(s.mode.moves)
        assert s.link.counts["move"] == n and n > 100, (s.link.counts, n)
        # A or B leaves the celebration for the menu.
        s.press("a")
        assert s.app.mode.name == "menu"
