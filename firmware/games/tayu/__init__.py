"""Ta Yü as a game of the board: `create`, what the registry (games/__init__.py) calls to start
a game. Its title, player counts and options are its declaration's
(shared_rules/tayu/spec.py). The controller, controller.py, is imported only when a game
starts: the menu reads the declaration without loading an engine."""


def create(app, options, seed, moves=()):
    from firmware.games.tayu.controller import TayuMode

    return TayuMode(app, options, seed, moves)
