"""Wuxing duel, Chemin du duel: the card each level plays (wuxing_bot.py dispatches here; see
its docstring and docs/bots.md): each round a small matrix game, a mixed strategy from
fictitious play in integers, the card drawn from the bot's own seeded generator."""

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


def _matrix(st, seat, w, deep):
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
            elif deep:
                v = _next_value(seat, path, plain, nd, p0, p1, f0, f1, t, a, b, w)
            else:
                v = _cvalue(seat, path, p0, p1, f0, f1, t, w)
            row.append(v)
        rows.append(row)
    return mine, rows


def _next_value(seat, path, plain, nd, p0, p1, f0, f1, K, a, b, w):
    # the next round's worth for `seat`, halfway between its safest card's (maximin) and the
    # opponent's safest answer (minimax), each payoff the evaluation after that duel
    la = _allowed(a, nd)
    lb = _allowed(b, nd)
    mine, theirs = (la, lb) if seat == 0 else (lb, la)
    colmin = None
    rowmax = [-_INF] * len(theirs)
    for c in mine:
        lo = _INF
        k = 0
        for x in theirs:
            y0, y1 = (c, x) if seat == 0 else (x, c)
            q0, q1, g0, g1, t, end = _cduel(path, plain, p0, p1, f0, f1, K, y0, y1)
            LAST["evals"] += 1
            if end >= 0:
                v = _WIN // 4 if end == seat else -_WIN // 4
            else:
                v = _cvalue(seat, path, q0, q1, g0, g1, t, w)
            if v < lo:
                lo = v
            if v > rowmax[k]:
                rowmax[k] = v
            k += 1
        if colmin is None or lo > colmin:
            colmin = lo
    return (colmin + min(rowmax)) // 2


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
    w = WEIGHTS[level]
    r = bot_rng(st, seat)
    mine, rows = _matrix(st, seat, w, False)
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
    if level == "hard":
        mine, rows = _matrix(st, seat, w, True)
    count = _mixed(rows, w["iters"], w["bias"], expect)
    x = r.below(w["iters"])
    for k in range(len(count)):
        if x < count[k]:
            return mine[k]
        x -= count[k]
    return mine[-1]
