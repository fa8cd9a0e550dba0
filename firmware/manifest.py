"""What ships to the board (micropython-lib's manifest idea): read by `lanterne flash`
(`lanterne.flash.source_files`), by `lanterne test --device` and by the tests that load the
firmware as a board does (`tests/mp.py`). Run on the host only, never flashed itself.

Paths are relative to the repository root. A package ships every `.py` file of its folder
(its subfolders are packages of their own, listed here), except the files in LEAVE_OUT; the
files of DATA ship as they are.

The games' lines are derived, never written: a game is a folder of shared_rules/ holding a
declaration (`spec.py`, data without imports, read here as a file) and its package in
firmware/games/ (docs/ADDING_A_GAME.md). Each game's folders ship; its declaration's
HOST_ONLY files and its package's `words.py` and `host.py` (the host's side) stay behind.
"""

import os

MAIN = "firmware/main.py"  # flashed as /main.py
# The packages' compiled modules ship as one file, /lanterne.bundle (littlefs spends a 4 KB
# block on every small file and two on every folder), which /boot.py mounts at every reset
# with the loader flashed beside it, outside the bundle (firmware/bundlefs.py).
BOOT = "firmware/boot.py"  # flashed as /boot.py
BUNDLE_LOADER = "firmware/bundlefs.py"  # flashed as /bundlefs.mpy
BUNDLE = "lanterne.bundle"

# the repository root this file sits in (a copy of the tree reads its own folders)
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# each game package's host-only modules: words for people, the host's hooks (host/lanterne)
_HOST_SIDE = ("words.py", "host.py")


def _declared(root):
    """(name, its declaration's fields) for each folder of shared_rules/ with a spec.py."""
    out = []
    base = os.path.join(root, "shared_rules")
    for name in sorted(os.listdir(base)) if os.path.isdir(base) else ():
        spec = os.path.join(base, name, "spec.py")
        if not name.startswith((".", "_")) and os.path.isfile(spec):
            fields = {}
            with open(spec, encoding="utf-8") as f:
                exec(compile(f.read(), spec, "exec"), fields)  # data only: no imports
            out.append((name, fields))
    return out


_GAMES = _declared(_ROOT)
GAMES = tuple(name for name, _ in _GAMES)  # (for the tests' own checks; the board lists them)


def _order(root, name):
    """A game's place in the menu: its package's ORDER (shared_rules/<name>/__init__.py, a
    docstring and ORDER, read here as a file)."""
    fields = {}
    init = os.path.join(root, "shared_rules", name, "__init__.py")
    with open(init, encoding="utf-8") as f:
        exec(compile(f.read(), init, "exec"), fields)
    return fields["ORDER"]


# The games in the menu's order, as shared_rules/registry.names() ranks them, written into the
# bundle as GAMES_LIST at every flash: the board reads one line at boot instead of listing the
# folders and importing each game's package for its ORDER (some 60 ms of a Pico's boot). A board
# without it (the unix port, a folder of sources) lists the folders as before.
GAME_ORDER = tuple(sorted(GAMES, key=lambda g: (_order(_ROOT, g), g)))
GAMES_LIST = "shared_rules/games.txt"

PACKAGES = ("shared_rules",) + tuple("shared_rules/" + g for g in GAMES) + (
    "firmware",
    "firmware/hw",
    "firmware/games",
) + tuple("firmware/games/" + g for g in GAMES
          if os.path.isdir(os.path.join(_ROOT, "firmware", "games", g))) + (
    "shared_rules/dictionary",  # the French word sets' reader and judge (the word games')
)

# Data files copied to the board as they are (not compiled), at the same path, each named once
# however many games declare it (their declaration's DATA: the word games' packed French word
# sets, shared_rules/dictionary/data/SOURCES.md, read a block at a time).
DATA = tuple(sorted(set(f for _, fields in _GAMES for f in fields.get("DATA", ()))))

# Engine code the board never runs: the host and the tests use it (tests/mp.py compiles it
# beside the firmware, so the MicroPython tests import it as the host does); each game's
# declaration names its own (HOST_ONLY: a loader, a builder of hand-made positions).
NOT_ON_BOARD = tuple("shared_rules/%s/%s" % (name, f) for name, fields in _GAMES
                     for f in fields.get("HOST_ONLY", ()))

LEAVE_OUT = (
    "firmware/main.py",  # shipped once, as MAIN
    "firmware/boot.py",  # shipped once, as BOOT
    "firmware/bundlefs.py",  # shipped once, as BUNDLE_LOADER
    "firmware/manifest.py",  # this list: the host reads it
) + tuple(
    # each game's moves in words and its host side: for people at a computer
    # (host/lanterne/words.py, host/lanterne/gamehooks.py)
    "firmware/games/%s/%s" % (g, f) for g in GAMES for f in _HOST_SIDE
) + NOT_ON_BOARD
# The simulator's board the firmware tests drive, outside these packages: sent with the tests
# (`lanterne test --device --firmware`; tests/mp.py finds it in the checkout), never flashed.
SIMULATOR = ("unixport/__init__.py", "unixport/simhw.py")
