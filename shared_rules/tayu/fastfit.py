"""Ta Yü's placement search in native code (viper): the inner loop of `State._placements`, what
every turn's start (is the tile drawn placeable?), every listing and every bot node runs, and
of the hard bot's reply look (bot.py: the opponent's best immediate gain with a kind). Its
Python loops took a Pico 1 to 1.7 ms a turn's start and some 20 ms a kind looked at.
rules.py and bot.py keep the same searches in plain Python, and tests/rules/test_tayu_fastfit.py
holds each pair to the same results on both runtimes.
Imported only by MicroPython (CPython cannot compile viper)."""

import micropython
from micropython import const

# the modes (callers that cannot import this module on CPython pass the numbers)
LIST = const(0)  # every legal placement
FIRST = const(1)  # the first legal placement found
REPLY = const(2)  # the best score gain of the side prm[6] (bot.py's reply look)


# over the complexity ceiling on purpose: one loop, inline, is what makes it fast
@micropython.viper
def search(b: ptr8, inc: ptr8, t: ptr8, k: int, marks: ptr8, gen: int,  # noqa: F821, C901
           out, mode: int, prm: ptr32) -> int:  # noqa: F821
    """The placements of kind k touching an open exit (the board holds a tile: the first
    placement's rule is rules.py's). LIST / FIRST: append each legal one's code
    ((row * 19 + col) * 4 + dir) to `out`, unsorted (marks[code] = gen for each code tried),
    FIRST stopping at the first; returns how many. REPLY: only squares within 2 of a coast,
    no marks; prm = [N, E, S, W counts, score weight, count weight, 1 for North-South's gain
    or 0 for East-West's, tries allowed, dbl as 19 more words]: returns the best gain over
    the counts as they are (0 when none scores), -1 when the tries ran out first; prm[7] =
    the tries made (every candidate counts, as bot.py's loop counts them)."""
    n = 0
    tries = 0
    best = 0
    base = 0
    ns = prm[6]  # (ptr32 reads unsigned words on a 64-bit port: no -1 in prm)
    if mode == REPLY:
        base = ((prm[0] * prm[2] - prm[1] * prm[3]) * prm[4]
                + (prm[0] + prm[2] - prm[1] - prm[3]) * prm[5])
        if not ns:
            base = 0 - base
    for y in range(361):
        need = inc[y]
        if need == 0:
            continue  # not on the frontier: no open exit points into it
        yr = y // 19
        yc = y - yr * 19
        if mode == REPLY and yr > 2 and yr < 16 and yc > 2 and yc < 16:
            continue  # too far from a coast for a reply to score
        for d in range(4):
            dr = -1 if d == 0 else (1 if d == 2 else 0)
            dc = 1 if d == 1 else (-1 if d == 3 else 0)
            b3 = k * 12 + d * 3
            for i in range(3):
                if (t[b3 + i] & need) != need:
                    continue
                if mode == REPLY:
                    if tries >= prm[7]:
                        prm[7] = tries
                        return -1
                    tries += 1
                r = yr - i * dr
                c = yc - i * dc
                r2 = r + 2 * dr
                c2 = c + 2 * dc
                if r < 0 or r >= 19 or c < 0 or c >= 19 or r2 < 0 or r2 >= 19 or c2 < 0 or c2 >= 19:
                    continue
                code = (r * 19 + c) * 4 + d
                if mode != REPLY:
                    if marks[code] == gen:
                        continue
                    marks[code] = gen
                p0 = r * 19 + c
                step = dr * 19 + dc
                if b[p0] or b[p0 + step] or b[p0 + 2 * step]:
                    continue
                # the fit: rules.py's _fit and _cell past the first placement
                conn = 0
                ok = 1
                for j in range(3):
                    p = p0 + j * step
                    m = t[b3 + j]
                    rr = r + j * dr
                    cc = c + j * dc
                    # each side: a neighbour's tile must meet an exit with an exit and a blank
                    # side with a blank one
                    if rr > 0:
                        nb = b[p - 19]
                        if nb:
                            mine = m & 1
                            if mine != (nb >> 2) & 1:
                                ok = 0
                                break
                            conn += mine
                    if cc < 18:
                        nb = b[p + 1]
                        if nb:
                            mine = (m >> 1) & 1
                            if mine != (nb >> 3) & 1:
                                ok = 0
                                break
                            conn += mine
                    if rr < 18:
                        nb = b[p + 19]
                        if nb:
                            mine = (m >> 2) & 1
                            if mine != nb & 1:
                                ok = 0
                                break
                            conn += mine
                    if cc > 0:
                        nb = b[p - 1]
                        if nb:
                            mine = (m >> 3) & 1
                            if mine != (nb >> 1) & 1:
                                ok = 0
                                break
                            conn += mine
                if not (ok and conn):
                    continue
                if mode == REPLY:
                    # the coasts' counts once this placement's exits reach them
                    cn = prm[0]
                    ce = prm[1]
                    cs = prm[2]
                    cw = prm[3]
                    for j in range(3):
                        m = t[b3 + j]
                        rr = r + j * dr
                        cc = c + j * dc
                        if (m & 1) and rr == 0:
                            cn += 1 + prm[8 + cc]
                        if (m & 4) and rr == 18:
                            cs += 1 + prm[8 + cc]
                        if (m & 8) and cc == 0:
                            cw += 1 + prm[8 + rr]
                        if (m & 2) and cc == 18:
                            ce += 1 + prm[8 + rr]
                    v = (cn * cs - ce * cw) * prm[4] + (cn + cs - ce - cw) * prm[5]
                    if not ns:
                        v = 0 - v
                    v -= base
                    if v > best:
                        best = v
                    continue
                out.append(code)
                n += 1
                if mode == FIRST:
                    return n
    if mode == REPLY:
        prm[7] = tries
        return best
    return n
