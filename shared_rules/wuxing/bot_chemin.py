"""Wuxing duel, Chemin du duel: the card each level plays (wuxing_bot.py dispatches here; see
its docstring and docs/bots.md): each round a small matrix game. Easy and normal: a mixed
strategy from fictitious play in integers over an evaluation. Hard: the game's equilibrium
(issue 33): the round's matrix from the solved values of `chemin.bin` (host/lanterne/
chemin_solve.py computed them), solved exactly in integers (Shapley-Snow: an optimal strategy
on a square kernel). Every card is drawn from the bot's own generator, which mixes in the
game's secret (shared_rules/bots.py), so neither the code nor the log foresees it."""

from micropython import const

from shared_rules.wuxing import rules as wuxing
from shared_rules.wuxing.bot_common import LAST, WEIGHTS, bot_rng

_INF = const(1000000)
_WIN = const(100000)


def _cduel(path, plain, pos0, pos1, f0, f1, K, a, b):
    # the duel (a, b) from the given position: the new (pos0, pos1, f0, f1, tokens, winner),
    # winner 0/1 when the game ended, -1 otherwise (tokens a new list)
    w = -1
    col = -1
    if a != b:
        d = (b - a) % 5
        w = 0 if d < 3 else 1
        col = 0 if d in (1, 4) else 1
    elif path[pos0] == a or path[pos1] == a:
        w = 0 if path[pos0] == a else 1
        if not plain:
            f0 = 1 if w == 0 else 0
            f1 = 1 - f0
    elif f0 != f1 and not plain:
        w = 0 if f0 else 1
        f0 = f1 = 0
    t = [K[0], K[1], K[2], K[3], K[4], K[5]]
    if w < 0:
        return pos0, pos1, f0, f1, t, -1
    end = -1
    if w == 0:
        pos0 += 1
        if pos1 == pos0:
            pos1 += 1
            if pos1 > 4:
                end = 0
    else:
        pos1 -= 1
        if pos1 == pos0:
            pos0 -= 1
            if pos0 < 0:
                end = 1
    o = 1 - w
    if col >= 0 and t[2 * w + col] < 2:
        if t[4 + col]:
            t[4 + col] -= 1
        else:
            t[2 * o + col] -= 1
        t[2 * w + col] += 1
    if t[2 * w] + t[2 * w + 1] == 4:
        end = w
    return pos0, pos1, f0, f1, t, end


def _cvalue(seat, path, pos0, pos1, f0, f1, t, w):
    # a Chemin position for `seat` (no one has won)
    o = 1 - seat
    ahead = pos0 + pos1 - 4
    if seat:
        ahead = -ahead
    v = ahead * w["ahead"]
    mine = t[2 * seat] + t[2 * seat + 1]
    theirs = t[2 * o] + t[2 * o + 1]
    v += mine * w["mine"] - theirs * w["theirs"]
    v += (f0 - f1 if seat == 0 else f1 - f0) * w["face"]
    # one duel from a win: pushed off its end, or the fourth token
    if (pos1 == 4 and pos0 == 3) or t[0] + t[1] == 3:
        v += w["edge"] if seat == 0 else -w["edge"]
    if (pos0 == 0 and pos1 == 1) or t[2] + t[3] == 3:
        v += w["edge"] if seat == 1 else -w["edge"]
    return v


def _allowed(last, nd):
    return [e for e in range(5) if nd or e != last]


def _matrix(st, seat, w):
    # the payoffs for `seat`: its allowed cards (rows) against the opponent's (columns)
    path = st.path
    plain = st.flags["plain_faces"]
    nd = st.flags["no_discard"]
    limit = st.flags["round_limit"]
    rounds = st.rounds
    pos = st.pos
    face = st.face
    K = st.tokens
    last = st.last
    mine = _allowed(last[seat], nd)
    theirs = _allowed(last[1 - seat], nd)
    rows = []
    for c in mine:
        row = []
        for x in theirs:
            a, b = (c, x) if seat == 0 else (x, c)
            p0, p1, f0, f1, t, end = _cduel(path, plain, pos[0], pos[1], face[0], face[1], K, a, b)
            LAST["evals"] += 1
            if end >= 0:
                v = _WIN if end == seat else -_WIN
            elif limit and rounds + 1 >= limit:
                v = 0
            else:
                v = _cvalue(seat, path, p0, p1, f0, f1, t, w)
            row.append(v)
        rows.append(row)
    return mine, rows


