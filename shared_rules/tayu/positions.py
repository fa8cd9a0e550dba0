"""Ta Yü positions laid down by hand, for tests, puzzles and editors: `setup` and the kind
names' normal form. Host-only (spec.HOST_ONLY): a board never builds one, so it never loads
this code."""

from shared_rules.tayu import rules as tayu


def _mask_text(m):
    """Sorted code string of a canonical mask (not yet turned to its canonical side)."""
    return "-".join(sorted(tayu.CODES[i] for i in range(8) if m & (1 << i)))


def canonical_kind(text):
    """The canonical kind string of a tile given by any 3 exit codes (either way round)."""
    m = tayu._kind_mask(text)
    a = _mask_text(m)
    b = _mask_text(tayu._turn_mask(m))
    return a if a < b else b


def setup(placements=(), bag=(), players=2, edition="kosmos", current=0, **flags):
    """A position: `placements` [(kind, "R,C,D")] are laid down as given (on the board, not
    overlapping, but the matching rules are NOT checked), then `current` is to move (the
    bidding opener for 3 players) and draws come from `bag` (kind strings, first drawn
    first). Its `seed` is None: `replay`/`rewind` cannot rebuild it (apply its moves to a
    fresh `setup` instead)."""
    f = tayu._check_options(players, edition, flags)
    if not 0 <= current < players:
        raise ValueError("bad current player")
    ks = [tayu.kind_index(k) for k in bag]
    pl = []
    for kind, text in placements:
        mv = tayu.parse_move(text)
        if mv.type != tayu.M_PLACE:
            raise ValueError("not a placement: " + str(text))
        pl.append((tayu.kind_index(kind), mv))
    st = tayu.State()
    st._init(players, edition, None, f, ks, pl, None, current)
    return st
