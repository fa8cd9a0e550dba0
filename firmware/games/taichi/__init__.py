"""Tai Chi Chuan as a game of the board: `create`, what the registry (games/__init__.py) calls
to start a game (docs/taichi.md, "On the board"). Its title, player counts and options are its
declaration's (shared_rules/taichi/spec.py). The controller is imported only when a game
starts: the menu reads the declaration without loading the engine or the dictionary."""


def create(app, options, seed, moves=()):
    from firmware.games.taichi.controller import TaichiMode

    return TaichiMode(app, options, seed, moves)
