"""Tac-Tik hard's look over re-deals (issue 33): each of hard's best moves played out in a few
re-deals of the cards the seat has not seen, greedy moving every seat in turn, and the
position reached valued by hard's evaluation from the seat's side (a win or a loss outweighs
everything); the move with the best sum is played. Team games of dealt cards only.

Everything a play-out does runs on 32-byte worlds in native code (fastplay.py; its twin
plainplay.py on CPython): greedy's whole move a call, the 7x1 left out while another card has
a use and then played by one pawn alone, and hard's evaluation of the end (the danger and
threat tables and the evaluation, bot._context and bot._eval on a world). A play-out ends at
its `plies`, a win, the end of the hand (the next deal is not played) or a seat left with a
7x1 no single pawn can play (the engine's search of it, in Python, would cost a Pico up to
hundreds of ms a ply, more than the look's counts foresee): it is valued as it stands. Every
re-deal meets every move (common chances: only their differences count), drawn from the
bots' seeded generator, so a game replays on every runtime. The decision's work bounds the
re-deals (bot.LOOK_WORK). The exchange has a look of its own (give_steps): each card the
seat may give its partner, the hand played out from its start. docs/bots.md gives the
figures.
"""

# pyright: reportAttributeAccessIssue=false
# (the engine's fields, set by its builders: the type checker cannot see them)

from array import array

from micropython import const

from shared_rules import native
from shared_rules.bots import bot_rng_seed
from shared_rules.rng import Rng
from shared_rules.tactik import rules as tactik

_DEAL = const(3)
_ST = const(24)
_SALT = const(0x51ED270B)
# The look's work, counted in a native play-out ply's (some 0.6 ms on a Pico): a play-out's
# end valued (_outcome) counts OUT more; a piece of the look ends with the play-out that
# takes its work to PIECE
OUT = const(2)
PIECE = const(48)
_B = const(100)  # tactik's location codes: a base hole's are above it, the nest's 255
_NEST = const(255)
_WIN = const(1 << 28)  # a won play-out: above any evaluation's sum over the re-deals
_NAMES = ("playout", "after", "value", "hold", "reach", "evaluate", "shuffle")

_native = []
# the look's buffers, made at each look's start and let go at its end: the running world and its
# scratch, the re-dealt and the running hands, the play-out's parameters, the cards it
# played, the re-deal's pool; for the evaluation: the unseen counts, the opponents' and the
# seat's card chances (12 a colour), the danger and threat tables, the weights, the played
# pile's counts; a play-out ply's best candidate; the re-deals' generator state
_BUF = []
# where each of those is in _BUF (the first seven are unpacked together)
_CNT = const(7)
_PROBS = const(8)
_MINE = const(9)
_DANGER = const(10)
_THREAT = const(11)
_WT = const(12)
_SEEN = const(13)
_BEST = const(14)
_RNG = const(15)


def load_native():
    """fastplay's functions (_NAMES) on MicroPython, None elsewhere."""
    return native.load(_native, "shared_rules.tactik.fastplay", _NAMES)


def _loops():
    if not _native:
        load_native()
    if _native[0] is not None:
        return _native
    from shared_rules.tactik import plainplay

    return [getattr(plainplay, n) for n in _NAMES]


def _buffers():
    if not _BUF:
        _BUF.extend((bytearray(32), bytearray(32), bytearray(72), bytearray(72),
                     bytearray(8), bytearray(24), bytearray(48), array("i", [0] * 12),
                     array("i", [0] * 72), array("i", [0] * 72), array("i", [0] * 96),
                     array("i", [0] * 96), array("i", [0] * 5), bytearray(12),
                     array("i", [0] * 6), array("I", [0])))
    return _BUF


def _redeal(s, seat, b, shuffle, given=None):
    # b[2], dealt: each seat's card counts, the others' hands drawn again (each keeping its
    # size) from what the seat has not seen (every card but its hand and the played pile,
    # whose counts are b[_SEEN]), sorted first so that only the counts matter; in the
    # exchange (`given`), a seat that has given already draws one card more, the one it gave
    # (given[j]: its code). The shuffle is native and allocates nothing: Rng's 32-bit words
    # are long integers on a Pico, 14.5 KB a re-deal, and the collections they caused took
    # up to 180 ms of a pass (docs/bots.md)
    dealt = b[2]
    pool = b[6]
    seen = b[_SEEN]
    mine = s.hands[seat]
    n = 0
    for k in range(12):
        for _ in range(4 - seen[k] - mine.count(k)):
            pool[n] = k
            n += 1
    shuffle(pool, n, b[_RNG])
    for j in range(72):
        dealt[j] = 0
    i = 0
    for j in range(s.players):
        if j == seat:
            for k in s.hands[j]:
                dealt[12 * j + k] += 1
            continue
        for _ in range(len(s.hands[j])):
            if i < n:
                dealt[12 * j + pool[i]] += 1
                i += 1
        if given is not None and s.pending[j] >= 0 and i < n:
            given[j] = pool[i]
            dealt[12 * j + pool[i]] += 1
            i += 1


