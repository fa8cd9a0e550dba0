"""A move the heap runs out in the middle of leaves no half move (issue 28), for every registered
game on both runtimes: the engine's changes made, then no room for the rest; the board takes
the move back whole (the engine replays the moves before it), says `memory` once, and the same
move is legal again once there is room."""

from marks import marks_fit
from memfs import MemFS
from tactik_script import Session

from firmware import games
from firmware.store import Store
from shared_rules import registry

ONE_PROCESS_PER_GAME = True  # read by tests/test_shared_on_micropython.py


def last(s, ev):
    found = [f for e, f in s.link.lines if e == ev]
    return found[-1] if found else None


def half_move(game):
    """The test of one game."""

    def test():
        s = Session(store=Store(fs=MemFS(), folder=""))
        s.app.boot()
        players = games.spec(game).DEFAULT_PLAYERS
        s.app.handle({"cmd": "new", "game": game, "seed": 3,
                      "options": {"players": players, "bots": []}})
        mode = s.app.mode
        assert mode.name == game, s.link.lines
        s.app.handle({"cmd": "state"})
        before = last(s, "state")
        st = mode.state
        real = st.apply

        def half_then_no_room(move):  # the move made, then no room for the rest
            real(move)
            raise MemoryError("test: no room")

        st.apply = half_then_no_room
        move = registry.engine(game).greedy_move(st)
        errors = s.link.counts.get("error", 0)
        try:
            s.app.handle({"cmd": "move", "move": str(move)})
            raise AssertionError("no MemoryError reached the loop")
        except MemoryError:
            pass  # the app's step() reports it as `memory` and carries on
        s.app.step()
        assert s.link.counts.get("error", 0) == errors
        s.app.handle({"cmd": "state"})
        after = last(s, "state")
        assert after["digest"] == before["digest"] and after["n"] == before["n"], game
        assert s.app.mode.count == before["n"] and marks_fit(s.app.mode)
        assert last(s, "move") is None
        s.app.handle({"cmd": "move", "move": str(move)})  # room again: the same move is legal
        s.app.step()
        assert last(s, "move")["n"] == before["n"] + 1, (game, s.link.lines)

    return test


# one test per registered game (test_half_move_tayu, ...): a new game is covered as it is
for _name in games.names():
    globals()["test_half_move_" + _name] = half_move(_name)