def _mixed(rows, iters, bias, expect):
    # fictitious play in integers on the payoff matrix (rows: this seat, to maximise): how
    # often each row was the best answer to the opponent's play so far. With `bias` (in 256ths)
    # the rows answer a column player who plays the `expect` columns (its obvious cards) that
    # often and its own best answers otherwise: a counter-strategy that stays hard to exploit
    n = len(rows)
    m = len(rows[0])
    mine = [0] * n  # the row player's payoff totals against the columns played
    theirs = [0] * m  # the column player's totals against the rows played
    count = [0] * n
    lean = [0] * n  # each row's payoff against the obvious columns (their mean, x 256)
    if bias and expect:
        for k in range(n):
            t = 0
            for j in expect:
                t += rows[k][j]
            lean[k] = t * bias // len(expect)
    for it in range(iters):
        # the row that answers best (the first of equals)
        i = 0
        bi = mine[0] * (256 - bias) + lean[0] * it
        for k in range(1, n):
            v = mine[k] * (256 - bias) + lean[k] * it
            if v > bi:
                i = k
                bi = v
        count[i] += 1
        row = rows[i]
        for k in range(m):
            theirs[k] += row[k]
        j = 0
        for k in range(1, m):
            if theirs[k] < theirs[j]:
                j = k
        for k in range(n):
            mine[k] += rows[k][j]
    return count


def _obvious(rows):
    # the opponent's obvious cards: the columns of least total payoff for this seat (best for
    # the opponent against this seat's cards taken as equally likely)
    m = len(rows[0])
    out = []
    lo = None
    for j in range(m):
        t = 0
        for row in rows:
            t += row[j]
        if lo is None or t < lo:
            lo = t
            out = [j]
        elif t == lo:
            out.append(j)
    return out


def card(st, seat, level):
    """Chemin: the card (an element number) `level` plays for `seat` this round, from what the
    seat may know only (never the opponent's pending card)."""
    LAST["evals"] = 0
    if level == "greedy":
        return wuxing.greedy_card(st, seat)
    if level == "hard":
        return hard_card(st, seat)
    w = WEIGHTS[level]
    r = bot_rng(st, seat)
    mine, rows = _matrix(st, seat, w)
    if not w["iters"]:  # easy: the best card against an opponent playing at random, or a slip
        best = 0
        sums = []
        for row in rows:
            t = 0
            for v in row:
                t += v
            sums.append(t)
        for k in range(len(sums)):
            if sums[k] > sums[best]:
                best = k
        if r.below(256) < w["slip"]:
            return mine[r.below(len(mine))]
        return mine[best]
    expect = _obvious(rows) if w["bias"] else None
    count = _mixed(rows, w["iters"], w["bias"], expect)
    x = r.below(w["iters"])
    for k in range(len(count)):
        if x < count[k]:
            return mine[k]
        x -= count[k]
    return mine[-1]


# ---- hard: the equilibrium ----------------------------------------------------------------
_SHIFT = const(128)  # the payoffs made positive (a win is 63): the simplex's start is feasible
_HEAD = const(65)  # chemin.bin's head: magic, scale, the 12 class paths
_EQ = {}  # the table of the game in play: (path, no_discard, plain_faces) -> _Table


class _Table:
    """One path's solved values for Yang (signed bytes, a win `scale`), in its class's frame:
    the elements turned by `k`, the seats swapped with the path read backwards when `rev`;
    only the states a game reaches, named by a bitmap (`bits`, with `pre`: the states named
    before each 8-byte block)."""

    def __init__(self, bits, data, scale, k, rev, nd, plain):
        self.bits = bits
        self.data = data
        self.scale = scale
        self.k = k
        self.rev = rev
        self.nd = nd
        self.plain = plain
        pop = _pop()
        pre = []
        n = 0
        for i in range(len(bits)):
            if not i & 7:
                pre.append(n)
            n += pop[bits[i]]
        self.pre = pre


_POP = []  # the bits set in each byte, made on first use


