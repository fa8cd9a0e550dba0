"""Wuxing duel bots by level (shared_rules.bots dispatches here); see docs/bots.md.

Théâtre du duel (perfect information):
- easy: one ply with the evaluation below, but now and then (a seeded draw) a plausible
  mistake: one of its next three moves.
- normal: one ply with the evaluation (equal values: one drawn, seeded).
- hard: alpha-beta by iterative deepening (captures first, the moves in the previous depth's
  order), stopped by a count of nodes (`BUDGET`), never a clock; equal values at the root: one
  drawn (seeded).
The evaluation: pawns, less for a pawn whose row and column keep few other islands (isolation:
a pawn alone is lost at the next turning), tokens held, the side to move's captures and the
pawns it has under threat, mobility. The search plays the moves in place on one copy of the
position (no copy per node).

Chemin du duel (simultaneous choice): each round is a small matrix game (the seat's allowed
cards against the opponent's, known from the public last cards), its payoffs the evaluation
after the duel (hard: after the next round too, the middle of its maximin and minimax). The
mixed strategy comes from fictitious play in integers (the same on a Pico's single floats and
on CPython), answering an opponent expected to play its obvious card part of the time, and the
card is drawn from it with a generator seeded by the game's seed, the seat and the position.
The opponent's pending card is never read (only what `state.view(seat)` shows).
"""

from micropython import const

from shared_rules import wuxing
from shared_rules.rng import Rng

_INF = const(1000000)
_WIN = const(100000)
_NONE = const(255)
_GIVE = const(4096)  # wuxing.M_GIVE << 12
_TURN = const(8192)  # wuxing.M_TURN << 12

# Tuned weights (data; docs/bots.md tells how they were tuned with `lanterne arena`).
# Théâtre: pawn: a pawn; risk: a pawn whose row and column hold 0, 1, 2, 3 other islands;
# token: a token held; capnow: the side to move can capture (capmore: each further target);
# threat: each of the side to move's pawns the opponent could capture; mob: each legal move;
# depth: the deepest search; slip (easy): chance in 256 of one of the next-best moves.
# Chemin: ahead: an island of progress; mine/theirs: a token held; face: the Yin-Yang face;
# edge: one duel from a win; iters: rounds of fictitious play; bias: how often (in 256ths)
# the opponent is expected to play its obvious card (the best against a random one).
WEIGHTS = {
    "easy": {"pawn": 100, "risk": (100, 35, 12, 4), "token": 4, "capnow": 30, "capmore": 5,
             "threat": 20, "mob": 2, "depth": 1, "slip": 80,
             "ahead": 30, "mine": 25, "theirs": 10, "face": 8, "edge": 40, "iters": 0, "bias": 0},
    "normal": {"pawn": 100, "risk": (100, 35, 12, 4), "token": 4, "capnow": 60, "capmore": 10,
               "threat": 35, "mob": 2, "depth": 1, "slip": 0,
               "ahead": 30, "mine": 25, "theirs": 15, "face": 8, "edge": 40, "iters": 64,
               "bias": 64},
    "hard": {"pawn": 100, "risk": (100, 35, 12, 4), "token": 4, "capnow": 60, "capmore": 10,
             "threat": 35, "mob": 2, "depth": 6, "slip": 0,
             "ahead": 30, "mine": 25, "theirs": 15, "face": 8, "edge": 40, "iters": 96,
             "bias": 96},
}
BUDGET = {"easy": 200, "normal": 200, "hard": 80}  # Théâtre nodes (moves played) a decision

LAST = {"evals": 0, "nodes": 0}  # the last decision: evaluations, Théâtre nodes


class _Out(Exception):
    pass


def _rng(st, seat):
    # the bot's own chance for `seat`: the game's seed, the seat and the position (what
    # serialize() keeps: the pawns, turned tiles, tokens, Chemin rounds, pawns, faces and
    # last cards), so a state read back from its text draws the same; never the game's
    # generator, nor the pending choices
    h = ((st.seed or 0) * 1000003 + seat * 131 + st.rounds * 7919) & 0x3FFFFFFF
    for b in (st.pawn, st.turned, st.tokens, st.pos, st.face, st.last):
        for x in b:
            h = (h * 31 + x) & 0x3FFFFFFF
    return Rng(h)


