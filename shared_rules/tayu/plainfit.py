"""Ta Yü's placement search in plain Python: fastfit.search (native, MicroPython) step for
step, for CPython and a port without native code, its fit the engine's own (`rules._cell`,
what a move's check runs). tests/rules/test_tayu_fastfit.py holds the two to the same
listings on both runtimes."""

from micropython import const

from shared_rules.tayu.rules import DC, DR, SIZE, _cell

_FIRST = const(1)  # fastfit.FIRST: stop at the first legal placement


def search(b, inc, t, k, marks, out, mode):
    """fastfit.search: the legal placements of kind k touching an open exit, appended to
    `out` (`marks`: 181 bytes, a bit a code tried); returns how many."""
    for y in range(len(marks)):
        marks[y] = 0
    n = 0
    for y in range(SIZE * SIZE):
        need = inc[y]
        if need == 0:
            continue  # not on the frontier: no open exit points into it
        yr = y // SIZE
        yc = y - yr * SIZE
        for d in range(4):
            dr = DR[d]
            dc = DC[d]
            b3 = k * 12 + d * 3
            for i in range(3):
                if (t[b3 + i] & need) != need:
                    continue
                r = yr - i * dr
                c = yc - i * dc
                if not (0 <= r < SIZE and 0 <= c < SIZE and 0 <= r + 2 * dr < SIZE
                        and 0 <= c + 2 * dc < SIZE):
                    continue
                code = (r * SIZE + c) * 4 + d
                bit = 1 << (code & 7)
                if marks[code >> 3] & bit:
                    continue
                marks[code >> 3] |= bit
                p0 = r * SIZE + c
                step = dr * SIZE + dc
                if b[p0] or b[p0 + step] or b[p0 + 2 * step]:
                    continue
                conn = 0
                for j in range(3):  # each square against its neighbours: the move's check
                    got = _cell(b, p0 + j * step, t[b3 + j], r + j * dr, c + j * dc)
                    if got < 0:
                        break
                    conn += got
                if got < 0 or not conn:
                    continue
                out.append(code)
                n += 1
                if mode == _FIRST:
                    return n
    return n
