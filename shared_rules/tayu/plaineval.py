"""Ta Yü's bot evaluation in plain Python: fasteval.values (viper, MicroPython) step for step,
for CPython and a port without native code. tests/rules/test_tayu_fasteval.py holds the two
equal on both runtimes."""

from shared_rules.tayu.bot import score
from shared_rules.tayu.rules import DC, DR, SIZE


def _square(q, c, dbl, w, ns):
    # an open square for the side ns: near[d] per coast at distance d <= 3, times the
    # product an estuary there adds, the mover's chances (mine) less the opponent's (theirs)
    r = q // SIZE
    col = q - r * SIZE
    pn = 0
    m = 1 + dbl[col]
    if r <= 3:
        pn += w[2 + r] * (c[2] + 1) * m
    if r >= 15:
        pn += w[20 - r] * (c[0] + 1) * m
    pe = 0
    m = 1 + dbl[r]
    if col <= 3:
        pe += w[2 + col] * (c[1] + 1) * m
    if col >= 15:
        pe += w[20 - col] * (c[3] + 1) * m
    return (pn * w[6] - pe * w[7]) >> 8 if ns else (pe * w[6] - pn * w[7]) >> 8


def values(b, inc, dbl, t, counts, w, k, codes, n, ns, out, qs):
    """fasteval.values: n > 0, kind k's value at each of codes[:n] into out[:n], the index of
    the first best returned; n == 0, the value of the position itself."""
    if n == 0:
        v = score(counts, w, ns)
        for q in range(SIZE * SIZE):
            if inc[q]:
                v += _square(q, counts, dbl, w, ns)
        return v
    best = 0
    for i in range(n):
        code = codes[i]
        d = code & 3
        p0 = code >> 2
        base = k * 12 + d * 3
        step = DR[d] * SIZE + DC[d]
        e = list(counts)  # the coasts' counts after the placement
        v = 0
        for j in range(3):
            p = p0 + j * step
            if inc[p]:
                v -= _square(p, counts, dbl, w, ns)  # an open square now covered
        for j in range(3):
            p = p0 + j * step
            m = t[base + j]
            rr = p // SIZE
            cc = p - rr * SIZE
            for s in range(4):
                if not m & (1 << s):
                    continue
                nr = rr + DR[s]
                nc = cc + DC[s]
                if 0 <= nr < SIZE and 0 <= nc < SIZE:
                    q = nr * SIZE + nc
                    if b[q] == 0 and inc[q] == 0 and q != p0 and q != p0 + step \
                            and q != p0 + 2 * step:
                        v += _square(q, counts, dbl, w, ns)  # a newly opened square
                else:
                    e[s] += 1 + dbl[cc if s % 2 == 0 else rr]  # an estuary on coast s
        v += score(e, w, ns)
        out[i] = v
        if i == 0 or v > out[best]:
            best = i
    return best
