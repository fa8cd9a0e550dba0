"""Tac-Tik's play-out moves in native code (viper): greedy's whole move for every seat in
turn, listed, valued and made on a world of 32 bytes, no Python call and no allocation a
move. Hard's look over re-deals (shared_rules/tactik/look.py) plays its play-outs here; in
Python they took a Pico several seconds a turn on a fragmented heap (docs/bots.md). plainplay.py
is the same in plain Python (CPython, and the layout of a world), and
tests/rules/test_tactik_fastplay.py holds the two equal on both runtimes. Imported only by
MicroPython (CPython cannot compile viper)."""

import micropython
from micropython import const

_B = const(100)
_NEST = const(255)
_ST = const(24)
_C7 = const(10)
_CP = const(11)
_CM4 = const(9)
_NEED = const(2)
_WON = const(1)
_DEAL = const(3)
_BIAS = const(1 << 24)  # above any value's size: a candidate's value is kept >= 0 (_cand)
_STEP = const(b"\x01\x02\x03\x05\x06\x08\x09\x0a\x0c\x00\x00\x00")
_FWD = const(b"\xff\x00\x01\x02\xff\x03\x04\xff\x05\x06\x07\xff\x08")
_KEEP = const(b"\x06\x02\x02\x02\x02\x02\x02\x07\x03\x05\x0a\x08")


@micropython.viper
def _home(w: ptr8, c: int) -> int:  # noqa: F821
    for g in range(4 * c, 4 * c + 4):
        v = w[g]
        if v <= _B or v == _NEST:
            return 0
    return 1


@micropython.viper
def value(w: ptr8, prm: ptr8, seat: int) -> int:  # noqa: F821
    """plainplay.value: greedy's evaluation of world w for seat's team."""
    players = prm[0]
    ncol = prm[1]
    L = prm[2]
    mate = (seat + (players >> 1)) % players
    mult = 2 * ((ncol >> 1) - 1)
    total = 0
    for g in range(4 * ncol):
        c = g >> 2
        v = w[g]
        x = 0
        if v > _B and v != _NEST:
            x = L + 40 + 3 * (v - _B)
        elif v == 16 * c:
            x = 10 + L
            if w[_ST + c]:
                x = 10
        elif v < _B:
            d = v - 16 * c
            if d < 0:
                d += L
            x = 10 + d
        if (g & 3) == 3 and int(_home(w, c)):
            x += 100
        if c == seat or c == mate:
            total += x * mult
        else:
            total -= x
    return total


@micropython.viper
def move(w: ptr8, n: int, g: int, dest: int, h: int, a: int):  # noqa: F821
    """plainplay.move: pawn g to dest (and h to a when h >= 0) as the engine replays it."""
    c = g >> 2
    p = w[g]
    if h < 0 and dest < _B:
        for e in range(n):
            if e != g and w[e] == dest:
                w[e] = _NEST
    if p == 16 * c:
        w[_ST + c] = 0
    if p == _NEST:
        w[_ST + c] = 1
    w[g] = dest
    if h >= 0:
        if w[h] == 16 * (h >> 2):
            w[_ST + (h >> 2)] = 0
        w[h] = a


@micropython.viper
def _free(w: ptr8, c: int, hole: int) -> int:  # noqa: F821
    v = _B + hole
    for i in range(4 * c, 4 * c + 4):
        if w[i] == v:
            return 0
    return 1


@micropython.viper
def seven(w: ptr8, tmp: ptr8, prm: ptr8, c: int, g: int, through: int) -> int:  # noqa: F821
    """plainplay.seven: the 7x1 as seven single steps of pawn g alone, made on tmp."""
    for i in range(32):
        tmp[i] = w[i]
    n = 4 * prm[1]
    L = prm[2]
    for _ in range(7):
        p = tmp[g]
        d = -1
        if p == _NEST:
            return 0
        if p > _B:
            if p < _B + 4 and int(_free(tmp, c, p - _B + 1)):
                d = p + 1
        else:
            if p == 16 * c and not tmp[_ST + c] and not through and int(_free(tmp, c, 1)):
                d = _B + 1
            if d < 0:
                t = p + 1
                if t >= L:
                    t = 0
                if not ((t & 15) == 0 and tmp[_ST + (t >> 4)]):
                    d = t
        if d < 0:
            return 0
        move(tmp, n, g, d, -1, 0)
    return 1


