"""Ta Yü bots by level (shared_rules.bots dispatches here); see docs/bots.md.

- easy: greedy, but now and then (a seeded draw) one of its next-best placements.
- normal: one ply with an incremental evaluation: the score difference, then, for each empty
  square an open exit points into, how near it lies to each coast, weighed by what an estuary
  there would add to that coast's product (the other coast's count, doubles twice) - the
  opponent's squares weigh more, since the opponent draws next.
- hard: the same, then for the best few placements a look at the opponent's reply: for a few
  kinds drawn (seeded) from the tiles still unseen, the placement the opponent's own
  evaluation prefers, and what it does to the mover's (an expectimax over two plies).

Every bot reads only the board, its own tile(s) and the counts of the unseen tiles (never the
bag order); its effort is counted in evaluated placements (`BUDGET`), never timed.
"""

# pyright: reportGeneralTypeIssues=false
# (what the type checker cannot follow here: a list made as [None], filled by the search)

from micropython import const

from shared_rules.bots import bot_rng_seed, finish
from shared_rules.rng import Rng
from shared_rules.tayu import rules as tayu

_SIZE = const(19)

# Tuned weights (data; docs/bots.md tells how they were tuned with `lanterne arena`).
# score: per point of product difference; count: per estuary of difference;
# near: value of an open square at distance 0, 1, 2, 3 from a coast (times the product an
# estuary there adds); mine/theirs: weight (256 = 1) of the mover's and the opponent's squares;
# top: placements given the reply look; kinds: tile kinds sampled for the reply;
# slip: easy only, the chance in 256 of playing one of the next-best placements.
WEIGHTS = {
    "easy": {"slip": 120},
    "normal": {"score": 256, "count": 16, "near": (40, 20, 10, 4), "mine": 128, "theirs": 256,
               "top": 0, "kinds": 0},
    "hard": {"score": 256, "count": 16, "near": (40, 20, 10, 4), "mine": 128, "theirs": 256,
             "top": 6, "kinds": 6},
}
BUDGET = 900  # placements evaluated or tried per decision, reply look included

LAST = {"evals": 0}


def _pot(q, counts, dbl, near, ns):
    # value of open square q for North-South (ns) or East-West: near[d] per coast at distance
    # d <= 3, times the product an estuary there adds (the other coast's count + 1)
    r = q // _SIZE
    c = q - r * _SIZE
    v = 0
    if ns:
        m = 1 + dbl[c]
        if r <= 3:
            v += near[r] * (counts[2] + 1) * m
        if r >= 15:
            v += near[18 - r] * (counts[0] + 1) * m
    else:
        m = 1 + dbl[r]
        if c <= 3:
            v += near[c] * (counts[1] + 1) * m
        if c >= 15:
            v += near[18 - c] * (counts[3] + 1) * m
    return v


def _square_value(q, counts, dbl, w, ns):
    # an open square for the mover (ns: plays North-South): its own chances less the opponent's
    near = w["near"]
    return (_pot(q, counts, dbl, near, ns) * w["mine"]
            - _pot(q, counts, dbl, near, not ns) * w["theirs"]) >> 8


def _side_score(counts, ns, w):
    a = counts[0] * counts[2] - counts[1] * counts[3]
    b = counts[0] + counts[2] - counts[1] - counts[3]
    if not ns:
        a = -a
        b = -b
    return a * w["score"] + b * w["count"]


def _place_value(st, k, code, ns, w):
    # the evaluation after kind k goes to `code`, from the board before it (incremental: the
    # three squares covered and the squares its exits open, nothing else is looked at)
    LAST["evals"] += 1
    d = code & 3
    p0 = code >> 2
    t = tayu._tables
    base = k * 12 + d * 3
    b = st._board
    inc = st._inc
    dbl = st._dbl
    c0 = st._counts
    counts = [c0[0], c0[1], c0[2], c0[3]]
    step = tayu.DR[d] * _SIZE + tayu.DC[d]
    v = 0
    for i in range(3):
        p = p0 + i * step
        if inc[p]:
            v -= _square_value(p, c0, dbl, w, ns)  # an open square now covered
    for i in range(3):
        p = p0 + i * step
        m = t[base + i]
        rr = p // _SIZE
        cc = p - rr * _SIZE
        for s in range(4):
            if not m & (1 << s):
                continue
            nr = rr + tayu.DR[s]
            nc = cc + tayu.DC[s]
            if 0 <= nr < _SIZE and 0 <= nc < _SIZE:
                q = nr * _SIZE + nc
                if b[q] == 0 and inc[q] == 0 and q != p0 and q != p0 + step and q != p0 + 2 * step:
                    v += _square_value(q, c0, dbl, w, ns)  # a newly opened square
            else:
                counts[s] += 1 + dbl[cc if s % 2 == 0 else rr]
    return _side_score(counts, ns, w) + v, counts


