"""Tac-Tik bots by level (shared_rules.bots dispatches here); see docs/bots.md.

- easy: the greedy evaluation, but now and then (a seeded draw) one of its next-best moves:
  the slips of a beginner, never a random blunder.
- normal: one ply over every legal move with an evaluation that adds, to the greedy progress
  count, the risk of each of the team's pawns being eaten before the seat plays again,
  computed from the cards the seat has not seen (its own hand and the played pile only).
- hard: the same with the tuned weights, blocking by stakes, the threat on opponents' pawns,
  the card to give chosen for the partner (what it can do with each card, against what the
  seat loses by giving it; in a 4-player game of dealt cards, that card and the others it
  may give then played out over the hand in re-deals: look.give_steps), and a second look
  at its best moves: in a 4-player game of dealt cards, each played out in re-deals of the
  cards it has not seen, greedy moving every seat, within the decision's work (`look`,
  `LOOK_WORK`: look.py); else what the seat reaches playing the cards it keeps in their
  best order, within the decision's work (`WORK`: bot_plan.py).

Every bot reads only its own hand, the played pile and the card counts of `view(seat)`; its
effort is a count of evaluated moves (`BUDGET`, `WORK`) and of play-outs, never a clock; it
keeps no move list (each move is evaluated as the engine generates it, as
`tactik.greedy_move` does).
"""

# pyright: reportAttributeAccessIssue=false
# (the engine's fields, set by its builders: the type checker cannot see them)

from micropython import const

from shared_rules.bots import bot_rng_seed, finish
from shared_rules.rng import Rng
from shared_rules.tactik import rules as tactik

_NEST = const(255)
_B = const(100)
_C1 = const(0)
_C10 = const(7)
_CM4 = const(9)
_C7 = const(10)
_CP = const(11)

