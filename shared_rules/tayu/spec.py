"""Ta Yü declared: what the registry, the bots table, the board's menu, the manifest and the
packaging read (docs/ADDING_A_GAME.md). Data only, no import: the board holds it at the menu,
and the host's manifest reads it without importing the package."""

NAME = "tayu"
TITLE = "TA YU"  # the menu's game row (3 x 5 font)
PLAYERS = (2, 3, 4)  # the player counts
DEFAULT_PLAYERS = 2
TEAMS = {4: (0, 1, 0, 1)}  # per player count, each seat's team (North-South, East-West)
SIMULTANEOUS = False  # no round is a simultaneous choice
BOT = "bot"  # its bots: shared_rules.tayu.bot, `move(state, level)`
LOAD = "load"  # `deserialize(data)`: shared_rules.tayu.load (host-only)
HOST_ONLY = ("load.py", "positions.py")  # files the board never runs (manifest NOT_ON_BOARD)


# Where an option goes (shared_rules/options.py), and values several rows share: named, so
# that a row is built when the module runs, its texts the interned names, rather than stored
# as a constant object of its own (a third of the heap on MicroPython)
_BOTH = "both"
_FT = (False, True)

_NO_YES = ("NO", "YES")
_EDITIONS = ("kosmos", "goliath")
_AUTO_YES_NO = (None, True, False)

# Every option (shared_rules/options.py): (key, values: the default first, check, where,
# menu row: (label, choices, names, short)). None for a default: as the edition (Kosmos bids,
# its doubles). A number or list option takes any value in its check's range (docs/tayu.md);
# its values are those a menu offers. The short label stands for the label on a panel too
# narrow for the whole row (a 32 px panel holds 8 letters).
OPTIONS = (
    ("edition", _EDITIONS, None, _BOTH, ("", _EDITIONS, ("KOSMOS", "GOLIATH"), None)),
    # Kosmos block: choose between the two nearest stack tops
    ("stacks", _FT, None, _BOTH, ("STACKS", _FT, _NO_YES, "STKS")),
    # Kosmos 2-player variant: hold one hidden tile
    ("two_tiles", _FT, None, _BOTH, ("2TILES", _FT, _NO_YES, "2TLS")),
    # Kosmos: unplaceable tile set aside, nobody scored
    ("redraw_if_unscored", _FT, None, _BOTH, ("REDRAW", _FT, _NO_YES, "RDRW")),
    ("doubles", (None, ()), ("ints", 0, 255, 64), _BOTH, None),  # coast indices worth 2
    # 3 players: bid for the flood (else agreed target); AUTO: as the edition
    ("bidding", _AUTO_YES_NO, None, _BOTH, ("BID", _AUTO_YES_NO, ("AUTO", "YES", "NO"), None)),
    # 3 players without bidding: the agreed target
    ("target", (24, 12, 16, 20, 30, 36, 48), ("int", 1, 9999), _BOTH,
     ("GOAL", (12, 16, 20, 24, 30, 36, 48), None, None)),
    ("flood_seat", (2, 0, 1), ("int", 0, 2), _BOTH, None),  # 3 players without bidding
    # 3 players with bidding: highest opening bid (the history is sized by it: a Pico's heap
    # sets the limit)
    ("max_bid", (50, 30, 99), ("int", 1, 99), _BOTH, None),
    # bidding: a seat that passes is out (else only until someone bids lower)
    ("pass_is_final", (True, False), None, _BOTH, None),
)
