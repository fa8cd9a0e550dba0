"""Pebbles, the fake game of tests/host/test_fake_game.py: its declaration, its rules."""

ORDER = 90  # the menu's order: after the real games
