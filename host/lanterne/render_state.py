"""Draw an engine state the way a board with a given profile shows it, with no cursor or
selection: the host's replay, watch and documentation pictures. Host-only (not flashed): each
game draws itself, through the `picture(profile, state, canvas)` of its host module
(firmware/games/<game>/host.py, found by lanterne.gamehooks): a new game needs no line here."""

from firmware.canvas import Canvas
from lanterne import gamehooks


def drawer(game):
    """The drawing function of a game, `picture(profile, state, canvas)`; ValueError if the
    game has none."""
    return gamehooks.picture(game)


def render(profile, game, state, canvas=None):
    """A Canvas of the profile's size with the state drawn on it (a given canvas is cleared)."""
    if canvas is None:
        canvas = Canvas(profile["width"], profile["height"])
    else:
        canvas.clear()
    drawer(game)(profile, state, canvas)
    return canvas
