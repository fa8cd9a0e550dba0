"""Finding Rondo plays from a hand and the holder: what the baseline bot (rules.greedy_move, and
the plays legal_moves() lists) and the bots' levels (bot.py) share.

A word read from the bots' word set (shared_rules/dictionary/data/bots.bin, one word a line
in small letters, each first letter's words the most known first) is tried at every place it
can take on the holder: over the old slots and at most one new slot at each end, each of its
letters either kept (an old visible letter, a joker keeping its meaning) or laid from the hand
(its letter card, else a joker), every old letter outside it erased (an eraser, or in the
beginners' variant one card face down), one old letter at least kept. The best place by the
turn's points is the word's play. Words are read a 512-byte piece at a time (`Reader`), so a
board's loop answers its buttons in between.
"""

from micropython import const

from shared_rules import native
from shared_rules.dictionary import reader
from shared_rules.rondo import cards as carddata
from shared_rules.rondo import rules

LIST_READ = 400  # words the listing of legal_moves() reads at most (one loop pass on a board)
# Context.table's layout, as fastscan.py names it (offsets of its parts)
_AVAIL, _LV, _HAVE, _USED, _MB, _OB, _GEO, _SPOTS = 0, 26, 52, 78, 104, 113, 122, 132
_ROW = const(12)  # per word length: a count, then up to 11 first slots
_BIAS = const(16)  # added to a slot's or a joker's points (-3 to 10) to keep them in a byte
_NONE = -512  # a floor below every play's points


