"""Pebbles declared: the tiny game the fake-game test adds by its folders only
(tests/host/test_fake_game.py). Data only, no import."""

NAME = "pebbles"
TITLE = "PEBBLES"
PLAYERS = (2, 3)
DEFAULT_PLAYERS = 2
TEAMS = {}
SIMULTANEOUS = False
BOT = None  # no bot module: every level plays the engine's greedy_move
LOAD = None
HOST_ONLY = ()

_PILES = (10, 7, 13)
OPTIONS = (
    ("pile", _PILES, None, "both", ("PILE", _PILES, None, None)),
)