def _pop():
    if not _POP:
        _POP.append(bytes([(i & 1) + (i >> 1 & 1) + (i >> 2 & 1) + (i >> 3 & 1) + (i >> 4 & 1)
                           + (i >> 5 & 1) + (i >> 6 & 1) + (i >> 7 & 1) for i in range(256)]))
    return _POP[0]


def _data_path():
    here = __file__
    cut = max(here.rfind("/"), here.rfind("\\"))
    for d in (here[:cut + 1] if cut >= 0 else "", "shared_rules/wuxing/",
              "/shared_rules/wuxing/"):
        try:
            with open(d + "chemin.bin", "rb"):
                return d + "chemin.bin"
        except OSError:
            pass
    raise ValueError("chemin.bin is not on this device")


def _inflate(f, size, raw):
    """The `raw` bytes that the raw-deflate chunk of `size` bytes at `f`'s place inflates to.
    On MicroPython straight from the file into one buffer of that size: no copy of the chunk
    and no buffer grown by halves, so a heap left in pieces by a game in play still has room
    (a 4.6 KB table read whole needed some 3.5 KB blocks beside its 4 KB window)."""
    try:
        import deflate
    except ImportError:
        import zlib  # pyright: ignore[reportMissingImports] (CPython's: not in the stubs)

        return zlib.decompress(f.read(size), -12)
    out = bytearray(raw)
    stream = deflate.DeflateIO(f, deflate.RAW, 12)  # a 4 KB window
    view = memoryview(out)
    got = 0
    while got < raw:
        n = stream.readinto(view[got:])
        if not n:
            raise ValueError("a Chemin table's chunk ends early")
        got += n
    return out


def _frame(path):
    # (class rep, k, rev): the least of the path's images, turned by k, read backwards if rev
    best = (bytes(path), 0, False)
    for k in range(5):
        q = bytes([(e + k) % 5 for e in path])
        for rev in (False, True):
            img = bytes([q[4 - i] for i in range(5)]) if rev else q
            if img < best[0]:
                best = (img, k, rev)
    return best


def _chunk(f, rec):
    # the inflated chunk of record `rec`
    f.seek(_HEAD + 12 * rec)
    r = f.read(12)
    off = r[0] | r[1] << 8 | r[2] << 16 | r[3] << 24
    size = r[4] | r[5] << 8 | r[6] << 16 | r[7] << 24
    raw = r[8] | r[9] << 8 | r[10] << 16 | r[11] << 24
    f.seek(off)
    return _inflate(f, size, raw)



def table(st):
    """The solved values of the game's path and flags, read from flash once a game."""
    nd = 1 if st.flags["no_discard"] else 0
    plain = 1 if st.flags["plain_faces"] else 0
    key = (bytes(st.path), nd, plain)
    t = _EQ.get(key)
    if t is not None:
        return t
    _EQ.clear()
    rep, k, rev = _frame(st.path)
    with open(_data_path(), "rb") as f:
        head = f.read(_HEAD)
        if head[:4] != b"CQ2\x01":
            raise ValueError("not a Chemin table")
        cls = -1
        for c in range(12):
            if head[5 + 5 * c:10 + 5 * c] == rep:
                cls = c
        bits = _chunk(f, nd * 2 + plain)
        data = _chunk(f, 4 + cls * 4 + nd * 2 + plain)
    t = _Table(bits, data, head[4], k, rev, nd, plain)
    _EQ[key] = t
    return t


_PAIR0 = const(b"\x00\x04\x07\x09")  # the first index of each Yang island's pawn pairs
_TOK = const(b"\x00\x03\x05")  # the first index of each count held by Yang among a colour's splits


def _yang_value(t, p0, p1, f0, f1, K, a, b):
    # the table's value (a win: t.scale) for Yang after the duel (a, b) left this position (no
    # end); 0 for a position no game reaches (a hand-made one)
    k = t.k
    if t.rev:
        p0, p1 = 4 - p1, 4 - p0
        f0, f1 = f1, f0
        yr, yb, nr, nb = K[2], K[3], K[0], K[1]
        a, b = (b + k) % 5, (a + k) % 5
    else:
        yr, yb, nr, nb = K[0], K[1], K[2], K[3]
        a, b = (a + k) % 5, (b + k) % 5
    pair = _PAIR0[p0] + p1 - p0 - 1
    face = 0 if t.plain else (0 if f0 == f1 else (1 if f0 else 2))
    core = ((pair * (1 if t.plain else 3) + face) * 36 + (_TOK[yr] + nr) * 6 + _TOK[yb] + nb)
    i = core if t.nd else core * 25 + a * 5 + b
    bits = t.bits
    byte = i >> 3
    if not bits[byte] >> (i & 7) & 1:
        return 0
    pop = _pop()
    n = t.pre[byte >> 3]
    for j in range(byte & ~7, byte):
        n += pop[bits[j]]
    n += pop[bits[byte] & ((1 << (i & 7)) - 1)]
    v = t.data[n]
    if v > 127:
        v -= 256
    return -v if t.rev else v


