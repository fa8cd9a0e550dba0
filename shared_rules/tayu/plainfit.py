"""Ta Yü's placement search in plain Python: fastfit.search (native, MicroPython) step for
step, for CPython and a port without native code. tests/rules/test_tayu_fastfit.py holds the
two to the same listings on both runtimes."""

from micropython import const

_FIRST = const(1)  # fastfit.FIRST: stop at the first legal placement


def search(b, inc, t, k, marks, out, mode):  # noqa: C901 (the native loop's shape, kept)
    """fastfit.search: the legal placements of kind k touching an open exit, appended to
    `out` (`marks`: 181 bytes, a bit a code tried); returns how many."""
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
                if mode == _FIRST:
                    return n
    return n
