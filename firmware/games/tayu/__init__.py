"""Ta Yü as a game of the board: what the registry (games/__init__.py) and the menu need (see
docs/firmware.md). The controller, controller.py, is imported only when a game starts:
the menu reads these few names without loading an engine."""

TITLE = "TA YU"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
DEFAULTS = {"edition": "kosmos", "players": 2, "target": 24, "bidding": None}
# (option key, label, choices[, names]) rows of the boot menu
MENU = [
    ("edition", "", ["kosmos", "goliath"], ["KOSMOS", "GOLIATH"]),
    ("stacks", "STACKS", [False, True], ["N", "Y"]),
    ("two_tiles", "2TILES", [False, True], ["N", "Y"]),
    ("redraw_if_unscored", "REDRAW", [False, True], ["N", "Y"]),
    ("bidding", "BID", [None, True, False], ["AUTO", "Y", "N"]),  # AUTO: as the edition
    ("target", "GOAL", [12, 16, 20, 24, 30, 36, 48]),
]


def create(app, options, seed, moves=()):
    from firmware.games.tayu.controller import TayuMode

    return TayuMode(app, options, seed, moves)
