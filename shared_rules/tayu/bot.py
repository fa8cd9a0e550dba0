"""Ta Yü bots by level (shared_rules.bots dispatches here); see docs/bots.md.

- easy: greedy, but now and then (a seeded draw) one of its next-best placements.
- normal: one ply with an incremental evaluation: the score difference, then, for each empty
  square an open exit points into, how near it lies to each coast, weighed by what an estuary
  there would add to that coast's product (the other coast's count, doubles twice) - the
  opponent's squares weigh more, since the opponent draws next.
- hard: the same, then its best few placements played out (perfect-information Monte
  Carlo): in a few re-draws (seeded) of the next tiles from those still unseen, each placement
  made on a scratch board, the drawn tiles placed by normal for each side in turn, and the
  position reached valued (an ended game by its score); the best sum over the re-draws wins,
  by successive halving: each round keeps the better half and gives it twice the re-draws.
  The games these play-outs do not model (3 players, two tiles in hand, stacks) look at the
  opponent's reply instead (bot_reply.py).

Every bot reads only the board, its own tile(s) and the counts of the unseen tiles (never the
bag order); its effort is counted in evaluated placements (`BUDGET`), never timed.
"""

# pyright: reportGeneralTypeIssues=false
# (what the type checker cannot follow here: a list made as [None], filled by the search)

from array import array

from micropython import const

from shared_rules import native
from shared_rules.bots import bot_rng_seed, finish
from shared_rules.rng import Rng
from shared_rules.tayu import rules as tayu

_SIZE = const(19)
WIN_SHIFT = const(20)  # an ended game's score difference outweighs any position's value

# Tuned weights (data; docs/bots.md tells how they were tuned with `lanterne arena`).
# score: per point of product difference; count: per estuary of difference;
# near: value of an open square at distance 0, 1, 2, 3 from a coast (times the product an
# estuary there adds); mine/theirs: weight (256 = 1) of the mover's and the opponent's squares;
# top: placements given hard's look; draws: re-draws each is played out in (in its first
# round); rounds: the look's rounds, each keeping the better half and doubling the draws;
# plies: tiles placed in a play-out after it (draws 0: the reply look, bot_reply.py, everywhere);
# reply, kinds: placements given the reply look, and tile kinds sampled for it;
# slip: easy only, the chance in 256 of playing one of the next-best placements.
WEIGHTS = {
    "easy": {"slip": 120},
    "normal": {"score": 256, "count": 16, "near": (40, 20, 10, 4), "mine": 128, "theirs": 256,
               "top": 0, "reply": 0, "kinds": 0, "draws": 0, "rounds": 1,
               "plies": 0},
    "hard": {"score": 256, "count": 16, "near": (40, 20, 10, 4), "mine": 128, "theirs": 256,
             "top": 12, "reply": 6, "kinds": 6, "draws": 3, "rounds": 3,
             "plies": 4},
}
BUDGET = 12000  # placements evaluated or tried per decision, hard's look included

LAST = {"evals": 0}


_native = []  # fasteval.values on MicroPython, None elsewhere (then plaineval's twin)
_QS = array("i", [0] * 20)  # the evaluation's scratch: 4 counts and 16 squares
_VALS = array("i", [0] * 32)  # each listed placement's value, from the last _values (grown)


def load_native():
    """fasteval.values on MicroPython, None elsewhere (and on a port without native code)."""
    return native.load(_native, "shared_rules.tayu.fasteval", ("values",))


def _evaluator():
    fn = _native[0] if _native else load_native()
    if fn is None:
        from shared_rules.tayu.plaineval import values as fn
    return fn


def weight_array(w):
    """A level's evaluation weights as the evaluation reads them: score, count, near[0..3],
    mine, theirs (32-bit ints)."""
    n = w["near"]
    return array("i", (w["score"], w["count"], n[0], n[1], n[2], n[3], w["mine"], w["theirs"]))


def score(e, w, ns):
    """The score part of the evaluation for the side ns, from the coasts' counts `e`: the
    product difference and the estuaries' difference (w: weight_array). Here, not in
    plaineval, so that the reply look does not load the plain twin on a board."""
    v = (e[0] * e[2] - e[1] * e[3]) * w[0] + (e[0] + e[2] - e[1] - e[3]) * w[1]
    return v if ns else -v


