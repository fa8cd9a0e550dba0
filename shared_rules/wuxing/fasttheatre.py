"""Wuxing duel's Théâtre: the hard search's evaluation and move generation in native code
(viper). The evaluation runs at every leaf and capture-search node, the generation at every
node searched below: their Python loops (bot_theatre._eval_plain, _side, _gen_plain: the
pawns, rows, columns and rays) were most of a Pico's 2 ms a node. bot_theatre keeps both in
plain Python, and tests/rules/test_wuxing_fasttheatre.py holds each pair to the same results on
both runtimes. Imported only by MicroPython (CPython cannot compile viper)."""

import micropython

# prm, the words the search keeps up to date (ptr32 reads unsigned words on a 64-bit port:
# nothing negative in prm):
# 0 the seat to move, 1 turning phase (1) or not, 2 the last spender, 3 both links (1) or
# domination only, 4 pawn, 5-8 risk with 0..3 other islands, 9 token, 10 capnow, 11 capmore,
# 12 threat, 13 mob (bot_common.WEIGHTS), 14 where gen's quiet moves wait in mv
# (bot_theatre's scratch frame, after the search's last)


# over the complexity ceiling on purpose: both sides in one loop, inline, is what makes it fast
@micropython.viper
def evaluate(P: ptr8, T: ptr8, E: ptr8, R: ptr8, K: ptr8, rc: ptr8,  # noqa: F821, C901
             prm: ptr32) -> int:  # noqa: F821
    """The position's value for the seat to move (bot_theatre._eval's): P pawns (0, 1 Yang,
    2 Yin), T turned islands, E elements, R the rays (bot_theatre._rays), K tokens, rc the
    islands not turned in each row (0-4) and column (5-9)."""
    cur = prm[0]
    phase = prm[1]
    both = prm[3]
    if phase:  # turning: the tokens come back, the seat after the last spender moves first
        mover = 1 - prm[2]
    else:
        mover = cur
    va = 0
    ma = 0
    ca = 0
    vb = 0
    mb = 0
    cb = 0
    side = 0
    while side < 2:
        seat = mover if side == 0 else 1 - mover
        if phase:
            red = both
            blue = 1
        else:
            red = both if K[2 * seat] else 0
            blue = K[2 * seat + 1]
        own = seat + 1
        val = 0
        n = 0
        caps = 0
        i = 0
        while i < 25:
            if P[i] == own:
                r0 = i // 5
                x = rc[r0] + rc[5 + i - r0 * 5] - 2
                val += prm[4]
                if x < 4:
                    val -= prm[5 + x]
                if red or blue:
                    e = E[i]
                    k = i * 20
                    while k < i * 20 + 20:
                        m = k
                        j = R[m]
                        while j != 255:
                            m += 1
                            if not T[j]:
                                q = P[j]
                                if q == own:
                                    break
                                d = (E[j] - e + 5) % 5
                                if (d == 1 and red) or (d == 2 and blue):
                                    n += 1
                                    if q:
                                        caps |= 1 << j
                                if q:
                                    break
                            j = R[m]
                        k += 5
            i += 1
        if side == 0:
            va = val
            ma = n
            ca = caps
        else:
            vb = val
            mb = n
            cb = caps
        side += 1
    # ca: squares the mover can capture on, cb: the mover's pawns under threat
    x = va - vb
    if ca:
        x += prm[10]
        ca &= ca - 1
        while ca:
            x += prm[11]
            ca &= ca - 1
    while cb:
        x -= prm[12]
        cb &= cb - 1
    x += (ma - mb) * prm[13]
    if mover != cur:
        x = 0 - x
    if not phase:
        o = 1 - cur
        x += (K[2 * cur] + K[2 * cur + 1] - K[2 * o] - K[2 * o + 1]) * prm[9]
    return x


@micropython.viper
def gen(P: ptr8, T: ptr8, E: ptr8, R: ptr8, K: ptr8, prm: ptr32, mv: ptr16,  # noqa: F821
        base: int, seat: int, quiet: int) -> int:
    """seat's pawn moves with the tokens it holds, as codes (from << 6 | to << 1 | blue) into
    mv from `base`: captures first, then (unless `quiet` is 0) the quiet ones, which wait in
    mv from prm[14]; returns how many (bot_theatre._gen_plain's)."""
    red = prm[3] if K[2 * seat] else 0
    blue = K[2 * seat + 1]
    if not red and not blue:
        return 0
    own = seat + 1
    n = base
    scratch = prm[14]
    c = scratch
    i = 0
    while i < 25:
        if P[i] == own:
            e = E[i]
            k = i * 20
            while k < i * 20 + 20:
                m = k
                j = R[m]
                while j != 255:
                    m += 1
                    if not T[j]:
                        q = P[j]
                        if q == own:
                            break
                        d = (E[j] - e + 5) % 5
                        code = -1
                        if d == 1 and red:
                            code = i << 6 | j << 1
                        elif d == 2 and blue:
                            code = i << 6 | j << 1 | 1
                        if code >= 0:
                            if q:
                                mv[n] = code
                                n += 1
                                break
                            if quiet:
                                mv[c] = code
                                c += 1
                        if q:
                            break
                    j = R[m]
                k += 5
        i += 1
    x = scratch
    while x < c:
        mv[n] = mv[x]
        n += 1
        x += 1
    return n - base
