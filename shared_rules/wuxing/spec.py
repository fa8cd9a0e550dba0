"""Wuxing duel declared: what the registry, the bots table, the board's menu, the manifest and
the packaging read (docs/ADDING_A_GAME.md). Data only, no import: the board holds it at the
menu, and the host's manifest reads it without importing the package."""

NAME = "wuxing"
TITLE = "WUXING"  # the menu's game row (3 x 5 font)
PLAYERS = (2,)
DEFAULT_PLAYERS = 2
TEAMS = {}  # every seat its own team
SIMULTANEOUS = True  # Chemin's rounds: both seats choose a card (state.simultaneous())
BOT = "bot"  # its bots: shared_rules.wuxing.bot (Chemin: also `card(state, seat, level)`)
LOAD = None
HOST_ONLY = ()
# shipped as it is (firmware/manifest.py): the Chemin du duel solved, hard's table (issue 33)
DATA = ("shared_rules/wuxing/chemin.bin",)


# Where an option goes (shared_rules/options.py), and values several rows share: named, so
# that a row is built when the module runs, its texts the interned names, rather than stored
# as a constant object of its own (a third of the heap on MicroPython)
_BOTH = "both"
_BOARD = "board"
_FT = (False, True)
_MODES = ("theatre", "chemin")
_AGES = (10, 8, 6)
_MAPS = ("cyclic", "random")

# Every option (shared_rules/options.py): (key, values: the default first, check, where,
# menu row: (label, choices, names, short)); docs/wuxing.md.
OPTIONS = (
    ("mode", _MODES, None, _BOTH, ("", _MODES, ("THEATRE", "CHEMIN"), None)),
    # the board's: the seed's levels (docs/wuxing.md): 8 sets no_discard, 6 also plain_faces
    ("age", _AGES, None, _BOARD, ("AGE", _AGES, ("10+", "8", "6"), None)),
    # Théâtre: the Latin square
    ("board", _MAPS, None, _BOTH, ("MAP", _MAPS, ("CYCL", "RAND"), None)),
    ("links", ("both", "dominate"), None, _BOTH, None),  # Théâtre: red and blue, or blue only
    ("path", ("seeded", "cycle"), None, _BOTH, None),  # Chemin: islands from the seed, or in order
    ("no_discard", _FT, None, _BOTH, None),  # Chemin: last round's card playable
    ("plain_faces", _FT, None, _BOTH, None),  # Chemin: no Yin-Yang faces (under-8s)
    # Chemin: a draw after that many duels (0: never)
    ("round_limit", (100, 0, 50, 200, 500), None, _BOTH, None),
)