class Context:
    """What a search needs of a position, computed once: the seat's cards by character, the
    holder's meanings and values, the letters that can be had, the first letters a word may
    start with."""

    def __init__(self, state):
        self.state = state
        seat = state.current_player
        self.have = {}
        for c in state.hands[seat]:
            ch = state.cards[c]
            self.have[ch] = self.have.get(ch, 0) + 1
        self.jokers = self.have.get(carddata.JOKER, 0)
        self.erasers = self.have.get(carddata.ERASER, 0)
        self.size = len(state.hands[seat])
        self.means = state.means if state.phase == rules.PLAY else ""
        self.n = len(self.means)
        self.old = [state.vals[state.cards[c]] if state.means[i] != rules.FACE_DOWN else 0
                    for i, c in enumerate(state.slots)] if self.n else []
        self.vals = state.vals
        self.faces = state.flags["beginners"]
        self.show = state.phase == rules.SHOW
        if self.n:
            lo, hi = rules.MIN_WORD, min(rules.MAX_SLOTS, self.n + 2)
        elif self.show or state.flags["first_word"] == "three":
            lo, hi = rules.MIN_WORD, rules.MIN_WORD
        else:
            lo, hi = rules.MIN_WORD, rules.MAX_SLOTS
        self.lo = lo
        self.hi = hi
        # the letters a word may hold without a joker: 1 at (letter - 'a')
        self.avail = bytearray(26)
        for ch in self.have:
            if rules.is_letter(ch):
                self.avail[ord(ch) - 65] = 1
        heads = bytearray(self.avail)
        for ch in self.means:
            if rules.is_letter(ch):
                self.avail[ord(ch) - 65] = 1
                heads[ord(ch) - 65] = 1
        self.heads = "".join([chr(97 + i) for i in range(26) if heads[i] or self.jokers])
        self._places()

    def _places(self):
        """The table sweep() reads (its layout: fastscan.py, the same names): the letters a
        word may hold without a joker, the letter cards' points, the hand's cards of each
        letter, the holder's visible letters (small-letter bytes, 0 elsewhere) and its slots'
        points, the position's numbers, and per word length the new first slots (s + 1) whose
        erasing the hand can do (the letters left outside the word, at most the erasers, one
        more face down in the beginners' variant). An empty holder has one place, its new
        slots from 0: a word there lays every letter (a word shown has no bonus)."""
        n = self.n
        t = self.table = bytearray(_SPOTS + (rules.MAX_SLOTS - rules.MIN_WORD + 1) * _ROW)
        means = self.means
        letters = 0
        for i in range(n):
            t[_OB + i] = self.old[i] + _BIAS
            if rules.is_letter(means[i]):
                t[_MB + i] = ord(means[i]) | 32
                letters += 1
        for i in range(26):
            ch = rules.LETTERS[i]
            t[_AVAIL + i] = self.avail[i]
            t[_LV + i] = self.vals[ch]
            t[_HAVE + i] = self.have.get(ch, 0)
        t[_GEO:_SPOTS] = bytes((n, self.jokers, self.erasers, self.size, 1 if self.faces else 0,
                                self.vals[carddata.JOKER] + _BIAS, -carddata.ERASER_VALUE,
                                0 if self.show else rules.BONUS, self.lo, self.hi))
        most = self.erasers + (1 if self.faces else 0)
        for length in range(self.lo, self.hi + 1):
            row = _SPOTS + (length - rules.MIN_WORD) * _ROW
            if not n:
                t[row] = 1
                t[row + 1] = 1
                continue
            for s in range(-1, n + 2 - length):
                e = s + length
                if (s < 0) + (e > n) + n > rules.MAX_SLOTS:
                    continue
                inside = 0
                for i in range(max(s, 0), min(e, n)):
                    inside += t[_MB + i] != 0
                if letters - inside <= most:
                    t[row] += 1
                    t[row + t[row]] = s + 1

    def sweep(self, words, i, end, floor=_NONE, first=False):
        """The first of the best plays in words[i:end] (small-letter bytes) worth more than
        `floor` (with `first`, of the first word that has one), packed as (points + 512) *
        16384 + index * 16 + s + 1 (s: its new first slot; a piece of 512 bytes holds far
        fewer than 1,024 words), or -1 when there is none: words
        are tested and valued on their bytes, in native code where there is some
        (fastscan.py). play() makes the text of the one found."""
        if not _native:
            load_native()
        return (_native[0] or sweep_plain)(words, i, end, self.table, floor, 1 if first else 0)  # pyright: ignore[reportArgumentType]

    def play(self, words, k):
        """(points, SLOTS text or shown word) of the play sweep() packed in `k`."""
        w = words[(k >> 4) & 1023]
        word = bytes(w).decode().upper()
        s = (k & 15) - 1
        got = self._at(word, s, s + len(w)) if self.n else self._fresh(word)
        if got is None:  # sweep() and the rules' valuation disagree: a bug, not a position
            raise ValueError("no such play: " + word)
        return got

    def _letters(self, word, keep):
        """Per laid letter a card or a joker: the tokens' texts, the cards' points, or None
        when the hand lacks them. `keep[i]`: letter i is kept, not laid."""
        used = {}
        jokers = 0
        out = []
        pts = 0
        for i in range(len(word)):
            ch = word[i]
            if keep[i]:
                out.append(".")
                continue
            k = used.get(ch, 0)
            if k < self.have.get(ch, 0):
                used[ch] = k + 1
                out.append(ch)
                pts += self.vals[ch]
            else:
                jokers += 1
                if jokers > self.jokers:
                    return None
                out.append(ch.lower())
                pts += self.vals[carddata.JOKER]
        return out, pts

    def _fresh(self, word):
        # the holder empty: every letter laid (a word shown: only its cards' points)
        got = self._letters(word, [False] * len(word))
        if got is None:
            return None
        toks, pts = got
        if self.show:
            return pts, "".join(toks)
        return pts + rules.BONUS * (len(word) - 2), "".join(toks)

    def _at(self, word, s, e):  # noqa: C901 (one pass over the new holder's slots)
        """The play of `word` over new slots s..e-1 (old slot numbers: -1 the new slot before
        the first), or None."""
        n = self.n
        if (s < 0) + (e > n) + n > rules.MAX_SLOTS:
            return None
        means = self.means
        keep = []
        kept = 0
        pts = 0
        for i in range(s, e):
            ch = word[i - s]
            k = 0 <= i < n and means[i] == ch
            keep.append(k)
            if k:
                kept += 1
                pts += self.old[i]
        if not kept:
            return None
        got = self._letters(word, keep)
        if got is None:
            return None
        toks, lp = got
        pts += lp
        laid = len(word) - kept
        erase = []
        for i in range(n):
            if s <= i < e:
                continue
            m = means[i]
            if rules.is_letter(m):
                erase.append(i)
            else:
                pts += self.old[i]
        spare = self.size - laid
        face = ""
        if len(erase) > self.erasers:
            if not self.faces or len(erase) > self.erasers + 1:
                return None
            face = self._spare(word, toks)
            if not face:
                return None
        if len(erase) > spare:
            return None
        pts += carddata.ERASER_VALUE * (len(erase) - (1 if face else 0))
        laid += len(erase)
        if not laid:
            return None  # the same word, no card laid
        if laid > 2:
            pts += rules.BONUS * (laid - 2)
        return pts, self._text(toks, s, e, erase, face)

    def _spare(self, word, toks):
        """A card the play leaves in hand to lay face down (the beginners' variant): the
        letter worth most, or a joker; "" when none."""
        used = {}
        for t in toks:
            if t != ".":
                k = t if rules.is_letter(t) else carddata.JOKER
                used[k] = used.get(k, 0) + 1
        best = ""
        for ch in sorted(self.have):  # (a dict's order is not the same on both runtimes)
            if ch != carddata.ERASER and self.have[ch] > used.get(ch, 0):
                if not best or (ch != carddata.JOKER and (
                        best == carddata.JOKER or self.vals[ch] > self.vals[best])):
                    best = ch
        return best

    def _text(self, toks, s, e, erase, face):
        n = self.n
        out = ""
        for i in range(min(s, 0), max(e, n)):
            if i == 0:
                out += "["
            if s <= i < e:
                out += toks[i - s]
            elif i in erase:
                if face and i == erase[-1]:
                    out += rules.FACE_DOWN + face
                else:
                    out += carddata.ERASER
            else:
                out += "."
            if i == n - 1:
                out += "]"
        return out


