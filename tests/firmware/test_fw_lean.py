"""A board lets the code only a start runs go once its game has started (App.lean, which the
board's entry sets): the options' and fields' checkers, the JSON checker, the resume's and the
restart's code, the save's reading, and a game's own builders (Mode.start_only). The game plays
and saves on without it, and the next start, a host's line and a resume after a restart import
what they need again (both runtimes)."""

import sys

import board_helpers as bh

START_ONLY = ("shared_rules.options", "firmware.field_checks", "firmware.jsonstrict",
              "firmware.startup", "firmware.relaunch", "firmware.store_read")
TAYU = {"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 5}


class Restarted(SystemExit):
    """What machine.soft_reset() raises (a SystemExit, which no firmware handler takes)."""


def lean_board(fs=None):
    """A board booted as its entry boots it (lean), whose backend restarts as a Pico's does."""
    b = bh.Board(fs=fs if fs is not None else bh.MemFS(), boot=False)

    def restart():
        raise Restarted()

    b.hw.relaunch = restart
    b.app.lean = True
    b.app.boot()
    b.app.step()
    return b


def held():
    return [name for name in START_ONLY if name in sys.modules]


def keeping_modules(test):
    """Run `test` and put the modules it let go back as they were: other tests hold (and
    replace functions of) those very module objects."""

    def run():
        for name in START_ONLY:
            __import__(name)
        saved = dict(sys.modules)
        try:
            test()
        finally:
            for name in sorted(saved):  # (a package before its modules)
                module = saved[name]
                if sys.modules.get(name) is not module:
                    sys.modules[name] = module
                    i = name.rfind(".")
                    if i > 0:
                        setattr(sys.modules[name[:i]], name[i + 1:], module)

    return run


def play_one(b):
    moves = b.events("move")
    b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
    return len(b.events("move")) == len(moves) + 1


@keeping_modules
def test_a_started_game_holds_none_of_the_code_only_a_start_runs():
    b = lean_board()
    b.send(TAYU)
    assert b.app.mode.name == "tayu" and b.app.errors == 0
    assert held() == []
    assert play_one(b) and play_one(b)  # it plays, and saves, without it
    assert held() == ["firmware.jsonstrict"]  # what the host's lines need, back with them
    b.send(dict(TAYU, seed=6))  # a host's line and a start: imported again, then let go
    assert b.app.mode.name == "tayu" and b.app.mode.seed == 6 and b.app.errors == 0
    assert held() == []
    b.send("{not json")  # the JSON checker, imported again for the line it refuses
    assert b.events("error")[-1]["code"] == "bad_json"


@keeping_modules
def test_tactik_builds_another_layout_again_once_its_builders_are_gone():
    b = lean_board()
    b.send({"cmd": "new", "game": "tactik", "options": {"players": 4, "bots": []}, "seed": 5})
    mode = b.app.mode
    assert mode.start_only and [n for n in mode.start_only if n in sys.modules] == []
    b.send({"cmd": "new", "game": "tactik", "options": {"players": 6, "bots": []}, "seed": 6})
    assert b.app.mode.players == 6 and b.app.errors == 0  # another layout: built again
    assert [n for n in mode.start_only if n in sys.modules] == []
    assert play_one(b) and b.app.errors == 0


def test_a_board_that_is_not_lean_keeps_it():
    b = bh.Board(fs=bh.MemFS())
    b.send(TAYU)
    assert b.app.mode.name == "tayu"
    assert "shared_rules.options" in sys.modules and "firmware.field_checks" in sys.modules


@keeping_modules
def test_a_game_started_after_a_restart_lets_it_go_and_resumes_after_the_next_boot():
    b = lean_board()
    b.send(TAYU)
    assert play_one(b)
    try:
        b.send({"cmd": "menu"})
        b.send(dict(TAYU, seed=8, clean=True))  # from the menu's heap: saved, then restarted
    except Restarted:
        pass
    else:
        raise AssertionError("no restart")
    again = lean_board(fs=b.fs)  # the boot after the soft reset starts the game saved
    assert again.app.mode.name == "tayu" and again.app.mode.seed == 8
    assert held() == []
    assert play_one(again)
    assert held() == ["firmware.jsonstrict"]
    later = lean_board(fs=again.fs)  # a later boot: the menu, offering the game saved
    assert later.app.mode.name != "tayu" and later.app.saved
    later.send({"cmd": "resume"})
    assert later.app.mode.name == "tayu" and later.app.mode.seed == 8
    assert later.app.mode.state.history_len() == 1 and held() == []
