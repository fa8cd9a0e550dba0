"""Wuxing duel, Théâtre du duel: the levels' search (wuxing_bot.py dispatches here; the levels
and the evaluation are described there and in docs/bots.md). The position is searched in place
on one copy (no copy per node), bounded by a count of nodes, never a clock."""

# pyright: reportAttributeAccessIssue=false
# (the engine's State fields, set by its builders: the type checker cannot see them)

from micropython import const

from shared_rules.wuxing import rules as wuxing
from shared_rules.wuxing.bot_common import BUDGET, LAST, WEIGHTS, bot_rng

_PIECE = const(16)  # nodes a piece of `steps` searches at least (then it ends with a root move)
_INF = const(1000000)
_WIN = const(100000)
_GIVE = const(4096)  # wuxing.M_GIVE << 12
_TURN = const(8192)  # wuxing.M_TURN << 12


class _Out(Exception):
    pass


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
    # every root move searched to `depth`, in `order`, into s.done as (value, code); stops
    # (_Out) when the budget runs out, keeping what was fully searched. A generator: None
    # after a root move once _PIECE nodes were searched since the last piece (steps)
    alpha = -_INF
    done = []
    s.done = done
    for code in order:
        v = _child(s, cur, code, depth, alpha, _INF, w)
        done.append((v, code))
        if v > alpha:
            alpha = v
        if s.nodes >= s.piece:
            s.piece = s.nodes + _PIECE
            yield None


def decide(st, level):
    """The move code `level` plays in this Théâtre position."""
    last = None
    for value in steps(st, level):
        last = value
    return last


def steps(st, level):
    """`decide` as a generator for a board's loop: None after each piece of the search (at
    least _PIECE nodes, ended with a root move: a piece is bounded by counts, never a clock),
    the move code last."""
    s = _position(st)
    s.piece = _PIECE
    code = None
    for code in _decide(s, st, level):
        if code is None:
            yield None
    LAST["nodes"] = s.nodes
    yield code


def _decide(s, st, level):  # noqa: C901 - the levels' search, one generator
    w = WEIGHTS[level]
    cur = st.current_player
    order = _children(s, cur)
    if len(order) == 1:
        yield order[0]
        return
    s.budget = BUDGET[level]
    if level == "easy":
        yield from _root(s, cur, 1, order, w)
        vals = s.done
        vals.sort(reverse=True)  # (value, code): codes differ, so the order is total
        r = bot_rng(st, cur)
        i = 0
        if r.below(256) < w["slip"]:
            i = 1 + r.below(min(3, len(vals) - 1))
        yield vals[i][1]
        return
    best = None
    ranked = None
    for depth in range(1, w["depth"] + 1):
        try:
            yield from _root(s, cur, depth, order, w)
            vals = s.done
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
        yield order[0]
        return
    if ranked is not None:  # equal values: one drawn (seeded), so games differ
        n = 1
        while n < len(ranked) and ranked[n][0] == best[0]:
            n += 1
        if n > 1:
            yield ranked[bot_rng(st, cur).below(n)][1]
            return
    yield best[1]
