"""Ta Yü's `expert` yardstick (host only, `lanterne arena`): the best placements by hard's
evaluation, each played out in re-draws of the tiles the seat has not seen
(perfect-information Monte Carlo).

For each of `DRAWS` re-draws (the bag and the other hands filled again at random from the
tiles the seat cannot see, `bot._unseen`: their counts, not where each lay), each of the
best `TOP` placements by hard's evaluation is made, then `PLIES` more placements by normal for
both sides, and the position reached is valued by hard's evaluation from the seat's side (the
score, then the open squares near each coast); an ended game by its score difference above
all. The placement with the best sum over the re-draws is played: every placement meets the
same re-draws. The draws come from the bots' own seed (`bots.bot_rng_seed`), so a game
replays. Bids, stacks, the flood, a choice of tile and a seat with one placement play hard's
move. docs/bots.md gives its figures.
"""

from shared_rules.tayu import bot, rules

from .expert import best_over_deals

TOP = 6  # placements played out
DRAWS = 40  # re-draws of the unseen tiles, the same for every placement (about 0.5 s a move)
PLIES = 4  # placements played out after each (two of each side)
_SALT = 0x1B873593  # the expert's draws: not hard's
_WIN = 1 << 40


def redraw(state, seat, rng):
    """A copy of `state` whose tiles the seat cannot see (the bag's rest, every other hand)
    are drawn again at random from their counts, each hand keeping its size."""
    f = state.clone()
    cnt = bot._unseen(state, seat)
    pool = []
    for k in range(len(cnt)):
        pool += [k] * cnt[k]
    rng.shuffle(pool)
    i = 0
    for j in range(state.players):
        if j != seat:
            n = len(f.hands[j])
            f.hands[j] = pool[i:i + n]
            i += n
    for lane in range(2):
        a = f._lane_pos[lane]
        e = f._lane_end[lane]
        f._bag[a:e] = bytearray(pool[i:i + e - a])
        i += e - a
    return f


def _value(f, ns, wa):
    # the position reached, from the side of North-South (ns) or East-West
    if f.is_over():
        a, b = f.scores()
        d = a - b if ns else b - a
        return d * _WIN
    return bot._position_value(f, ns, wa)


def _placement(code):
    return rules.Move(rules.M_PLACE, code // 76, (code // 4) % 19, code & 3)


def _play_out(f, plies):
    # normal plays for both sides, `plies` moves (or to the end), in place
    for _ in range(plies):
        if f.is_over():
            return
        f.apply(bot.move(f, "normal"))


def move(state):
    """The expert's move for the seat to move."""
    seat = state.current_player
    side = state.side_of(seat)
    if (state.phase != rules.PLACE or side not in ("NS", "EW") or state.players != 2
            or state.flags["stacks"]):
        return bot.move(state, "hard")
    ns = side == "NS"
    wa = bot.weight_array(bot.WEIGHTS["hard"])
    ranked = bot._ranked(state, state._tile, ns, wa)
    if len(ranked) < 2:
        return bot.move(state, "hard")
    codes = [r[2] for r in ranked[:TOP]]

    def outcome(deal, i):
        f = deal.clone()
        f.apply(_placement(codes[i]))
        _play_out(f, PLIES)
        return _value(f, ns, wa)

    return _placement(codes[best_over_deals(state, _SALT, DRAWS, redraw, outcome, len(codes))])