def _made(world, s, before, text, hops):
    # the world after the move (text, hops) from `before` (s's pawns and stakes), each
    # colour's pawns in order as the engine keeps them
    np = 4 * s.ncol
    r = tactik._replay(before, np, hops, tactik._kind(text), True)
    tactik._snap(r[2], r[3])
    world[:np] = r[2]
    world[_ST:_ST + s.ncol] = r[3]


def _unseen(s, seat, played, r, hands, prm, cnt, seen):
    # cnt[k]: the cards of code k the seat has not seen at the play-out's end: neither in its
    # hand nor played (seen[k]: those of the played pile before the look); after a deal
    # whose pack took the played pile back, all but its hand's. Returns their number
    back = r == _DEAL and 48 - len(s.played) - prm[6] < s.players * s.hand_size
    for k in range(12):
        cnt[k] = 4 - hands[12 * seat + k] - (0 if back else seen[k])
    if not back:
        for i in range(prm[6]):
            cnt[played[i]] -= 1
    unseen = 0
    for k in range(12):
        if cnt[k] < 0:
            cnt[k] = 0
        unseen += cnt[k]
    return unseen


def _outcome(s, seat, played, r, run, hands, prm, b, loops):
    # the play-out's end for seat's team: a win or a loss, else hard's evaluation of it
    # (bot._context and bot._eval on the world; a play-out ended by a deal, r == _DEAL, is
    # valued with the danger of the next hand: every other seat dealt a full one)
    if prm[5] != 255:
        return _WIN if prm[5] == seat % (s.players // 2) else -_WIN
    hold, reach, evaluate = loops[3:6]
    cnt = b[_CNT]
    probs = b[_PROBS]
    mine = b[_MINE]
    danger = b[_DANGER]
    threat = b[_THREAT]
    wt = b[_WT]
    unseen = _unseen(s, seat, played, r, hands, prm, cnt, b[_SEEN])
    team = (1 << seat) | (1 << ((seat + s.players // 2) % s.players))
    opp = 0
    for c in range(s.ncol):
        if not (team >> c) & 1:
            h = s.hand_size
            if r != _DEAL:
                h = 0
                for k in range(12):
                    h += hands[12 * c + k]
            if h:
                hold(cnt, unseen, h, probs, 12 * c)
                opp |= 1 << c
    reach(run, prm, opp, probs, danger)
    if wt[2]:
        for c in range(s.ncol):
            if (team >> c) & 1:
                for k in range(12):
                    mine[12 * c + k] = 256 if hands[12 * seat + k] else 0
        reach(run, prm, team, mine, threat)
    return evaluate(run, prm, team, danger, threat, wt)


def _setup(s, w):
    # the look's buffers, with its evaluation weights, the played pile's counts and the
    # play-outs' fixed parameters set
    b = _buffers()
    wt = b[_WT]
    wt[0] = w["risk"]
    wt[1] = w["restart"]
    wt[2] = w["threat"]
    wt[3] = w["block"]
    wt[4] = 2 * (s.ncol // 2 - 1)  # the team's multiplier (bot._context)
    seen = b[_SEEN]
    for k in range(12):
        seen[k] = 0
    for k in s.played:
        seen[k] += 1
    prm = b[4]
    prm[0] = s.players  # (the play-outs change only the seat, the winner and the count)
    prm[1] = s.ncol
    prm[2] = s.L
    prm[4] = ((1 if s.flags["base_entry_compulsory"] else 0)
              | (2 if s.flags["partner_stake_own"] else 0))
    return b


def _greedy_gift(w, hands, j, n):
    # the card seat j gives its partner by greedy's rule (tactik.State._value): a start card
    # to a partner stuck in the nest, else the card it least wants to keep, first on ties
    p = 4 * ((j + n // 2) % n)
    stuck = 0
    for g in range(p, p + 4):
        if w[g] == _NEST:
            stuck = 1
        elif w[g] < _B:
            stuck = 0
            break
    mine = 0
    for g in range(4 * j, 4 * j + 4):
        if w[g] < _B:
            mine = 1
    best = -1
    bv = 0
    for k in range(12):
        h = hands[12 * j + k]
        if not h:
            continue
        v = -1000 - tactik._KEEP[k]
        if (k == 0 or k == 7) and stuck and (mine or h > 1):
            v = 0
        if best < 0 or v > bv:
            best = k
            bv = v
    return best


def _drive(w, last, spent, total, redeal, play):
    # both looks' loop, a generator: up to w["deals"] re-deals, each begun only while
    # spent(the last re-deal's work; 0 before the first) is false; after each redeal(),
    # total[i] += play(i) for every candidate i, each play-out's work (its plies, prm[6],
    # and OUT) counted in last["look"]; a piece ends with the play-out that takes its work
    # to PIECE. Returns the index of the best sum, first on ties
    prm = _BUF[4]
    done = 0  # the look's work since its last piece ended
    deal = 0
    for _ in range(w["deals"]):
        if spent(deal):
            break
        begun = last["look"]
        redeal()
        for i in range(len(total)):
            total[i] += play(i)
            last["look"] += prm[6] + OUT
            done += prm[6] + OUT
            if done >= PIECE:
                done = 0
                yield
        deal = last["look"] - begun
    del _BUF[:]  # (a board's heap holds them only while the look runs)
    best = 0
    for i in range(1, len(total)):
        if total[i] > total[best]:
            best = i
    return best


def _start(s, w):
    # the look's buffers set (_setup), its loops and its re-deals' generator seeded by the
    # bots' seed; a generator: the native code's load is a piece of its own
    if not _native:
        load_native()
        yield
    b = _setup(s, w)
    b[_RNG][0] = Rng((bot_rng_seed(s) ^ _SALT) & 0x3FFFFFFF or 1).state
    return b, _loops()


def give_steps(s, kinds, w, out, last, spent):
    """The exchange's look, a generator as steps(): out[0] = the card code of `kinds` (hard's
    choice first) whose gift gives the best sum over re-deals of the hand played out
    (w["gplies"] plies from the dealer's left), first on ties. In each re-deal the other
    seats hold what the seat has not seen; each that has not given yet gives by greedy's
    rule, the card a seat gave already is one of the unseen ones; then every gift goes to
    its partner, the seat's own too."""
    b, loops = yield from _start(s, w)
    playout, shuffle = loops[0], loops[6]
    run, tmp, dealt, hands, prm, played = b[:6]
    seat = s.current_player
    n = s.players
    world = bytearray(32)
    world[:len(s.pos)] = s.pos
    world[_ST:_ST + s.ncol] = s.stake
    gift = bytearray(n)

    def redeal():
        _redeal(s, seat, b, shuffle, gift)
        for j in range(n):
            if j != seat and s.pending[j] < 0:
                gift[j] = _greedy_gift(world, dealt, j, n)

    def play(i):
        hands[:] = dealt
        gift[seat] = kinds[i]
        for j in range(n):
            hands[12 * j + gift[j]] -= 1
            hands[12 * ((j + n // 2) % n) + gift[j]] += 1
        run[:] = world
        prm[3] = (s.dealer + 1) % n
        prm[5] = 255
        prm[6] = 0
        r = playout(run, tmp, hands, prm, played, w["gplies"], b[_BEST])
        return _outcome(s, seat, played, r, run, hands, prm, b, loops)

    best = yield from _drive(w, last, spent, [0] * len(kinds), redeal, play)
    out[0] = kinds[best]


def steps(s, top, w, out, last, spent):
    """A generator, in pieces of PIECE work: out[0] = the entry of `top` (hard's best moves,
    (value, text, hops), best first) with the best sum over its re-deals of its play-outs of
    w["plies"] plies, first on ties, valued with w's evaluation weights. Up to w["deals"]
    re-deals, each begun only while `spent(work)` is false, `work` the last re-deal's (0
    before the first): the decision's work bounds the look (`last`, bot.LAST: the look's
    own counted in "look"); with no re-deal made, out[0] is top[0]."""
    b, loops = yield from _start(s, w)
    playout, after, shuffle = loops[0], loops[1], loops[6]
    run, tmp, dealt, hands, prm, played = b[:6]
    seat = s.current_player
    plies = w["plies"]
    # each move's world and card, made once
    worlds = [bytearray(32) for _ in top]
    cards = bytearray(len(top))
    before = bytes(s.pos) + bytes(s.stake)
    for i in range(len(top)):
        text = top[i][1]
        cards[i] = tactik.CARDS.index(text[:text.index(" ")])
        _made(worlds[i], s, before, text, top[i][2])

    def redeal():
        _redeal(s, seat, b, shuffle)

    def play(i):
        run[:] = worlds[i]
        hands[:] = dealt
        hands[12 * seat + cards[i]] -= 1
        played[0] = cards[i]
        prm[3] = seat
        prm[5] = 255
        prm[6] = 1
        r = after(run, hands, prm)  # (0: the game goes on)
        if r == 0 and prm[6] <= plies:  # (_NEED ends it: valued as it stands)
            r = playout(run, tmp, hands, prm, played, plies + 1, b[_BEST])
        return _outcome(s, seat, played, r, run, hands, prm, b, loops)

    best = yield from _drive(w, last, spent, [0] * len(top), redeal, play)
    out[0] = top[best]
