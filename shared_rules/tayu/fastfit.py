"""Ta Yü's placement search in native code (viper): the inner loop of `State._placements`, what
every turn's start (is the tile drawn placeable?), every listing and every bot node runs (its
Python loop took a Pico 1 to 1.7 ms a turn). rules.py keeps the same search in plain Python,
and tests/rules/test_tayu_fastfit.py holds both to the same placements on both runtimes.
Imported only by MicroPython (CPython cannot compile viper)."""

import micropython


# over the complexity ceiling on purpose: one loop, inline, is what makes it fast
@micropython.viper
def placements(b: ptr8, inc: ptr8, t: ptr8, k: int, marks: ptr8, gen: int,  # noqa: F821, C901
               out, first: int) -> int:
    """Append to `out` the code ((row * 19 + col) * 4 + dir) of each legal placement of kind k
    touching an open exit (unsorted; marks[code] = gen for each code tried); with `first`,
    stop at the first. Returns how many were appended. The board holds a tile (the first
    placement's rule is rules.py's). The fit is rules.py's _fit and _cell, inline: a call
    from viper to viper is a Python call."""
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
            base = k * 12 + d * 3
            for i in range(3):
                if (t[base + i] & need) != need:
                    continue
                r = yr - i * dr
                c = yc - i * dc
                r2 = r + 2 * dr
                c2 = c + 2 * dc
                if r < 0 or r >= 19 or c < 0 or c >= 19 or r2 < 0 or r2 >= 19 or c2 < 0 or c2 >= 19:
                    continue
                code = (r * 19 + c) * 4 + d
                if marks[code] == gen:
                    continue
                marks[code] = gen
                p0 = r * 19 + c
                step = dr * 19 + dc
                if b[p0] or b[p0 + step] or b[p0 + 2 * step]:
                    continue
                conn = 0
                ok = 1
                for j in range(3):
                    p = p0 + j * step
                    m = t[base + j]
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
                if ok and conn:
                    out.append(code)
                    n += 1
                    if first:
                        return n
    return n
