"""Wuxing duel as a game of the board: `create`, what the registry (games/__init__.py) calls to
start a game (see docs/wuxing.md). Its title, player counts and options are its declaration's
(shared_rules/wuxing/spec.py). The controller, controller.py, is imported only when a game
starts: the menu reads the declaration without loading the engine."""


def create(app, options, seed, moves=()):
    from firmware.games.wuxing.controller import WuxingMode

    return WuxingMode(app, options, seed, moves)