def eq_matrix(st, seat):
    """The round's payoffs for `seat` from the solved values (a win: the table's scale, 63):
    its allowed cards (rows) against the opponent's (columns)."""
    t = table(st)
    path = st.path
    plain = st.flags["plain_faces"]
    nd = st.flags["no_discard"]
    limit = st.flags["round_limit"]
    pos = st.pos
    face = st.face
    mine = _allowed(st.last[seat], nd)
    theirs = _allowed(st.last[1 - seat], nd)
    rows = []
    for c in mine:
        row = []
        for x in theirs:
            a, b = (c, x) if seat == 0 else (x, c)
            p0, p1, f0, f1, tk, end = _cduel(path, plain, pos[0], pos[1], face[0], face[1],
                                            st.tokens, a, b)
            LAST["evals"] += 1
            if end >= 0:
                v = t.scale if end == 0 else -t.scale
            elif limit and st.rounds + 1 >= limit:
                v = 0
            else:
                v = _yang_value(t, p0, p1, f0, f1, tk, a, b)
            row.append(v if seat == 0 else -v)
        rows.append(row)
    return mine, theirs, rows


def eq_weights(rows):
    """An optimal mixed strategy of the row player (maximising) in the payoff matrix `rows`:
    (weights, total), exact. The payoffs made positive (A), the column player's program
    max sum(w) with A w <= 1, w >= 0 solved by the simplex method in integers (fraction-free
    pivoting: the tableau over one common denominator, every division exact; Bland's rule:
    the first improving column, the least ratio then the least basic variable, so the same
    pivots on every runtime); the row player's strategy is its dual, read off the objective
    row under the slack columns."""
    n = len(rows)
    m = len(rows[0])
    W = m + n + 1
    T = []
    for i in range(n):
        t = [v + _SHIFT for v in rows[i]] + [0] * (n + 1)
        t[m + i] = 1
        t[W - 1] = 1
        T.append(t)
    T.append([-1] * m + [0] * (n + 1))
    basis = list(range(m, m + n))
    d = 1
    obj = T[n]
    while True:
        c = -1
        for j in range(m + n):
            if obj[j] < 0:
                c = j
                break
        if c < 0:
            break
        r = -1
        for i in range(n):
            if T[i][c] > 0:
                if r < 0:
                    r = i
                    continue
                x = T[i][W - 1] * T[r][c]
                y = T[r][W - 1] * T[i][c]
                if x < y or (x == y and basis[i] < basis[r]):
                    r = i
        p = T[r][c]
        tr = T[r]
        for i in range(n + 1):
            if i != r:
                ti = T[i]
                f = ti[c]
                for j in range(W):
                    ti[j] = (ti[j] * p - f * tr[j]) // d
        d = p
        basis[r] = c
    w = obj[m:m + n]
    s = 0
    for x in w:
        s += x
    return w, s


def eq_strategy(rows):
    """eq_weights' strategy scaled to a total near 65,536 (each weight rounded down): what the
    bot's generator draws from (the exact totals may pass 32 bits)."""
    w, s = eq_weights(rows)
    out = [x * 65536 // s for x in w]
    s = 0
    for x in out:
        s += x
    return out, s


def hard_card(st, seat):
    """Hard's card: drawn (the game's secret mixed in) from an optimal strategy of the
    round's matrix game on the solved values."""
    mine, _, rows = eq_matrix(st, seat)
    w, s = eq_strategy(rows)
    x = bot_rng(st, seat).below(s)
    for k in range(len(w)):
        if x < w[k]:
            return mine[k]
        x -= w[k]
    return mine[-1]
