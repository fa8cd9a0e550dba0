"""What ships to the board (micropython-lib's manifest idea): read by `lanterne flash`
(`lanterne.flash.source_files`), by `lanterne test --device` and by the tests that load the
firmware as a board does (`tests/mp.py`). Data only; not flashed itself.

Paths are relative to the repository root. A package ships every `.py` file of its folder
(its subfolders are packages of their own, listed here), except the files in LEAVE_OUT; the
files of DATA ship as they are.
"""

MAIN = "firmware/main.py"  # flashed as /main.py

PACKAGES = (
    "shared_rules",
    "firmware",
    "firmware/hw",
    "firmware/games",
    "firmware/games/tayu",
    "firmware/games/tactik",
    "firmware/games/wuxing",
    "shared_rules/dictionary",
    "shared_rules/taichi",
)

# Data files copied to the board as they are (not compiled), at the same path: the packed
# French word sets (shared_rules/dictionary/data/SOURCES.md), read a block at a time.
DATA = (
    "shared_rules/dictionary/data/words.bin",
    "shared_rules/dictionary/data/bots.bin",
)

# Engine code the board never runs: the host and the tests use it (tests/mp.py compiles it
# beside the firmware, so the MicroPython tests import it as the host does).
NOT_ON_BOARD = (
    "shared_rules/tactik_setup.py",  # tactik.from_positions: hand-built positions (tests)
    "shared_rules/tayu_load.py",  # tayu.deserialize: the host reads a serialized state
)

LEAVE_OUT = (
    "firmware/main.py",  # shipped once, as MAIN
    "firmware/manifest.py",  # this list: the host reads it
    # each game's moves in words: for people at a computer (host/lanterne/words.py)
    "firmware/games/tayu/words.py",
    "firmware/games/tactik/words.py",
    "firmware/games/wuxing/words.py",
    # each game's host side: pictures, status line, starting states (host/lanterne/gamehooks.py)
    "firmware/games/tayu/host.py",
    "firmware/games/tactik/host.py",
    "firmware/games/wuxing/host.py",
) + NOT_ON_BOARD
# The simulator's board the firmware tests drive, outside these packages: sent with the tests
# (`lanterne test --device --firmware`; tests/mp.py finds it in the checkout), never flashed.
SIMULATOR = ("unixport/__init__.py", "unixport/simhw.py")
