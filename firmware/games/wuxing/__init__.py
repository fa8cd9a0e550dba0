"""Wuxing duel as a game of the board: what the registry (games/__init__.py) and the menu need
(see docs/firmware.md, docs/wuxing.md). The controller, controller.py, is imported only when a
game starts: the menu reads these few names without loading the engine."""

TITLE = "WUXING"
MIN_PLAYERS = 2
MAX_PLAYERS = 2
DEFAULTS = {"mode": "theatre", "age": 10, "board": "cyclic", "players": 2}
# (option key, label, choices[, names]) rows of the boot menu
MENU = [
    ("mode", "", ["theatre", "chemin"], ["THEATRE", "CHEMIN"]),
    ("age", "AGE", [10, 8, 6], ["10+", "8", "6"]),  # the seed's levels (docs/wuxing.md)
    ("board", "MAP", ["cyclic", "random"], ["CYCL", "RAND"]),
]
# options of the board, not of the engine (the host's replay leaves them out)
BOARD_ONLY = ("bots", "level", "age")

_VALUES = {
    "mode": ("theatre", "chemin"),
    "board": ("cyclic", "random"),
    "links": ("both", "dominate"),
    "path": ("seeded", "cycle"),
}
_NUMBERS = {"round_limit": (100, 0, 50, 200, 500), "age": (10, 8, 6)}


def check(options):
    """Raise ValueError unless every option has its type and range (before any game is let go)."""
    from firmware import field_checks

    field_checks.integer("players", options.get("players", 2), 2, 2)
    for key in sorted(options):  # the first bad key named is the same on both runtimes
        value = options[key]
        if key == "players":
            pass
        elif key in _VALUES:
            field_checks.one_of(key, value, _VALUES[key])
        elif key in ("no_discard", "plain_faces"):
            field_checks.flag(key, value)
        elif key in _NUMBERS:
            if not field_checks.is_int(value) or value not in _NUMBERS[key]:
                raise ValueError(key + " must be one of " + " ".join(
                    [str(n) for n in _NUMBERS[key]]))
        elif key == "bots":
            field_checks.int_list(key, value, 0, 1, 2)
        else:
            raise ValueError("unknown option: " + str(key)[:40])


def create(app, options, seed, moves=()):
    from firmware.games.wuxing.controller import WuxingMode

    return WuxingMode(app, options, seed, moves)
