"""The one verdict on a word, shared by the board, the host (`lanterne word`) and the bots:
does it fit the cards drawn (the round's first letter first, every other card's letter as many
times as it was drawn, a double card either way), and is it in the word set (dictionary
entries, or every form with the beginners' option)? Each refusal says why in one line.

A card is its letters as a str: "S", or "QZ" for a double card. Words are folded to A-Z
(`fold`): accents off, Œ and Æ written out.
"""

from micropython import const

from shared_rules.dictionary import reader

# What each letter from U+00C0 to U+00FF folds to, in its UTF-8 second byte's order ("." not a
# letter a word may hold, "2" Æ/æ: AE); Œ/œ (OE) and Ÿ (Y) are the only others. Bytes walked,
# not characters: a dict of the letters, or a str taken a character at a time, would make each
# a name MicroPython interns for good (some 50 of them, a game's heap: docs/firmware.md).
_LATIN1 = const(b"AAA.A.2CEEEE..II.N..O.O..U.UU...AAAAAA2CEEEEIIII.NOOOOO..UUUUY.Y")

MIN_LEN = 2  # the word sets hold no shorter word
_words = {}  # the open word set, kept: a lookup then reads only what it needs


def fold(text):
    """`text` in capitals A-Z with its accents taken off, or None when it holds anything else
    (a hyphen, an apostrophe, a space, a digit) or is too long to be a word."""
    if not isinstance(text, str) or len(text) > reader.MAX_LEN:
        return None
    raw = text.encode()
    n = len(raw)
    out = bytearray()
    i = 0
    while i < n:
        c = raw[i]
        if 97 <= c <= 122:  # a-z
            c -= 32
        if not 65 <= c <= 90:  # not A-Z: a two-byte letter, else no word
            nxt = raw[i + 1] if i + 1 < n else 0
            i += 1
            if c == 0xC3 and 0x80 <= nxt <= 0xBF:
                c = _LATIN1[nxt - 0x80]
            elif c == 0xC5 and (nxt == 0x92 or nxt == 0x93):  # Œ œ
                out.append(79)
                c = 69
            elif c == 0xC5 and nxt == 0xB8:  # Ÿ
                c = 89
            else:
                return None
            if c == 50:  # Æ æ
                out.append(65)
                c = 69
            elif c == 46:
                return None
        out.append(c)
        i += 1
    return out.decode() if out and len(out) <= reader.MAX_LEN else None


def card_text(card):
    """A card's letters as players say it: "S", "Q/Z"."""
    return "/".join(card)


def misfit(word, cards):
    """Why `word` (A-Z) does not fit `cards` (the round's first card first), or None when it
    fits. The first card's letter starts the word; every other card needs one more of its
    letters somewhere after the first; a double card gives either of its letters."""
    if not cards:
        return "no card is drawn"
    head = cards[0]
    if not word or word[0] not in head:
        return "does not start with " + card_text(head)
    left = {}
    for ch in word[1:]:
        left[ch] = left.get(ch, 0) + 1
    doubles = []
    for card in cards[1:]:
        if len(card) == 1:
            left[card] = left.get(card, 0) - 1
        else:
            doubles.append(card)
    for ch in sorted(left):
        if left[ch] < 0:
            need = word.count(ch) - left[ch]
            return "needs " + str(need) + " " + ch + ", has " + str(word.count(ch))
    if not _place(doubles, 0, left):
        return "has no room for " + ", ".join([card_text(c) for c in doubles])
    return None


def _singles(cards):
    """How many times each single card after the first is drawn: {letter: count}."""
    need = {}
    for card in cards[1:]:
        if len(card) == 1:
            need[card] = need.get(card, 0) + 1
    return need


def counts(cards):
    """What the single cards after the first ask of a word, for `could_fit`: a list of (the
    letter as a small-letter byte string, how many times)."""
    need = _singles(cards)
    return [(bytes([ord(ch) | 32]), need[ch]) for ch in sorted(need)]


def could_fit(word, need):
    """A quick test before `misfit` for a word of the packed sets (small-letter bytes): it
    holds, after its first letter, each single card's letter as often as `counts` asks."""
    for ch, n in need:
        if word.count(ch, 1) < n:
            return False
    return True


def spares(cards):
    """What the double cards after the first ask of a word, for `doubles_fit`: for each, its
    two letters as (the small-letter byte string, how many of it the single cards ask)."""
    need = _singles(cards)
    return [[(bytes([ord(ch) | 32]), need.get(ch, 0)) for ch in card]
            for card in cards[1:] if len(card) > 1]


def doubles_fit(word, pairs, taken):
    """After `could_fit`, `misfit`'s test of the double cards on a word of the packed sets
    (small-letter bytes), with no text made: each of `pairs` (`spares`) takes one of its
    letters from what the single cards left. `taken`: a dict the search lends (left as it was
    found: its counts go back to 0), so that a word allocates nothing."""
    return _take(word, pairs, 0, taken)


def _take(word, pairs, i, taken):
    if i == len(pairs):
        return True
    for ch, n in pairs[i]:
        t = taken.get(ch, 0)
        if word.count(ch, 1) - n - t > 0:
            taken[ch] = t + 1
            ok = _take(word, pairs, i + 1, taken)
            taken[ch] = t
            if ok:
                return True
    return False


def _place(doubles, i, left):
    # each double card takes one of its letters from what the single cards left
    if i == len(doubles):
        return True
    for ch in doubles[i]:
        if left.get(ch, 0) > 0:
            left[ch] -= 1
            ok = _place(doubles, i + 1, left)
            left[ch] += 1
            if ok:
                return True
    return False


def words():
    """The word set (reader.Words), opened on first use and kept."""
    if "w" not in _words:
        _words["w"] = reader.Words()
    return _words["w"]


def judge(text, cards, every_form=False, min_len=MIN_LEN):
    """(True, "") when the board accepts `text` for `cards`, else (False, the reason in one
    line). `every_form`: the beginners' set (plurals, conjugated forms, proper nouns). The fit
    is checked before the word set is read."""
    word = fold(text)
    if word is None:
        return False, "not a word of letters only"
    if len(word) < min_len:
        return False, "shorter than " + str(min_len) + " letters"
    why = misfit(word, cards)
    if why:
        return False, word + " " + why
    found = words().lookup(word.lower())
    if found == reader.ENTRY or (found == reader.FORM and every_form):
        return True, ""
    if found == reader.FORM:
        return False, (word + " is not a dictionary entry (a plural, a conjugated form or a "
                       "proper noun): the beginners' option takes it")
    return False, word + " is not in the dictionary"
