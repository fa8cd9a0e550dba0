"""Ta Yü's placement search in native code (viper): the inner loop of `State._placements`, what
every turn's start (is the tile drawn placeable?), every listing and every bot's look at a
reply runs. Its Python loop took a Pico 1 to 1.7 ms a turn's start. plainfit.py is the same
search in plain Python, and tests/rules/test_tayu_fastfit.py holds the two to the same
listings on both runtimes.
Imported only by MicroPython (CPython cannot compile viper)."""

import micropython
from micropython import const

# the modes (callers that cannot import this module on CPython pass the numbers)
LIST = const(0)  # every legal placement
FIRST = const(1)  # the first legal placement found


# over the complexity ceiling on purpose: one loop, inline, is what makes it fast
@micropython.viper
def search(b: ptr8, inc: ptr8, t: ptr8, k: int, marks: ptr8,  # noqa: F821, C901
           out, mode: int) -> int:
    """The placements of kind k touching an open exit (the board holds a tile: the first
    placement's rule is rules.py's): append each legal one's code ((row * 19 + col) * 4 +
    dir) to `out`, unsorted, FIRST stopping at the first; returns how many. `marks` (181
    bytes, a bit a code) is cleared, then notes each code tried: a placement reached from two
    open exits is tried once."""
    for y in range(181):
        marks[y] = 0
    n = 0
    for y in range(361):
        need = inc[y]
        if need == 0:
            continue  # not on the frontier: no open exit points into it
        yr = y // 19
        yc = y - yr * 19
        for d in range(4):
            dr = -1 if d == 0 else (1 if d == 2 else 0)
            dc = 1 if d == 1 else (-1 if d == 3 else 0)
            b3 = k * 12 + d * 3
            for i in range(3):
                if (t[b3 + i] & need) != need:
                    continue
                r = yr - i * dr
                c = yc - i * dc
                r2 = r + 2 * dr
                c2 = c + 2 * dc
                if r < 0 or r >= 19 or c < 0 or c >= 19 or r2 < 0 or r2 >= 19 or c2 < 0 or c2 >= 19:
                    continue
                code = (r * 19 + c) * 4 + d
                bit = 1 << (code & 7)
                if marks[code >> 3] & bit:
                    continue
                marks[code >> 3] |= bit
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
                out.append(code)
                n += 1
                if mode == FIRST:
                    return n
    return n
