"""Tai Chi Chuan's declaration, a draft for the registry that replaces today's tables (the
issue "A game is declared once"): data only. The engine's options are rules.OPTIONS; the
board's own (`timer`, the bots' `level`) are the board's. Rules and options: docs/taichi.md.
"""

NAME = "taichi"
TITLE = "Tai Chi Chuan"
PLAYERS = (2, 3, 4, 5, 6)
DEFAULT_PLAYERS = 3
ENGINE = "shared_rules.taichi.rules"
BOT = "shared_rules.taichi.bot"
BOT_LEVELS = ("easy", "normal", "hard")
DATA = ("shared_rules/dictionary/data/words.bin", "shared_rules/dictionary/data/bots.bin")

# option -> (values, the default first; the menu's label for each value); the engine's first
OPTIONS = (
    ("forms", (False, True), ("DICT", "ALL")),  # dictionary entries, or every form (beginners)
    ("min_letters", (2, 3, 4), ("2", "3", "4")),
    ("first_double", ("either", "fixed"), ("EITH", "FIX")),
    ("reshuffle", ("when_needed", "at_once"), ("NEED", "ONCE")),
    ("deck", ("approx",), ("APPR",)),  # an owner's deck: its text (docs/taichi.md)
)
# the board's: seconds a player has to answer (0: no timer; "a reasonable time")
BOARD_OPTIONS = (
    ("timer", (0, 30, 60, 90), ("OFF", "30S", "60S", "90S")),
)
