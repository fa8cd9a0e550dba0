"""Shared by the whole-game Tac-Tik board tests: play a game out with the buttons and check the
team win the board shows (both runtimes)."""

from tactik_script import play_turn


def play_to_the_end(s, limit=4000):
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
    s.settle()  # the last move's save and events: the pass after its own
    return presses


def check_finished(s, colours_per_team):
    st = s.state
    pos = st.positions()
    win = [c for seat in st.winner() for c in st.seat_colours(seat)]  # colours
    assert len(win) == colours_per_team
    for colour in win:
        assert sorted(pos[colour]) == ["B1", "B2", "B3", "B4"], (colour, pos[colour])
    end = s.events("end")
    assert len(end) == 1 and end[0]["n"] == s.mode.count
    assert end[0]["winner"] >= 0 and end[0]["scores"][end[0]["winner"]] == 4 * len(win)
    assert s.store.record is None  # the save is cleared once the game is over
    assert s.app.errors == 0  # no pass ran out of heap, no save failed
    # The board celebrates: the winners' colours, and the turn markers of nobody else.
    sc = s.mode.scene
    assert sorted(sc.winners) == sorted([s.mode.colours.index(c) for c in win])
    s.app.frame()
    assert s.app.hw.frames > 0
