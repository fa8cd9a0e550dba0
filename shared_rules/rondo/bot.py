"""Rondo's bots: `move(state, level)` and `steps(state, level)` for the levels easy, normal
and hard (docs/rondo.md, docs/bots.md).

A level knows the French words of shared_rules/dictionary/data/bots.bin up to its own level
(easy the 3,000 most frequent dictionary entries, normal 10,000, hard 30,000). To play it reads
the words of every first letter a play can start with (the hand's letters, the holder's, every
letter with a joker in hand), at most MAX_READ[level] words shared evenly among those letters,
most frequent first, a 512-byte piece (some 60 words) a `next()` of `steps`, and tries each at
every place on the holder (search.py): it lays the play worth the most points (the first
found among equals), and passes when it finds none. Who starts: the three-letter word of its
hand worth most. It never exchanges. A bot reads only its own hand and what is face up; the
search is bounded by counts of words, never a clock, so the board and the host choose alike.
"""

from shared_rules.rondo import rules, search

LEVELS = ("easy", "normal", "hard")
MAX_READ = {"easy": 3000, "normal": 6000, "hard": 12000}
LAST = {"words": 0}  # (for the bench) the last decision's level


def move(state, level="normal"):
    """The level's move for the seat to move, None once the game is over."""
    last = None
    for value in steps(state, level):
        last = value
    return last


def steps(state, level="normal"):
    """`move` as a generator: None after each piece of the search, the move last."""
    if level not in LEVELS:
        raise ValueError("unknown level: " + str(level))
    if state.phase == rules.OVER:
        yield None
        return
    found = []
    for value in search.pieces(state, LEVELS.index(level), MAX_READ[level]):
        if value is None:
            yield None
        else:
            found = value
    if state.phase == rules.SHOW:
        yield rules.Move("show", found[0][1] if found else "none")
        return
    yield rules.Move("play", found[0][1]) if found else rules.Move("pass")
