"""Pebbles on the board: `create` only; its controller is imported when a game starts."""


def create(app, options, seed, moves=()):
    from firmware.games.pebbles.controller import PebblesMode

    return PebblesMode(app, options, seed, moves)