_KIND_OF = None  # a kind's 8-bit exit mask, either way round -> kind (255: none), built once


def _kind_of():
    # 256 bytes: a dict of the 112 (direction, exit bits) keys took 1 KB of a Pico's heap
    global _KIND_OF
    if _KIND_OF is None:
        t = bytearray(b"\xff" * 256)
        for k in range(28):
            m = tayu._kind_mask(tayu.KINDS[k])
            t[m] = k
            t[tayu._turn_mask(m)] = k
        _KIND_OF = t
    return _KIND_OF


def _placed_kind(b, p, d, kinds):
    # the kind of the tile lying on square p and the next two in direction d: its exit mask
    # read back from the board's exit bits (rules._get_tables, the other way)
    step = tayu.DR[d] * _SIZE + tayu.DC[d]
    left = 1 << ((d + 3) % 4)
    right = 1 << ((d + 1) % 4)
    m = 0
    for i in range(3):
        v = b[p + i * step]
        if v & left:
            m |= 1 << i
        if v & right:
            m |= 8 << i
    if b[p] & (1 << ((d + 2) % 4)):
        m |= 64
    if b[p + 2 * step] & (1 << d):
        m |= 128
    return kinds[m]


def _unseen(st, seat):
    # tile kinds the seat has not seen (bag and other hands), as counts per kind: all tiles
    # less the board's (each placement of the history read back from the board), those set
    # aside and the seat's own hand
    cnt = [tayu.EDITIONS[st.edition]] * 28
    kinds = _kind_of()
    b = st._board
    h = st._hist
    for i in range(st._nhist):
        v = h[2 * i] * 256 + h[2 * i + 1]
        if v >= 1444:
            continue
        k = _placed_kind(b, v >> 2, v & 3, kinds)
        if k < 28:
            cnt[k] -= 1
    for k in st.set_aside:
        cnt[k] -= 1
    for k in st.hands[seat]:
        cnt[k] -= 1
    for i in range(28):
        if cnt[i] < 0:
            cnt[i] = 0
    return cnt


_SCRATCH = None  # one scratch position for the reply look, reused (no board copies made)


def _scratch(st):
    # the board part of st (all that placing and fitting a tile read and write), in the
    # preallocated scratch: three 361-byte copies into existing buffers and a short list
    global _SCRATCH
    c = _SCRATCH
    if c is None:
        c = tayu.State()
        c._board = bytearray(_SIZE * _SIZE)
        c._inc = bytearray(_SIZE * _SIZE)
        c._tid = bytearray(_SIZE * _SIZE)
        _SCRATCH = c
    c._board[:] = st._board
    c._inc[:] = st._inc
    c._tid[:] = st._tid
    c._front = list(st._front)
    c._counts = list(st._counts)
    c._dbl = st._dbl
    c.placed = st.placed
    c._legal = None
    return c


def _reply(c, kinds, ns, w, out):
    # a generator, a piece per kind: the mean, over `kinds`, of the change the opponent's best
    # reply (the best by its own evaluation: the score and the squares it opens or covers)
    # makes to the mover's evaluation, in out[0]; None when the budget ran out before the end
    base = _side_score(c._counts, ns, w)
    total = 0
    for k in kinds:
        best = None
        for r in c._placements(k):
            if LAST["evals"] >= BUDGET:
                out[0] = None
                return
            v, _ = _place_value(c, k, r, not ns, w)
            if best is None or v > best[0]:
                best = (v, r)
        if best is not None:
            mine, _ = _place_value(c, k, best[1], ns, w)
            total += mine - base
        yield
    out[0] = total // len(kinds) if kinds else 0


