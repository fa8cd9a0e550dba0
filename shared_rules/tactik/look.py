"""Tac-Tik hard's look over re-deals (issue 33): each of hard's best moves played out in a few
re-deals of the cards the seat has not seen, greedy moving every seat in turn, and the
position reached valued by hard's evaluation from the seat's side (a win or a loss outweighs
everything); the move with the best sum is played. Team games of dealt cards only.

Everything a play-out does runs on 32-byte worlds in native code (fastplay.py; its twin
plainplay.py on CPython): greedy's whole move a call, the 7x1 left out while another card has
a use and then played by one pawn alone (a 7x1 no single pawn can play is left to the
engine's greedy for that ply), and hard's evaluation of the end (the danger and threat tables
and the evaluation, bot._context and bot._eval on a world). A play-out ends at its `plies`, a
win, or the end of the hand (the next deal is not played). Every re-deal meets every move (common
chances: only their differences count), drawn from the bots' seeded generator, so a game
replays on every runtime. docs/bots.md gives the figures.
"""

# pyright: reportAttributeAccessIssue=false
# (the engine's fields, set by its builders: the type checker cannot see them)

from array import array

from micropython import const

from shared_rules import native
from shared_rules.bots import bot_rng_seed
from shared_rules.rng import Rng
from shared_rules.tactik import rules as tactik

_NEED = const(2)
_DEAL = const(3)
_ST = const(24)
_SALT = const(0x51ED270B)
_WIN = const(1 << 28)  # a won play-out: above any evaluation's sum over the re-deals
_NAMES = ("playout", "after", "value", "hold", "reach", "evaluate")

_native = []
# the look's buffers, made at its first use (no work at import): the running world and its
# scratch, the re-dealt and the running hands, the play-out's parameters, the cards it
# played, the re-deal's pool; for the evaluation: the unseen counts, the opponents' and the
# seat's card chances (12 a colour), the danger and threat tables, the weights, the played
# pile's counts; a play-out ply's best candidate
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
                     array("i", [0] * 6)))
    return _BUF


def _redeal(s, seat, rng, seen, dealt, pool):
    # dealt: each seat's card counts, the others' hands drawn again (each keeping its size)
    # from what the seat has not seen (every card but its hand and the played pile, whose
    # counts are `seen`), sorted first so that only the counts matter
    mine = s.hands[seat]
    n = 0
    for k in range(12):
        for _ in range(4 - seen[k] - mine.count(k)):
            pool[n] = k
            n += 1
    i = n - 1  # Fisher-Yates (rng.shuffle) on the pool's first n bytes
    while i > 0:
        j = rng.below(i + 1)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
        i -= 1
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


def _sync(f, run, hands, prm):
    # the scratch state f as the running world: pawns, stakes, hands, the seat to move
    np = 4 * f.ncol
    f.pos[:] = run[:np]
    f.stake[:] = run[_ST:_ST + f.ncol]
    for j in range(f.players):
        h = f.hands[j]
        del h[:]
        for k in range(12):
            for _ in range(hands[12 * j + k]):
                h.append(k)
    f.current_player = prm[3]
    f.phase = "play"
    f.win = -1
    f._cache = None


def _made(worlds, at, s, before, text, hops):
    # the world at worlds[at:] after the move (text, hops) from `before` (s's pawns and
    # stakes), each colour's pawns in order as the engine keeps them
    np = 4 * s.ncol
    r = tactik._replay(before, np, hops, tactik._kind(text), True)
    tactik._snap(r[2], r[3])
    worlds[at:at + np] = r[2]
    worlds[at + _ST:at + _ST + s.ncol] = r[3]


def _engine_ply(f, run, hands, prm, played, after):
    # the ply the native loop leaves to the engine (a 7x1 alone in its use): greedy's move
    # found on f, made on the running world, then after()'s turn
    _sync(f, run, hands, prm)
    o = f._gen(-1, tactik._Out(f))
    text = o.text
    k = tactik.CARDS.index(text[text.index(" ") + 1:] if text[0] == "d" else
                           text[:text.index(" ")])
    if o.hops:
        _made(run, 0, f, bytes(f.pos) + bytes(f.stake), text, o.hops)
    hands[12 * prm[3] + k] -= 1
    played[prm[6]] = k
    prm[6] += 1
    return after(run, hands, prm)


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
    hold, reach, evaluate = loops[3:]
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


def steps(s, top, w, out):
    """A generator, a piece a play-out: out[0] = the entry of `top` (hard's best moves,
    (value, text, hops), best first) with the best sum over w["deals"] re-deals of its
    play-outs of w["plies"] plies, first on ties, valued with w's evaluation weights."""
    loops = _loops()
    playout, after = loops[0], loops[1]
    b = _buffers()
    run, tmp, dealt, hands, prm, played, pool = b[:7]
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
    seat = s.current_player
    prm[0] = s.players  # (the play-outs change only the seat, the winner and the count)
    prm[1] = s.ncol
    prm[2] = s.L
    prm[4] = ((1 if s.flags["base_entry_compulsory"] else 0)
              | (2 if s.flags["partner_stake_own"] else 0))
    n = len(top)
    # each move's world and card, made once
    worlds = bytearray(32 * n)
    cards = bytearray(n)
    before = bytes(s.pos) + bytes(s.stake)
    for i in range(n):
        text = top[i][1]
        cards[i] = tactik.CARDS.index(text[:text.index(" ")])
        _made(worlds, 32 * i, s, before, text, top[i][2])
    f = None  # the engine's state for a 7x1 it must play, made at the first
    rng = Rng((bot_rng_seed(s) ^ _SALT) & 0x3FFFFFFF or 1)
    total = [0] * n
    for _ in range(w["deals"]):
        _redeal(s, seat, rng, seen, dealt, pool)
        for i in range(n):
            run[:] = worlds[32 * i:32 * i + 32]
            hands[:] = dealt
            hands[12 * seat + cards[i]] -= 1
            played[0] = cards[i]
            prm[3] = seat
            prm[5] = 255
            prm[6] = 1
            r = after(run, hands, prm)  # (0: the game goes on)
            while r == 0 and prm[6] <= w["plies"]:
                r = playout(run, tmp, hands, prm, played, w["plies"] + 1, b[_BEST])
                if r == _NEED:
                    f = f or s._fork()
                    r = _engine_ply(f, run, hands, prm, played, after)
            total[i] += _outcome(s, seat, played, r, run, hands, prm, b, loops)
            yield
    best = 0
    for i in range(1, n):
        if total[i] > total[best]:
            best = i
    out[0] = top[best]
