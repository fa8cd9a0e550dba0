"""Wuxing duel declared: what the registry, the bots table, the board's menu, the manifest and
the packaging read (docs/ADDING_A_GAME.md). Data only, no import: the board holds it at the
menu, and the host's manifest reads it without importing the package."""

NAME = "wuxing"
TITLE = "WUXING"  # the menu's game row (3 x 5 font)
ORDER = 30  # the menu's order of games, lowest first
PLAYERS = (2,)
DEFAULT_PLAYERS = 2
TEAMS = {}  # every seat its own team
SIMULTANEOUS = True  # Chemin's rounds: both seats choose a card (state.simultaneous())
BOT = "bot"  # its bots: shared_rules.wuxing.bot (Chemin: also `card(state, seat, level)`)
LOAD = None
HOST_ONLY = ()
