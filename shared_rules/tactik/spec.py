"""Tac-Tik declared: what the registry, the bots table, the board's menu, the manifest and the
packaging read (docs/ADDING_A_GAME.md). Data only, no import: the board holds it at the menu,
and the host's manifest reads it without importing the package."""

NAME = "tactik"
TITLE = "TACTIK"  # the menu's game row (3 x 5 font)
ORDER = 20  # the menu's order of games, lowest first
PLAYERS = (2, 3, 4, 6)  # 2 and 3: individual variants, each player runs two colours
DEFAULT_PLAYERS = 4
TEAMS = {4: (0, 1, 0, 1), 6: (0, 1, 2, 0, 1, 2)}  # per player count, each seat's team
SIMULTANEOUS = False
BOT = "bot"  # its bots: shared_rules.tactik.bot
LOAD = None  # `deserialize(data)` is the engine's own
HOST_ONLY = ("setup.py",)  # hand-built positions: tests and puzzles (manifest NOT_ON_BOARD)
