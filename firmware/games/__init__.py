"""The games the board can play: those of shared_rules/registry.py (each game's folder with its
declaration), each with its package here (games/<name>/), imported on first use.

A game package exposes `create(app, options, seed, moves)` in its __init__, and may expose
`layout_key(players)` (see docs/ADDING_A_GAME.md); its title, player counts and options are its
declaration's (shared_rules/<name>/spec.py). One that fails to import is listed as not
available; the board keeps running.
"""

import gc
import sys

from micropython import const

from shared_rules import registry


def _package(name):
    return "firmware.games." + name


def _prefixes(name):
    """The modules that belong to one game only: dropped when another game starts (see
    unload_others): its package here and its folder of shared_rules/."""
    return (_package(name), "shared_rules." + name + ".")


_modules = {}
errors = {}


def names():
    """The games in the menu's order (their declarations' ORDER)."""
    return list(registry.names())


def default():
    """The menu's first game, and a host `new` without a game."""
    found = registry.names()
    return found[0] if found else None


def known(name):
    return registry.known(name)


def module(name):
    """The package of a game, or None if it is unknown or does not import."""
    if name in _modules:
        return _modules[name]
    mod = None
    if known(name):
        before = list(sys.modules)
        try:
            __import__(_package(name))
            mod = sys.modules[_package(name)]
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
            (n not in _modules and present(_package(n)))) and
            not (profile is not None and unplayable(profile, n))]


def spec(name):
    """A game's declaration (shared_rules/<name>/spec.py): its title, player counts and
    options, what the menu shows; ValueError for an unknown game."""
    return registry.spec(name)


def player_counts(declared):
    """The player counts a game offers (its declaration's PLAYERS)."""
    return list(declared.PLAYERS)


def layout_key(game, players):
    """The profile layout (`layouts[game][key]`) a game of `players` draws with: its package's
    layout_key(players) (e.g. "4" or "6" colours), None when one layout serves all."""
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
    for one game may have no picture for another's board); without one every game fits."""
    listed = profile.get("games")
    if listed is None or name in listed:
        return None
    return "%s cannot be played on %s, a board for %s only" % (
        name, profile.get("name", "this board"), " and ".join(listed))


_present = {}  # present()'s answers: the code does not change under a running board


def present(dotted):
    """True if module `firmware.a.b` exists as a/b.py, a/b.mpy or a package a/b/ in the
    firmware folder (no import: RAM). Asked once a module: each answer took a Pico some 4 ms of
    file-system lookups, and the menu asks at every change of a row (its TEST row)."""
    found = _present.get(dotted)
    if found is None:
        found = _present[dotted] = _look_for(dotted)
    return found


def _look_for(dotted):
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
_OTHER_MODES = const(("firmware.menu", "firmware.menu_holes", "firmware.selftest",
                      "firmware.selftest_panel", "firmware.stats_reply", "firmware.startup"))


def unload_others(game):
    """Forget every other game's modules, and the menu's and self-test's, so their code can be
    collected: a Pico's heap holds the code of one game at a time (the menu imports a game's
    small module again when it shows it, and is imported again itself when the game ends).
    Only on MicroPython: a computer has room, and the host shares these modules elsewhere."""
    if sys.implementation.name != "micropython":
        return
    drop = [name for name in _OTHER_MODES if name in sys.modules]
    for other in names():
        if other == game:
            continue
        for name in sys.modules:
            for prefix in _prefixes(other):
                if name.startswith(prefix) or name + "." == prefix:
                    drop.append(name)
        cached = _modules.get(other)
        if cached is not None and getattr(cached, "__name__", None) in drop:
            del _modules[other]
    _forget(drop + _brought_by_others(game))


# Modules some games bring beside their own: the word games' dictionary and word entry (a
# family: the module and those under it). Not the bots' driver: most games' bots import it at
# their top, so it would be let go and read again at nearly every start (the heap left in
# pieces: a Tac-Tik board's random presses ran out of it).
_BROUGHT = const(("shared_rules.dictionary", "firmware.wordentry"))


def _brought_by_others(game):
    """The _BROUGHT families no loaded module of `game` (None: none) holds at its top (`from x
    import y`): one game's stayed on the heap of the next (Tai Chi Chuan's on Ta Yü's), and a
    game that needs them imports them again. A family `game` holds stays, or its next import
    would load a second copy beside the one held."""
    mods = sys.modules
    held = []
    for prefix in _prefixes(game) if game is not None else ():  # (None: the menu, holding none)
        for name in mods:
            if name.startswith(prefix) or name + "." == prefix:
                for value in mods[name].__dict__.values():
                    if type(value) is type(sys):  # a module it holds
                        held.append(value)
    out = []
    for family in _BROUGHT:
        members = [n for n in mods if n == family or n.startswith(family + ".")]
        if not any(mods[n] in held for n in members):
            out.extend(members)
    return out


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
    whose module loads, options of the right types and ranges (shared_rules/options.py: the
    one checker, the bots' `level` among them), a 32-bit seed, a list of move texts. Only the
    game's small modules are loaded, so nothing in play is let go for it."""
    from firmware import field_checks

    if not isinstance(game, str):  # str() of a float differs between runtimes and boards
        raise ValueError("game must be a text: " + ", ".join(names()))
    if not known(game):
        raise ValueError("unknown game: " + game[:40])
    field_checks.start(options, seed, moves)
    loaded(game)
    from shared_rules import options as checker

    checker.check(spec(game), options)


def rest_code():
    """Let the code bundle's index go until the next import (firmware/bundlefs.py: rest); a
    board without a bundle (the unix port, a board flashed file by file) has nothing to do."""
    bundle = sys.modules.get("bundlefs")
    if bundle is not None and hasattr(bundle, "rest"):
        bundle.rest()


def create(app, game, options, seed, moves=()):
    if known(game):
        unload_others(game)
    mode = loaded(game).create(app, options, seed, moves)
    if sys.implementation.name == "micropython":
        # what only a start and the menu read: the declaration, let go while the game is
        # played (the menu imports it again). The options checker stays: imported and let go
        # at every start, its code left the heap in pieces (test_fw_ascii ran out at 256k)
        registry.forget("shared_rules." + game + ".spec")
        rest_code()
        gc.collect()
    return mode
