"""What ships to the board (micropython-lib's manifest idea): read by `lanterne flash`
(`lanterne.flash.source_files`), by `lanterne test --device` and by the tests that load the
firmware as a board does (`tests/mp.py`). Data only; not flashed itself.

Paths are relative to the repository root. A package ships every `.py` file of its folder
(its subfolders are packages of their own, listed here), except the files in LEAVE_OUT.
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
)

LEAVE_OUT = (
    "firmware/main.py",  # shipped once, as MAIN
    "firmware/manifest.py",  # this list: the host reads it
)
