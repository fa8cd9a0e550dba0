"""The games by name, found rather than listed: every folder of shared_rules/ that holds a
declaration (`spec.py`, data only) is a game, its engine `rules.py` beside it
(docs/ADDING_A_GAME.md). Adding a game adds its folders and touches no table: the engines'
interface tests (tests/rules/test_game_interface.py), the bots (shared_rules/bots.py), the
board's list of games (firmware/games), the manifest and the packaging all read this.

A game's modules are imported on first use. The first call of `names()` lists the folders and
imports each declaration to read its menu ORDER, once; on MicroPython each declaration it
loaded is let go again (a few KB each: a board holds the one the menu shows, and none in
play, firmware/games: create).
"""

import sys

_names = None  # the games, in their declared ORDER, once listed
_MPY = sys.implementation.name == "micropython"


def _folders():
    """The folders shared_rules/ is read from (MicroPython's package path is one text)."""
    pkg = sys.modules["shared_rules"]
    paths = getattr(pkg, "__path__", None)
    if paths is None:  # a port without __path__: beside the package's file
        here = getattr(pkg, "__file__", "shared_rules/__init__.py").replace("\\", "/")
        paths = here[: here.rfind("/")] if "/" in here else "."
    return [paths] if isinstance(paths, str) else list(paths)


def _has_spec(folder):
    import os

    for tail in ("/spec.mpy", "/spec.py"):  # a flashed board's are .mpy: asked first
        try:
            os.stat(folder + tail)
            return True
        except OSError:
            pass
    return False


def names():
    """The games, in their declarations' ORDER (the menu's), each named once."""
    global _names
    if _names is None:
        import os

        found = []
        for folder in _folders():
            for entry in sorted(os.listdir(folder)):
                if entry not in found and not entry.startswith((".", "_")) and \
                        _has_spec(folder + "/" + entry):
                    found.append(entry)
        ranked = []
        for n in found:
            dotted = "shared_rules." + n + ".spec"
            held = dotted in sys.modules
            ranked.append((spec(n).ORDER, n))
            if _MPY and not held:
                forget(dotted)
        ranked.sort()
        _names = tuple([n for _, n in ranked])
    return _names


def forget(dotted):
    """Let a module of shared_rules go (sys.modules and its package), so that its data can be
    collected: a board keeps a game's declaration only while it is shown or starting."""
    if dotted in sys.modules:
        del sys.modules[dotted]
        i = dotted.rfind(".")
        parent = sys.modules.get(dotted[:i])
        if parent is not None and hasattr(parent, dotted[i + 1:]):
            delattr(parent, dotted[i + 1:])


def known(name):
    return isinstance(name, str) and name in names()


def part(name, module):
    """The module `module` of a game's folder (shared_rules.<name>.<module>), imported."""
    if not known(name):
        raise ValueError("unknown game: " + str(name)[:40])
    dotted = "shared_rules." + name + "." + module
    if dotted not in sys.modules:
        __import__(dotted)
    return sys.modules[dotted]


def spec(name):
    """A game's declaration (shared_rules.<name>.spec); ValueError for an unknown name."""
    dotted = "shared_rules." + str(name) + ".spec"
    mod = sys.modules.get(dotted)
    if mod is None:
        if not isinstance(name, str) or "." in name or (_names is not None and
                                                        name not in _names):
            raise ValueError("unknown game: " + str(name)[:40])
        try:
            __import__(dotted)
        except ImportError:
            raise ValueError("unknown game: " + name[:40])
        mod = sys.modules[dotted]
    return mod


def engine(name):
    """The engine module of a game (shared_rules.<name>.rules); ValueError for an unknown
    name."""
    return part(name, "rules")


def name_of(state):
    """The game a state is of: its engine module's NAME."""
    return sys.modules[type(state).__module__].NAME


def deserialize(name, data):
    """The state `serialize()` wrote: the declaration's LOAD module reads it (Ta Yü's load.py,
    kept off the board), else the engine's own `deserialize`."""
    load = spec(name).LOAD
    return part(name, load or "rules").deserialize(data)
