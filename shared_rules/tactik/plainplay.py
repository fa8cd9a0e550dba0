"""Tac-Tik's play-outs in plain Python (hard's look, look.py): fastplay.py (viper, MicroPython)
step for step, greedy's moves and hard's evaluation of a world, for CPython and a port
without native code. tests/rules/test_tactik_fastplay.py holds the two equal on both
runtimes, each move to the engine's greedy choice and the evaluation to bot.py's.

A world is one bytearray of 32: the pawns' codes (4 a colour, tactik's: a track hole, 101-104
a base hole, 255 the nest), then from byte 24 each colour's stake flag. `prm`: players,
colours, track length, the seat to move, flags (1: base entry compulsory, 2: a partner's
stake is one's own), the winning team (255: none yet), plies played; `hands`: 12 card
counts a seat."""

_B = 100
_NEST = 255
_ST = 24  # where a world's stake flags start
_C7 = 10
_CP = 11
_CM4 = 9
_NEED = 2  # the seat must play a 7x1 no single pawn can: the play-out ends (look.py)
_WON = 1
_DEAL = 3  # every hand is played out: the next ply is a deal
_BIAS = 1 << 24  # above any value's size: a candidate's value is kept >= 0 (_Best)
# what each card code moves forward (0: not a forward card): 1 2 3 5 6 8 9 10 12
_STEP = b"\x01\x02\x03\x05\x06\x08\x09\x0a\x0c\x00\x00\x00"
# the forward card that moves a pawn 1..12 holes (255: none; bot._FWD)
_FWD = b"\xff\x00\x01\x02\xff\x03\x04\xff\x05\x06\x07\xff\x08"
# greedy's keep order (tactik._KEEP): of a hand with no use, the lowest is discarded
_KEEP = b"\x06\x02\x02\x02\x02\x02\x02\x07\x03\x05\x0a\x08"


def _home(w, c):
    # every pawn of colour c in its base
    for g in range(4 * c, 4 * c + 4):
        v = w[g]
        if v <= _B or v == _NEST:
            return 0
    return 1


def value(w, prm, seat):
    """Greedy's evaluation (tactik.State._eval) of world w for seat's team (a team game)."""
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
            x = 10 if w[_ST + c] else 10 + L
        elif v < _B:
            d = v - 16 * c
            x = 10 + (d if d >= 0 else d + L)
        if g & 3 == 3 and _home(w, c):
            x += 100
        if c == seat or c == mate:
            total += x * mult
        else:
            total -= x
    return total


def move(w, n, g, dest, h, a):
    """Pawn g of world w (n pawns) to dest, and h to a when h >= 0 (a Permuter's swap; else
    a pawn on dest is taken to the nest), as the engine replays a move's hops: a pawn that
    leaves its start square loses its stake, one out of the nest gets it."""
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


def _free(w, c, hole):
    # base hole `hole` of colour c is empty
    v = _B + hole
    for i in range(4 * c, 4 * c + 4):
        if w[i] == v:
            return 0
    return 1


class _Best:
    # the best candidate of one ply, first on ties in the engine's generation order, kept in
    # bst as fastplay._cand keeps it: card + 1 (0: none yet), value + _BIAS, g, dest, h + 1, a
    def __init__(self, w, tmp, prm, seat, bst):
        self.w = w
        self.tmp = tmp
        self.prm = prm
        self.seat = seat
        self.bst = bst
        bst[0] = 0

    def put(self, k, g, dest, h, a):
        w = self.w
        tmp = self.tmp
        for i in range(32):
            tmp[i] = w[i]
        move(tmp, 4 * self.prm[1], g, dest, h, a)
        v = value(tmp, self.prm, self.seat) + _BIAS
        b = self.bst
        if b[0] == 0 or v > b[1]:
            b[0] = k + 1
            b[1] = v
            b[2] = g
            b[3] = dest
            b[4] = h + 1
            b[5] = a


