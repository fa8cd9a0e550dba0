"""Draw an engine state the way a board with a given profile shows it (for the host tool's
replay pictures): each game has a module `firmware.<game>_draw` with
`draw_state(profile, state, canvas)`."""

import sys

from firmware.canvas import Canvas


def drawer(game):
    """The `draw_state` function of a game (ValueError if the game has none)."""
    name = "firmware." + str(game) + "_draw"
    try:
        __import__(name)
    except ImportError:
        raise ValueError("no drawing for game: " + str(game))
    return sys.modules[name].draw_state


def render(profile, game, state, canvas=None):
    """A Canvas of the profile's size with the state drawn on it (a given canvas is cleared)."""
    if canvas is None:
        canvas = Canvas(profile["width"], profile["height"])
    else:
        canvas.clear()
    drawer(game)(profile, state, canvas)
    return canvas