# ---- Théâtre: the position searched in place ------------------------------------------------
class _Pos:
    pass


_RAYS = None  # per square and direction, the squares in order (5 bytes, 255 after the last)


def _rays():
    global _RAYS
    if _RAYS is None:
        b = bytearray(b"\xff" * 500)
        for i in range(25):
            for d in range(4):
                dr, dc = ((-1, 0), (1, 0), (0, -1), (0, 1))[d]
                r = i // 5 + dr
                c = i % 5 + dc
                k = (i * 4 + d) * 5
                while 0 <= r < 5 and 0 <= c < 5:
                    b[k] = r * 5 + c
                    k += 1
                    r += dr
                    c += dc
        _RAYS = bytes(b)
    return _RAYS


def _gen(s, seat, out):
    # codes of seat's pawn moves with the tokens it holds: captures first (appended to out),
    # then the quiet ones
    P = s.P
    T = s.T
    E = s.E
    K = s.K
    R = s.R
    own = seat + 1
    red = K[2 * seat] and s.both
    blue = K[2 * seat + 1]
    if not red and not blue:
        return out
    quiet = []
    for i in range(25):
        if P[i] != own:
            continue
        e = E[i]
        for k in range(i * 20, i * 20 + 20, 5):
            j = R[k]
            while j != 255:
                k += 1
                if not T[j]:
                    q = P[j]
                    if q == own:
                        break
                    d = (E[j] - e) % 5
                    if d == 1 and red:
                        if q:
                            out.append(i << 6 | j << 1)
                            break
                        quiet.append(i << 6 | j << 1)
                    elif d == 2 and blue:
                        if q:
                            out.append(i << 6 | j << 1 | 1)
                            break
                        quiet.append(i << 6 | j << 1 | 1)
                    if q:
                        break
                j = R[k]
    out.extend(quiet)
    return out


def _side(s, seat, red, blue, w):
    # seat's pawns valued (less the risk of isolation: other islands left in their row and
    # column), and with those tokens its number of moves and the bit mask of the squares it
    # could capture on: in s.val, s.mob, s.caps
    P = s.P
    T = s.T
    E = s.E
    R = s.R
    rows = s.rows
    cols = s.cols
    risk = w["risk"]
    pawn = w["pawn"]
    own = seat + 1
    val = 0
    n = 0
    caps = 0
    for i in range(25):
        if P[i] != own:
            continue
        r0 = i // 5
        x = rows[r0] + cols[i - r0 * 5] - 2
        val += pawn - risk[x] if x < 4 else pawn
        if not red and not blue:
            continue
        e = E[i]
        for k in range(i * 20, i * 20 + 20, 5):
            j = R[k]
            while j != 255:
                k += 1
                if not T[j]:
                    q = P[j]
                    if q == own:
                        break
                    d = (E[j] - e) % 5
                    if (d == 1 and red) or (d == 2 and blue):
                        n += 1
                        if q:
                            caps |= 1 << j
                    if q:
                        break
                j = R[k]
    s.val = val
    s.mob = n
    s.caps = caps


def _eval(s, cur, w):
    # the position for `cur` (the seat to move at this node)
    LAST["evals"] += 1
    K = s.K
    o = 1 - cur
    if s.phase:  # turning: the tokens come back, the seat after the last spender moves first
        mover = 1 - s.ls
        _side(s, mover, s.both, 1, w)
        va = s.val
        ma = s.mob
        ca = s.caps
        _side(s, 1 - mover, s.both, 1, w)
        tok = 0
    else:
        mover = cur
        _side(s, cur, K[2 * cur] and s.both, K[2 * cur + 1], w)
        va = s.val
        ma = s.mob
        ca = s.caps
        _side(s, o, K[2 * o] and s.both, K[2 * o + 1], w)
        tok = (K[2 * cur] + K[2 * cur + 1] - K[2 * o] - K[2 * o + 1]) * w["token"]
    cb = s.caps
    # ca: squares the mover can capture on, cb: the mover's pawns under threat
    x = va - s.val
    if ca:
        x += w["capnow"]
        ca &= ca - 1
        while ca:
            x += w["capmore"]
            ca &= ca - 1
    while cb:
        x -= w["threat"]
        cb &= cb - 1
    x += (ma - s.mob) * w["mob"]
    if mover != cur:
        x = -x
    return x + tok