def _values(st, k, codes, ns, wa):
    # the evaluation of kind k at each of `codes` for the mover (ns: plays North-South), in
    # _VALS[:len(codes)] (incremental: the squares it covers and those its exits open, and the
    # estuaries it makes); returns the index of the first best
    global _VALS
    n = len(codes)
    if n == 0:
        return -1  # (n 0 would ask the evaluation for the position's own value)
    LAST["evals"] += n
    if len(_VALS) < n:
        _VALS = array("i", [0] * n)
    return _evaluator()(st._board, st._inc, st._dbl, tayu._tables, st._counts, wa, k, codes, n,
                        ns, _VALS, _QS)


def _position_value(c, ns, wa):
    # hard's evaluation of a whole position for North-South (ns) or East-West: the score,
    # then every open square (the frontier) near a coast
    return _evaluator()(c._board, c._inc, c._dbl, tayu._tables, c._counts, wa, 0, None, 0, ns,
                        _VALS, _QS)


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


_SCRATCH = None  # one scratch position for hard's looks, reused (no board copies made)


def _scratch(st):
    # the board part of st (all that placing and fitting a tile read and write), in the
    # preallocated scratch: three 361-byte copies and two lists, into what it already holds
    global _SCRATCH
    c = _SCRATCH
    if c is None:
        c = tayu.State()
        c._board = bytearray(_SIZE * _SIZE)
        c._inc = bytearray(_SIZE * _SIZE)
        c._tid = bytearray(_SIZE * _SIZE)
        c._front = []
        c._counts = [0, 0, 0, 0]
        _SCRATCH = c
    c._board[:] = st._board
    c._inc[:] = st._inc
    c._tid[:] = st._tid
    c._front[:] = st._front  # into the scratch's own lists: no new list once they are grown
    c._counts[:] = st._counts
    c._dbl = st._dbl
    c.placed = st.placed
    c._legal = None
    return c


def _ranked(st, k, ns, wa):
    # (value, -i, code) of every placement of kind k, best first; equal values in the order
    # listed (i): MicroPython's sort is not stable, so the listing order is part of the key,
    # and both runtimes pick the same placement (CPython's stable sort gave this order)
    codes = st._placements(k)
    _values(st, k, codes, ns, wa)
    out = [(_VALS[i], -i, codes[i]) for i in range(len(codes))]
    out.sort(reverse=True)
    return out


def _best_placement(st, k, ns, w, wa, rng, out):
    # a generator: the best placement of kind k for the mover, put in out[0] as (value, code):
    # the evaluation, then for the best few hard's look (over re-draws where the play-outs
    # model the game, else at the opponent's reply); yields after the listing and after each
    # piece of a look (the pieces a board spreads over its loop passes)
    ranked = _ranked(st, k, ns, wa)
    look = w["draws"] and _plays_out(st)
    if not (w["top"] if look else w["reply"]) or len(ranked) < 2:
        out[0] = (ranked[0][0], ranked[0][2])
        return
    yield
    if look:
        yield from _look(st, k, ns, w, wa, ranked, rng, out)
    else:
        from shared_rules.tayu import bot_reply

        yield from bot_reply.best(st, k, ns, w, wa, ranked, rng, out)


def _plays_out(st):
    # the look over re-draws models every seat drawing one tile at its turn from the bag:
    # 2 or 4 players, no stacks, no second tile in hand (3 players and those variants keep the
    # reply look)
    return st.players != 3 and not st.flags["two_tiles"] and not st.flags["stacks"]


def _kind_at(cnt, j):
    # the kind of the j-th of the tiles counted by `cnt` (kind by kind, j < their sum)
    for k in range(28):
        if j < cnt[k]:
            return k
        j -= cnt[k]
    return -1