@micropython.viper
def _cand(w: ptr8, tmp: ptr8, prm: ptr8, seat: int, bst: ptr32, k: int, g: int,  # noqa: F821
          dest: int, h: int, a: int):
    # a candidate (plainplay._Best.put): made on tmp, a copy of w, and kept in bst if it is
    # the first or better than the best so far: card + 1 (0: none yet), value + _BIAS, g,
    # dest, h + 1, a (a ptr32 reads back unsigned: every word is kept >= 0)
    for i in range(32):
        tmp[i] = w[i]
    move(tmp, 4 * prm[1], g, dest, h, a)
    v = int(value(tmp, prm, seat)) + _BIAS
    if bst[0] == 0 or v > int(bst[1]):
        bst[0] = k + 1
        bst[1] = v
        bst[2] = g
        bst[3] = dest
        bst[4] = h + 1
        bst[5] = a


# over the complexity ceiling on purpose: one function, inline, is what makes it fast
@micropython.viper
def ply(w: ptr8, tmp: ptr8, hands: ptr8, prm: ptr8, played: ptr8,  # noqa: F821, C901
        bst: ptr32) -> int:  # noqa: F821
    """plainplay.ply: greedy's move (the 7x1 only when no other card has a use, one pawn
    alone) for the seat to move, made; _NEED, _WON, _DEAL or 0. bst: 6 words of scratch."""
    step = ptr8(_STEP)  # noqa: F821
    keep = ptr8(_KEEP)  # noqa: F821
    players = prm[0]
    n = 4 * prm[1]
    L = prm[2]
    seat = prm[3]
    mate = (seat + (players >> 1)) % players
    c = seat
    if int(_home(w, seat)):
        c = mate
    own = seat
    if prm[4] & 2:
        own = c
    h0 = 12 * seat
    bst[0] = 0
    for k in range(12):
        if not hands[h0 + k] or k == _C7:
            continue
        if k == _CP:
            for g in range(4 * c, 4 * c + 4):
                a = w[g]
                if a >= _B or (a == 16 * c and w[_ST + c] and c != own):
                    continue
                for h in range(n):
                    d = h >> 2
                    b = w[h]
                    if h == g or b >= _B or (b == 16 * d and w[_ST + d] and d != own):
                        continue
                    if d == c and b < a:
                        continue
                    _cand(w, tmp, prm, seat, bst, k, g, b, h, a)
            continue
        if (k == 0 or k == 7) and not w[_ST + c] and w[4 * c + 3] == _NEST:
            _cand(w, tmp, prm, seat, bst, k, 4 * c + 3, 16 * c, -1, 0)
        for g in range(4 * c, 4 * c + 4):
            t = w[g]
            if k == _CM4:
                if t >= _B:
                    continue
                ok = 1
                for _ in range(4):
                    t = t - 1 if t > 0 else L - 1
                    if (t & 15) == 0 and w[_ST + (t >> 4)]:
                        ok = 0
                        break
                if ok:
                    _cand(w, tmp, prm, seat, bst, k, g, t, -1, 0)
                continue
            if t == _NEST:
                continue
            r = step[k]
            if t > _B:
                ok = 1
                for j in range(t + 1, t + r + 1):
                    if j > _B + 4 or not int(_free(w, c, j - _B)):
                        ok = 0
                        break
                if ok:
                    _cand(w, tmp, prm, seat, bst, k, g, t + r, -1, 0)
                continue
            stake = 0
            if w[_ST + c] and t == 16 * c:
                stake = 1
            ok = 1
            while r > 0:
                if t == 16 * c and not stake and r <= 4:
                    free = 1
                    for j in range(1, r + 1):
                        if not int(_free(w, c, j)):
                            free = 0
                    if free:
                        _cand(w, tmp, prm, seat, bst, k, g, _B + r, -1, 0)
                        if prm[4] & 1:
                            ok = 0
                            break
                stake = 0
                t = t + 1 if t + 1 < L else 0
                if (t & 15) == 0 and w[_ST + (t >> 4)]:
                    ok = 0
                    break
                r -= 1
            if ok:
                _cand(w, tmp, prm, seat, bst, k, g, t, -1, 0)
    k = int(bst[0]) - 1
    bv = 0
    bg = 0
    if k < 0 and hands[h0 + _C7]:
        # only the 7x1 has a use: its best move of one pawn alone, else _NEED
        bt = 0
        for g in range(4 * c, 4 * c + 4):
            for through in range(1 if prm[4] & 1 else 2):
                if int(seven(w, tmp, prm, c, g, through)):
                    v = int(value(tmp, prm, seat))
                    if k < 0 or v > bv:
                        k = _C7
                        bv = v
                        bg = g
                        bt = through
        if k < 0:
            return _NEED
        seven(w, tmp, prm, c, bg, bt)
        for i in range(32):
            w[i] = tmp[i]
    elif k < 0:
        for j in range(12):
            if hands[h0 + j] and (k < 0 or keep[j] < keep[k]):
                k = j
    else:
        move(w, n, int(bst[2]), int(bst[3]), int(bst[4]) - 1, int(bst[5]))
    for c0 in range(0, n, 4):  # each colour's codes in order (tactik._snap)
        for i in range(c0 + 1, c0 + 4):
            v = w[i]
            j = i
            while j > c0 and w[j - 1] > v:
                w[j] = w[j - 1]
                j -= 1
            w[j] = v
    hands[h0 + k] -= 1
    played[prm[6]] = k
    prm[6] += 1
    return int(after(w, hands, prm))