def _ranked(st, k, ns, w):
    # (value, -i, code) of every placement of kind k, best first; equal values in the order
    # listed (i): MicroPython's sort is not stable, so the listing order is part of the key,
    # and both runtimes pick the same placement (CPython's stable sort gave this order)
    out = []
    for code in st._placements(k):
        v, _ = _place_value(st, k, code, ns, w)
        out.append((v, -len(out), code))
    out.sort(reverse=True)
    return out


def _best_placement(st, k, ns, w, rng, out):
    # a generator: the best placement of kind k for the mover, put in out[0] as (value, code):
    # the evaluation, and for the best few the change the opponent's expected best reply makes
    # to it; yields after the listing and after each kind of each reply look (the pieces a
    # board spreads over its loop passes)
    ranked = _ranked(st, k, ns, w)
    n = w["top"]
    if not n or len(ranked) < 2:
        out[0] = (ranked[0][0], ranked[0][2])
        return
    yield
    kinds = _sample_kinds(st, st.current_player, w["kinds"], rng)
    best = None
    got = [None]
    for v, _, code in ranked[:n]:
        c = _scratch(st)  # the scratch stays this placement's until its look is over
        c._place(k, code // 76, (code // 4) % 19, code & 3)
        yield from _reply(c, kinds, ns, w, got)
        if got[0] is None:  # the budget ran out: the placements looked at so far decide
            if best is None:
                best = (v, code)
            break
        if best is None or v + got[0] > best[0]:
            best = (v + got[0], code)
    out[0] = best


def _sample_kinds(st, seat, n, rng):
    # n kinds drawn without replacement from the unseen tiles (weighted by their counts)
    cnt = _unseen(st, seat)
    out = []
    total = 0
    for x in cnt:
        total += x
    for _ in range(n):
        if total <= 0:
            break
        j = rng.below(total)
        for k in range(28):
            if j < cnt[k]:
                out.append(k)
                total -= cnt[k]
                cnt[k] = 0
                break
            j -= cnt[k]
    return out


def move(st, level):
    """The move of `level` ("greedy", "easy", "normal", "hard") for the seat to move."""
    return finish(steps(st, level))


def steps(st, level):
    """move() as a generator (bots.bot_steps): None after each piece (the placements' listing
    and evaluation, each kind of each reply look, each kind weighed when choosing), the move
    last."""
    LAST["evals"] = 0
    seat = st.current_player
    side = st.side_of(seat)
    if level == "greedy" or st.phase in (tayu.BID, tayu.TAKE) or side not in ("NS", "EW"):
        yield tayu.greedy_move(st)
        return
    if level == "easy":
        if st.phase != tayu.PLACE:
            yield tayu.greedy_move(st)
            return
        vals = []
        for code in st._placements():  # (value, -i, code): ties in listed order (_ranked)
            vals.append((tayu._placement_value(st, seat, st._tile, code), -len(vals), code))
            LAST["evals"] += 1
        vals.sort(reverse=True)
        r = Rng(bot_rng_seed(st))
        i = 0
        if len(vals) > 1 and r.below(256) < WEIGHTS["easy"]["slip"]:
            i = 1 + r.below(min(3, len(vals) - 1))
        code = vals[i][2]
        yield tayu.Move(tayu.M_PLACE, code // 76, (code // 4) % 19, code & 3)
        return
    w = WEIGHTS[level]
    ns = side == "NS"
    rng = Rng(bot_rng_seed(st))
    if st.phase == tayu.CHOOSE:
        best = None
        for mv in st.legal_moves():
            v = _ranked(st, mv.value, ns, w)[0][0]
            if best is None or v > best[0]:
                best = (v, mv)
            yield
        yield best[1]
        return
    out = [None]
    yield from _best_placement(st, st._tile, ns, w, rng, out)
    v, code = out[0]
    yield tayu.Move(tayu.M_PLACE, code // 76, (code // 4) % 19, code & 3)
