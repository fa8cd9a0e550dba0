"""Wuxing duel, Théâtre du duel: the levels' search (wuxing_bot.py dispatches here; the levels
and the evaluation are described there and in docs/bots.md). The position is searched in place
on one copy (no copy per node), from a stack of frames (a board's piece may end after any
node), bounded by a count of nodes, never a clock; the evaluation and the move generation are
native on MicroPython (fasttheatre.py), in plain Python elsewhere.

The search's driver (a node's play, push, take back and the loop over frames) is compiled with
MicroPython's native emitter (`@micropython.native`; CPython runs the same source as it is).
Not for speed alone: MicroPython takes a bytecode function's frame from the heap at every call
once it holds more than 11 words (locals and stack), and in a board's fragmented heap finding
that room cost up to 0.8 ms a call; a native function keeps its frame on the C stack."""

# pyright: reportAttributeAccessIssue=false
# (the engine's State fields, set by its builders: the type checker cannot see them)

from array import array

import micropython
from micropython import const

from shared_rules import native
from shared_rules.wuxing import rules as wuxing
from shared_rules.wuxing.bot_common import BUDGET, LAST, WEIGHTS, bot_rng

PIECE = const(64)  # nodes a piece of `steps` searches (on a Pico in play about 0.6 ms each)
_MOVES = const(64)  # moves a frame holds (4 pawns, 4 rays of at most 4 squares; 25 islands)
_INF = const(1000000)
_WIN = const(100000)
_GIVE = const(4096)  # wuxing.M_GIVE << 12
_TURN = const(8192)  # wuxing.M_TURN << 12


class _Out(Exception):
    pass


class _Pos:
    pass


_native = []  # [fasttheatre.evaluate, .gen] (None, None where there is no native code) once asked

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


@micropython.native
def _gen(s, seat, base, quiet):
    # seat's pawn moves with the tokens it holds into s.mv from `base`, captures first, then
    # (unless `quiet` is 0: the capture search) the quiet ones: how many
    fn = s.native_gen
    if fn is not None:
        return fn(s.P, s.T, s.E, s.R, s.K, s.prm, s.mv, base, seat, quiet)
    return _gen_plain(s, seat, base, quiet)


def _gen_plain(s, seat, base, quiet):  # noqa: C901 - the twin of one native loop
    # fasttheatre.gen's twin, in Python (the quiet moves wait in the scratch frame after the
    # last, from prm[14], as in the native one)
    P = s.P
    T = s.T
    E = s.E
    K = s.K
    R = s.R
    mv = s.mv
    own = seat + 1
    red = K[2 * seat] and s.both
    blue = K[2 * seat + 1]
    if not red and not blue:
        return 0
    n = base
    scratch = s.prm[14]
    c = scratch
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
                            mv[n] = i << 6 | j << 1
                            n += 1
                            break
                        if quiet:
                            mv[c] = i << 6 | j << 1
                            c += 1
                    elif d == 2 and blue:
                        if q:
                            mv[n] = i << 6 | j << 1 | 1
                            n += 1
                            break
                        if quiet:
                            mv[c] = i << 6 | j << 1 | 1
                            c += 1
                    if q:
                        break
                j = R[k]
    for x in range(scratch, c):
        mv[n] = mv[x]
        n += 1
    return n - base


def _side(s, seat, red, blue, w):
    # seat's pawns valued (less the risk of isolation: other islands left in their row and
    # column), and with those tokens its number of moves and the bit mask of the squares it
    # could capture on: in s.val, s.mob, s.caps
    P = s.P
    T = s.T
    E = s.E
    R = s.R
    rc = s.rc
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
        x = rc[r0] + rc[5 + i - r0 * 5] - 2
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


@micropython.native
def _eval(s, cur, w):
    # the position for `cur` (the seat to move at this node): natively where it can be
    LAST["evals"] += 1
    fn = s.native
    if fn is not None:
        prm = s.prm
        if s.pw is not w:
            _weigh(s, w)
        prm[0] = cur
        prm[1] = s.phase
        prm[2] = s.ls
        return fn(s.P, s.T, s.E, s.R, s.K, s.rc, prm)
    return _eval_plain(s, cur, w)


