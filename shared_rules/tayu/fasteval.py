"""Ta Yü's bot evaluation in native code (viper): the value of each placement of a tile, or of
a position, from the side of North-South or East-West. normal ranks every placement with it
and hard's look values every tile of its play-outs with it, some 4,000 evaluations a turn:
in Python its calls took their frames from a Pico's fragmented heap. plaineval.py is the same
evaluation in plain Python, and tests/rules/test_tayu_fasteval.py holds the two equal on both
runtimes. Imported only by MicroPython (CPython cannot compile viper)."""

import micropython


# over the complexity ceiling on purpose: one function, inline, is what makes it fast and small
@micropython.viper
def values(b: ptr8, inc: ptr8, dbl: ptr8, t: ptr8, counts, w: ptr32, k: int,  # noqa: F821, C901
           codes, n: int, ns: int, out: ptr32, qs: ptr32) -> int:  # noqa: F821
    """n > 0: the value of kind k placed at each of codes[:n] into out[:n] (incremental: the
    squares it covers and those its exits open), and the index of the first best returned.
    n == 0: the value of the position itself (its score, then every open square) returned.
    `w`: score, count, near[0..3], mine, theirs (bot.py's weights); `qs`: 20 words of
    scratch."""
    c0 = int(counts[0])
    c1 = int(counts[1])
    c2 = int(counts[2])
    c3 = int(counts[3])
    mine = int(w[6])
    theirs = int(w[7])
    best = 0
    bestv = 0
    for i in range(n if n > 0 else 1):
        qs[0] = c0  # qs[0..3]: the coasts' counts after the placement, qs[4..]: its squares
        qs[1] = c1
        qs[2] = c2
        qs[3] = c3
        nq = 4
        ncov = 0
        lo = 0
        if n > 0:
            code = int(codes[i])
            d = code & 3
            p0 = code >> 2
            base = k * 12 + d * 3
            step = (1 - (d & 1)) * (d - 1) * 19 + (d & 1) * (2 - d)  # N E S W: -19 1 19 -1
            for j in range(3):
                p = p0 + j * step
                if inc[p]:
                    qs[nq] = p  # an open square now covered
                    nq += 1
            ncov = nq
            lo = 4
            for j in range(3):
                p = p0 + j * step
                m = int(t[base + j])
                rr = p // 19
                cc = p - rr * 19
                for s in range(4):
                    if not (m & (1 << s)):
                        continue
                    nr = rr + (1 - (s & 1)) * (s - 1)
                    nc = cc + (s & 1) * (2 - s)
                    if 0 <= nr < 19 and 0 <= nc < 19:
                        q = nr * 19 + nc
                        if b[q] == 0 and inc[q] == 0 and q != p0 and q != p0 + step \
                                and q != p0 + 2 * step:
                            qs[nq] = q  # a newly opened square
                            nq += 1
                    else:
                        qs[s] += 1 + int(dbl[cc if s % 2 == 0 else rr])  # an estuary on coast s
        e0 = int(qs[0])
        e1 = int(qs[1])
        e2 = int(qs[2])
        e3 = int(qs[3])
        v = (e0 * e2 - e1 * e3) * int(w[0]) + (e0 + e2 - e1 - e3) * int(w[1])
        if not ns:
            v = -v
        # each square: near[d] per coast at distance d <= 3, times the product an estuary
        # there adds, for the mover (mine) less for the opponent (theirs); counts before
        for j in range(lo, nq if n > 0 else 361):
            if n > 0:
                q = int(qs[j])
            else:
                q = j
                if inc[q] == 0:
                    continue  # not on the frontier
            r = q // 19
            c = q - r * 19
            pn = 0
            m = 1 + int(dbl[c])
            if r <= 3:
                pn += int(w[2 + r]) * (c2 + 1) * m
            if r >= 15:
                pn += int(w[20 - r]) * (c0 + 1) * m
            pe = 0
            m = 1 + int(dbl[r])
            if c <= 3:
                pe += int(w[2 + c]) * (c1 + 1) * m
            if c >= 15:
                pe += int(w[20 - c]) * (c3 + 1) * m
            sv = (pn * mine - pe * theirs) >> 8 if ns else (pe * mine - pn * theirs) >> 8
            v += -sv if j < ncov else sv
        if n == 0:
            return v
        out[i] = v
        if i == 0 or v > bestv:
            best = i
            bestv = v
    return best
