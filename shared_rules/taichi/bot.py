"""Tai Chi Chuan's bots: `move(state, level)` and `steps(state, level)` for the levels easy,
normal and hard (docs/taichi.md, docs/bots.md).

A level knows the French words of shared_rules/dictionary/data/bots.bin up to its own level
(easy the 3,000 most frequent dictionary entries, normal 10,000, hard 30,000): it finds a
word by reading the words of the round's first letter, a 512-byte read (some 60 words, in
`next()`s of `steps` of 20: a Pico's loop serves the buttons and the frames in between), at most
MAX_READ words a decision, and checks each with the shared judge's fit. It pushes on when
enough of the cards it has not seen leave it a word it knows (whether a word it read still
fits each possible next card, found in the same read), joins a challenge on the same
estimate, takes the symbol with the most cards.

A bot reads only what its seat may know (`state.view(seat)`'s facts: the visible cards, the
discard, the words said, each seat's number of cards, the options); its choices among equal
words come from a generator seeded by the game's seed and move number (bots.bot_rng_seed), so
the board and the host pick the same move.
"""

from micropython import const

from shared_rules.bots import bot_rng_seed
from shared_rules.dictionary import judge
from shared_rules.rng import Rng
from shared_rules.taichi import rules

LEVELS = ("easy", "normal", "hard")
MAX_READ = 2400  # words a decision reads at most (about 1.5 s of a Pico's time)
RACE_SPREAD = 200  # a seat's think time in a challenge varies by up to this many words read
CHOICE = 16  # the bot says one of the first CHOICE fitting words it reads (its seeded choice)
# per level: the chance (percent) of still having a word after the next card above which the
# bot pushes on, and above which it joins a challenge (101: never). Tuned by games between the
# levels (docs/taichi.md): a bolder push or any joining lost more cards than it won, so the
# higher levels, who know more words, are also the more careful.
PUSH = {"easy": 60, "normal": 70, "hard": 80}
JOIN = {"easy": 101, "normal": 101, "hard": 90}
LAST = {"words": 0}  # words read for the last decision
# words weighed in one piece of a search, at most (a read brings some 60: weighing them took
# a Pico up to 250 ms in play); the read's own pieces decide where a search stops
WORDS_A_PIECE = const(20)


def move(state, level="normal"):
    """The level's move for the seat to move, None once the game is over."""
    last = None
    for value in steps(state, level):
        last = value
    return last


def race_word(state, level="normal"):
    """In a challenge, the word a bot of `level` would say, or None: what the board asks of
    each bot seat in the race (a slower level answers later: docs/taichi.md)."""
    found = None
    for value in _search(state, level, False):
        found = value
    return found[0] if found else None


def race_steps(state, level="normal"):
    """`race_word` in pieces for a board's loop: None after each piece of the search, then a
    tuple (the word, or None when the level knows none that fits)."""
    if level not in LEVELS:
        raise ValueError("unknown level: " + str(level))
    found = None
    for value in _search(state, level, False):
        if value is None:
            yield None
        else:
            found = value
    yield (found[0] if found else None,)


def race_delay(state, seat):
    """A bot seat's think time in a challenge, in words read (0..RACE_SPREAD-1): seeded, so
    the board and the host agree on the fastest bot."""
    return Rng(bot_rng_seed(state) + seat).below(RACE_SPREAD)


def steps(state, level="normal"):
    """`move` as a generator: None after each piece of the search, the move last."""
    if level not in LEVELS:
        raise ValueError("unknown level: " + str(level))
    LAST["words"] = 0
    ph = state.phase
    if ph == rules.OVER:
        yield None
        return
    if ph == rules.RACE:
        yield from _race(state, level)
        return
    if ph in (rules.ANNOUNCE, rules.OFFER):
        found = None
        for value in _search(state, level, False):
            if value is None:
                yield None
            else:
                found = value
        if found and found[0]:
            yield rules.Move("word", found[0])
        else:
            yield rules.Move("fail" if ph == rules.ANNOUNCE else "pass")
        return
    if ph in (rules.CHOOSE, rules.JOIN):
        want = PUSH[level] if ph == rules.CHOOSE else JOIN[level]
        chance = 0
        if want <= 100 and (ph == rules.JOIN or state.can_draw()):
            found = None
            for value in _search(state, level, True, want):
                if value is None:
                    yield None
                else:
                    found = value
            chance = found[1] if found else 0
        if ph == rules.CHOOSE:
            yield rules.Move("draw" if chance >= want else "stop")
        else:
            yield rules.Move("join" if chance >= want else "decline")
        return
    if ph == rules.TAKE:
        yield rules._best_set(state, state.legal_moves())
        return
    yield rules.Move("card", arg=1)  # PICK: any card counts the same


