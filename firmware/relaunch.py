"""A game of another kind starts from a clean heap (issue 31): the board writes the game to
start as its save, a `launch` line beside the brightness in its settings, and restarts
MicroPython (a soft reset: USB and the flash stay; boot.py and main.py run again). Boot finds
the line, takes it away (one try) and starts the saved game instead of showing the menu.

Why: MicroPython never frees an interned name, and each game's code interns hundreds; a board
that had played the four other games kept some 15 KB less heap for the fifth than for the
same game played first (docs/pico.md). Imported only for a relaunch and after one.
"""

from micropython import const

NEW = const(1)  # the saved record is a new game: its `new` event says so
RESUME = const(2)  # the saved record is a game resumed


def go(app, record, resumed):
    """Save `record` as the game to start, mark it, restart the board: returns only when the
    flash refuses (the caller then starts the game in this heap) or on a backend whose
    `relaunch` returns (tests)."""
    try:
        app.store.save(record)
        app.store.save_settings({"brightness": app.kept_brightness,
                                 "launch": RESUME if resumed else NEW})
    except OSError as exc:
        app.errors += 1
        app.emit("error", {"code": "save_failed",
                           "msg": "relaunch: " + type(exc).__name__ + " " + str(exc)})
        return False
    app.saved = True
    app.emit("relaunch", {"game": record["game"]})
    app.hw.relaunch()  # machine.soft_reset() on a Pico: raises SystemExit, the VM restarts
    return True


def land(app, kind):
    """At boot, after a relaunch: the settings' `launch` line taken away first (a start that
    fails is not tried again at the next boot: the menu offers RESUME), then the saved game
    started. False when it did not start (the menu is shown, or the save was reported)."""
    try:
        app.store.save_settings({"brightness": app.kept_brightness})
    except OSError:
        app.errors += 1
        return False
    if kind not in (NEW, RESUME) or not app.saved:
        return False
    from firmware import startup

    try:
        started = startup.resume(app, fresh=kind == NEW)
    except MemoryError:
        return False
    if started:
        remember(app.menu_memory, app.mode)
    return started


def remember(memory, mode):
    """The menu's choices as its START left them (the restart lost them; firmware/menu.py:
    remember), from the game's options: back at the menu, one A plays the same again."""
    options = dict(mode.options)
    players = options.pop("players", None)
    seats = options.pop("bots", ())
    memory["game"] = mode.name
    memory["players"] = players
    memory["bots"] = [i in seats for i in range(players)] if isinstance(players, int) else None
    level = options.pop("level", None)
    if level is not None:
        memory["level"] = level
    memory["options"] = options