def _empty(s):
    P = s.P
    T = s.T
    for i in range(25):
        if not T[i] and not P[i]:
            return True
    return False


def _children(s, cur):
    # the moves at this node: pawn moves (captures first), else tokens given; islands turned
    if s.phase:
        P = s.P
        T = s.T
        return [_TURN | i << 6 for i in range(25) if not T[i] and not P[i]]
    out = _gen(s, cur, [])
    if not out:
        K = s.K
        for k in (0, 1):
            if K[2 * cur + k]:
                out.append(_GIVE | k << 6)
    return out


def _search(s, cur, depth, alpha, beta, w):
    # negamax value for `cur`; the seat to move may stay the same (the other has no token)
    moves = _children(s, cur)
    best = -_INF
    for code in moves:
        v = _child(s, cur, code, depth, alpha, beta, w)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def _child(s, cur, code, depth, alpha, beta, w):
    # play `code` in place, value it for `cur` (search below, or the evaluation), take it back
    if s.nodes >= s.budget:
        raise _Out()
    s.nodes += 1
    P = s.P
    K = s.K
    if code >= _TURN:
        return _turn(s, cur, code >> 6 & 31, depth, alpha, beta, w)
    o = 1 - cur
    if code >= _GIVE:
        col = code >> 6 & 1
        i = j = -1
        taken = 0
    else:
        col = code & 1
        i = code >> 6
        j = code >> 1 & 31
        taken = P[j]
        P[i] = 0
        P[j] = cur + 1
    K[2 * cur + col] -= 1
    K[4 + col] += 1
    if taken:
        s.cnt[o] -= 1
    ls = s.ls
    s.ls = cur
    if not s.cnt[o]:
        v = _WIN + depth
    else:
        if K[2 * o] + K[2 * o + 1]:
            nxt = o
        elif K[2 * cur] + K[2 * cur + 1]:
            nxt = cur
        else:
            nxt = 0
            s.phase = 1
        if s.phase and not _empty(s):
            v = 0
        elif depth <= 1:
            v = _eval(s, nxt, w)
            if nxt != cur:
                v = -v
        elif nxt != cur:
            v = -_search(s, nxt, depth - 1, -beta, -alpha, w)
        else:
            v = _search(s, nxt, depth - 1, alpha, beta, w)
        s.phase = 0
    s.ls = ls
    if taken:
        s.cnt[o] += 1
    K[2 * cur + col] += 1
    K[4 + col] -= 1
    if i >= 0:
        P[i] = cur + 1
        P[j] = taken
    return v


def _turn(s, cur, sq, depth, alpha, beta, w):
    T = s.T
    P = s.P
    T[sq] = 1
    r = sq // 5
    s.rows[r] -= 1
    s.cols[sq - r * 5] -= 1
    if cur == 0:
        if not _empty(s):
            v = 0  # Yin cannot turn: a draw
        elif depth <= 1:
            v = -_eval(s, 1, w)
        else:
            v = -_search(s, 1, depth - 1, -beta, -alpha, w)
        T[sq] = 0
        s.rows[r] += 1
        s.cols[sq - r * 5] += 1
        return v
    # Yin turned: isolated pawns are captured, tokens taken back
    lost = []
    rows = s.rows
    cols = s.cols
    for i in range(25):
        if P[i]:
            y = i // 5
            if rows[y] + cols[i - y * 5] == 2:  # no other island in its row and its column
                lost.append(i)
                lost.append(P[i])
    cnt = s.cnt
    for k in range(0, len(lost), 2):
        P[lost[k]] = 0
        cnt[lost[k + 1] - 1] -= 1
    if not cnt[0] or not cnt[1]:
        if cnt[0] == cnt[1]:
            v = 0
        else:
            v = _WIN + depth if cnt[1] else -_WIN - depth  # for Yin (cur)
    else:
        K = s.K
        K[0] = K[1] = K[2] = K[3] = 2
        K[4] = K[5] = 0
        s.phase = 0
        nxt = 1 - s.ls
        if depth <= 1:
            v = _eval(s, nxt, w)
        elif nxt == cur:
            v = _search(s, nxt, depth - 1, alpha, beta, w)
        else:
            v = -_search(s, nxt, depth - 1, -beta, -alpha, w)
        if nxt != cur and depth <= 1:
            v = -v
        K[0] = K[1] = K[2] = K[3] = 0
        K[4] = K[5] = 4
        s.phase = 1
    for k in range(0, len(lost), 2):
        P[lost[k]] = lost[k + 1]
        cnt[lost[k + 1] - 1] += 1
    T[sq] = 0
    s.rows[r] += 1
    s.cols[sq - r * 5] += 1
    return v