def _race(state, level):
    """The challenge played out among bots of one level: they know the same words, so one
    search finds the word each would say; the fastest seat is the one with the shortest
    seeded delay (up to RACE_SPREAD words read: a think time), a tie going to the first in
    the order of play. Nobody: the challenged seat wins by forfeit."""
    found = None
    for value in _search(state, level, False):
        if value is None:
            yield None
        else:
            found = value
    if not found or not found[0]:
        yield rules.Move("nobody")
        return
    best = None
    for seat in [state.active] + list(state.joined):
        t = race_delay(state, seat)
        if best is None or t < best[0]:
            best = (t, seat)
    yield rules.Move("word", found[0], best[1])


def _unseen(state):
    """The cards the seat has not seen face up: the deck's and the face-down piles' (counted
    by their letters), what the next card may be."""
    seen = list(state.row) + list(state.discard)
    out = {}
    for c in range(len(state.cards)):
        if c not in seen:
            k = state.cards[c][0]
            out[k] = out.get(k, 0) + 1
    return out


def _search(state, level, ahead, want=101):
    """Read the level's words of the round's first letter a piece at a time (yielding None
    after each piece: some 60 words), then yield (a word that fits now and is not said, or
    None; the chance in percent that a word the bot knows fits after one more card; how many
    words were read when the first fitting one came). With `ahead` False the chance is not
    counted and the read stops after the piece where a fitting word came; with `ahead`, it
    stops once the chance reaches `want` (it only grows) or every next card has a word. At
    most MAX_READ words are read."""
    top = LEVELS.index(level)
    letters = state.row_letters()
    need = judge.counts(letters)
    pairs = judge.spares(letters)
    taken = {}  # lent to judge.doubles_fit
    unseen = _unseen(state) if ahead else {}
    missing = sorted(unseen)  # the next cards no word read so far would fit
    # what each next card would ask, for _witness: (the singles, the doubles) with it drawn
    asks = {}
    for k in missing if pairs else ():
        more = letters + [k]
        asks[k] = (judge.counts(more), judge.spares(more))
    total = 0
    for k in missing:
        total += unseen[k]
    good = 0
    min_len = state.flags["min_letters"]
    said = state.said
    fitting = []
    first_at = -1  # how many words were read when the first fitting one came
    b = rules._bot_words()
    count = 0
    done = False
    for head in letters[0]:
        lines = b.stream(head, top)
        try:
            while not done and count < MAX_READ:
                words = lines.piece()
                if words is None:
                    break
                part = 0
                for w in words:
                    count += 1
                    part += 1
                    if part == WORDS_A_PIECE:  # a smaller piece; what is read stays the same
                        part = 0
                        yield None
                    if len(w) < min_len or not judge.could_fit(w, need):
                        continue
                    if pairs and not judge.doubles_fit(w, pairs, taken):
                        continue
                    word = w.decode().upper()
                    if word not in said and len(fitting) < CHOICE:
                        fitting.append(word)
                        if first_at < 0:
                            first_at = count
                    if missing:
                        good += _witness(w, word, need, pairs, missing, unseen, asks, taken)
                yield None
                if fitting and (not ahead or not missing or good * 100 >= want * total):
                    done = True  # enough is known
        finally:
            lines.close()
    LAST["words"] = count
    chance = good * 100 // total if ahead and total else 0
    word = None
    if fitting:
        word = fitting[Rng(bot_rng_seed(state)).below(len(fitting))]
    yield (word, chance, first_at)


def _witness(w, word, need, pairs, missing, unseen, asks, taken):
    """Take off `missing` each next card `word` (which fits the cards drawn; `w` its bytes)
    would still fit: a letter left over once the cards drawn have theirs (the judge's fit,
    from `asks`, when doubles are drawn). Returns how many unseen cards that makes good."""
    tail = word[1:]
    good = 0
    i = 0
    while i < len(missing):
        k = missing[i]
        ok = False
        if k[0] in tail or k[-1] in tail:
            if pairs:
                more, spare = asks[k]
                ok = judge.could_fit(w, more) and judge.doubles_fit(w, spare, taken)
            else:
                for ch in k:
                    if tail.count(ch) > need_count(need, ch):
                        ok = True
                        break
        if ok:
            good += unseen[k]
            missing.pop(i)
        else:
            i += 1
    return good


def need_count(need, ch):
    """How many `ch` (a capital) the single cards after the first ask (judge.counts)."""
    b = bytes([ord(ch) | 32])
    for c, n in need:
        if c == b:
            return n
    return 0
