"""The registry of games the board can play: name -> the game's package (games/<name>/),
imported on first use.

A game package exposes TITLE, MENU, MIN_PLAYERS, MAX_PLAYERS, DEFAULTS and
`create(app, options, seed, moves)` in its __init__ (see docs/firmware.md). One that fails to
import is listed as not available; the board keeps running.
"""

import gc
import sys

GAMES = (
    ("tayu", "firmware.games.tayu"),
    ("tactik", "firmware.games.tactik"),
    ("wuxing", "firmware.games.wuxing"),
)
DEFAULT = "tayu"  # the menu's first game, and a host `new` without a game
# The modules that belong to one game only: dropped when another game starts (see unload_others).
GAME_MODULES = {
    "tayu": ("firmware.games.tayu", "shared_rules.tayu"),
    "tactik": ("firmware.games.tactik", "shared_rules.tactik"),
    "wuxing": ("firmware.games.wuxing", "shared_rules.wuxing"),
}

_modules = {}
errors = {}


def names():
    return [g[0] for g in GAMES]


def known(name):
    for g in GAMES:
        if g[0] == name:
            return True
    return False


def module(name):
    """The package of a game, or None if it is unknown or does not import."""
    if name in _modules:
        return _modules[name]
    mod = None
    for g in GAMES:
        if g[0] == name:
            before = list(sys.modules)
            try:
                __import__(g[1])
                mod = sys.modules[g[1]]
            except MemoryError as exc:  # not cached: it may fit once another game is gone
                errors[name] = "MemoryError: " + str(exc)
                _forget([m for m in sys.modules if m not in before])  # half-imported ones
                return None
            except Exception as exc:  # a broken or missing game must not stop the board
                errors[name] = type(exc).__name__ + ": " + str(exc)
                mod = None
    _modules[name] = mod
    return mod


def available(profile=None):
    """Games whose module is loaded fine or present as a file (without importing it: RAM);
    with a profile, only those its board can show (see unplayable)."""
    return [n for n in names() if ((_modules.get(n) is not None) or
            (n not in _modules and present(dict(GAMES)[n]))) and
            not (profile is not None and unplayable(profile, n))]


def player_counts(mod):
    """The player counts a game's package offers: its PLAYER_COUNTS, else
    MIN_PLAYERS..MAX_PLAYERS."""
    counts = getattr(mod, "PLAYER_COUNTS", None)
    return list(counts) if counts else list(range(mod.MIN_PLAYERS, mod.MAX_PLAYERS + 1))


def layout_key(game, players):
    """The profile layout (`layouts[game][key]`) a game of `players` draws with: its package's
    layout_key(players) (Tac-Tik: "4" or "6" colours), None when one layout serves all."""
    f = getattr(module(game), "layout_key", None)
    return f(players) if f is not None else None


def default_bots(players):
    """Who plays each seat by default, as the menu's WHO row: seat 0 human, the others bots."""
    return [i != 0 for i in range(players)]


def seats(flags):
    """The `bots` option from per-seat flags (True: the bot plays it)."""
    return [i for i in range(len(flags)) if flags[i]]


def unplayable(profile, name):
    """Why this board cannot show the game (a text for the panel and the serial line), or
    None. A profile's "games" list names the games its board is built for (a board of holes
    for Tac-Tik has no picture for Ta Yu's 19 x 19 squares); without one every game fits."""
    listed = profile.get("games")
    if listed is None or name in listed:
        return None
    return "%s cannot be played on %s, a board for %s only" % (
        name, profile.get("name", "this board"), " and ".join(listed))


def present(dotted):
    """True if module `firmware.a.b` exists as a/b.py, a/b.mpy or a package a/b/ in the
    firmware folder (no import: RAM)."""
    import os

    import firmware

    here = getattr(firmware, "__file__", "firmware/__init__.py").replace("\\", "/")
    path = here[: here.rfind("/")] if "/" in here else "."
    path += "/" + dotted[dotted.find(".") + 1:].replace(".", "/")
    # a flashed board's game is a package of .mpy files: asked first (a file-system lookup
    # takes milliseconds on a Pico, and the hello line at boot asks for every game)
    for tail in ("/__init__.mpy", "/__init__.py", ".mpy", ".py"):
        try:
            os.stat(path + tail)
            return True
        except OSError:
            pass
    return False


# Modes that are not games: let go while a game runs, imported again when shown.
OTHER_MODES = ("firmware.menu", "firmware.menu_holes", "firmware.selftest",
               "firmware.selftest_panel", "firmware.stats_reply", "firmware.startup")


def unload_others(game):
    """Forget every other game's modules, and the menu's and self-test's, so their code can be
    collected: a Pico's heap holds the code of one game at a time (the menu imports a game's
    small module again when it shows it, and is imported again itself when the game ends).
    Only on MicroPython: a computer has room, and the host shares these modules elsewhere."""
    if sys.implementation.name != "micropython":
        return
    drop = [name for name in OTHER_MODES if name in sys.modules]
    for other in GAME_MODULES:
        if other == game:
            continue
        for name in sys.modules:
            for prefix in GAME_MODULES[other]:
                if name.startswith(prefix):
                    drop.append(name)
        cached = _modules.get(other)
        if cached is not None and getattr(cached, "__name__", None) in drop:
            del _modules[other]
    _forget(drop)


def _forget(names):
    """Drop modules from sys.modules and from their package, so their code can be collected."""
    for name in names:
        del sys.modules[name]
        i = name.rfind(".")
        parent = sys.modules.get(name[:i])
        if parent is not None and hasattr(parent, name[i + 1:]):
            delattr(parent, name[i + 1:])
    gc.collect()


def loaded(game):
    """The controller module of a game; ValueError if it is not available, MemoryError when
    there is no room to load it now (not the game's fault: callers keep what they have, and a
    save is not set aside)."""
    mod = module(game)
    if mod is None:
        why = errors.get(game)
        if why and why.startswith("MemoryError"):
            raise MemoryError("no room to load " + str(game))
        raise ValueError("game not available: " + str(game) + (" (" + why + ")" if why else ""))
    return mod


def check(game, options, seed, moves=()):
    """Raise ValueError (or MemoryError) unless a game could start with these: a known game
    whose module loads, options of the right types and ranges (the bots' `level` among them),
    a 32-bit seed, a list of move texts. Only the game's small module is loaded, so nothing in
    play is let go for it."""
    from firmware import field_checks

    if not isinstance(game, str):  # str() of a float differs between runtimes and boards
        raise ValueError("game must be a text: " + ", ".join(names()))
    if not known(game):
        raise ValueError("unknown game: " + game[:40])
    field_checks.start(options, seed, moves)
    if "level" in options:  # every game's: its bots' level (the game's own check skips it)
        field_checks.bot_level(options)
        options = dict(options)
        del options["level"]
    mod = loaded(game)
    if hasattr(mod, "check"):
        mod.check(options)
    if "bots" in options:  # every game's: distinct seats of the game (its check knows players)
        field_checks.seats("bots", options["bots"],
                           options.get("players", mod.DEFAULTS.get("players", 2)))


def create(app, game, options, seed, moves=()):
    if known(game):
        unload_others(game)
    return loaded(game).create(app, options, seed, moves)
