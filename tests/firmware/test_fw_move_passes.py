"""A move's two loop passes, for every registered game on both runtimes: the pass that makes a
bot's move shows its frame; the move's save and its `move` event follow in the next pass
(GameMode.settle), so that no pass holds the move, its frame, the save and the collection at
once (issue 33: on a Pico each half is 50-110 ms, together over 150)."""

import board_helpers as bh
import saved_moves
from memfs import MemFS

from firmware import games, store_read

MOVES = 3  # bot moves checked a game


def _saved(fs):
    """The move texts in the save file (None: no save)."""
    data = fs.files.get("game.sav")
    if data is None:
        return None
    rec = store_read.decode(data)
    return saved_moves.texts(rec["game"], rec["moves"])


def _told(b):
    """The move counts the `move` events told."""
    return [e["n"] for e in b.events("move")]


def _pass(b):
    b.app.step()
    b.hw.sleep_ms(bh.STEP)


def move_passes(game):
    """The test of one game."""

    def test():
        fs = MemFS()
        b = bh.Board(fs=fs, bot_delay_ms=10)
        players = games.spec(game).DEFAULT_PLAYERS
        b.app.start_game(game, {"players": players, "bots": list(range(players))}, 5)
        mode = b.app.mode
        app = b.app
        frame = app.frame
        drawn = [0]

        def counted():
            drawn[0] += 1
            frame()

        app.frame = counted
        checked = 0
        for _ in range(3000):
            n = mode.count
            shown = drawn[0]
            _pass(b)
            if mode.count == n or mode.state.is_over():
                continue
            assert mode.count == n + 1, game
            assert drawn[0] > shown, game  # the move's frame is drawn in its own pass
            history = list(mode.state.history)
            assert _saved(fs) in (None, history[:n]), game  # neither saved nor told yet
            assert n + 1 not in _told(b), game
            _pass(b)
            assert _saved(fs) == history and _told(b)[-1] == n + 1, (game, _told(b))
            checked += 1
            if checked == MOVES:
                break
        assert checked == MOVES, game
        b.close()

    return test


# one test per registered game (test_move_passes_tayu, ...): a new game is covered as it is
for _name in games.names():
    globals()["test_move_passes_" + _name] = move_passes(_name)


def test_the_loop_runs_a_bot_search_s_next_piece_after_a_millisecond():
    """App.run sleeps LOOP_MS between passes, 1 ms while a bot's search is under way (its
    pieces follow each other sooner; the buttons and the serial line are served each pass)."""
    from firmware import gamemode
    from firmware.app import LOOP_MS

    ticks = gamemode.ticks
    clock = [0]

    def slow():  # each piece of the search takes a whole think slice: one piece a pass
        clock[0] += gamemode.THINK_SLICE_US
        return clock[0]

    gamemode.ticks = slow
    try:
        b = bh.Board(bot_delay_ms=100000)  # the search ends long before the pause
        b.send({"cmd": "new", "game": "wuxing", "seed": 5,  # the Théâtre: 25 pieces a search
                "options": {"players": 2, "bots": [0, 1], "level": "hard"}})
        waits = []
        wait = b.hw.wait_ms

        def noted(ms):
            waits.append((ms, b.app.mode.searching()))
            wait(ms)

        b.hw.wait_ms = noted
        b.app.run(until=lambda: len(waits) >= 40)
        assert (1, True) in waits and (LOOP_MS, False) in waits, waits
        assert all(ms == (1 if searching else LOOP_MS) for ms, searching in waits)
        b.close()
    finally:
        gamemode.ticks = ticks
