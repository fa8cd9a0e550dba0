"""Hand-set Tai Chi Chuan positions for the rules tests: the deck turns the cards named, in
that order, and each seat holds the cards named (the approximate deck's cards, by name)."""

from shared_rules.taichi import deck, rules


def game(players, draws, won=None, discard=(), active=0, **options):
    """A game at the start of a round of seat `active`: the deck turns `draws` (card names such
    as "S lotus", the first turned first) then the rest; seat i holds `won[i]` (names, the last
    won last; default: one card each); `discard` face up. Rewinding it replays from its seed,
    not from this position."""
    st = rules.new_game(players, 1, **options)
    names = [deck.card_name(c) for c in st.cards]
    free = list(range(len(st.cards)))

    def take(name):
        for c in free:
            if names[c] == name:
                free.remove(c)
                return c
        raise AssertionError("no card " + name + " left")

    top = [take(n) for n in draws]
    held = [[take(n) for n in w] for w in won] if won is not None else None
    st.discard = [take(n) for n in discard]
    if held is None:
        held = [[free.pop(0)] for _ in range(players)]
    top.reverse()
    st.pile = free + top
    st.won = held
    st.row = []
    st.reshuffled = False
    st.last_round = False
    st._hist = []
    st._legal = None
    st._start_round(active)
    return st


def names(st, ids):
    return [deck.card_name(st.cards[c]) for c in ids]


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
