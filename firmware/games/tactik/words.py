"""Tac-Tik moves in words, for people (the simulator's side panel, `lanterne watch`, `replay`
and its HTML page), found through host/lanterne/words.py. Host-only: left out of what ships
to the board (firmware/manifest.py), but written for MicroPython as the rest of the package.

`move(state, text, seat)` reads a move against the state BEFORE it:
`blue plays 3: T28→T31, eats green`, `red gives 7 to yellow`, `yellow discards 5 (no move)`,
`red plays 10: starts on T0`, `red splits 7x1: T10→T13, T20→T24, eats blue at T11`,
`red swaps T5↔T40 with blue (Permuter)`. A seat moving another colour than its own (its
partner's, or one of its two in the individual variants) names it: `red plays 5: yellow
T3→T8`."""

NAME = "Tac-Tik"


def seat_name(state, seat):
    """`red`; `red+yellow` in the individual variants (a seat runs two colours)."""
    return "+".join(state.seat_colours(seat))


def _hop(path_entry, colour, own):
    start, steps = path_entry
    out = start + "→" + _place(steps[-1] if steps else start)
    return out if colour == own else colour + " " + out


def _place(loc):
    return "nest" if loc == "N" else loc  # a 7x1 eating its own pawn sends it home


def _eats(m, at):
    names = m.eaten_colours
    if not names:
        return ""
    if at:
        return ", eats " + ", ".join(["%s at %s" % (c, w) for c, w in zip(names, m.eaten)])
    return ", eats " + " and ".join(names)


def move(state, text, seat=None, public=False):
    """One sentence for the move `text` made by `seat` (default: the seat to move) on
    `state`, the position before it. ValueError if the text is no legal move there."""
    if seat is None:
        seat = state.current_player
    m = state.parse_move(text)
    who = seat_name(state, seat)
    own = state.seat_colours(seat)
    mine = own[0] if len(own) == 1 else None  # a colour named in the path unless it is this
    kind = m.kind
    card = m.card
    if kind == "give":
        n = state.players
        to = (seat + 1) % n if state.individual else (seat + n // 2) % n
        if public:  # the exchange is face down: a table's view does not name the card
            return "%s gives a card to %s" % (who, seat_name(state, to))
        return "%s gives %s to %s" % (who, card, seat_name(state, to))
    if kind == "discard":
        return "%s discards %s (no move)" % (who, card)
    path = m.path
    colours = m.colours
    if kind == "swap":
        a, b = path[0][0], path[1][0]
        other = colours[1]
        with_ = "" if other in own else " with " + other
        lead = "" if mine is not None and colours[0] == mine else colours[0] + " "
        return "%s swaps %s%s↔%s%s (Permuter)" % (who, lead, a, b, with_)
    if kind == "start":
        where = path[0][1][-1] if path[0][1] else "?"
        lead = "" if colours[0] == mine else colours[0] + " "
        return "%s plays %s: starts %son %s%s" % (who, card, lead and lead + "pawn ", where,
                                                 _eats(m, False))
    if kind == "split":  # one colour: named once
        hops = ", ".join([_hop(p, colours[0], colours[0]) for p in path])
        lead = "" if colours[0] == mine else colours[0] + " "
        return "%s splits 7x1: %s%s%s" % (who, lead, hops, _eats(m, True))
    hops = ", ".join([_hop(p, c, mine) for p, c in zip(path, colours)])
    return "%s plays %s: %s%s" % (who, card, hops, _eats(m, False))


def title(options):
    """`Tac-Tik, 4 players` (with the rule flags in force)."""
    parts = []
    if options.get("cards") == "real" or options.get("physical_cards"):
        parts.append("real cards")
    if options.get("base_entry_compulsory"):
        parts.append("base entry compulsory")
    n = options.get("players", 4)
    extra = " (" + ", ".join(parts) + ")" if parts else ""
    return "%s%s, %s players" % (NAME, extra, n)


def team_name(state, team):
    """Score `team` of scores(): `red-yellow` (a team of two seats), `red+yellow` (a seat of
    the individual variants, which runs both)."""
    if state.individual:
        return seat_name(state, team)
    return "-".join(state.team_of(team))


def end(state):
    """`red-yellow 8, blue-green 5 — red and yellow win` (the state after the last move)."""
    scores = state.scores()
    out = ", ".join(["%s %d" % (team_name(state, t), s) for t, s in enumerate(scores)])
    won = state.winner()
    if won is None:
        return out
    if not won:
        return out + " — nobody wins"
    names = [c for s in won for c in state.seat_colours(s)]
    return out + " — " + " and ".join(names) + " win"
