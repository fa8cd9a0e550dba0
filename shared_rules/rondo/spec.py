"""Rondo declared: what the registry, the bots table, the board's menu, the manifest and the
packaging read (docs/ADDING_A_GAME.md). Data only, no import. Rules and options:
docs/rondo.md."""

NAME = "rondo"
TITLE = "RONDO"  # the menu's game row (3 x 5 font)
PLAYERS = (2, 3, 4, 5, 6)
DEFAULT_PLAYERS = 2
TEAMS = {}  # every seat its own team unless the `teams` option pairs them (docs/rondo.md)
SIMULTANEOUS = False
BOT = "bot"  # shared_rules.rondo.bot
LOAD = None
HOST_ONLY = ()

_BOTH = "both"
_BOARD = "board"
_ENGINE = "engine"
_FT = (False, True)
_VALUES = ("fxschmid", "scrabble")
_GLASS = (60, 120, 0)

# Every option (shared_rules/options.py): (key, values: the default first, check, where, menu
# row: (label, choices, names, short)); docs/rondo.md.
OPTIONS = (
    ("values", _VALUES, None, _BOTH, ("PTS", _VALUES, ("FXS", "SCRB"), None)),
    # every dictionary form (the rules' advice), or dictionary entries only
    ("lemmas", _FT, None, _BOTH, ("WORD", _FT, ("ALL", "DICT"), "WRD")),
    ("teams", _FT, None, _BOTH, ("TEAM", _FT, ("NO", "YES"), "TM")),
    # the beginners' variant: a card laid face down erases one letter a turn
    ("beginners", _FT, None, _BOTH, ("EASY", _FT, ("NO", "YES"), "EZ")),
    # who starts: the best three-letter word shown, or seat 0 at once
    ("start", ("words", "seat0"), None, _BOTH, None),
    # the first word: three letters (the closed holder), or three to nine
    ("first_word", ("three", "free"), None, _BOTH, None),
    ("joker", (1, -3), None, _BOTH, None),  # a joker's points (another edition: -3)
    # the engine's: the cards in the players' hands, the board the holder's reader, the
    # hourglass, the score pad and the judge; set by the board from its own `cards`
    ("physical", _FT, None, _ENGINE, None),
    # the board's: dealt by the board, or real cards in the players' hands (every seat then
    # human: a bot has no cards)
    ("cards", ("deal", "real"), None, _BOARD, ("CARDS", ("deal", "real"), ("DEAL", "REAL"),
                                               "CRD")),
    # the board's: the hourglass in seconds (0: none)
    ("hourglass", _GLASS, None, _BOARD, ("TIME", _GLASS, ("60S", "2MIN", "OFF"), "T")),
)
