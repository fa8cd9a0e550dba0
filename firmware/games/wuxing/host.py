"""Wuxing duel on the host (replay, watch and document pictures): the hooks
host/lanterne/gamehooks.py reads (see docs/ADDING_A_GAME.md, "The host"); the status line and
the starting states are the host's defaults (the game interface, its "board" options left
out). Host-only: left
out of what ships to the board (firmware/manifest.py), as words.py."""


def picture(profile, state, canvas):
    """The state as the panel shows it with no cursor."""
    from firmware.games.wuxing import view
    from firmware.games.wuxing.layout import layout_for

    v = view.View(layout_for(profile))
    v.theatre = state.mode == "theatre"
    view.draw(canvas, state, v)
    return canvas
