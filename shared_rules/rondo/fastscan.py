"""Rondo's search loop in native code (viper): `sweep` goes over a whole piece of the words read
(a hard bot reads up to 12,000 words a decision), tests each word's letters against the hand and
the holder, and values each word that passes at each place it can take, before any text is made
(94 % of the words fail the first test, 97 % of the rest fit nowhere). search.py keeps the same
loop in plain Python (`sweep_plain`), and tests/rules/test_rondo_fastscan.py holds the two to the
same answers on both runtimes, and to what `Context._at` and `_fresh` make of each word.
Imported only by MicroPython (CPython cannot compile viper)."""

import micropython
from micropython import const

# the layout of Context.table (search.py, the same names): offsets of its parts
_AVAIL = const(0)  # 26: 1 for a letter the hand or the holder has
_LV = const(26)  # 26: a letter card's points
_HAVE = const(52)  # 26: the hand's cards of each letter
_USED = const(78)  # 26: scratch counts, 0 between calls
_MB = const(104)  # 9: the holder's visible letters (small-letter bytes), 0 elsewhere
_OB = const(113)  # 9: the holder's slots' points + _BIAS
_GEO = const(122)  # n, jokers, erasers, size, faces, joker points + _BIAS, -eraser, bonus, lo, hi
_SPOTS = const(132)  # per word length from 3: a count, then up to 11 first slots (s + 1)
_ROW = const(12)
_BIAS = const(16)


@micropython.viper
def sweep(words, i: int, end: int, t: ptr8, floor: int, first: int) -> int:  # noqa: C901, F821
    """search.sweep_plain in native code: the first of the best plays in words[i:end] worth
    more than `floor` (the first word that has one when `first`), packed as
    (points + 512) * 16384 + index * 16 + s + 1; -1 when there is none."""
    n = t[_GEO]
    jokers = t[_GEO + 1]
    erasers = t[_GEO + 2]
    size = t[_GEO + 3]
    faces = t[_GEO + 4]
    jv = t[_GEO + 5] - _BIAS
    ev = 0 - t[_GEO + 6]
    bonus = t[_GEO + 7]
    lo = t[_GEO + 8]
    hi = t[_GEO + 9]
    best = -1
    bpts = floor
    while i < end:
        w = words[i]
        L = int(len(w))
        if L < lo or L > hi:
            i += 1
            continue
        p = ptr8(w)  # noqa: F821
        miss = 0
        k = 0
        while k < L:  # the first test: letters a-z, those nobody has at most the jokers
            b = p[k]
            if b < 97 or b > 122:
                miss = jokers + 1
                break
            if t[_AVAIL + b - 97] == 0:
                miss += 1
                if miss > jokers:
                    break
            k += 1
        if miss > jokers:
            i += 1
            continue
        row = _SPOTS + (L - 3) * _ROW
        ns = t[row]
        found = 0
        k = 0
        while k < ns:
            k += 1
            s = t[row + k] - 1
            e = s + L
            pts = 0
            kept = 0
            laid = 0
            jused = 0
            j = 0
            while j < L:
                c = s + j
                b = p[j]
                if c >= 0 and c < n and t[_MB + c] == b:
                    kept += 1
                    pts += t[_OB + c] - _BIAS
                else:
                    laid += 1
                    c = _USED + b - 97
                    if t[c] < t[_HAVE + b - 97]:
                        t[c] = t[c] + 1
                        pts += t[_LV + b - 97]
                    else:
                        jused += 1
                        pts += jv
                j += 1
            j = 0
            while j < L:  # the scratch counts back to 0
                t[_USED + p[j] - 97] = 0
                j += 1
            if jused > jokers or (kept == 0 and n > 0):
                continue
            erase = 0
            c = 0
            while c < n:
                if c < s or c >= e:
                    if t[_MB + c]:
                        erase += 1
                    else:
                        pts += t[_OB + c] - _BIAS
                c += 1
            face = 0
            if erase > erasers:
                if faces == 0 or erase > erasers + 1 or size - erasers - laid <= 0:
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
                found = 1
        if found and first:
            return best
        i += 1
    return best
