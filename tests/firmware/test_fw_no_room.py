"""Never frozen (issue 28), on both runtimes: when a start, a switch or the menu itself finds no
room, the board keeps the game that ran (or its save) and a mode that answers, says `memory`
once, and comes back to its menu by itself once there is room. Bad starts are refused before
anything is let go: a bot seat named twice or outside the game is bad_arg, for every game."""

import json
import sys

import board_helpers as bh

from firmware import games


class Shortage:
    """While on: every game's start and the menu find no room (MemoryError), as on a heap too
    fragmented for them; the modules are not let go (so both runtimes see the same)."""

    def __enter__(self):
        def no_room(*args):
            raise MemoryError("test: no room")

        __import__("firmware.menu")  # the module the app imports now (a board drops it)
        self.module = sys.modules["firmware.menu"]
        self.create = games.create
        self.unload = games.unload_others
        self.menu = self.module.Menu
        games.create = no_room
        games.unload_others = lambda game: None
        self.module.Menu = no_room
        return self

    def __exit__(self, *exc):
        games.create = self.create
        games.unload_others = self.unload
        self.module.Menu = self.menu
        return False


def codes(b):
    return [e.get("code", e["ev"]) for e in b.events()]


def state(b):
    b.send({"cmd": "state"})
    return b.events("state")[-1]


def test_a_start_from_the_menu_with_no_room_leaves_a_mode_that_answers():
    b = bh.Board(fs=bh.MemFS())
    del b.lines[:]
    with Shortage():
        b.send({"cmd": "new", "game": "tactik", "seed": 3})
        assert b.app.mode is b.app.rescue
        assert codes(b) == ["memory"]  # said once
        assert state(b)["mode"] == "rescue"
        b.advance(3000)  # still no room: it stays, and says nothing more
        assert b.app.mode is b.app.rescue and codes(b) == ["memory", "state"]
        b.app.frame()  # it draws: the panel says why
        assert sum(1 for i in range(len(b.app.canvas.buf)) if b.app.canvas.buf[i]) > 20
    b.advance(1500)  # room again: the menu comes back by itself
    assert b.app.mode.name == "menu" and state(b)["mode"] == "menu"
    b.send({"cmd": "new", "game": "tayu", "seed": 3})
    assert b.app.mode.name == "tayu"


def test_the_menu_is_tried_again_at_the_first_pass_after_a_start_found_no_room():
    """The room a failed start held (its stack, its half-made game) is free at the next loop
    pass: the board shows its menu then, not a second later (a host's next `state` finds it)."""
    b = bh.Board(fs=bh.MemFS())
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 4})
    b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
    with Shortage():
        b.app.link.feed(b'{"cmd": "new", "game": "tactik", "seed": 3}\n')
        b.app.step()
        assert b.app.mode is b.app.rescue
    b.app.step()
    assert b.app.mode.name == "menu" and state(b)["saved"] is True


def test_a_switch_with_no_room_keeps_the_game_in_play():
    b = bh.Board(fs=bh.MemFS())
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 4})
    for _ in range(3):
        b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
    before = state(b)
    saved = b.fs.files["game.sav"]
    del b.lines[:]
    real = games.create
    calls = []

    def only_the_old_one(app, game, *args):  # the new game finds no room, the old one does
        calls.append(game)
        if game != "tayu":
            raise MemoryError("test: no room")
        return real(app, game, *args)

    games.create = only_the_old_one
    try:
        b.send({"cmd": "new", "game": "wuxing", "seed": 3})
    finally:
        games.create = real
    assert calls == ["wuxing", "tayu"] and codes(b) == ["memory"]
    after = state(b)
    assert after["digest"] == before["digest"] and after["moves"] == before["moves"]
    assert b.fs.files["game.sav"] == saved
    b.send({"cmd": "undo"})  # who made each move came back too
    assert b.app.mode.count == 2


