"""Ta Yü declared: what the registry, the bots table, the board's menu, the manifest and the
packaging read (docs/ADDING_A_GAME.md). Data only, no import: the board holds it at the menu,
and the host's manifest reads it without importing the package."""

NAME = "tayu"
TITLE = "TA YU"  # the menu's game row (3 x 5 font)
ORDER = 10  # the menu's order of games, lowest first
PLAYERS = (2, 3, 4)  # the player counts
DEFAULT_PLAYERS = 2
TEAMS = {4: (0, 1, 0, 1)}  # per player count, each seat's team (North-South, East-West)
SIMULTANEOUS = False  # no round is a simultaneous choice
BOT = "bot"  # its bots: shared_rules.tayu.bot, `move(state, level)`
LOAD = "load"  # `deserialize(data)`: shared_rules.tayu.load (host-only)
HOST_ONLY = ("load.py",)  # files of this folder the board never runs (manifest NOT_ON_BOARD)
