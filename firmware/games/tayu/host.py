"""Ta Yü on the host (replay, watch and document pictures, `lanterne sim`'s status line): the
hooks host/lanterne/gamehooks.py reads (see docs/ADDING_A_GAME.md, "The host"). Host-only:
left out of what ships to the board (firmware/manifest.py), as words.py."""


def picture(profile, state, canvas):
    """The board, hand and scores as the panel shows them (no ghost, no cursor)."""
    from firmware.games.tayu import view

    v = view.View(profile.get("layouts", {}).get("tayu", {}))
    v.refresh(state)
    if state.is_over():
        v.hand_n = 0
    view.draw(canvas, state, v)
    return canvas


def _scores(state):
    """Each side's score with its factors, short enough for the side panel: `N x S 1x4=4,
    E x W 6x3=18` (north times south, east times west)."""
    cc = state.coast_counts()
    ns, ew = state.scores()
    return "N x S %dx%d=%d, E x W %dx%d=%d" % (cc["N"], cc["S"], ns, cc["E"], cc["W"], ew)


def status(state, bots):
    """One line for the simulator's side panel: whose turn and what phase, the scores with
    their factors (each side's two coasts' river mouths, multiplied), or the end."""
    if state.is_over():
        return "game over: %s; A for the menu" % _scores(state)
    seat = state.current_player
    who = "bot" if seat in bots else "human"
    side = state.side_of(seat) or "bidding"
    return "seat %d (%s, %s) to play: %s; %s; %d tiles left" % (
        seat, who, side, state.phase, _scores(state), state.tiles_left())


THREE_PLAYERS = ("bidding", "flood_seat", "target", "max_bid", "pass_is_final")
WITH_BIDDING = ("max_bid", "pass_is_final")  # of those, the auction's own
WITHOUT_BIDDING = ("flood_seat", "target")  # the agreed flood and target instead


def shown_options(options):
    """The options a game's title names: those that apply to it. The 3-player flags (bidding,
    flood, target, bids) have no meaning with 2 or 4 players, and of them bidding's own or the
    agreed flood's only where bidding is on or off (the log keeps every flag all the same)."""
    players = options.get("players")
    bidding = options.get("bidding")
    out = {}
    for k, v in options.items():
        if k in THREE_PLAYERS and players != 3:
            continue
        if players == 3 and (k in WITH_BIDDING and bidding is False
                             or k in WITHOUT_BIDDING and bidding is True):
            continue
        out[k] = v
    return out
