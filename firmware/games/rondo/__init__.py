"""Rondo as a game of the board: `create`, what the registry (games/__init__.py) calls to start
a game (see docs/rondo.md). Its title, player counts and options are its declaration's
(shared_rules/rondo/spec.py). The controller is imported only when a game starts."""


def create(app, options, seed, moves=()):
    from firmware.games.rondo.controller import RondoMode

    return RondoMode(app, options, seed, moves)