@micropython.viper
def after(w: ptr8, hands: ptr8, prm: ptr8) -> int:  # noqa: F821
    """plainplay.after: _WON (prm[5] the team), _DEAL, or 0 (prm[3] the next seat)."""
    players = prm[0]
    half = players >> 1
    for t in range(half):
        if int(_home(w, t)) and int(_home(w, t + half)):
            prm[5] = t
            return _WON
    seat = prm[3]
    for i in range(1, players + 1):
        s = (seat + i) % players
        for k in range(12):
            if hands[12 * s + k]:
                prm[3] = s
                return 0
    return _DEAL


@micropython.viper
def playout(w: ptr8, tmp: ptr8, hands: ptr8, prm: ptr8, played: ptr8,  # noqa: F821
            plies: int, bst: ptr32) -> int:  # noqa: F821
    """plainplay.playout: greedy plays every seat in turn until prm[6] reaches `plies` (0),
    _WON, _DEAL or _NEED."""
    while prm[6] < plies:
        r = int(ply(w, tmp, hands, prm, played, bst))
        if r:
            return r
    return 0


@micropython.viper
def shuffle(pool: ptr8, n: int, st: ptr32):  # noqa: F821
    """plainplay.shuffle: pool[:n] shuffled, st[0] the generator's state. Each step goes
    through st[0], which keeps it to 32 bits on a 64-bit port too."""
    i = n - 1
    while i > 0:
        m = 1
        while m <= i:
            m <<= 1
        m -= 1
        j = i + 1
        while j > i:
            x = st[0]
            st[0] = x ^ (x << 13)
            x = st[0]
            st[0] = x ^ ((x >> 17) & 0x7FFF)  # (a logical shift where an int is signed)
            x = st[0]
            st[0] = x ^ (x << 5)
            j = (st[0] >> 8) & m
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
        i -= 1


