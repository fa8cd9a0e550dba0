"""Switching games (both runtimes): on MicroPython the other game's code is let go, since a
Pico's heap holds one game's engine and board modules at a time, so starting Tac-Tik after Ta Yü
(and back) works on a Pico-sized heap, as a host `new` command or the menu does it; and a game
that fails to start leaves the game in progress exactly as it was."""

import gc
import sys

from marks import bot_marks
from tactik_script import Session

BOARD = Session(bot_delay_ms=0)


def _loaded(prefix):
    return [name for name in sys.modules if name.startswith(prefix)]


MICROPYTHON = sys.implementation.name == "micropython"


def test_each_start_drops_the_other_games_modules():
    """On MicroPython the other game's modules go (on CPython they stay: room, and shared)."""
    app = BOARD.app
    app.start_game("tayu", {"players": 2, "bots": [1], "edition": "goliath"}, 3)
    assert app.mode.name == "tayu"
    assert _loaded("shared_rules.tayu.rules")
    assert not (MICROPYTHON and _loaded("shared_rules.tactik.rules"))

    app.start_game("tactik", {"players": 4, "bots": [0, 1, 2, 3], "cards": "deal"}, 5)
    assert app.mode.name == "tactik"
    assert MICROPYTHON != bool(_loaded("shared_rules.tayu.rules") or _loaded("firmware.games.tayu"))
    assert _loaded("shared_rules.tactik.rules") and _loaded("firmware.games.tactik")
    BOARD.wait(2000)  # the bots play: the game really runs
    assert len(app.mode.state.history) > 0

    gc.collect()
    app.start_game("tayu", {"players": 2, "bots": [1], "edition": "goliath"}, 3)
    assert app.mode.name == "tayu" and app.mode.state.tile is not None
    assert MICROPYTHON != bool(_loaded("shared_rules.tactik.rules") or
                               _loaded("firmware.games.tactik"))


def test_failed_start_keeps_the_current_game():
    app = BOARD.app
    app.start_game("tayu", {"players": 2, "bots": [1], "edition": "kosmos"}, 1)
    BOARD.wait(1500)  # the bot's move and the human's next draw
    record = app.mode.save_record()
    record["moves"] = list(record["moves"])
    digest = app.mode.state.digest()
    for game, options in (("nosuchgame", {"players": 2}), ("tactik", {"players": 5})):
        try:
            app.start_game(game, options, 1)
        except ValueError as exc:
            assert str(exc)
        else:
            raise AssertionError("a bad game start was accepted: %s %s" % (game, options))
        # The Ta Yü game in progress is the same game, position for position.
        now = app.mode.save_record()
        now["moves"] = list(now["moves"])
        assert app.mode.name == "tayu" and now == record
        assert app.mode.state.digest() == digest


def test_a_refused_start_keeps_who_made_each_move():
    """A start that fails after the game in progress was let go (a move that does not replay)
    rebuilds it with its undo marks: a host move for a bot seat stays one a human may undo."""
    app = BOARD.app
    app.autobots = False
    try:
        app.start_game("tayu", {"players": 2, "bots": [1], "edition": "goliath"}, 3)
        st = app.mode.state
        for _ in range(2):  # seat 0, then seat 1 (a bot seat) moved by the host
            app.handle({"cmd": "move", "move": str(st.legal_moves()[0])})
        before = (bot_marks(app.mode), app.mode.count, app.mode.undo_target())
        assert before[2] == 1  # the host's move for the bot seat may be taken back
        try:
            app.start_game("tactik", {"players": 2, "cards": "deal"}, 1, ["no such move"])
        except (ValueError, MemoryError):
            pass
        else:
            raise AssertionError("a start with a move that does not replay was accepted")
        assert app.mode.name == "tayu"
        assert (bot_marks(app.mode), app.mode.count, app.mode.undo_target()) == before
    finally:
        app.autobots = True


def test_what_a_game_brought_goes_with_it():
    """On MicroPython the dictionary and word entry Tai Chi Chuan brought go when Ta Yü
    starts; Rondo, which holds the dictionary, keeps its own copy."""
    app = BOARD.app
    app.start_game("taichi", {"players": 3, "bots": [1, 2], "level": "hard"}, 5)
    assert _loaded("shared_rules.dictionary") and _loaded("firmware.wordentry")
    app.start_game("tayu", {"players": 2, "edition": "goliath"}, 3)
    brought = _loaded("shared_rules.dictionary") + _loaded("firmware.wordentry")
    assert bool(brought) != MICROPYTHON, brought
    app.start_game("rondo", {"players": 2, "bots": [1], "start": "seat0"}, 5)
    judge = sys.modules["shared_rules.dictionary.judge"]
    rules = sys.modules[type(app.mode.state).__module__]
    assert rules.judge is judge  # one copy, the one the game holds
    app.start_game("rondo", {"players": 2, "bots": [1], "start": "seat0"}, 6)
    assert sys.modules["shared_rules.dictionary.judge"] is judge  # held: kept
    assert not (MICROPYTHON and _loaded("firmware.wordentry"))


def test_a_wuxing_game_keeps_only_its_own_modes_bot_code():
    """A Chemin game started after a Théâtre one (a host's `new`, no menu between) lets the
    Théâtre's search go on MicroPython, and the other way round."""
    app = BOARD.app
    bots = {"theatre": "shared_rules.wuxing.bot_theatre",
            "chemin": "shared_rules.wuxing.bot_chemin"}
    for mode, other in (("theatre", "chemin"), ("chemin", "theatre"), ("theatre", "chemin")):
        app.start_game("wuxing", {"players": 2, "bots": [0, 1], "mode": mode, "level": "hard"},
                       4)
        BOARD.wait(3000)  # the bots play: the mode's bot code is loaded
        assert len(app.mode.state.history) > 0 and _loaded(bots[mode])
        if mode == "chemin":  # the Théâtre's native evaluation (MicroPython only) went too
            assert not _loaded("shared_rules.wuxing.fasttheatre")
        # (on CPython the other mode's code, once loaded, stays: room, and shared)
        assert not (MICROPYTHON and _loaded(bots[other])), mode
