"""The games by name, found rather than listed: every folder of shared_rules/ that holds a
declaration (`spec.py`, data only) is a game, its engine `rules.py` beside it
(docs/ADDING_A_GAME.md). Adding a game adds its folders and touches no table: the engines'
interface tests (tests/rules/test_game_interface.py), the bots (shared_rules/bots.py), the
board's list of games (firmware/games), the manifest and the packaging all read this.

A game's modules are imported on first use. The first call of `names()` lists the folders and
imports each game's package (its `__init__.py`: a docstring and the menu's ORDER) to read its
order, once, and lets it go again on MicroPython; a flashed board reads instead the list
`lanterne flash` derived the same way (games.txt beside this file, see firmware/manifest.py).
A declaration is imported only when a game is shown or started (a few KB: a board holds the
one the menu shows, none in play).
"""

import sys

from micropython import const

_names = None  # the games, in their declared ORDER, once listed
_LIST_MAX = const(400)  # games.txt's bytes at most (a hundred games' names)
_MPY = sys.implementation.name == "micropython"


def names():
    """The games, in their declarations' ORDER (the menu's), each named once."""
    global _names
    if _names is None:
        import os

        paths = sys.modules["shared_rules"].__path__  # one text on MicroPython
        listed = _listed(paths if isinstance(paths, str) else paths[0])
        if listed is not None:
            _names = listed
            return listed
        ranked = []
        for folder in [paths] if isinstance(paths, str) else paths:
            for entry in os.listdir(folder):
                # a game is a folder: files (registry.py, bots.mpy...) are not looked into (a
                # file-system lookup costs milliseconds on a Pico: this runs at boot)
                if entry[0] in "._" or "." in entry or entry in [n for _, n in ranked]:
                    continue
                try:  # a folder with a declaration (.mpy on a flashed board: asked first)
                    os.stat(folder + "/" + entry + "/spec.mpy")
                except OSError:
                    try:
                        os.stat(folder + "/" + entry + "/spec.py")
                    except OSError:
                        continue
                pkg = "shared_rules." + entry
                held = pkg in sys.modules
                __import__(pkg)  # its ORDER: the package holds no more (no declaration read)
                ranked.append((sys.modules[pkg].ORDER, entry))
                if _MPY and not held:  # the package goes again (a few bytes: no collection)
                    forget(pkg)
        ranked.sort()
        _names = tuple([n for _, n in ranked])
    return _names


def _listed(folder):
    """The games as `lanterne flash` listed them beside the code (games.txt: their names in the
    menu's order, one line; see firmware/manifest.py's GAME_ORDER), or None where there is no
    such list (a folder of sources) or it is not one."""
    try:
        with open(folder + "/games.txt", "rb") as f:
            data = f.read(_LIST_MAX + 1)
    except OSError:
        return None
    if len(data) > _LIST_MAX:
        return None
    for b in data:  # a name is a folder's: lowercase letters, digits, underscores
        if not (97 <= b <= 122 or 48 <= b <= 57 or b == 95 or b in b" \n"):
            return None
    names = data.decode().split()
    for n in names:
        if len(n) > 24 or not "a" <= n[0] <= "z":
            return None
    return tuple(names) if names else None


def forget(dotted):
    """Let a module go (sys.modules and its package), so that its code and data can be
    collected: a board keeps a game's declaration only while it is shown or starting, and the
    code it runs once (the LED map's builder) only while it runs."""
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
    if dotted not in sys.modules:
        if not isinstance(name, str) or "." in name or (_names and name not in _names):
            raise ValueError("unknown game: " + str(name)[:40])
        try:
            __import__(dotted)
        except ImportError:
            raise ValueError("unknown game: " + name[:40])
    return sys.modules[dotted]


def engine(name):
    """The engine module of a game (shared_rules.<name>.rules); ValueError for an unknown
    name."""
    return part(name, "rules")


def deserialize(name, data):
    """The state `serialize()` wrote: the declaration's LOAD module reads it (a loader,
    kept off the board), else the engine's own `deserialize`."""
    load = spec(name).LOAD
    return part(name, load or "rules").deserialize(data)