def _position(st):
    s = _Pos()
    s.P = bytearray(st.pawn)
    s.T = bytearray(st.turned)
    s.E = st.elem
    s.R = _rays()
    s.K = bytearray(st.tokens)
    s.both = 1 if st.flags["links"] == "both" else 0
    s.phase = 1 if st.phase == wuxing.TURN else 0
    s.ls = st.last_spender
    s.cnt = [st.pawns(0), st.pawns(1)]
    s.rows = [5, 5, 5, 5, 5]  # islands not turned in each row and column
    s.cols = [5, 5, 5, 5, 5]
    for i in range(25):
        if s.T[i]:
            s.rows[i // 5] -= 1
            s.cols[i % 5] -= 1
    s.nodes = 0
    s.budget = 0
    return s


def _root(s, cur, depth, order, w):
    # [(value, code)] of every root move searched to `depth`, in `order`; stops (_Out) when
    # the budget runs out, keeping what was fully searched in s.done
    alpha = -_INF
    done = []
    s.done = done
    for code in order:
        v = _child(s, cur, code, depth, alpha, _INF, w)
        done.append((v, code))
        if v > alpha:
            alpha = v
    return done


def _theatre(st, level):
    s = _position(st)
    code = _decide(s, st, level)
    LAST["nodes"] = s.nodes
    return code


def _decide(s, st, level):
    w = WEIGHTS[level]
    cur = st.current_player
    order = _children(s, cur)
    if len(order) == 1:
        return order[0]
    s.budget = BUDGET[level]
    if level == "easy":
        vals = _root(s, cur, 1, order, w)
        vals.sort(reverse=True)  # (value, code): codes differ, so the order is total
        r = _rng(st, cur)
        i = 0
        if r.below(256) < w["slip"]:
            i = 1 + r.below(min(3, len(vals) - 1))
        return vals[i][1]
    best = None
    ranked = None
    for depth in range(1, w["depth"] + 1):
        try:
            vals = _root(s, cur, depth, order, w)
        except _Out:
            # the first move (the best of the previous depth) and any searched fully after
            # it: a better one among them is kept
            done = s.done
            if done and best is not None:
                d = done[0]
                for x in done:
                    if x[0] > d[0]:
                        d = x
                if d[1] != best[1] and d[0] > done[0][0]:
                    best = d
                    ranked = None
            break
        # (value, code) pairs: codes differ, so the order is total and the same on both
        # runtimes (MicroPython's sort is not stable)
        vals.sort(reverse=True)
        best = vals[0]
        ranked = vals
        if best[0] >= _WIN - 100:
            break
        order = [x[1] for x in vals]
    if best is None:
        return order[0]
    if ranked is not None:  # equal values: one drawn (seeded), so games differ
        n = 1
        while n < len(ranked) and ranked[n][0] == best[0]:
            n += 1
        if n > 1:
            return ranked[_rng(st, cur).below(n)][1]
    return best[1]


# ---- Chemin --------------------------------------------------------------------------------
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
    r = _rng(st, seat)
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


def move(st, level):
    """The move of `level` ("greedy", "easy", "normal", "hard") for the seat to move. Chemin:
    the round with each pending choice kept and each missing one chosen by `level` for its
    seat (`card`), as `wuxing.greedy_move` does."""
    LAST["evals"] = 0
    LAST["nodes"] = 0
    if level == "greedy":
        return wuxing.greedy_move(st)
    if st.phase == wuxing.OVER:
        return None
    if st.phase == wuxing.DUEL:
        p = st.pending
        a = p[0] if p[0] != _NONE else card(st, 0, level)
        n = LAST["evals"]
        b = p[1] if p[1] != _NONE else card(st, 1, level)
        LAST["evals"] += n
        return wuxing.Move(wuxing.M_DUEL, a, b)
    code = _theatre(st, level)
    return wuxing._decode(code)