def _forward(w, prm, c, g, n, k, out):
    # a forward card's move of pawn g (tactik.State._forward)
    L = prm[2]
    t = w[g]
    if t == _NEST:
        return
    if t > _B:
        for j in range(t + 1, t + n + 1):
            if j > _B + 4 or not _free(w, c, j - _B):
                return
        out.put(k, g, t + n, -1, 0)
        return
    stake = w[_ST + c] and t == 16 * c
    r = n
    while r > 0:
        if t == 16 * c and not stake and r <= 4:
            ok = 1
            for j in range(1, r + 1):
                if not _free(w, c, j):
                    ok = 0
            if ok:
                out.put(k, g, _B + r, -1, 0)
                if prm[4] & 1:
                    return
        stake = 0
        t = t + 1 if t + 1 < L else 0
        if t & 15 == 0 and w[_ST + (t >> 4)]:
            return
        r -= 1
    out.put(k, g, t, -1, 0)


def _back(w, prm, g, out):
    # the -4 (tactik.State._back)
    t = w[g]
    if t >= _B:
        return
    for _ in range(4):
        t = t - 1 if t > 0 else prm[2] - 1
        if t & 15 == 0 and w[_ST + (t >> 4)]:
            return
    out.put(_CM4, g, t, -1, 0)


def _swaps(w, prm, c, own, out):
    # the Permuter's swaps (tactik.State._swaps), colour c moving
    n = 4 * prm[1]
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
                continue  # a swap of two own pawns is listed once, from the lower hole
            out.put(_CP, g, b, h, a)


def seven(w, tmp, prm, c, g, through):
    """The 7x1 as seven single steps of pawn g (colour c) alone, taking every pawn it lands
    on, made on tmp (a copy of w): 1 if it can make them all. At its start square it enters
    its base if it can unless `through` (never with base entry compulsory), as the engine's
    7x1 search steps."""
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
            if p < _B + 4 and _free(tmp, c, p - _B + 1):
                d = p + 1
        else:
            if p == 16 * c and not tmp[_ST + c] and _free(tmp, c, 1) and not through:
                d = _B + 1
            if d < 0:
                t = p + 1 if p + 1 < L else 0
                if not (t & 15 == 0 and tmp[_ST + (t >> 4)]):
                    d = t
        if d < 0:
            return 0
        move(tmp, n, g, d, -1, 0)
    return 1


def _sort(w, n):
    # each colour's 4 codes in order, as the engine keeps them (tactik._snap)
    for c in range(0, n, 4):
        for i in range(c + 1, c + 4):
            v = w[i]
            j = i
            while j > c and w[j - 1] > v:
                w[j] = w[j - 1]
                j -= 1
            w[j] = v


# over the complexity ceiling on purpose: fastplay.ply's twin, step for step
def ply(w, tmp, hands, prm, played, bst):  # noqa: C901
    """Greedy's move for the seat to move (prm[3]), made on w, hands and played (the card
    appended at prm[6]; bst: 6 words of scratch). The 7x1 only when no other card has a
    use, and then only its moves of one pawn (_NEED, nothing made, when it has none: the
    look ends that play-out there).
    Else _WON (prm[5] the team), _DEAL (no hand left) or 0 (prm[3] the next seat)."""
    players = prm[0]
    n = 4 * prm[1]
    seat = prm[3]
    mate = (seat + (players >> 1)) % players
    c = mate if _home(w, seat) else seat
    own = c if prm[4] & 2 else seat
    out = _Best(w, tmp, prm, seat, bst)
    h0 = 12 * seat
    for k in range(12):
        if not hands[h0 + k] or k == _C7:
            continue
        if k == _CP:
            _swaps(w, prm, c, own, out)
            continue
        if (k == 0 or k == 7) and not w[_ST + c] and w[4 * c + 3] == _NEST:
            out.put(k, 4 * c + 3, 16 * c, -1, 0)
        for g in range(4 * c, 4 * c + 4):
            if k == _CM4:
                _back(w, prm, g, out)
            else:
                _forward(w, prm, c, g, _STEP[k], k, out)
    k = bst[0] - 1
    if k < 0 and hands[h0 + _C7]:
        # only the 7x1 has a use: its best move of one pawn alone, else _NEED
        bv = 0
        for g in range(4 * c, 4 * c + 4):
            for through in range(1 if prm[4] & 1 else 2):
                if seven(w, tmp, prm, c, g, through):
                    v = value(tmp, prm, seat)
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
        for j in range(12):  # a discard: greedy's least kept card
            if hands[h0 + j] and (k < 0 or _KEEP[j] < _KEEP[k]):
                k = j
    else:
        move(w, n, bst[2], bst[3], bst[4] - 1, bst[5])
    _sort(w, n)
    hands[h0 + k] -= 1
    played[prm[6]] = k
    prm[6] += 1
    return after(w, hands, prm)


