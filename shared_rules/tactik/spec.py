"""Tac-Tik declared: what the registry, the bots table, the board's menu, the manifest and the
packaging read (docs/ADDING_A_GAME.md). Data only, no import: the board holds it at the menu,
and the host's manifest reads it without importing the package."""

NAME = "tactik"
TITLE = "TACTIK"  # the menu's game row (3 x 5 font)
PLAYERS = (2, 3, 4, 6)  # 2 and 3: individual variants, each player runs two colours
DEFAULT_PLAYERS = 4
TEAMS = {4: (0, 1, 0, 1), 6: (0, 1, 2, 0, 1, 2)}  # per player count, each seat's team
SIMULTANEOUS = False
BOT = "bot"  # its bots: shared_rules.tactik.bot
LOAD = None  # `deserialize(data)` is the engine's own
# never flashed (manifest NOT_ON_BOARD): hand-built positions (tests and puzzles), and the
# play-outs' plain twin (the board runs their native code, fastplay.py)
HOST_ONLY = ("setup.py", "plainplay.py")


# Where an option goes (shared_rules/options.py), and values several rows share: named, so
# that a row is built when the module runs, its texts the interned names, rather than stored
# as a constant object of its own (a third of the heap on MicroPython)
_BOTH = "both"
_BOARD = "board"
_ENGINE = "engine"
_FT = (False, True)
_TF = (True, False)
_CARDS = ("auto", "deal", "real")

# Every option (shared_rules/options.py): (key, values: the default first, check, where,
# menu row: (label, choices, names, short)); the short label stands for the label on a panel
# too narrow for the whole row (a 32 px panel holds 8 letters). docs/tactik.md: the flags.
OPTIONS = (
    # the engine's: dealt or physical cards, set by the board from its own `cards`
    ("physical_cards", _FT, None, _ENGINE, None),
    # the board's card mode; auto: dealt when a bot plays or in the simulator
    ("cards", _CARDS, None, _BOARD, ("CARDS", _CARDS, ("AUTO", "DEAL", "REAL"), "CRD")),
    ("base_entry_compulsory", _FT, None, _BOTH,
     ("BASE", _FT, ("FREE", "MUST"), "BSE")),
    ("partner_stake_own", _TF, None, _BOTH, None),
)
# (key, value, why): a value no bot can play with
HUMANS_ONLY = ("cards", "real", "physical cards need every seat human (a bot has no cards)")
