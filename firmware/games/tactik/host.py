"""Tac-Tik on the host (replay, watch and document pictures, `lanterne sim`'s status line,
the starting states a log's `new` event may mean): the hooks host/lanterne/gamehooks.py reads
(see docs/ADDING_A_GAME.md, "The host"). Host-only: left out of what ships to the board
(firmware/manifest.py), as words.py."""

# pyright: reportAttributeAccessIssue=false
# (what the type checker cannot follow here: the view's Scene fields, set where it is made)

# where the layouts' side files are: the project's profiles only, never the working folder
# (firmware/games/tactik/host.py -> the repository's hardware/profiles/tactik)
_HERE = __file__.replace("\\", "/")
SIDE_FILES = _HERE[: _HERE.rfind("/firmware/games/")] + "/hardware/profiles/tactik"


def picture(profile, state, canvas, now_ms=0, last=None):
    """Pawns, stakes, the colour to move (or the winning team, WIN in the middle) on the
    profile's layout; with `last`, (the state before, the move's text, its seat), the card
    played lies in the middle in its player's colour, as the panel shows it after the move
    (a gift stays face down: the middle shows nothing for it)."""
    from firmware.games.tactik import layout as tactik_layout
    from firmware.games.tactik import view

    positions = state.positions()
    layout = tactik_layout.layout_for(profile, len(positions), [SIDE_FILES])
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
        if last is not None:
            before, text, seat = last
            move = before.parse_move(text)
            if move.kind != "give":
                who = colours.index(before.seat_colours(seat)[0])
                scene.show_played(view.CARDS.index(move.card), who, move.kind == "discard")
    view.TactikView(layout).draw(canvas, scene, now_ms)
    return canvas


def status(state, bots):
    """One line for the simulator's side panel: whose turn and what phase, or who won."""
    if state.is_over():
        won = [c for seat in state.winner() for c in state.seat_colours(seat)]
        return "game over: " + " and ".join(won or ["nobody"]) + " win; A for the menu"
    seat = state.current_player
    who = "bot" if seat in bots else "human"
    colours = "+".join(state.team_of(seat)) if state.individual else state.colours[seat]
    return "seat %d (%s, %s) to play: %s" % (seat, who, colours, state.phase)


def card_modes(options):
    """The card modes (physical cards?) a `new` event may mean, most likely first.

    The firmware names the mode in force, "deal" or "real". Only logs from firmware older than
    that say "auto" (or nothing), which meant either depending on the board: for those alone
    both are tried, the one with bots (dealt) first.
    """
    cards = options.get("cards", "auto")
    if cards == "real":
        return [True]
    if cards == "deal":
        return [False]
    return [False, True] if options.get("bots") else [True, False]


def starts(options, seed):
    """The candidate starting states of a `new` event (several only for an old log whose card
    mode is "auto": see card_modes); the board's own options (bots, level, cards) left out."""
    from shared_rules.tactik import rules as tactik

    opts = {k: v for k, v in options.items() if k not in ("bots", "level", "cards")}
    return [tactik.replay(dict(opts, physical_cards=physical), seed, ())
            for physical in card_modes(options)]
