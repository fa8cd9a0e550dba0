"""Tac-Tik and the serial link (CPython and MicroPython): host commands move, state and undo
reach the game; an illegal or malformed move gets an error line and changes nothing."""

from shared_rules.tactik import rules as tactik  # noqa: I001
from firmware.games import tactik as tactik_mode  # noqa: F401
from tactik_script import Session

BOARD = Session(bot_delay_ms=40)


def test_host_moves_state_and_undo():
    s = BOARD.start(players=4, seed=4, cards="deal")
    st = s.state
    first = str(st.legal_moves()[0])
    digest0 = st.digest()
    s.app.handle({"cmd": "move", "move": first})
    s.app.step()  # the pass tells the move once its frame is out
    ev = s.events("move")[-1]
    assert ev["move"] == first and ev["player"] == 0 and ev["n"] == 1 and not ev["bot"]
    assert ev["digest"] == s.state.digest() != digest0
    # The reply to `state` carries the game so far.
    s.app.handle({"cmd": "state"})
    state = s.events("state")[-1]
    assert state["moves"] == [first] and state["n"] == 1 and state["to_move"] == 1
    assert state["phase"] == "exchange" and state["digest"] == ev["digest"]
    assert sorted(state["positions"]) == ["blue", "green", "red", "yellow"]
    # Undo from the host takes it back.
    s.app.handle({"cmd": "undo"})
    undo = s.events("undo")[-1]
    assert undo["move"] == first and undo["n"] == 0 and undo["digest"] == digest0
    assert s.state.digest() == digest0 and s.mode.count == 0


def test_illegal_or_malformed_moves_change_nothing():
    s = BOARD.start(players=4, seed=4, cards="deal")
    digest = s.state.digest()
    for bad in ("give 99", "5 T3-T8", "", "give"):
        s.app.handle({"cmd": "move", "move": bad})
        err = s.link.lines[-1]
        assert err[0] == "error" and err[1]["code"] == "illegal", (bad, err)
    s.app.handle({"cmd": "move", "move": 12})
    assert s.link.lines[-1][0] == "error"
    s.app.handle({"cmd": "undo"})
    assert s.link.lines[-1][0] == "error"  # nothing to undo
    assert s.state.digest() == digest and s.mode.count == 0
    assert s.link.counts.get("move", 0) == 0
    assert list(s.mode.save_record()["moves"]) == []


def test_a_new_game_with_moves_from_the_host_replays_them():
    s = BOARD.start(players=4, seed=4, cards="deal")
    moves = []
    st = tactik.new_game(4, 4)
    for _ in range(6):
        m = st.legal_moves()[0]
        moves.append(str(m))
        st.apply(m)
    s.app.handle({"cmd": "new", "game": "tactik", "seed": 4,
                  "options": {"players": 4, "bots": [], "cards": "deal"}, "moves": moves})
    new = s.events("new")[-1]
    assert new["moves"] == moves
    assert s.state.digest() == st.digest()
    assert list(s.mode.state.iter_history()) == moves