def sweep_plain(words, i, end, t, floor, first):  # noqa: C901 (fastscan.sweep's one loop)
    """fastscan.sweep's twin in Python (CPython; MicroPython where there is no native code):
    the same loop over the same table (Context.table), the same packed answer."""
    n, jokers, erasers, size, faces = t[_GEO], t[_GEO + 1], t[_GEO + 2], t[_GEO + 3], t[_GEO + 4]
    jv = t[_GEO + 5] - _BIAS
    ev = -t[_GEO + 6]
    bonus, lo, hi = t[_GEO + 7], t[_GEO + 8], t[_GEO + 9]
    best = -1
    bpts = floor
    while i < end:
        w = words[i]
        L = len(w)
        if not lo <= L <= hi:
            i += 1
            continue
        miss = 0
        for b in w:  # the first test: letters a-z, those nobody has at most the jokers
            if b < 97 or b > 122:
                miss = jokers + 1
                break
            if not t[_AVAIL + b - 97]:
                miss += 1
                if miss > jokers:
                    break
        if miss > jokers:
            i += 1
            continue
        row = _SPOTS + (L - rules.MIN_WORD) * _ROW
        found = False
        for k in range(1, t[row] + 1):
            s = t[row + k] - 1
            e = s + L
            pts = kept = laid = jused = 0
            for j in range(L):
                c = s + j
                b = w[j]
                if 0 <= c < n and t[_MB + c] == b:
                    kept += 1
                    pts += t[_OB + c] - _BIAS
                else:
                    laid += 1
                    if t[_USED + b - 97] < t[_HAVE + b - 97]:
                        t[_USED + b - 97] += 1
                        pts += t[_LV + b - 97]
                    else:
                        jused += 1
                        pts += jv
            for b in w:  # the scratch counts back to 0
                t[_USED + b - 97] = 0
            if jused > jokers or (not kept and n):
                continue
            erase = 0
            for c in range(n):
                if c < s or c >= e:
                    if t[_MB + c]:
                        erase += 1
                    else:
                        pts += t[_OB + c] - _BIAS
            face = 0
            if erase > erasers:
                if not faces or erase > erasers + 1 or size - erasers - laid <= 0:
                    continue
                face = 1
            if erase > size - laid or laid + erase == 0:
                continue
            pts += ev * (erase - face)
            if laid + erase > 2:
                pts += bonus * (laid + erase - 2)
            if pts > bpts:
                bpts = pts
                best = (pts + 512) * 16384 + i * 16 + s + 1
                found = True
        if found and first:
            return best
        i += 1
    return best


_native = []  # [fastscan.sweep, or None where there is no native code], once looked for


def load_native():
    """fastscan.sweep on MicroPython, None elsewhere (and on a port without native code); kept
    in _native."""
    return native.load(_native, "shared_rules.rondo.fastscan", ("sweep",))


def _bot_words():
    w = _WORDS.get("b")
    if w is None:
        w = _WORDS["b"] = reader.BotWords()
    return w


_WORDS = {}


def pieces(state, level, cap, want=0):
    """Read the words of bots.bin that level `level` (0, 1, 2) knows, of every first letter a
    play can start with, at most `cap` words (shared evenly among the first letters), a piece
    at a time: yield None after each piece, then the list of (points, text) found, the best
    first (at most `want` of them, in the order found, when `want` > 0: the read then stops
    as soon as that many are found)."""
    ctx = Context(state)
    heads = ctx.heads
    found = []
    if not heads:
        yield found
        return
    per = cap // len(heads) or 1
    b = _bot_words()
    for head in heads:
        lines = b.stream(head, level)
        read = 0
        try:
            while read < per:
                words = lines.piece()
                if words is None:
                    break
                end = len(words) if read + len(words) <= per else per - read
                read += end
                if not want:  # the best play so far, its text made once it is found
                    k = ctx.sweep(words, 0, end, found[0][0] if found else _NONE)
                    if k >= 0:
                        found = [ctx.play(words, k)]
                    yield None
                    continue
                i = 0
                while i < end:  # every word's best play, in the order read
                    k = ctx.sweep(words, i, end, _NONE, True)
                    if k < 0:
                        break
                    i = ((k >> 4) & 1023) + 1
                    got = ctx.play(words, k)
                    if got not in found:
                        found.append(got)
                        if len(found) >= want:
                            yield found
                            return
                yield None
        finally:
            lines.close()
    yield found


def listed(state, k):
    """The texts of the first `k` plays (or words shown) the easiest level's words give."""
    found = None
    for value in pieces(state, 0, LIST_READ, k):
        found = value
    return [t for _p, t in found or []]
