"""The registry of games the board can play: name -> controller module, imported on first use.

A game module exposes TITLE, MENU, MIN_PLAYERS, MAX_PLAYERS, DEFAULTS and
`create(app, options, seed, moves)` (see docs/firmware.md). A module that fails to import is
listed as not available; the board keeps running.
"""

import sys

GAMES = (
    ("tayu", "firmware.tayu_mode"),
    ("tactik", "firmware.tactik_mode"),
)

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
    """The controller module of a game, or None if it is unknown or does not import."""
    if name in _modules:
        return _modules[name]
    mod = None
    for g in GAMES:
        if g[0] == name:
            try:
                __import__(g[1])
                mod = sys.modules[g[1]]
            except Exception as exc:  # a broken or missing game must not stop the board
                errors[name] = type(exc).__name__ + ": " + str(exc)
                mod = None
    _modules[name] = mod
    return mod


def available():
    """Games whose module is loaded fine or present as a file (without importing it: RAM)."""
    return [n for n in names() if (_modules.get(n) is not None) or
            (n not in _modules and present(dict(GAMES)[n]))]


def present(dotted):
    """True if module `firmware.x` exists as x.py or x.mpy beside this package (no import)."""
    import os

    import firmware

    here = getattr(firmware, "__file__", "firmware/__init__.py").replace("\\", "/")
    folder = here[: here.rfind("/")] if "/" in here else "."
    leaf = dotted[dotted.rfind(".") + 1:]
    for ext in (".py", ".mpy"):
        try:
            os.stat(folder + "/" + leaf + ext)
            return True
        except OSError:
            pass
    return False


def create(app, game, options, seed, moves=()):
    mod = module(game)
    if mod is None:
        why = errors.get(game)
        raise ValueError("game not available: " + str(game) + (" (" + why + ")" if why else ""))
    return mod.create(app, options, seed, moves)
