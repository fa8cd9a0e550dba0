"""Rondo on the host (replay, watch and document pictures): the hooks host/lanterne/
gamehooks.py reads (docs/ADDING_A_GAME.md, "The host"). Host-only: left out of what ships to
the board (firmware/manifest.py), as words.py."""


def picture(profile, state, canvas, hand=True):
    """The state as the panel shows it with no cursor: the holder, the points, the hand of
    the seat to play (`hand`: the pictures of the docs and the replay show it)."""
    from firmware.games.rondo import view as rv

    v = rv.View(profile["width"], profile["height"])
    fill(v, state, hand)
    rv.draw(canvas, state, v)
    return canvas


def fill(v, state, hand=True):
    """A view's buffers from an engine state alone (no cards laid now, no cursor)."""
    from firmware.games.rondo import view as rv
    from shared_rules.rondo import rules

    v.players = state.players
    v.seat = state.current_player
    for s in range(state.players):
        v.scores[s] = state.score[s]
    n = len(state.slots)
    v.count = n
    for i in range(n):
        m = state.means[i]
        c = state.cards[state.slots[i]]
        v.mark[i] = rv.M_FRESH if i in state.fresh else rv.M_NONE
        if m == rules.ERASED:
            v.kind[i], v.ch[i] = rv.K_ERASER, 0
        elif m == rules.FACE_DOWN:
            v.kind[i], v.ch[i] = rv.K_FACE, 0
        else:
            v.kind[i] = rv.K_JOKER if c == "*" else rv.K_LETTER
            v.ch[i] = ord(m)
    if state.fresh and not state.is_over():
        t = ("+" if state.last >= 0 else "-") + str(abs(state.last))
        for i in range(min(8, len(t))):
            v.points_text[i] = ord(t[i])
    h = state.hands[state.current_player]
    v.hand_n = min(len(h), rv.HAND)
    for i in range(v.hand_n):
        v.hand[i] = ord(state.cards[h[i]])
    v.hand_cur = -1
    v.focus = rv.F_HAND if hand and not state.is_over() else rv.F_WAIT
    if state.is_over():
        v.overlay = rv.END


def status(state, bots):
    """The line beside `lanterne sim`'s board."""
    if state.is_over():
        from firmware.games.rondo import words

        return "rondo: " + words.end(state)
    seat = state.current_player
    who = "bot" if seat in bots else "human"
    if state.phase == "show":
        return "rondo: seat %d (%s) to play: a three-letter word to show" % (seat + 1, who)
    return "rondo: seat %d (%s) to play on %s, deck %d, points %s" % (
        seat + 1, who, state.word() or "an empty holder", len(state.pile),
        " ".join([str(x) for x in state.score]))


def starts(options, seed):
    """The starting state of a `new` event: the board's own options (bots, level, hourglass)
    left out, its `cards` read as the engine's `physical`."""
    from shared_rules.rondo import rules

    opts = {k: v for k, v in options.items() if k not in ("bots", "level", "hourglass", "cards")}
    return [rules.replay(dict(opts, physical=options.get("cards") == "real"), seed, ())]
