"""Issue 31 on the board (both runtimes): a game of another kind than the one this heap has
held (or any game, where the menu's code has been: issue 33) starts from a clean heap. The
menu's START (and a host `new` or `resume` with `"clean": true`) saves the game, marks it in
the settings and restarts MicroPython; the boot after it starts that game at once, once. A
flash that refuses, a junk mark, a mark without a save: the board goes on and nothing is
lost."""

import board_helpers as bh

from firmware import relaunch, store, store_read

TAYU = {"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 5}
WUXING = {"cmd": "new", "game": "wuxing", "options": {"bots": []}, "seed": 9}


class Restarted(SystemExit):
    """What machine.soft_reset() raises (a SystemExit, which no firmware handler takes)."""


def board(fs=None):
    """A board whose backend restarts as a Pico's does (the unix port's has no relaunch)."""
    b = bh.Board(fs=fs if fs is not None else bh.MemFS())

    def restart():
        b.restarts += 1
        raise Restarted()

    b.restarts = 0
    b.hw.relaunch = restart
    return b


def send_until_restart(b, cmd):
    try:
        b.send(cmd)
    except Restarted:
        return True
    return False


def settings(fs):
    return fs.files["settings.sav"]


def test_a_start_from_the_boot_menu_restarts_and_the_same_game_again_does_not():
    b = board()  # at the boot menu: its code, and the names it interned, are in this heap
    assert send_until_restart(b, dict(TAYU, clean=True))
    again = board(fs=b.fs)  # the boot after the soft reset: the game, no menu shown
    assert again.app.mode.name == "tayu" and again.app.ran == "tayu"
    assert not send_until_restart(again, dict(TAYU, seed=6, clean=True))  # the same code
    assert again.app.mode.seed == 6 and again.restarts == 0
    again.send({"cmd": "menu"})  # the menu again: the next start from it restarts
    assert send_until_restart(again, dict(TAYU, seed=7, clean=True))


def test_another_game_restarts_the_board_and_the_boot_starts_it():
    b = board()
    b.send(TAYU)
    b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
    assert send_until_restart(b, dict(WUXING, clean=True))
    assert b.restarts == 1 and b.events("relaunch")[-1]["game"] == "wuxing"
    rec = store_read.decode(b.fs.files["game.sav"])
    assert rec["game"] == "wuxing" and rec["seed"] == 9 and list(rec["moves"]) == []
    assert b"launch 1" in settings(b.fs)

    again = board(fs=b.fs)  # the boot after the soft reset
    app = again.app
    assert app.mode.name == "wuxing" and app.mode.seed == 9 and app.ran == "wuxing"
    new = again.events("new")[-1]
    assert new["game"] == "wuxing" and "resumed" not in new and "moves" not in new
    assert b"launch" not in settings(again.fs)  # taken away: one try
    third = board(fs=again.fs)  # a later boot: the menu, offering the game saved
    assert third.app.mode.name != "wuxing" and third.app.saved


def test_without_clean_a_host_start_stays_in_this_heap():
    b = board()
    b.send(TAYU)
    assert not send_until_restart(b, WUXING)
    assert b.app.mode.name == "wuxing" and b.app.ran == "" and b.restarts == 0


def test_the_menus_start_of_another_game_restarts():
    b = board()
    b.send(TAYU)
    b.send({"cmd": "menu"})
    m = b.app.mode
    while m.rows[m.cursor][0] != "game":
        b.presses("down")
    while m.game != "wuxing":
        b.presses("right")
    while m.rows[m.cursor][0] != "start":
        b.presses("up")
    try:
        b.presses("a")  # START over the Ta Yu game saved: NEW?
        assert m.confirm
        b.presses("a")  # yes
    except Restarted:
        pass
    assert b.restarts == 1
    chosen = m.options_dict()
    again = board(fs=b.fs)
    assert again.app.mode.name == "wuxing" and again.app.mode.seed == 7  # the menu's seed
    again.send({"cmd": "menu"})  # back at the menu: the choices the restart lost, as they were
    menu = again.app.mode
    assert menu.game == "wuxing" and menu.rows[menu.cursor][0] == "resume"
    for key in chosen:
        assert menu.options_dict()[key] == chosen[key], key


def test_a_resume_after_other_games_restarts_and_resumes():
    b = board()
    b.send(TAYU)
    b.send(WUXING)  # in this heap: both games' code has been here
    move = str(b.app.mode.state.legal_moves()[0])
    b.send({"cmd": "move", "move": move})
    assert send_until_restart(b, {"cmd": "resume", "clean": True})
    assert b"launch 2" in settings(b.fs)
    again = board(fs=b.fs)
    new = again.events("new")[-1]
    assert again.app.mode.name == "wuxing" and new["resumed"] is True
    assert new["moves"] == [move]


def test_a_flash_that_refuses_starts_the_game_in_this_heap():
    b = board()
    b.send(TAYU)

    def refuse(path, parts):
        raise OSError(28)  # ENOSPC

    write, b.fs.write = b.fs.write, refuse
    assert not send_until_restart(b, dict(WUXING, clean=True))
    b.fs.write = write
    assert b.restarts == 0 and b.app.mode.name == "wuxing"
    assert b.events("error")[0]["code"] == "save_failed"
    b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
    assert store_read.decode(b.fs.files["game.sav"])["game"] == "wuxing"  # saved once it could


def test_a_junk_mark_or_a_mark_without_a_save_shows_the_menu():
    fs = bh.MemFS()
    store.Store(fs=fs, folder="").save_settings({"brightness": 40, "launch": 7})
    b = board(fs=fs)
    assert b.app.mode.name != "wuxing" and b.app.brightness == 40
    assert b"launch" not in settings(fs)
    fs = bh.MemFS()
    store.Store(fs=fs, folder="").save_settings({"brightness": 40, "launch": relaunch.NEW})
    b = board(fs=fs)
    assert getattr(b.app.mode, "rows", None) and not b.app.saved
    assert not b.events("error")


class NoRoomFor:
    """While on: `game`'s start finds no room in this heap (MemoryError), as on a Pico's heap
    left in pieces by another game; every other game starts."""

    def __init__(self, game):
        self.game = game

    def __enter__(self):
        from firmware import games

        self.games, self.create = games, games.create

        def create(app, game, *args):
            if game == self.game:
                raise MemoryError("test: no room")
            return self.create(app, game, *args)

        games.create = create
        return self

    def __exit__(self, *exc):
        self.games.create = self.create
        return False


def test_a_start_in_this_heap_that_finds_no_room_restarts_from_a_clean_one():
    b = board()
    b.send(TAYU)
    b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
    with NoRoomFor("wuxing"):
        assert send_until_restart(b, WUXING)  # a host's start in place, no `clean`
    assert b.restarts == 1 and b.events("relaunch")[-1]["game"] == "wuxing"
    assert not b.events("error")  # no `memory`: the start goes on after the restart
    again = board(fs=b.fs)
    assert again.app.mode.name == "wuxing" and again.app.mode.seed == 9
    assert again.events("new")[-1]["game"] == "wuxing"


def test_no_room_in_a_heap_that_has_held_no_game_is_no_restart():
    """A clean heap cannot be made cleaner: a boot's start after a restart that finds no room
    never restarts again (the menu, offering the save); the menu's heap (its code was there)
    is restarted from, as a game's."""
    b = board()
    with NoRoomFor("wuxing"):
        assert send_until_restart(b, WUXING)  # from the boot menu
    assert b.restarts == 1 and not b.events("error")
    b.send(TAYU)  # saved, then marked as a relaunch's game to start
    store.Store(fs=b.fs, folder="").save_settings({"brightness": 40, "launch": relaunch.NEW})
    with NoRoomFor("tayu"):
        again = board(fs=b.fs)  # the boot after a restart: its start finds no room
    assert again.restarts == 0 and again.app.mode.name == "menu" and again.app.saved


def test_no_room_and_a_flash_that_refuses_the_restart_keeps_the_game_in_play():
    b = board()
    b.send(TAYU)
    b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
    before = b.app.mode.state.digest()

    def refuse(path, parts):
        raise OSError(28)  # ENOSPC

    write, b.fs.write = b.fs.write, refuse
    with NoRoomFor("wuxing"):
        assert not send_until_restart(b, WUXING)
    b.fs.write = write
    assert b.restarts == 0 and b.app.mode.name == "tayu"
    assert b.app.mode.state.digest() == before
    assert [e["code"] for e in b.events("error")] == ["save_failed", "memory"]


def test_a_restart_that_finds_no_room_after_a_failed_start_lets_its_code_go_and_restarts():
    """On the emulated Pico's seats board a host's Chemin start after a Ta Yü game found no
    room, and its restart none either while the failed start's code was still loaded: the
    board then said `memory` with the game not started. The code goes, the restart is tried
    once more."""
    from firmware import games

    b = board()
    b.send(TAYU)
    b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
    go, unload, seen = relaunch.go, games.unload_others, []

    def go_once_short(app, record, resumed):
        if not seen:
            seen.append(app.mode is app.rescue)  # the failed start's mode: the rescue
            raise MemoryError("test: no room for the restart")
        return go(app, record, resumed)

    def unloaded(keep):
        seen.append(("unload", keep))
        return unload(keep)

    relaunch.go, games.unload_others = go_once_short, unloaded
    try:
        with NoRoomFor("wuxing"):
            assert send_until_restart(b, WUXING)
    finally:
        relaunch.go, games.unload_others = go, unload
    assert seen[0] is True and ("unload", None) in seen
    assert b.restarts == 1 and not b.events("error")
    again = board(fs=b.fs)
    assert again.app.mode.name == "wuxing" and again.events("new")[-1]["game"] == "wuxing"