def test_no_room_for_the_game_nor_the_menu_keeps_its_save_for_resume():
    b = bh.Board(fs=bh.MemFS())
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 4})
    for _ in range(2):
        b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
    before = state(b)
    del b.lines[:]
    with Shortage():
        b.send({"cmd": "new", "game": "tactik", "seed": 3})
        assert b.app.mode is b.app.rescue and codes(b) == ["memory"]
        assert state(b) == {"v": 1, "seq": state(b)["seq"] - 1, "ev": "state",
                            "mode": "rescue", "saved": True}
        b.presses("a")  # a button tries the menu again: still no room
        assert b.app.mode is b.app.rescue
    b.presses("a")  # room: the menu, on RESUME
    m = b.app.mode
    assert m.name == "menu" and m.rows[m.cursor][0] == "resume"
    b.presses("a")
    assert state(b)["digest"] == before["digest"]


def test_the_menu_with_no_room_falls_back_to_the_rescue_mode():
    b = bh.Board(fs=bh.MemFS())
    b.send({"cmd": "new", "game": "tayu", "seed": 4})
    del b.lines[:]
    with Shortage():
        b.send({"cmd": "menu"})  # leaving a game for a menu that finds no room
        assert b.app.mode is b.app.rescue and "memory" in codes(b)
    b.advance(1500)
    assert b.app.mode.name == "menu"


class _NoMenu:
    """What firmware.menu is when its code cannot be read: no Menu (ImportError)."""


def test_a_menu_whose_code_cannot_be_read_is_tried_again_and_never_escapes():
    """On a Pico, a module's lookup that finds no room to read the code bundle's index is an
    ImportError (the importer takes any error of a stat for "no such module"): leaving a game
    for the menu (a long B, a host `menu`) must not let it escape the loop. The menu is tried
    again once the game is let go (MicroPython: its module read afresh), else the rescue mode
    holds the board and retries."""
    b = bh.Board(fs=bh.MemFS())
    b.send({"cmd": "new", "game": "tayu", "seed": 4})
    del b.lines[:]
    real = sys.modules.pop("firmware.menu", None)
    sys.modules["firmware.menu"] = _NoMenu()  # no Menu in it: `from ... import` fails
    try:
        assert b.app.to_menu() in (True, False)  # nothing raised
        assert b.app.mode.name in ("menu", "rescue")
    finally:
        sys.modules.pop("firmware.menu", None)
        if real is not None:
            sys.modules["firmware.menu"] = real
    b.advance(1500)
    assert b.app.mode.name == "menu" and b.app.saved  # the game's save kept for RESUME


def test_a_bot_search_with_no_room_plays_the_greedy_move():
    b = bh.Board(fs=bh.MemFS(), bot_delay_ms=20)
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": [0],
                                                      "level": "easy"}, "seed": 2,
            "secret": 1})  # a fixed secret: the easy bot's own choice is then known
    mode = b.app.mode
    from shared_rules.tayu import rules as tayu

    expected = str(tayu.greedy_move(mode.state))
    from shared_rules import bots

    bots.set_secret(mode.secret)  # the game's own (the module's global is any game's)
    assert expected != str(bots.bot_move(mode.state, "easy"))  # the fallback is seen

    def no_room():
        raise MemoryError("test: no room")
        yield  # a generator, as the real search is

    mode.thinking = no_room
    mode.bot_reset()  # the search the start began goes: the next one finds no room
    del b.lines[:]
    b.advance(300)
    moves = b.events("move")
    assert moves and moves[0]["move"] == expected and moves[0]["bot"] is True
    assert codes(b).count("memory") == 1


def test_bot_seats_named_twice_or_outside_the_game_are_refused_for_every_game():
    b = bh.Board(fs=bh.MemFS())
    for game in games.names():
        players = games.spec(game).DEFAULT_PLAYERS
        for bots in ([0, 0], [players], [-1], list(range(players)) + [0]):
            del b.lines[:]
            b.send(json.dumps({"cmd": "new", "game": game, "seed": 1,
                               "options": {"players": players, "bots": bots}}))
            assert codes(b) == ["bad_arg"], (game, bots, b.lines)
            assert b.app.mode.name == "menu"
        games.check(game, {"players": players, "bots": [players - 1]}, 1)  # a seat is fine

