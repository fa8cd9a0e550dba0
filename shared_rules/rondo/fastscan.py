"""Rondo's first test of the words read, in native code (viper): `Context.scan` over a whole
piece of the read, the loop every bot's search and every listing runs once a word (a hard bot
reads up to 12,000 words a decision, and 94 % of them fail it). search.py keeps the same loop
in plain Python (`scan_plain`), and tests/rules/test_rondo_fastscan.py holds the two to the
same answers on both runtimes.
Imported only by MicroPython (CPython cannot compile viper)."""

import micropython


@micropython.viper
def scan(words, i: int, end: int, avail: ptr8, lo: int, hi: int, jokers: int) -> int:  # noqa: F821
    """The index of the first word of words[i:end] (small-letter bytes) whose length is within
    lo..hi and which holds only letters a-z, at most `jokers` of them not in `avail` (a
    bytearray of 26: 1 for a letter the hand or the holder has); `end` when none does."""
    while i < end:
        w = words[i]
        n = int(len(w))
        if lo <= n and n <= hi:
            p = ptr8(w)  # noqa: F821
            miss = 0
            k = 0
            while k < n:
                b = p[k]
                if b < 97 or b > 122:
                    miss = jokers + 1
                    break
                if avail[b - 97] == 0:
                    miss += 1
                    if miss > jokers:
                        break
                k += 1
            if miss <= jokers:
                return i
        i += 1
    return end
