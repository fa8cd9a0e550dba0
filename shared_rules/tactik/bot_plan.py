"""Tac-Tik hard's second look at its best moves (bot.py, hard): each valued with what the
seat reaches next with the cards it keeps, a single next move or a plan of several played in
their best order, within the decision's work (bot.WORK). A module of its own, loaded where
hard plays it (the games without the look over re-deals: individual games and physical
cards), so that a team game's look does not hold it in a board's heap beside its own."""

# pyright: reportAttributeAccessIssue=false
# (the engine's fields, set by its builders: the type checker cannot see them)

from micropython import const

from shared_rules.tactik import bot
from shared_rules.tactik import rules as tactik
from shared_rules.tactik.bot import LAST, _Best, _context, _eval, _search_steps

_C7 = const(10)


def _relook(s, cx, text, hops, w, out):
    # a generator, a piece for the danger table and then the searches': a second look at one
    # of the best moves: the position after it evaluated with the danger table made again
    # from there (the pawns it eats no longer threaten, its stakes block), plus what the seat
    # can do next with the cards it keeps, the opponents' moves in between left out. out[0]:
    # with its best single next move (no 7x1 search, the costliest), weighed `follow`;
    # out[1]: with the kept-hand plan (`plan`), weighed `plan_w`, None if there is none
    seat = s.current_player
    card = tactik.CARDS.index(text[:text.index(" ")])
    r = tactik._replay(bytes(s.pos) + bytes(s.stake), 4 * s.ncol, hops, tactik._kind(text),
                       True)
    f = s._fork()
    f.pos = r[2]
    f.stake = r[3]
    f.hands = [list(h) for h in s.hands]
    f.hands[seat].remove(card)
    f.played = bytearray(s.played)
    f.played.append(card)
    f._cache = None
    cx2 = _context(f, seat, w) if w.get("again") else cx
    sp = w.get("spend")
    v = _eval(f, f.pos, f.stake, cx2) - (sp[card] if sp else 0) * 256 * cx2.mult
    LAST["evals"] += 1
    yield
    best = None
    tops = {}  # card kind -> its best next move (value, text, hops), or None: the plan's first
    for k in sorted(set(f.hands[seat])):
        if k == _C7:
            continue
        sink = _Best(f, cx2)
        yield from _search_steps(f, sink, k)
        t = sink.first()
        tops[k] = t
        if t is not None and (best is None or t[0] > best):
            best = t[0]
    out[0] = v if best is None else v + ((best - v) * w["follow"] >> 8)
    out[1] = None
    if w.get("plan"):
        plan = [None]
        yield from _capped_plan(f, seat, cx2, tops, w["plan"], plan)
        if plan[0] is not None:
            out[1] = v + ((plan[0] - v) * w["plan_w"] >> 8)


def second_look(s, cx, top, w, out):
    """A generator: the best of `top` (out[0]), each move with what the kept cards can do next
    (_relook): by their plans if every one has one (plans and single next moves are never
    weighed together); within bot.RELOOK evaluations, a look cut short not used."""
    LAST["cap"] = min(bot.BUDGET, LAST["evals"] + bot.RELOOK)
    looks = []
    for move in top:
        if LAST["evals"] >= LAST["cap"]:
            break
        look = [None, None]
        yield from _relook(s, cx, move[1], move[2], w, look)
        if LAST["evals"] >= LAST["cap"] and looks:
            break  # this look was cut short: the complete ones decide
        looks.append((look[0], look[1], move))
    i = 1
    for look in looks:
        if look[1] is None:
            i = 0
    bestv = None
    for look in looks:
        if bestv is None or look[i] > bestv:
            bestv = look[i]
            out[0] = look[2]


def _capped_plan(s, seat, cx, tops, depth, out):
    # a generator: _plan within what is left of the decision's bot.WORK (its evaluations and 7x1
    # pieces counted in LAST["plan"], apart from bot.BUDGET's); out[0] None if it reached that
    left = bot.WORK - LAST["evals"] - LAST["plan"] - bot.SEVEN_PIECE * LAST["pieces"]
    if left <= 0:
        return
    e0 = LAST["evals"]
    c0 = LAST["cap"]
    p0 = LAST["pieces"]
    LAST["cap"] = e0 + left
    # a state for each level of the plan below this one, its fields set anew for each card
    kids = [s._fork() for _ in range(depth - 1)]
    try:
        yield from _plan(s, seat, cx, depth, tops, kids, p0, out)
    except tactik._Stop:
        out[0] = None
    LAST["plan"] += LAST["evals"] - e0 + bot.SEVEN_PIECE * (LAST["pieces"] - p0)
    LAST["evals"] = e0
    LAST["pieces"] = p0
    LAST["cap"] = c0
    yield  # the plan ends its piece: the next look's danger table is a piece of its own


def _plan(s, seat, cx, depth, tops, kids, p0, out):
    # a generator, in the pieces of each card kind's search: out[0] = the best value (by
    # _eval, no spend) the seat reaches by playing up to `depth` of its cards one after
    # another, in every order of their kinds, each kind's best move, the opponents' moves in
    # between left out. `tops`: the best moves already found here (the first level's, but
    # the 7x1's); the 7x1 is played first or not at all (its search is the costliest, and a
    # plan that never plays it would play it first). Raises tactik._Stop at the cap (its
    # work counted from p0, the decision's 7x1 pieces when the plan began).
    best = None
    here = None
    sp = cx.wt.get("spend")
    hand = s.hands[seat]
    before = bytes(s.pos) + bytes(s.stake)
    for k in sorted(set(hand)):
        if tops is not None and k in tops:
            t = tops[k]
        elif k == _C7 and tops is None:
            continue
        else:
            sink = _Best(s, cx)
            for _ in _search_steps(s, sink, k):
                if _plan_spent(p0):
                    raise tactik._Stop()
                yield
            if _plan_spent(p0):
                raise tactik._Stop()
            t = sink.first()
        if depth > 1 and len(hand) > 1:
            f = kids[depth - 2]
            h = list(hand)
            h.remove(k)
            f.hands[seat] = h
            f._cache = None
            if t is None:
                f.pos[:] = s.pos
                f.stake[:] = s.stake
            else:
                r = tactik._replay(before, 4 * s.ncol, t[2], tactik._kind(t[1]), True)
                f.pos[:] = r[2]
                f.stake[:] = r[3]
            x = [None]
            yield from _plan(f, seat, cx, depth - 1, None, kids, p0, x)
            x = x[0]
        elif t is not None:
            x = t[0] + (sp[k] if sp else 0) * 256 * cx.mult  # its _eval, before spend
        else:
            if here is None:
                here = _eval(s, s.pos, s.stake, cx)
                LAST["evals"] += 1
            x = here
        if best is None or x > best:
            best = x
    if best is None:
        best = _eval(s, s.pos, s.stake, cx)
        LAST["evals"] += 1
    if _plan_spent(p0):
        raise tactik._Stop()
    out[0] = best


def _plan_spent(p0):
    # whether the plan under way (begun at p0 7x1 pieces) has spent its part of the work
    return LAST["evals"] + bot.SEVEN_PIECE * (LAST["pieces"] - p0) >= LAST["cap"]
