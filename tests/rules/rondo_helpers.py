"""Hand-set Rondo positions for the rules tests: each seat holds the cards named, the holder
shows the slots named, the deck holds the rest (its top last, or the cards named on top)."""

from shared_rules.rondo import rules


def position(hands, holder="", top="", to_move=0, players=None, **options):
    """A game in play (seat `to_move` to play): seat i holds `hands[i]` (card characters: A-Z,
    `*` a joker, `-` an eraser); `holder` the slots, a capital a letter card, a small letter a
    joker standing for that letter, `-` an eraser; the deck's top cards `top` (the last drawn
    first), then the rest."""
    players = players or len(hands)
    options.setdefault("start", "seat0")
    st = rules.new_game(players, 1, **options)
    free = list(range(len(st.cards)))

    def take(ch):
        for c in free:
            if st.cards[c] == ch:
                free.remove(c)
                return c
        raise AssertionError("no card " + ch + " left")

    st.hands = [sorted([take(ch) for ch in h]) for h in hands]
    slots = []
    means = ""
    for ch in holder:
        if "a" <= ch <= "z":
            slots.append(take("*"))
            means += ch.upper()
        else:
            slots.append(take(ch))
            means += ch
    st.slots = slots
    st.means = means
    tops = [take(ch) for ch in top]
    tops.reverse()
    st.pile = free + tops
    st.phase = rules.PLAY
    st.current_player = to_move
    st._hist = []
    st._legal = None
    return st


def error(st, text):
    """The reason `text` is refused, checking the game is unchanged."""
    before = st.serialize()
    try:
        st.apply(text)
    except ValueError as exc:
        assert st.serialize() == before
        return str(exc)
    raise AssertionError("accepted: " + text)


def texts(st):
    return [str(m) for m in st.legal_moves()]
