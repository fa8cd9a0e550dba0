"""Tai Chi Chuan moves in words, for people (the simulator's side panel, `lanterne watch`,
`replay` and its HTML page), found through host/lanterne/words.py. Host-only: left out of what
ships to the board (firmware/manifest.py), but written for MicroPython as the rest of the
package.

`move(state, text, seat)` reads a move against the state BEFORE it:
`P1 says SATELLITE (cards S T A; a dictionary entry)`, `P2 draws E lotus`, `P1 stops`,
`P3 joins the challenge, staking a card`, `P1 takes 3 lotus cards`, `P2 wins the challenge with
SALUT`."""

NAME = "Tai Chi Chuan"


def seat_name(state, seat):
    return "P%d" % (seat + 1)


def _cards(state, ids):
    from shared_rules.taichi import deck

    return ", ".join([deck.card_name(state.cards[c]) for c in ids])


def _letters(state):
    return " ".join(["/".join(x) for x in state.row_letters()])


def _word(state, m, who):
    seat = m.seat
    if seat >= 0:
        who = seat_name(state, seat)
    verb = "says" if m.kind == "word" else "says (the table overrules the dictionary)"
    out = "%s %s %s (cards %s)" % (who, verb, m.word, _letters(state))
    if seat >= 0:
        out += ", the fastest: wins the challenge"
    return out


def move(state, text, seat=None, public=False):
    """One sentence for the move `text` made by `seat` (default: the seat to move) on `state`,
    the position before it. ValueError if the text is no legal move there."""
    if seat is None:
        seat = state.current_player
    m = state.parse_move(text)
    who = seat_name(state, seat)
    k = m.kind
    if k in ("word", "accept"):
        return _word(state, m, who)
    after = state.clone()
    after.apply(m)
    if k == "draw":
        return "%s pushes on and turns %s" % (who, _cards(after, after.row[-1:]))
    if k == "stop":
        out = "%s stops" % who
        if after.phase == "join":
            out += "; the others may join a challenge"
        return out
    if k == "fail":
        return "%s finds no word; the others may try" % who
    if k == "pass":
        return "%s finds no word" % who
    if k == "join":
        return "%s joins the challenge, staking a card" % who
    if k == "decline":
        out = "%s does not join" % who
        if after.phase == "race":
            out += "; the challenge card: " + _cards(after, after.row[-1:])
        return out
    if k == "nobody":
        return "nobody finds a word: %s wins the challenge" % seat_name(state, state.active)
    if k == "refuse":
        return "the table refuses %s" % state.undo_word
    if k == "set":
        n = len(after.won[seat]) - len(state.won[seat])
        return "%s takes %d %s card%s" % (who, n, _symbol(m.arg), "" if n == 1 else "s")
    if k == "card":
        return "%s takes %s" % (who, _cards(state, [state.row[m.arg - 1]]))
    return "%s: %s" % (who, text)


def _symbol(arg):
    from shared_rules.taichi import deck

    return deck.SYMBOLS[arg]


def title(options):
    """`Tai Chi Chuan (dictionary entries), 3 players`."""
    parts = ["every form" if options.get("forms") else "dictionary entries"]
    if options.get("min_letters", 2) != 2:
        parts.append("%s letters at least" % options.get("min_letters"))
    if options.get("deck", "approx") != "approx":
        parts.append("an owner's deck")
    if options.get("timer"):
        parts.append("%s s a word" % options.get("timer"))
    return "%s (%s), %s players" % (NAME, ", ".join(parts), options.get("players", 3))


def end(state):
    """`P1 9, P2 7, P3 4 cards — P1 wins`, or a tie."""
    s = state.scores()
    out = ", ".join(["P%d %d" % (i + 1, s[i]) for i in range(len(s))]) + " cards"
    won = state.winner()
    if won is None:
        return out
    if len(won) == 1:
        return out + " — P%d wins" % (won[0] + 1)
    return out + " — a tie: " + " and ".join(["P%d" % (w + 1) for w in won])


def status(state, bots):
    """The simulator's line: the cards, the seat to move and what it does, each pile."""
    if state.is_over():
        return "game over: " + end(state) + "; A for the menu"
    seat = state.current_player
    who = "bot" if seat in bots else "human"
    what = {"announce": "a word", "offer": "a word (the round was given up)",
            "choose": "draw or stop", "join": "join the challenge or not",
            "race": "the challenge: the fastest word", "take": "the symbol to take",
            "pick": "a card to take"}[state.phase]
    piles = " ".join(["P%d:%d" % (i + 1, len(w)) for i, w in enumerate(state.won)])
    return "cards %s | P%d (%s) to play: %s | piles %s | deck %d" % (
        _letters(state), seat + 1, who, what, piles, len(state.pile))
