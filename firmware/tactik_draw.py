"""Draws a Tac-Tik engine state as a board with a given profile shows it (no selection, no
animation): the `draw_state` that firmware.render_state looks up for replay pictures."""

from firmware import tactik_layout, tactik_view


def draw_state(profile, state, canvas, now_ms=0):
    """Pawns, stakes, the colour to move (or the winning team) on the profile's layout."""
    positions = state.positions()
    layout = tactik_layout.layout_for(profile, len(positions))
    scene = tactik_view.Scene(layout)
    scene.set_positions(positions)
    colours = layout.colours
    if state.is_over():
        scene.winners = tuple([colours.index(c) for c in (state.winner() or ())])
    else:
        seat_cols = state.seat_colours(state.current_player)
        scene.mover = colours.index(seat_cols[0])
        scene.turn = [colours.index(c) for c in seat_cols]
    tactik_view.TactikView(layout).draw(canvas, scene, now_ms)
    return canvas
