"""Draw an engine state the way a board with a given profile shows it, with no cursor or
selection: the host's replay, watch and documentation pictures. Host-only (not flashed): it
builds each game's board view (firmware/games/<game>/view.py) around a bare state."""

from firmware.canvas import Canvas
from lanterne.profiles import PROFILES


def draw_tayu(profile, state, canvas):
    """Ta Yü: the board, hand, scores as the panel shows them (no ghost)."""
    from firmware.games.tayu import view

    v = view.View(profile.get("layouts", {}).get("tayu", {}))
    v.refresh(state)
    if state.is_over():
        v.hand_n = 0
    view.draw(canvas, state, v)
    return canvas


def draw_tactik(profile, state, canvas, now_ms=0):
    """Tac-Tik: pawns, stakes, the colour to move (or the winning team) on the layout."""
    from firmware.games.tactik import layout as tactik_layout
    from firmware.games.tactik import view

    positions = state.positions()
    # the layout's side file only from the project's profiles, never the working folder
    layout = tactik_layout.layout_for(profile, len(positions), [str(PROFILES / "tactik")])
    scene = view.Scene(layout)
    scene.set_positions(positions)
    colours = layout.colours
    if state.is_over():
        scene.winners = tuple([colours.index(c) for seat in state.winner()
                                for c in state.seat_colours(seat)])
    else:
        seat_cols = state.seat_colours(state.current_player)
        scene.mover = colours.index(seat_cols[0])
        scene.turn = [colours.index(c) for c in seat_cols]
    view.TactikView(layout).draw(canvas, scene, now_ms)
    return canvas


DRAWERS = {"tayu": draw_tayu, "tactik": draw_tactik}


def drawer(game):
    """The drawing function of a game (ValueError if the game has none): one of DRAWERS, else
    the `picture(profile, state, canvas)` of the game's own view (firmware/games/<game>/view.py:
    a new game needs no line here)."""
    if isinstance(game, str) and game in DRAWERS:
        return DRAWERS[game]
    from firmware import games

    if isinstance(game, str) and games.known(game):
        import importlib

        try:
            view = importlib.import_module("firmware.games." + game + ".view")
        except ImportError:
            view = None
        if view is not None and hasattr(view, "picture"):
            return view.picture
    raise ValueError("no drawing for game: " + str(game))


def render(profile, game, state, canvas=None):
    """A Canvas of the profile's size with the state drawn on it (a given canvas is cleared)."""
    if canvas is None:
        canvas = Canvas(profile["width"], profile["height"])
    else:
        canvas.clear()
    drawer(game)(profile, state, canvas)
    return canvas