# Tuned weights (data; docs/bots.md tells how they were tuned with `lanterne arena`).
# risk: weight of the expected loss of an eaten pawn, 256 = its full value;
# restart: value added to a pawn's loss (the start card it will need again);
# threat: weight of the team's threat on opponent pawns, 256 = their full value;
# block: value of each opponent pawn within 12 holes behind one of the team's stakes;
# give: 1 = choose the card to give for the partner, 0 = greedy's keep order;
# spend: what playing each card costs (progress holes), by code 1 2 3 5 6 8 9 10 12 -4 7 P:
# the strong cards are kept when a weaker one does nearly as well;
# top, follow: the best `top` moves are looked at again with the seat's best move next turn
# with the cards it keeps, weighed `follow` (256 = 1), the danger table made again after
# the move (again);
# plan, plan_w: in that second look, the best position the seat reaches by playing up to
# `plan` of the cards it keeps, one after another in the best order, weighed `plan_w` in
# place of `follow` (if a plan would go past WORK, all the looks weigh `follow`);
# look, deals, plies: in a team game (hands dealt), the best `look` of the `top` moves are
# played out instead in up to `deals` re-deals of the cards the seat has not seen (within
# LOOK_WORK), greedy moving every seat for `plies` plies, and the best sum of hard's
# evaluation at the ends is played (look.py; 0: the second look above, which the individual
# games and physical cards play: bot_plan.py);
# glook, gplies: in the exchange of those games, hard's card for the partner and the others
# it may give (the 7x1 and the Permuter kept) are each played out for `gplies` plies from the
# dealer's left in the look's re-deals, the other seats giving by greedy's rule, and the best
# sum is given (look.give_steps; 0: hard's card as chosen);
# look_players: the most players of a game the look plays in (4: at 6, 8 plies are little
# more than one turn of every seat, it gained nothing against greedy, and on a Pico its
# pieces and turns went past their goals: docs/bots.md, the fortieth session);
# slip: easy only, the chance in 256 of playing one of the next-best moves.
WEIGHTS = {
    "easy": {"slip": 110},
    "normal": {"risk": 160, "restart": 30, "threat": 0, "block": 0, "give": 1,
               "spend": (5, 0, 0, 0, 0, 0, 0, 5, 0, 10, 16, 12)},
    "hard": {"risk": 160, "restart": 30, "threat": 40, "block": 3, "give": 1,
             "spend": (5, 0, 0, 0, 0, 0, 0, 5, 0, 10, 16, 12), "top": 5, "follow": 64,
             "again": 1, "plan": 3, "plan_w": 128, "look": 5, "look_players": 4, "deals": 32,
             "plies": 8, "glook": 1, "gplies": 16},
}
# The most moves evaluated for one decision (a 7x1 has at most some 250 outcomes); the
# search stops there and plays the best found so far. The second look at the best moves
# (hard) has RELOOK evaluations more at most, within BUDGET; a look cut short is not used.
BUDGET = 400
RELOOK = 80
# The kept-hand plans (hard) run within what is left of a decision's WORK: its evaluations,
# plus SEVEN_PIECE for each piece of a 7x1's search (hundreds of nodes that are not
# evaluations: a piece's time, measured on the unix port). A plan that would go past it is
# dropped, and the decision's looks weigh `follow` instead; so a costly search leaves no room
# for plans, and the worst decision's time stays close to that of hard without them.
WORK = 100
SEVEN_PIECE = 8
# The look over re-deals (hard, 4 players) begins a re-deal only while the decision's work
# with the last re-deal's once more stays under LOOK_WORK, counted in the look's unit (a
# native play-out ply, some 0.6 ms on a Pico: look.py): the look's own work, LOOK_EVAL for
# each evaluation of the decision's first search (with its move generation and danger
# tables, some 10 ms) and LOOK_7X1 for each piece of its 7x1 searches (some 56 ms). So a
# costly first search leaves fewer re-deals, and the worst decision stays near the cost of
# the usual one (docs/bots.md, the fortieth session)
LOOK_WORK = 2100
# The exchange's look (glook) plays whole hands, its re-deals each some 70 units at 4 cards:
# it would reach LOOK_WORK at most decisions, so it has a cap of its own, GIVE_WORK, that
# keeps its worst decision near the play look's (docs/bots.md, the forty-second session)
GIVE_WORK = 1700
LOOK_EVAL = 16
LOOK_7X1 = 90
# moves evaluated in one piece of a search spread over a board's loop passes (bots.bot_steps)
CHUNK = 16
# the card code that moves a pawn forward by 1..12 holes (255: none)
_FWD = const(b"\xff\x00\x01\x02\xff\x03\x04\xff\x05\x06\x07\xff\x08")

# what the last decision cost (tests check it): evaluations made within BUDGET, the pieces
# of its 7x1 searches, the work of its plans; the cap under way
LAST = {"evals": 0, "cap": BUDGET, "plan": 0, "pieces": 0, "look": 0}


class _Ctx:
    # what one decision precomputes: team weights per colour, danger and threat per hole
    pass


def _hold_probs(cnt, unseen, h):
    # per card code, 256 x the chance that a hand of h unseen cards holds at least one
    out = [0] * 12
    if h <= 0 or unseen <= 0:
        return out
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
        out[k] = 256 - (256 * num) // den
    return out


# over the complexity ceiling on purpose: a search's inner loop: a call a node would cost a Pico's
# pass
def _reach(s, pos, st, cols, probs, table):  # noqa: C901
    # add to table[hole] the chance (x256) that a pawn of colours `cols` lands on it next
    # turn: forward cards (the 7x1 eats all along its seven steps), -4 back, a start
    L = s.L
    for d in cols:
        pk = probs[d]
        if pk is None:
            continue
        nest = False
        for g in range(4 * d, 4 * d + 4):
            a = pos[g]
            if a == _NEST:
                nest = True
                continue
            if a > _B:
                continue
            t = a
            for step in range(1, 13):
                t = t + 1 if t + 1 < L else 0
                if t & 15 == 0 and st[t >> 4]:
                    break
                x = 0
                if step <= 7:
                    x = pk[_C7]
                k = _FWD[step]
                if k != 255:
                    x += pk[k]
                table[t] += x
            t = a
            ok = True
            for _ in range(4):
                t = t - 1 if t > 0 else L - 1
                if t & 15 == 0 and st[t >> 4]:
                    ok = False
                    break
            if ok:
                table[t] += pk[_CM4]
        if nest and not st[d]:
            table[16 * d] += pk[_C1] + pk[_C10]
    for i in range(L):
        if table[i] > 256:
            table[i] = 256


