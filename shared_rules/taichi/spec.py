"""Tai Chi Chuan declared: what the registry, the bots table, the board's menu, the manifest
(its DATA: the word sets) and the packaging read (docs/ADDING_A_GAME.md). Data only, no import:
the board holds it at the menu, and the host's manifest reads it without importing the
package. Rules, options and the deck file: docs/taichi.md."""

NAME = "taichi"
TITLE = "TAI CHI"  # the menu's game row (3 x 5 font: 7 letters fit a 32 px panel)
PLAYERS = (2, 3, 4, 5, 6)  # the text gives no count: the panel's seats decide (RULINGS)
DEFAULT_PLAYERS = 3
TEAMS = {}  # every seat its own
SIMULTANEOUS = False
BOT = "bot"  # its bots: shared_rules.taichi.bot (`move`, `steps`, `race_word`)
LOAD = None
HOST_ONLY = ()
# files the board reads as they are (not compiled): the packed French word sets
# (shared_rules/dictionary/data/SOURCES.md), copied by `lanterne flash` to the same paths
DATA = ("shared_rules/dictionary/data/words.bin", "shared_rules/dictionary/data/bots.bin")

# Where an option goes (shared_rules/options.py), and values several rows share: named, so
# that a row is built when the module runs, its texts the interned names
_BOTH = "both"
_BOARD = "board"
_FT = (False, True)
_MIN = (2, 3, 4)
_FIRST = ("either", "fixed")
_TIMER = (0, 30, 60, 90)

# Every option (shared_rules/options.py): (key, values: the default first, check, where,
# menu row: (label, choices, names, short)); docs/taichi.md.
OPTIONS = (
    # the word set: dictionary entries only, or every form and proper nouns (beginners)
    ("forms", _FT, None, _BOTH, ("WORDS", _FT, ("DICT", "ALL"), "WRDS")),
    ("min_letters", _MIN, None, _BOTH, ("MIN", _MIN, None, None)),  # the shortest word taken
    # a double first card: either letter in each word, or the first word fixes it
    ("first_double", _FIRST, None, _BOTH, ("1ST", _FIRST, ("EITH", "FIX"), None)),
    # the discard becomes the deck when a card is next needed, or at once
    ("reshuffle", ("when_needed", "at_once"), None, _BOTH, None),
    # the shipped approximation, or an owner's deck text (deck.py's format, checked line by
    # line by the module named: shared_rules.taichi.deck.parse)
    ("deck", ("approx",), ("text", 4000, "deck"), _BOTH, None),
    # the board's: seconds a player has to answer ("a reasonable time"; 0: no timer)
    ("timer", _TIMER, None, _BOARD, ("TIMER", _TIMER, ("OFF", "30S", "60S", "90S"), "TIME")),
)
