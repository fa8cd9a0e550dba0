"""Ta Yü as a game of the board: what the registry (games/__init__.py) and the menu need (see
docs/firmware.md). The controller, controller.py, is imported only when a game starts:
the menu reads these few names without loading an engine."""

TITLE = "TA YU"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
DEFAULTS = {"edition": "kosmos", "players": 2, "target": 24, "bidding": None}
# (option key, label, choices[, names[, short label]]) rows of the boot menu: the short label
# stands for the label on a panel too narrow for the whole row (a 32 px panel holds 8 letters)
MENU = [
    ("edition", "", ["kosmos", "goliath"], ["KOSMOS", "GOLIATH"]),
    ("stacks", "STACKS", [False, True], ["NO", "YES"], "STKS"),
    ("two_tiles", "2TILES", [False, True], ["NO", "YES"], "2TLS"),
    ("redraw_if_unscored", "REDRAW", [False, True], ["NO", "YES"], "RDRW"),
    ("bidding", "BID", [None, True, False], ["AUTO", "YES", "NO"]),  # AUTO: as the edition
    ("target", "GOAL", [12, 16, 20, 24, 30, 36, 48]),
]


_FLAGS = ("stacks", "two_tiles", "redraw_if_unscored", "pass_is_final")


def check(options):
    """Raise ValueError unless every option has its type and range (before any game is let go;
    the engine then checks how they fit together)."""
    from firmware import field_checks

    players = field_checks.integer("players", options.get("players", 2), MIN_PLAYERS, MAX_PLAYERS)
    for key in sorted(options):  # the first bad key named is the same on both runtimes: their
        value = options[key]     # dicts do not keep the order of the keys
        if key == "players":
            pass
        elif key == "edition":
            field_checks.one_of(key, value, ("kosmos", "goliath"))
        elif key in _FLAGS or key == "bidding":
            field_checks.flag(key, value, none_ok=key == "bidding")
        elif key == "target":
            field_checks.integer(key, value, 1, 9999)
        elif key == "max_bid":  # the history is sized by it: a Pico's heap sets the limit
            field_checks.integer(key, value, 1, 99)
        elif key == "flood_seat":
            field_checks.integer(key, value, 0, 2)
        elif key == "doubles":
            field_checks.int_list(key, value, 0, 255, 64)
        elif key == "bots":
            field_checks.int_list(key, value, 0, players - 1, MAX_PLAYERS)
        else:
            raise ValueError("unknown option: " + str(key)[:40])


def create(app, options, seed, moves=()):
    from firmware.games.tayu.controller import TayuMode

    return TayuMode(app, options, seed, moves)