def _context(s, seat, w):
    cx = _Ctx()
    cx.wt = w
    team = s._team_cols(seat)
    cx.mult = 2 * (s.ncol // len(team) - 1)
    cx.team = [1 if c in team else 0 for c in range(s.ncol)]
    # cards this seat has not seen: 4 of each, less its hand, the played pile, its gift
    cnt = [4] * 12
    for k in s.hands[seat]:
        cnt[k] -= 1
    for k in s.played:
        cnt[k] -= 1
    if s.pending[seat] >= 0:
        cnt[s.pending[seat]] -= 1
    unseen = 0
    for k in range(12):
        if cnt[k] < 0:
            cnt[k] = 0
        unseen += cnt[k]
    cache = {}
    probs = []
    for c in range(s.ncol):
        owner = c % s.players
        h = len(s.hands[owner]) if owner != seat else 0
        if h not in cache:
            cache[h] = _hold_probs(cnt, unseen, h) if h else None
        probs.append(cache[h])
    opp = [c for c in range(s.ncol) if c not in team]
    cx.danger = [0] * s.L
    _reach(s, s.pos, s.stake, opp, probs, cx.danger)
    cx.threat = None
    if w.get("threat"):
        # the team's own cards are known: what its pawns can reach with them, as certain
        mine = [0] * 12
        for k in s.hands[seat]:
            mine[k] = 256
        cx.threat = [0] * s.L
        _reach(s, s.pos, s.stake, team, [mine if cx.team[c] else None
                                        for c in range(s.ncol)], cx.threat)
    return cx


def _eval(s, pos, st, cx):
    # greedy's progress count (team x mult, each other pawn -1) less the expected loss of the
    # team's pawns to the danger table, plus the threat on other pawns and stake blocking
    L = s.L
    w = cx.wt
    wr = w.get("risk", 0)
    rs = w.get("restart", 0)
    wth = w.get("threat", 0)
    wb = w.get("block", 0)
    dz = cx.danger
    th = cx.threat
    total = 0
    loss = 0
    gain = 0
    for c in range(s.ncol):
        mine = cx.team[c]
        home = 1
        sub = 0
        base = 16 * c
        for g in range(4 * c, 4 * c + 4):
            v = pos[g]
            if v == _NEST:
                home = 0
                continue
            if v > _B:
                sub += L + 40 + 3 * (v - _B)
                continue
            home = 0
            if v == base:
                if st[c]:
                    sub += 10
                    if mine and wb:
                        # opponents' pawns that the stake holds up (within 12 behind it)
                        for h in range(4 * s.ncol):
                            if not cx.team[h >> 2] and pos[h] < _B and (v - pos[h]) % L <= 12:
                                gain += wb * 256
                    continue
                x = 10 + L
            else:
                x = 10 + (v - base) % L
            sub += x
            if mine:
                loss += dz[v] * (x + rs)
            elif th is not None:
                gain += th[v] * x * wth >> 8
        if home:
            sub += 100
        if mine:
            total += sub * cx.mult
        else:
            total -= sub
    return total * 256 - ((loss * wr) >> 8) * cx.mult + gain


class _Best:
    # a move sink for tactik._gen (as tactik._Out) that collects the moves (stopping the
    # generation at the budget), then evaluates them in generation order, `evaluate(n)` a few
    # at a time: keeps the best move by _eval, or the best `keep` moves by greedy's value for
    # easy. A 7x1 outcome is kept packed (colour, pawns, stakes, steps): its text is made
    # only if it enters the best.
    def __init__(self, s, cx, keep=1):
        self.s = s
        self.cx = cx
        self.n = 0
        self.keep = keep
        self.top = []  # [(value, text, hops)] best first
        self.todo = []  # text, hops for a move; None, packed for a 7x1 outcome
        self.done = 0  # moves of todo evaluated
        self.before = bytes(s.pos) + bytes(s.stake)
        self.np = 4 * s.ncol

    def _value(self, text, hops, pos, st):
        s = self.s
        if self.cx is None:
            if pos is None:
                return s._value(text, hops)
            return s._eval(pos, st, s.current_player)
        if pos is None and text[0] in "dg":
            return -(1 << 40) - tactik._KEEP[tactik.CARDS.index(text.split(" ")[1])]
        sp = self.cx.wt.get("spend")
        cost = 0
        if pos is None:
            r = tactik._replay(self.before, self.np, hops, tactik._kind(text), True)
            pos = r[2]
            st = r[3]
            if sp:
                cost = sp[tactik.CARDS.index(text[:text.index(" ")])]
        elif sp:
            cost = sp[_C7]
        return _eval(s, pos, st, self.cx) - cost * 256 * self.cx.mult

    def first(self):
        # the best move (value, text, hops), or None when it is only a discard or a give
        t = self.top
        return t[0] if t and t[0][1][0] not in "dg" else None

    def _count(self):
        self.n += 1
        LAST["evals"] += 1
        if LAST["evals"] >= LAST["cap"]:
            raise tactik._Stop()

    def _enters(self, v):
        t = self.top
        return len(t) < self.keep or v > t[-1][0]

    def _insert(self, v, text, hops):
        t = self.top
        i = len(t)
        while i > 0 and t[i - 1][0] < v:
            i -= 1
        t.insert(i, (v, text, bytes(hops)))
        if len(t) > self.keep:
            t.pop()

    def put(self, text, hops, v=None):
        self.todo.append(text)
        self.todo.append(bytes(hops))
        self._count()

    def put7(self, s, c, pos, st, seq):
        self.todo.append(None)
        self.todo.append(bytes([c]) + bytes(pos) + bytes(st) + bytes(seq))
        self._count()

    def evaluate(self, n):
        # evaluate up to n more collected moves; True once all are
        todo = self.todo
        i = self.done
        end = min(len(todo), i + 2 * n)
        np = self.np
        ns = np + self.s.ncol
        while i < end:
            text = todo[i]
            if text is None:
                b = todo[i + 1]
                pos = b[1:1 + np]
                st = b[1 + np:1 + ns]
                v = self._value(None, None, pos, st)
                if self._enters(v):
                    seq = b[1 + ns:]
                    self._insert(v, self.s._split_text(b[0], pos, seq), seq)
            else:
                hops = todo[i + 1]
                v = self._value(text, hops, None, None)
                if self._enters(v):
                    self._insert(v, text, hops)
            todo[i] = todo[i + 1] = None  # let the evaluated ones go
            i += 2
        self.done = i
        if i >= len(todo):
            self.todo = []
            return True
        return False


def _search_steps(s, sink, only=-1):
    # a generator: the moves collected (the engine's generation, in the pieces and pauses of
    # a 7x1's search), then evaluated CHUNK at a time into sink.top
    try:
        for piece in s.gen_steps(only, sink):  # (only a 7x1's search yields)
            if piece:  # a piece of its work, not a pause (tactik._card_uses)
                LAST["pieces"] += 1
            yield
    except tactik._Stop:
        pass
    yield
    while not sink.evaluate(CHUNK):
        yield


def _search(s, sink, only=-1):
    # the search in one go: the best moves, best first
    finish(_search_steps(s, sink, only))
    return sink.top


def _give_for_partner(s, seat, cx, out):
    # a generator, a piece per card kind: the card to give (its move text in out[0], None
    # for none): what the partner could gain with it now (its pawns, this evaluation), less
    # what the seat gives up (greedy's keep order); a start card first when the partner is
    # stuck in the nest; the 7x1 and the Permuter are kept (the seat's strongest cards)
    hand = s.hands[seat]
    partner = (seat + s.players // 2) % s.players
    base = _eval(s, s.pos, s.stake, cx)
    best = None
    bestv = None
    f = s._fork()
    f.phase = "play"
    f.current_player = partner
    f.hands = [[] for _ in range(s.players)]
    kinds = sorted(set(hand))
    for k in kinds:
        if k in (_C7, _CP) and len(kinds) > 1:
            continue
        f.hands[partner] = [k]
        f._cache = None
        sink = _Best(f, cx)
        _search(f, sink)
        t = sink.first()
        g = t[0] - base if t is not None else 0
        v = g - tactik._KEEP[k] * 256 * cx.wt["give"]
        if bestv is None or v > bestv:
            best = k
            bestv = v
        yield
    if best is not None:
        out[0] = "give " + tactik.CARDS[best]


def _work(ahead):
    # the decision's work, with `ahead` more (the look's next re-deal, foreseen)
    return LAST["look"] + LOOK_EVAL * LAST["evals"] + LOOK_7X1 * LAST["pieces"] + ahead


def _look_spent(ahead):
    # whether that reaches LOOK_WORK: no more re-deals for the look
    return _work(ahead) >= LOOK_WORK


def _give_spent(ahead):
    # the same for the exchange's look, within GIVE_WORK
    return _work(ahead) >= GIVE_WORK


def move(s, level):
    """The move of `level` ("greedy", "easy", "normal", "hard") for the seat to move."""
    return finish(steps(s, level))


def steps(s, level):
    """move() as a generator (bots.bot_steps): None after each piece (the moves' generation,
    each CHUNK of evaluations, each part of a second look, each card weighed for the
    partner), the move last."""
    LAST["evals"] = 0
    LAST["cap"] = BUDGET
    LAST["plan"] = 0
    LAST["pieces"] = 0
    LAST["look"] = 0
    if level == "greedy":
        yield tactik.greedy_move(s)
        return
    seat = s.current_player
    if level == "easy":
        sink = _Best(s, None, 3)
        yield from _search_steps(s, sink)
        top = sink.top
        r = Rng(bot_rng_seed(s))
        i = 0
        if len(top) > 1 and r.below(256) < WEIGHTS["easy"]["slip"]:
            i = 1 + r.below(len(top) - 1)
        yield s._one(top[i][1], top[i][2])
        return
    w = WEIGHTS[level]
    cx = _context(s, seat, w)
    yield
    if s.phase == "exchange":
        if w.get("give") and not s.individual:
            out = [None]
            yield from _give_for_partner(s, seat, cx, out)
            if out[0] is not None:
                text = out[0]
                if w.get("glook") and not s.physical and s.players <= w["look_players"]:
                    # the exchange's look: hard's card and the others it may give, each
                    # played out over the hand in re-deals (look.give_steps)
                    k = tactik.CARDS.index(text[5:])
                    kinds = [k] + [j for j in sorted(set(s.hands[seat]))
                                   if j != k and j not in (_C7, _CP)]
                    if len(kinds) > 1:
                        from shared_rules.tactik import look

                        yield  # (the import, a piece of its own: see below)
                        pick = [k]
                        yield from look.give_steps(s, kinds, w, pick, LAST, _give_spent)
                        text = "give " + tactik.CARDS[pick[0]]
                yield s.parse_move(text)
                return
        yield tactik.greedy_move(s)
        return
    n = w.get("top", 0)
    sink = _Best(s, cx, max(1, n))
    yield from _search_steps(s, sink)
    top = sink.top
    if top[0][1][0] == "d":
        yield tactik.greedy_move(s)  # nothing to play: greedy's discard
        return
    pick = [top[0]]
    if (w.get("look") and len(top) > 1 and not s.individual and not s.physical
            and s.players <= w["look_players"]):
        from shared_rules.tactik import look  # (not loaded where the second look plays)

        # the import a piece of its own, and the native code's load another (look.steps), so
        # that neither adds to a piece of play-outs in one loop pass
        yield
        yield from look.steps(s, top[:w["look"]], w, pick, LAST, _look_spent)
    elif n > 1 and len(top) > 1:
        from shared_rules.tactik import bot_plan  # (not loaded where the look plays)

        yield from bot_plan.second_look(s, cx, top, w, pick)
    yield s._one(pick[0][1], pick[0][2])