def _weigh(s, w):
    # the native evaluation's words for the weights (fasttheatre.py)
    prm = s.prm
    prm[4] = w["pawn"]
    r = w["risk"]
    for x in range(4):
        prm[5 + x] = r[x]
    prm[9] = w["token"]
    prm[10] = w["capnow"]
    prm[11] = w["capmore"]
    prm[12] = w["threat"]
    prm[13] = w["mob"]
    s.pw = w


def load_native():
    """fasttheatre.evaluate on MicroPython, None elsewhere (and on a port without native
    code); kept in _native with fasttheatre.gen (once: the first search asks)."""
    return native.load(_native, "shared_rules.wuxing.fasttheatre", ("evaluate", "gen"))


def _eval_plain(s, cur, w):
    # fasttheatre.evaluate's twin, in Python
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


@micropython.native
def _empty(s):
    P = s.P
    T = s.T
    for i in range(25):
        if not T[i] and not P[i]:
            return True
    return False


@micropython.native
def _children(s, cur, base):
    # the moves at this node into s.mv from `base`: pawn moves (captures first), else tokens
    # given; islands turned. How many
    mv = s.mv
    if s.phase:
        P = s.P
        T = s.T
        n = base
        for i in range(25):
            if not T[i] and not P[i]:
                mv[n] = _TURN | i << 6
                n += 1
        return n - base
    n = _gen(s, cur, base, 1)
    if not n:
        K = s.K
        for k in (0, 1):
            if K[2 * cur + k]:
                mv[base + n] = _GIVE | k << 6
                n += 1
    return n


def _root_moves(s, cur):
    # the root's moves, as a list (their order changes from depth to depth)
    n = _children(s, cur, 0)
    return [s.mv[i] for i in range(n)]


# The search is a negamax alpha-beta run from an explicit stack of frames, not by recursion,
# so that it can stop after any node and go on in the board's next loop pass (a piece bounded
# by a count of nodes). Frame k is a node: its seat to move, remaining depth (<= 0: inside the
# capture search, -depth captures left), window, best value, moves and the next move's index,
# and how to take back the move it is playing (its code, the pawn taken, the last spender,
# the pawns an isolation took). Frame 0 is the root, driven by _root.


def _frames(s, n):
    # n frames: the root, one a ply of the deepest search and one a capture below it, a spare
    s.plies = n
    s.f_cur = bytearray(n)
    s.f_dep = [0] * n
    s.f_a = [0] * n
    s.f_b = [0] * n
    s.f_best = [0] * n
    s.f_n = bytearray(n)  # frame k's moves: s.mv[k * _MOVES:][:f_n[k]]
    s.f_i = bytearray(n)
    s.f_code = [0] * n
    s.f_flip = bytearray(n)  # the child's value is for the other seat
    # a pawn move: the pawn taken; an island turned by Yin: 1 once the tokens came back
    s.f_taken = bytearray(n)
    s.f_ls = bytearray(n)
    s.f_lost = [None] * n


@micropython.native
def _push(s, k, nxt, depth, q, w):
    # frame k's move leaves `nxt` to move: open frame k + 1 for it (a full search to `depth`,
    # or with q >= 0 the capture search); the value for frame k's seat when it needs no frame
    flip = nxt != s.f_cur[k]
    a = s.f_a[k]
    b = s.f_b[k]
    if flip:
        a, b = -b, -a
    if q >= 0:
        stand = _eval(s, nxt, w)
        if stand >= b or q <= 0 or s.phase:
            return -stand if flip else stand
        best = stand
        if stand > a:
            a = stand
        n = _gen(s, nxt, (k + 1) * _MOVES, 0)
        depth = -q
    else:
        n = _children(s, nxt, (k + 1) * _MOVES)
        best = -_INF
    s.f_flip[k] = flip
    j = k + 1
    s.f_cur[j] = nxt
    s.f_dep[j] = depth
    s.f_a[j] = a
    s.f_b[j] = b
    s.f_best[j] = best
    s.f_n[j] = n
    s.f_i[j] = 0
    s.sp = j
    return None