def after(w, hands, prm):
    """The turn after a move (tactik.State._check_win, _next_turn): _WON with prm[5] the
    winning team, _DEAL when no hand is left, else 0 with prm[3] the next seat."""
    players = prm[0]
    half = players >> 1
    for t in range(half):
        if _home(w, t) and _home(w, t + half):
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


def playout(w, tmp, hands, prm, played, plies, bst):
    """Greedy plays every seat in turn on world w until prm[6] reaches `plies` (0 then), a
    team wins (_WON), every hand is out (_DEAL) or a seat must play its 7x1 (_NEED: the
    caller makes that move and calls again)."""
    while prm[6] < plies:
        r = ply(w, tmp, hands, prm, played, bst)
        if r:
            return r
    return 0


def shuffle(pool, n, st):
    """Fisher-Yates on pool[:n], drawn from xorshift32 (rng.Rng's) on the state st[0], with
    no division and no integer above 32 bits (a Pico's small ints stop at 2^30): each index
    is 24 bits of a draw masked to the bits its bound needs, drawn again while above it."""
    i = n - 1
    while i > 0:
        m = 1
        while m <= i:
            m <<= 1
        m -= 1
        j = i + 1
        while j > i:
            x = st[0]
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            st[0] = x
            j = (x >> 8) & m
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
        i -= 1


def hold(cnt, unseen, h, out, o):
    """out[o:o + 12]: 256 x the chance that a hand of h cards from `unseen` holds at least
    one of each card code, cnt[k] of them among the unseen (bot._hold_probs)."""
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


def reach(w, prm, mask, probs, table):  # noqa: C901  (fastplay.reach's twin)
    """table[hole] (zeroed first): the chance x 256, at most 256, that a pawn of a colour in
    `mask` (a bit a colour) lands on that hole next turn, its hand's chances in
    probs[12 c:12 c + 12] (bot._reach)."""
    L = prm[2]
    ncol = prm[1]
    for i in range(L):
        table[i] = 0
    for d in range(ncol):
        if not (mask >> d) & 1:
            continue
        o = 12 * d
        nest = 0
        for g in range(4 * d, 4 * d + 4):
            a = w[g]
            if a == _NEST:
                nest = 1
                continue
            if a > _B:
                continue
            t = a
            for step in range(1, 13):
                t = t + 1 if t + 1 < L else 0
                if t & 15 == 0 and w[_ST + (t >> 4)]:
                    break
                x = 0
                if step <= 7:
                    x = probs[o + _C7]
                k = _FWD[step]
                if k != 255:
                    x += probs[o + k]
                table[t] += x
            t = a
            ok = 1
            for _ in range(4):
                t = t - 1 if t > 0 else L - 1
                if t & 15 == 0 and w[_ST + (t >> 4)]:
                    ok = 0
                    break
            if ok:
                table[t] += probs[o + _CM4]
        if nest and not w[_ST + d]:
            table[16 * d] += probs[o] + probs[o + 7]
    for i in range(L):
        if table[i] > 256:
            table[i] = 256


def evaluate(w, prm, team, danger, threat, wt):  # noqa: C901  (fastplay.evaluate's twin)
    """Hard's evaluation (bot._eval) of world w for the team whose colours are the bits of
    `team`: wt holds risk, restart, threat, block and the team's multiplier."""
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
            v = w[g]
            if v == _NEST:
                home = 0
                continue
            if v > _B:
                sub += L + 40 + 3 * (v - _B)
                continue
            home = 0
            if v == base:
                if w[_ST + c]:
                    sub += 10
                    if mine and wb:
                        # opponents' pawns that the stake holds up (within 12 behind it)
                        for h in range(4 * ncol):
                            p = w[h]
                            if not (team >> (h >> 2)) & 1 and p < _B:
                                d = v - p
                                if d < 0:
                                    d += L
                                if d <= 12:
                                    gain += wb * 256
                    continue
                x = 10 + L
            else:
                d = v - base
                x = 10 + (d if d >= 0 else d + L)
            sub += x
            if mine:
                loss += danger[v] * (x + rs)
            elif wth:
                gain += threat[v] * x * wth >> 8
        if home:
            sub += 100
        if mine:
            total += sub * mult
        else:
            total -= sub
    return total * 256 - ((loss * wr) >> 8) * mult + gain
