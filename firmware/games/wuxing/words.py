"""Wuxing duel moves in words, for people (the simulator's side panel, `lanterne watch`,
`replay` and its HTML page), found through host/lanterne/words.py. Host-only: left out of what
ships to the board (firmware/manifest.py), but written for MicroPython as the rest of the
package.

`move(state, text, seat)` reads a move against the state BEFORE it:
`Yang D2→A2 (pays blue), takes Yin's pawn`, `Yin gives red`, `Yang turns B3`,
`duel wood:fire — Yang wins (wood feeds fire), moves to island 2 (earth)`."""

NAME = "Wuxing duel"
SEATS = ("Yang", "Yin")


def seat_name(state, seat):
    return SEATS[seat]


def _lost_pawns(before, after):
    # Théâtre: the squares whose pawn is gone, as `Yang's pawn on E1`
    from shared_rules.wuxing import rules as wuxing

    out = []
    for i in range(25):
        if before.pawn[i] and not after.pawn[i]:
            out.append("%s's pawn on %s" % (SEATS[before.pawn[i] - 1], wuxing.square_name(i)))
    return out


def _duel(state, after, a, b):
    from shared_rules.wuxing import rules as wuxing

    E = wuxing.ELEMENTS
    head = "duel %s:%s" % (E[a], E[b])
    if a != b:
        w = 0 if (b - a) % 5 < 3 else 1
        x, y = (a, b) if w == 0 else (b, a)
        why = "%s %s %s" % (E[x], "feeds" if wuxing.link(x, y) == 0 else "overcomes", E[y])
    elif state.path[state.pos[0]] == a or state.path[state.pos[1]] == a:
        w = 0 if state.path[state.pos[0]] == a else 1
        why = "stands on %s" % E[a]
        if not state.flags["plain_faces"]:
            why += ", shows Yin-Yang"
    elif state.face[0] != state.face[1] and not state.flags["plain_faces"]:
        w = 0 if state.face[0] else 1
        why = "Yin-Yang face, turned back to plain"
    else:
        return head + " — no one wins"
    o = 1 - w
    out = "%s — %s wins (%s), moves to island %d (%s)" % (
        head, SEATS[w], why, after.pos[w], E[state.path[after.pos[w]]])
    if after.pos[o] == 255:
        out += ", captures %s's pawn" % SEATS[o]
    elif after.pos[o] != state.pos[o]:
        out += ", pushes %s back to island %d" % (SEATS[o], after.pos[o])
    for col in (0, 1):
        if after.tokens[2 * w + col] > state.tokens[2 * w + col]:
            src = "the centre" if after.tokens[4 + col] < state.tokens[4 + col] else SEATS[o]
            out += ", takes a %s token from %s" % (wuxing.COLOURS[col], src)
    return out


def move(state, text, seat=None, public=False):
    """One sentence for the move `text` made by `seat` (default: the seat to move) on
    `state`, the position before it. ValueError if the text is no legal move there."""
    from shared_rules.wuxing import rules as wuxing

    if seat is None:
        seat = state.current_player
    m = state.parse_move(text)
    after = state.clone()
    after.apply(m)
    who = SEATS[seat]
    if m.kind == wuxing.M_DUEL:
        return _duel(state, after, m.a, m.b)
    if m.kind == wuxing.M_GIVE:
        return "%s gives %s" % (who, wuxing.COLOURS[m.a])
    if m.kind == wuxing.M_TURN:
        out = "%s turns %s" % (who, wuxing.square_name(m.a))
        lost = _lost_pawns(state, after)
        if lost:
            out += "; isolated, lost: " + ", ".join(lost)
        return out
    out = "%s %s→%s (pays %s)" % (who, wuxing.square_name(m.a), wuxing.square_name(m.b),
                                  wuxing.COLOURS[m.c])
    if state.pawn[m.b]:
        out += ", takes %s's pawn" % SEATS[state.pawn[m.b] - 1]
    return out


def title(options):
    """`Wuxing duel (Théâtre du duel)`, `Wuxing duel (Chemin du duel, no discard)`."""
    if options.get("mode", "theatre") == "chemin":
        parts = ["Chemin du duel"]
        for flag in ("no_discard", "plain_faces"):
            if options.get(flag):
                parts.append(flag.replace("_", " "))
    else:
        parts = ["Théâtre du duel"]
        if options.get("board") == "random":
            parts.append("random board")
        if options.get("links") == "dominate":
            parts.append("domination only")
    return "%s (%s), 2 players" % (NAME, ", ".join(parts))


def end(state):
    """`Yang 3 pawns, Yin 0 — Yang wins`; Chemin: `Yin wins`, `a draw`."""
    won = state.winner()
    if state.mode == "theatre":
        a, b = state.scores()
        out = "Yang %d pawn%s, Yin %d" % (a, "" if a == 1 else "s", b)
        sep = " — "
    else:
        out = sep = ""
    if won is None:
        return out
    if not won:
        return out + sep + "a draw"
    return out + sep + SEATS[won[0]] + " wins"
