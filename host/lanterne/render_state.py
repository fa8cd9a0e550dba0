"""Draw an engine state the way a board with a given profile shows it, with no cursor or
selection: the host's replay, watch and documentation pictures. Host-only (not flashed): each
game draws itself, through the `picture(profile, state, canvas)` of its host module
(firmware/games/<game>/host.py, found by lanterne.gamehooks): a new game needs no line here."""

import inspect

from firmware.canvas import Canvas
from lanterne import gamehooks


def drawer(game):
    """The drawing function of a game, `picture(profile, state, canvas)`; ValueError if the
    game has none."""
    return gamehooks.picture(game)


def takes_last(draw) -> bool:
    """Whether a game's picture hook draws the move that led to the state (a `last` keyword:
    Tac-Tik's card played lies in the middle)."""
    try:
        return "last" in inspect.signature(draw).parameters
    except (TypeError, ValueError):
        return False


def render(profile, game, state, canvas=None, last=None):
    """A Canvas of the profile's size with the state drawn on it (a given canvas is cleared).
    `last`: (the state before, the move's text, its seat), for a game whose picture shows the
    move just made as the panel does (passed only to a hook that takes it)."""
    if canvas is None:
        canvas = Canvas(profile["width"], profile["height"])
    else:
        canvas.clear()
    draw = drawer(game)
    if last is not None and takes_last(draw):
        draw(profile, state, canvas, last=last)
    else:
        draw(profile, state, canvas)
    return canvas


def last_of(game, i):
    """`last` for position i of a rebuilt game (lanterne.rebuild.Game): None at the start."""
    if not 0 < i <= len(game.moves) or i > len(game.history) - 1:
        return None
    before = game.history[i - 1]
    return before, game.moves[i - 1], getattr(before, "current_player", None)