def _draw_tiles(cnt, n, rng, out):
    # n tiles drawn without replacement from the unseen counts `cnt` into the empty `out`
    # (cnt is left as it was)
    total = sum(cnt)
    for _ in range(n):
        if total <= 0:
            break
        k = _kind_at(cnt, rng.below(total))
        out.append(k)
        cnt[k] -= 1
        total -= 1
    for k in out:
        cnt[k] += 1


def _final_value(c, ns):
    # an ended game: the score difference, above every position's evaluation
    k = c._counts
    d = k[0] * k[2] - k[1] * k[3]
    return (d if ns else -d) << WIN_SHIFT


def _play_out(st, k, code, tiles, ends, ns, wa):
    # the value, for the mover's side, of kind k placed at `code` and then each of `tiles`
    # placed in turn, the sides alternating, where normal's evaluation (from the placer's
    # side) puts it; `ends`: the last of the tiles empties the bag. A tile no square takes ends
    # the game, as it does in play. None once the budget is spent (checked at each tile)
    c = _scratch(st)
    c._place(k, code // 76, (code // 4) % 19, code & 3)
    redraw = st.flags["redraw_if_unscored"]
    side = not ns  # the side to place next
    for t in tiles:
        if LAST["evals"] >= BUDGET:
            return None
        codes = c._placements(t)
        if not codes:
            if redraw and not any(c._counts):
                continue  # the variant's dead tile before any estuary: the same side draws
            return _final_value(c, ns)
        best = codes[_values(c, t, codes, side, wa)]  # the first of equals: normal's choice
        c._place(t, best // 76, (best // 4) % 19, best & 3)
        side = not side
    if ends:
        return _final_value(c, ns)
    return _position_value(c, ns, wa)


def _look(st, k, ns, w, wa, ranked, rng, out):
    # a generator, a piece per play-out: the best of the top placements over re-draws of the
    # next tiles from the unseen ones (every placement meets the same draws), put in out[0] as
    # (sum, code). In `rounds` rounds (successive halving): the first gives each placement
    # `draws` re-draws, each next one keeps the better half (the first of equals in normal's
    # order) and gives it twice the draws of the round before, so the likely best are played
    # out most. Draws stop once the budget is spent, never within one
    codes = [r[2] for r in ranked[:w["top"]]]
    total = [0] * len(codes)
    part = [0] * len(codes)  # this draw's values, added once every placement has met it
    alive = list(range(len(codes)))
    cnt = _unseen(st, st.current_player)
    left = st.tiles_left()
    n = w["plies"] if w["plies"] < left else left
    tiles = []
    d = w["draws"]
    v = 0
    for r in range(w["rounds"]):
        if r:
            alive = _better_half(alive, total)
            d *= 2
        for _ in range(d):
            del tiles[:]
            _draw_tiles(cnt, n, rng, tiles)
            ends = len(tiles) == left
            for i in alive:
                v = _play_out(st, k, codes[i], tiles, ends, ns, wa)
                if v is None:  # the budget ran out within this draw: the draws before decide
                    break
                part[i] = v
                yield
            if v is None:
                break
            for i in alive:
                total[i] += part[i]
        if v is None:
            break
    best = alive[0]
    for i in alive:
        if total[i] > total[best]:
            best = i
    out[0] = (total[best], codes[best])


def _better_half(alive, total):
    # the better half (rounded up) of the placements `alive`, by their sums, the first of
    # equals in normal's order; kept in that order
    ranked = sorted([(total[i], -i) for i in alive], reverse=True)  # unique keys: any sort
    keep = [-j for _, j in ranked[:(len(alive) + 1) // 2]]
    keep.sort()
    return keep


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
    wa = weight_array(w)
    ns = side == "NS"
    rng = Rng(bot_rng_seed(st))
    if st.phase == tayu.CHOOSE:
        best = None
        for mv in st.legal_moves():
            v = _ranked(st, mv.value, ns, wa)[0][0]
            if best is None or v > best[0]:
                best = (v, mv)
            yield
        yield best[1]
        return
    out = [None]
    yield from _best_placement(st, st._tile, ns, w, wa, rng, out)
    v, code = out[0]
    yield tayu.Move(tayu.M_PLACE, code // 76, (code // 4) % 19, code & 3)
