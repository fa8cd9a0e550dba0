"""Every game of the registry on a lean board (App.lean, test_fw_lean.py): the code only a start
runs, and what the game's mode names as its start's alone (Mode.start_only), is let go once
the game has started, and the game draws, plays and saves on without it (both runtimes, one
process a game on MicroPython: each game as big as a Pico holds)."""

import sys

from saved_moves import texts
from test_fw_lean import held, keeping_modules, lean_board, play_one

from firmware import games

ONE_PROCESS_PER_GAME = True  # read by tests/test_shared_on_micropython.py
# not in the heap each game needs (tests/bench/heap_edge.py): to put back the modules it lets
# go, the test holds every one of them, which no board does
HEAP_EDGE = False


def plays_on_lean(game):
    @keeping_modules
    def test():
        b = lean_board()
        players = games.spec(game).DEFAULT_PLAYERS
        b.send({"cmd": "new", "game": game, "options": {"players": players, "bots": []},
                "seed": 5})
        mode = b.app.mode
        assert mode.name == game and b.app.errors == 0
        assert held() == [] and [n for n in mode.start_only if n in sys.modules] == []
        for _ in range(3):
            b.app.step()
            b.app.frame()
        assert play_one(b) and play_one(b) and b.app.errors == 0
        from firmware import store_read  # (a start's alone: read back here, after the check)

        assert len(texts(game, store_read.decode(b.fs.files["game.sav"])["moves"])) == 2

    return test


for _name in games.names():
    globals()["test_plays_on_a_lean_board_" + _name] = plays_on_lean(_name)