@micropython.native
def _leaf(s, k, nxt, depth, w):
    # below the searched depth: the evaluation, or the capture search (depth 1: w["qs"]
    # captures; depth -q inside it: q - 1 more), so a leaf is not valued mid-exchange
    if depth == 1:
        q = w["qs"]
        if q <= 0:
            v = _eval(s, nxt, w)
            return v if nxt == s.f_cur[k] else -v
        return _push(s, k, nxt, 0, q, w)
    return _push(s, k, nxt, 0, -depth - 1, w)


@micropython.native
def _play(s, k, code, w):
    # frame k plays `code` in place: its value for frame k's seat (the move taken back), or
    # None once a frame for the position after it is open
    if s.nodes >= s.budget:
        raise _Out()
    s.nodes += 1
    s.f_code[k] = code
    cur = s.f_cur[k]
    depth = s.f_dep[k]
    if code >= _TURN:
        v = _turn(s, k, cur, code >> 6 & 31, depth, w)
    else:
        P = s.P
        K = s.K
        o = 1 - cur
        if code >= _GIVE:
            col = code >> 6 & 1
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
        s.f_taken[k] = taken
        if taken:
            s.cnt[o] -= 1
        s.f_ls[k] = s.ls
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
                v = _leaf(s, k, nxt, depth, w)
            else:
                v = _push(s, k, nxt, depth - 1, -1, w)
    if v is not None:
        _take_back(s, k)
    return v


@micropython.native
def _turn(s, k, cur, sq, depth, w):
    # frame k's seat turns island sq (the turning phase: Yang, then Yin, then the isolated
    # pawns are captured and the tokens come back)
    T = s.T
    P = s.P
    T[sq] = 1
    r = sq // 5
    s.rc[r] -= 1
    s.rc[5 + sq - r * 5] -= 1
    s.f_taken[k] = 0
    if cur == 0:
        if not _empty(s):
            return 0  # Yin cannot turn: a draw
        if depth <= 1:
            return -_eval(s, 1, w)
        return _push(s, k, 1, depth - 1, -1, w)
    lost = []
    rc = s.rc
    for i in range(25):
        if P[i]:
            y = i // 5
            if rc[y] + rc[5 + i - y * 5] == 2:  # no other island in its row and its column
                lost.append(i)
                lost.append(P[i])
    s.f_lost[k] = lost
    cnt = s.cnt
    for x in range(0, len(lost), 2):
        P[lost[x]] = 0
        cnt[lost[x + 1] - 1] -= 1
    if not cnt[0] or not cnt[1]:
        if cnt[0] == cnt[1]:
            return 0
        return _WIN + depth if cnt[1] else -_WIN - depth  # for Yin (cur)
    K = s.K
    K[0] = K[1] = K[2] = K[3] = 2
    K[4] = K[5] = 0
    s.phase = 0
    s.f_taken[k] = 1
    nxt = 1 - s.ls
    if depth <= 1:
        return _leaf(s, k, nxt, depth, w)
    return _push(s, k, nxt, depth - 1, -1, w)


@micropython.native
def _take_back(s, k):
    # undo frame k's move
    code = s.f_code[k]
    cur = s.f_cur[k]
    if code >= _TURN:
        sq = code >> 6 & 31
        if cur == 1:
            if s.f_taken[k]:
                K = s.K
                K[0] = K[1] = K[2] = K[3] = 0
                K[4] = K[5] = 4
                s.phase = 1
            lost = s.f_lost[k]
            P = s.P
            cnt = s.cnt
            for x in range(0, len(lost), 2):
                P[lost[x]] = lost[x + 1]
                cnt[lost[x + 1] - 1] += 1
            s.f_lost[k] = None
        s.T[sq] = 0
        r = sq // 5
        s.rc[r] += 1
        s.rc[5 + sq - r * 5] += 1
        return
    K = s.K
    s.phase = 0
    s.ls = s.f_ls[k]
    taken = s.f_taken[k]
    if taken:
        s.cnt[1 - cur] += 1
    if code >= _GIVE:
        col = code >> 6 & 1
    else:
        col = code & 1
        s.P[code >> 6] = cur + 1
        s.P[code >> 1 & 31] = taken
    K[2 * cur + col] += 1
    K[4 + col] -= 1


