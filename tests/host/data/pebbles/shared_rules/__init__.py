"""Pebbles, the fake game of tests/host/test_fake_game.py: its declaration, its rules."""
