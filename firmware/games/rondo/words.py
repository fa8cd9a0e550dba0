"""Rondo moves in words, for people (the simulator's side panel, `lanterne watch`, `replay`
and its HTML page), found through host/lanterne/words.py. Host-only: left out of what ships
to the board (firmware/manifest.py).

`move(state, text, seat)` reads a move against the state BEFORE it:
`seat 1 plays MERE over MARE (lays E), 9 points`, `seat 2 plays ARE over MARE (erases M),
3 points`, `seat 1 exchanges a card (-2)`, `seat 2 passes and draws a card`,
`seat 1's hourglass ran out: draws a card`, `seat 1 shows CAR (14 points)`."""

NAME = "Rondo"


def _who(seat):
    return "seat %d" % (seat + 1)


def _laid(state, after):
    """What the play laid, in words: `lays E, S`, `erases M`, `a joker as E`."""
    from shared_rules.rondo import rules

    lays = []
    erased = 0
    down = 0
    for i in after.fresh:
        m = after.means[i]
        c = after.cards[after.slots[i]]
        if m == rules.ERASED:
            erased += 1
        elif m == rules.FACE_DOWN:
            down += 1
        elif c == "*":
            lays.append("a joker as " + m)
        else:
            lays.append(m)
    out = []
    if lays:
        out.append("lays " + ", ".join(lays))
    if erased:
        out.append("%d eraser%s" % (erased, "" if erased == 1 else "s"))
    if down:
        out.append("a card face down")
    return " and ".join(out)


def move(state, text, seat=None, public=False):
    """One sentence for the move `text` made by `seat` (default: the seat to move) on `state`,
    the position before it. ValueError if the text is no legal move there."""
    if seat is None:
        seat = state.current_player
    m = state.parse_move(text)
    who = _who(seat)
    if m.kind == "show":
        if m.arg == "none":
            return who + " shows no word"
        from shared_rules.rondo import rules

        return "%s shows %s (%d points)" % (who, m.arg.upper(), rules.points_of(state, m))
    if m.kind == "exchange":
        card = "a card" if public else {"*": "a joker", "-": "an eraser"}.get(m.arg, m.arg)
        return "%s exchanges %s (-2)" % (who, card)
    if m.kind in ("pass", "timeout"):
        head = who + (" passes" if m.kind == "pass" else "'s hourglass ran out")
        return head + (" and draws a card" if state.pile else ", the deck is empty")
    after = state.clone()
    after.apply(m)
    old = state.word()
    out = "%s plays %s" % (who, after.word())
    if old:
        out += " over " + old
    out += " (%s), %d points" % (_laid(state, after), after.last)
    if m.kind == "accept":
        out += ", taken by the table"
    if after.is_over():
        out += "; " + end(after)
    return out


def title(options):
    """`Rondo (F.X. Schmid values, every form), 3 players`."""
    parts = ["Scrabble values" if options.get("values") == "scrabble" else
             "F.X. Schmid values",
             "dictionary entries" if options.get("lemmas") else "every form"]
    for flag in ("teams", "beginners"):
        if options.get(flag):
            parts.append(flag)
    n = options.get("players", 2)
    return "%s (%s), %s players" % (NAME, ", ".join(parts), n)


def end(state):
    """`seat 1 212, seat 2 190 — seat 1 wins` (teams: `team 1 ...`)."""
    s = state.scores()
    teams = len(s) != state.players
    name = "team" if teams else "seat"
    out = ", ".join(["%s %d %d" % (name, i + 1, s[i]) for i in range(len(s))])
    won = state.winner()
    if won is None:
        return out
    sides = []
    for seat in won:
        t = state.teams()[seat]
        if t not in sides:
            sides.append(t)
    if len(sides) > 1:
        return out + " — a tie"
    return out + " — %s %d wins" % (name, sides[0] + 1)