@micropython.native
def _run(s, w):
    # go on with the search under the root's move: its value, or None when the piece's
    # count of nodes is spent (call again in the next piece)
    f_a = s.f_a
    f_b = s.f_b
    f_best = s.f_best
    f_i = s.f_i
    f_n = s.f_n
    mv = s.mv
    while True:
        k = s.sp
        i = f_i[k]
        if i < f_n[k] and f_a[k] < f_b[k]:
            if s.nodes >= s.piece:
                return None
            f_i[k] = i + 1
            v = _play(s, k, mv[k * _MOVES + i], w)
            if v is None:
                continue
        else:  # frame k is done: its best goes to its parent, which takes its move back
            v = f_best[k]
            k -= 1
            s.sp = k
            if s.f_flip[k]:
                v = -v
            _take_back(s, k)
            if k == 0:
                return v
        if v > f_best[k]:
            f_best[k] = v
            if v > f_a[k]:
                f_a[k] = v


_SPARE = []  # a finished search's position, its buffers taken again by the next (heap)


def _position(st, w):
    # the search's copy of st, with frames for the weights' depth and captures and two more;
    # the buffers (some 3 KB for hard) of the last finished search reused when they hold as
    # many frames
    plies = w["depth"] + w["qs"] + 2
    if _SPARE and _SPARE[0].plies >= plies:
        s = _SPARE.pop()
        s.P[:] = st.pawn
        s.T[:] = st.turned
        s.K[:] = st.tokens
    else:
        s = _Pos()
        s.P = bytearray(st.pawn)
        s.T = bytearray(st.turned)
        s.K = bytearray(st.tokens)
        s.prm = array("I", [0] * 15)
        s.prm[14] = plies * _MOVES  # the scratch frame, after the last
        s.mv = array("H", bytes(2 * (plies + 1) * _MOVES))
        _frames(s, plies)
    s.E = st.elem
    s.R = _rays()
    s.both = 1 if st.flags["links"] == "both" else 0
    s.phase = 1 if st.phase == wuxing.TURN else 0
    s.ls = st.last_spender
    s.cnt = [st.pawns(0), st.pawns(1)]
    s.rc = rc = bytearray(b"\x05" * 10)  # islands not turned in each row (0-4), column (5-9)
    for i in range(25):
        if s.T[i]:
            rc[i // 5] -= 1
            rc[5 + i % 5] -= 1
    s.nodes = 0
    s.budget = 0
    s.native = _native[0] if _native else load_native()
    s.native_gen = _native[1]
    s.prm[3] = s.both
    s.pw = None
    return s


def _root(s, cur, depth, order, w):
    # every root move searched to `depth`, in `order`, into s.done as (value, code); stops
    # (_Out) when the budget runs out, keeping what was fully searched. A generator: None
    # each time a piece's PIECE nodes are spent (steps).
    # The root's window stays one below the best value found: a move that fails low returns
    # only a bound (its value is at most that), and a bound equal to the best would join the
    # equal values drawn from at the end, a worse move among them. Within the window a value
    # equal to the best is exact.
    done = []
    s.done = done
    s.sp = 0
    s.f_cur[0] = cur
    s.f_dep[0] = depth
    s.f_a[0] = -_INF
    s.f_b[0] = _INF
    for code in order:
        v = _play(s, 0, code, w)
        while v is None:
            v = _run(s, w)
            if v is None:
                s.piece = s.nodes + PIECE
                yield None
        done.append((v, code))
        if v - 1 > s.f_a[0]:
            s.f_a[0] = v - 1


def decide(st, level):
    """The move code `level` plays in this Théâtre position."""
    last = None
    for value in steps(st, level):
        last = value
    return last


def steps(st, level):
    """`decide` as a generator for a board's loop: None after each piece of the search
    (PIECE nodes, wherever in the tree they end: a piece is bounded by counts, never a
    clock), the move code last."""
    s = _position(st, WEIGHTS[level])
    s.piece = PIECE
    code = None
    for code in _decide(s, st, level):
        if code is None:
            yield None
    LAST["nodes"] = s.nodes
    s.done = None
    _SPARE[:] = [s]  # (a search given up half way leaves its position to the collector)
    yield code


def _decide(s, st, level):  # noqa: C901 - the levels' search, one generator
    w = WEIGHTS[level]
    cur = st.current_player
    order = _root_moves(s, cur)
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