@micropython.viper
def hold(cnt: ptr32, unseen: int, h: int, out: ptr32, o: int):  # noqa: F821
    """plainplay.hold: out[o:o + 12], the chance x 256 that a hand of h holds each code."""
    for k in range(12):
        n = cnt[k]
        num = 1
        den = 1
        for i in range(h):
            if unseen - n - i <= 0:
                num = 0
                break
            num *= unseen - n - i
            den *= unseen - i
        out[o + k] = 256 - (256 * num) // den


# over the complexity ceiling on purpose: bot._reach's loops, inline
@micropython.viper
def reach(w: ptr8, prm: ptr8, mask: int, probs: ptr32, table: ptr32):  # noqa: F821, C901
    """plainplay.reach: the chance x 256 that a pawn of the colours in `mask` lands on each
    hole next turn."""
    fwd = ptr8(_FWD)  # noqa: F821
    L = prm[2]
    ncol = prm[1]
    for i in range(L):
        table[i] = 0
    for d in range(ncol):
        if not ((mask >> d) & 1):
            continue
        o = 12 * d
        nest = 0
        for g in range(4 * d, 4 * d + 4):
            a = int(w[g])
            if a == _NEST:
                nest = 1
                continue
            if a > _B:
                continue
            t = a
            for step in range(1, 13):
                t += 1
                if t >= L:
                    t = 0
                if (t & 15) == 0 and w[_ST + (t >> 4)]:
                    break
                x = 0
                if step <= 7:
                    x = probs[o + _C7]
                k = int(fwd[step])
                if k != 255:
                    x += probs[o + k]
                table[t] += x
            t = a
            ok = 1
            for _ in range(4):
                t -= 1
                if t < 0:
                    t = L - 1
                if (t & 15) == 0 and w[_ST + (t >> 4)]:
                    ok = 0
                    break
            if ok:
                table[t] += probs[o + _CM4]
        if nest and not w[_ST + d]:
            table[16 * d] += probs[o] + probs[o + 7]
    for i in range(L):
        if table[i] > 256:
            table[i] = 256


# over the complexity ceiling on purpose: bot._eval's loops, inline
@micropython.viper
def evaluate(w: ptr8, prm: ptr8, team: int, danger: ptr32, threat: ptr32,  # noqa: F821, C901
             wt: ptr32) -> int:  # noqa: F821
    """plainplay.evaluate: hard's evaluation of world w for the team's colours (bits)."""
    L = prm[2]
    ncol = prm[1]
    wr = wt[0]
    rs = wt[1]
    wth = wt[2]
    wb = wt[3]
    mult = wt[4]
    total = 0
    loss = 0
    gain = 0
    for c in range(ncol):
        mine = (team >> c) & 1
        home = 1
        sub = 0
        base = 16 * c
        for g in range(4 * c, 4 * c + 4):
            v = int(w[g])
            if v == _NEST:
                home = 0
                continue
            if v > _B:
                sub += L + 40 + 3 * (v - _B)
                continue
            home = 0
            x = 0
            if v == base:
                if w[_ST + c]:
                    sub += 10
                    if mine and wb:
                        for h in range(4 * ncol):
                            p = int(w[h])
                            if not ((team >> (h >> 2)) & 1) and p < _B:
                                d = v - p
                                if d < 0:
                                    d += L
                                if d <= 12:
                                    gain += wb * 256
                    continue
                x = 10 + L
            else:
                d = v - base
                if d < 0:
                    d += L
                x = 10 + d
            sub += x
            if mine:
                loss += danger[v] * (x + rs)
            elif wth:
                gain += (threat[v] * x * wth) >> 8
        if home:
            sub += 100
        if mine:
            total += sub * mult
        else:
            total -= sub
    return total * 256 - ((loss * wr) >> 8) * mult + gain
