"""Tac-Tik's `expert` yardstick (host only, `lanterne arena`): hard's best moves, each played
out in many re-deals of the cards the seat has not seen (perfect-information Monte Carlo).

For each of `DEALS` re-deals (the other hands, the cards given face down and the pack dealt
again at random from what the seat cannot see, sorted first so that only their counts
matter), each of hard's best `TOP` moves is played, then `PLIES` more moves by greedy for
every seat (the deals that follow included, from a generator of the re-deal's own), and the
position reached is valued by hard's evaluation from the seat's side (a win or a loss
outweighs everything). The move with the best sum over the re-deals is played. The exchange
and a seat with a single choice play hard's move. Every re-deal is the same for every move
(common chances: only the moves' differences count), and the draws come from the bots' own
seed (`bots.bot_rng_seed`), so a game replays. The exchange plays hard's card chosen as hard
chose it before its look at the exchange (the forty-second session), so that the yardstick
stays the one hard's figures were measured against.

What the seat knows and this leaves out: the card it gave its partner is dealt anywhere
again. docs/bots.md gives its figures.
"""

from shared_rules.rng import Rng
from shared_rules.tactik import bot, rules

from .expert import best_over_deals

TOP = 6  # hard's best moves played out
DEALS = 96  # re-deals of the unseen cards, the same for every move (about 0.5 s a move)
PLIES = 8  # moves played out after each (two turns of every seat at 4 players)
_WIN = 1 << 40


def redeal(state, seat, rng):
    """A copy of `state` whose hidden cards (every other hand, the cards given face down, the
    pack) are dealt again from their pool by `rng`, each hand keeping its size; the copy's own
    generator (the next shuffles) drawn from `rng` too."""
    f = state._fork()
    n = state.players
    pool = list(f.pack)
    for j in range(n):
        if j != seat:
            pool += f.hands[j]
            if f.pending[j] >= 0:
                pool.append(f.pending[j])
    pool.sort()  # what the seat knows is the pool's counts, not where each card lies
    rng.shuffle(pool)
    i = 0
    for j in range(n):
        if j == seat:
            continue
        k = len(f.hands[j])
        f.hands[j] = sorted(pool[i:i + k])
        i += k
        if f.pending[j] >= 0:
            f.pending[j] = pool[i]
            i += 1
    f.pack = bytearray(pool[i:])
    f.rng = Rng(rng.below(1 << 30) + 1)
    f._cache = None
    return f


def _value(f, seat):
    # the position reached, for seat's team: hard's evaluation from its side, a win above all
    if f.is_over():
        return _WIN if seat in f.winner() else -_WIN
    cx = bot._context(f, seat, bot.WEIGHTS["hard"])
    return bot._eval(f, f.pos, f.stake, cx)


def _play_out(f, plies):
    # greedy plays every seat for `plies` moves (or to the end), in place
    for _ in range(plies):
        if f.is_over():
            return
        f._play(rules.greedy_move(f), None)


def move(state):
    """The expert's move for the seat to move."""
    seat = state.current_player
    if state.phase != "play":
        # the exchange: hard's card for the partner as the yardstick has always chosen it (one
        # look at the partner's best move with each card), not hard's look over re-deals;
        # made at each exchange from hard's weights as they are (a trial's may replace them)
        bot.WEIGHTS["expert exchange"] = dict(bot.WEIGHTS["hard"], glook=0)
        return bot.move(state, "expert exchange")
    cx = bot._context(state, seat, bot.WEIGHTS["hard"])
    bot.LAST["evals"] = 0  # hard's own budget for listing the moves, whatever ran before
    bot.LAST["cap"] = bot.BUDGET
    top = bot._search(state, bot._Best(state, cx, TOP))
    if len(top) < 2 or top[0][1][0] in "dg":
        return bot.move(state, "hard")
    moves = [state._one(t[1], t[2]) for t in top]

    def outcome(deal, i):
        f = deal._fork()  # (its generator too: every move meets the same shuffles)
        f._play(moves[i], None)
        _play_out(f, PLIES)
        return _value(f, seat)

    return moves[best_over_deals(state, 0x2545F491, DEALS, redeal, outcome, len(moves))]
