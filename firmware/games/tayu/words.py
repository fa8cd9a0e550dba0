"""Ta Yü moves in words, for people (the simulator's side panel, `lanterne watch`, `replay`
and its HTML page), found through host/lanterne/words.py. Host-only: left out of what ships
to the board (firmware/manifest.py), but written for MicroPython as the rest of the package.

`move(state, text, seat)` reads a move against the state BEFORE it:
`north-south places e-n1-s1 at 9,7→9,9 (exits N E S)`, `seat 1 bids 18`, `seat 2 passes`,
`east-west takes stack A: e-n0-w`, `north-south plays e-n0-w, keeps the other`."""

NAME = "Ta Yü"
SIDES = {"NS": "north-south", "EW": "east-west", "flood": "the flood"}
_DIR_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def seat_name(state, seat):
    """`north-south` (2 players), `east-west (seat 3)` (3 or 4), `seat 1` while bidding."""
    side = state.side_of(seat)
    if side is None:
        return "seat %d" % seat
    if state.players == 2:
        return SIDES[side]
    return "%s (seat %d)" % (SIDES[side], seat)


def exits(state, move, kind=None):
    """The directions the tile's rivers leave by once placed, in compass order N E S W, one
    letter an exit: `N S S`."""
    from shared_rules.tayu import rules as tayu

    out = []
    for i in range(4):
        for _r, _c, bits in state.footprint(move, kind):
            if bits & (1 << i):
                out.append(tayu.SIDES[i])
    return " ".join(out)


def _scores_note(before, after):
    b = before.scores()
    a = after.scores()
    if a == b:
        return ""
    return "; north-south %d, east-west %d" % (a[0], a[1])


def move(state, text, seat=None, public=False):
    """One sentence for the move `text` made by `seat` (default: the seat to move) on
    `state`, the position before it. ValueError if the text is no legal move there."""
    from shared_rules.tayu import rules as tayu

    if seat is None:
        seat = state.current_player
    m = state.parse_move(text)
    who = seat_name(state, seat)
    after = state.clone()
    after.apply(m)
    if m.type == tayu.M_PLACE:
        kind = state.tile
        fp = state.footprint(m)
        last = fp[-1] if fp else (m.row, m.col, 0)
        out = "%s places %s at %d,%d→%d,%d (exits %s)" % (
            who, kind, m.row, m.col, last[0], last[1], exits(state, m) or "none")
        return out + _scores_note(state, after)
    if m.type == tayu.M_TAKE:
        lane = "AB"[m.value]
        got = after.tile or (after.hand(seat) or ["?"])[-1]
        return "%s takes stack %s: %s" % (who, lane, got)
    if m.type == tayu.M_PLAY:
        return "%s plays %s, keeps the other" % (who, tayu.KINDS[m.value])
    if m.type == tayu.M_BID:
        out = "%s bids %d" % (who, m.value)
    else:
        out = "%s passes" % who
    if state.flood is None and after.flood is not None:
        out += "; seat %d is the flood, target %d" % (after.flood, after.target)
    return out


def title(options):
    """`Ta Yü (kosmos, stacks), 2 players`."""
    parts = [str(options.get("edition", "kosmos"))]
    for flag in ("stacks", "two_tiles", "redraw_if_unscored"):
        if options.get(flag):
            parts.append(flag.replace("_", " "))
    n = options.get("players", 2)
    return "%s (%s), %s players" % (NAME, ", ".join(parts), n)


def end(state):
    """`north-south 12, east-west 8 — north-south wins` (the state after the last move)."""
    ns, ew = state.scores()
    out = "north-south %d, east-west %d" % (ns, ew)
    won = state.winner()
    if won is None:
        return out
    if not won:
        return out + " — a draw"
    side = state.side_of(won[0])
    if side == "flood":
        return out + " — the flood wins (target %d not reached)" % state.target
    return out + " — %s wins" % SIDES[side]
