"""Host-only bot levels for `lanterne arena` (issue 33): yardsticks the board's levels are
measured against, never shipped.

- `expert`: each game's yardstick, about half a second a move on a laptop's CPython (the
  issue's measure). Théâtre, hard's alpha-beta and capture search with 20,000 nodes (hard's:
  1,600) and a depth cap of 20 (hard's: 12); Ta Yü, the best placements played out in
  re-draws of the tiles the seat has not seen (`expert_tayu`); Tac-Tik, hard's best moves
  played out in re-deals of the cards the seat has not seen (`expert_tactik`). Chemin:
  `spy`. docs/bots.md gives each against hard.
- `spy` (Chemin): an opponent who knows the bots' code but not the game's secret: it computes
  the mixed strategy hard plays in the position (the same code, the same table) and answers
  it with its best card, each card valued by the solved table (the continuation's value).
- `seer` (Chemin): a reader of the serial log: it replays hard's draw from what the log
  gives (the seed and the position, no secret) and answers the card it predicts. Against a
  board without the secret (`lanterne arena --no-secret`) it foresees every card; with the
  secret its prediction is a guess.
"""

from shared_rules import bots
from shared_rules.rng import Rng

LEVELS = ("expert", "spy", "seer")


def best_over_deals(state, salt, deals, redeal, outcome, n):
    """Perfect-information Monte Carlo's choice among n candidate moves (Ta Yü's and Tac-Tik's
    experts): the index, first on ties, of the best sum of `outcome(world, i)` (candidate i
    played on a copy of the world and valued) over `deals` worlds, each made by
    `redeal(state, seat, rng)` and met by every candidate. The generator comes from the bots'
    own seed mixed with `salt`, so a game replays."""
    rng = Rng((bots.bot_rng_seed(state) ^ salt) & 0x3FFFFFFF or 1)
    total = [0] * n
    for _ in range(deals):
        world = redeal(state, state.current_player, rng)
        for i in range(n):
            total[i] += outcome(world, i)
    best = 0
    for i in range(1, n):
        if total[i] > total[best]:
            best = i
    return best


def move(state, level, game):
    """The move of a host-only level for the seat to move."""
    if state.simultaneous():
        mv = None
        for seat in range(state.players):
            if not state.chosen(seat):
                mv = state.choose(seat, choice(state, seat, level, game))
        return mv
    mod = bots.bot_module(game)
    if game == "wuxing":
        from shared_rules.wuxing import bot_common

        bot_common.WEIGHTS.setdefault("expert", dict(bot_common.WEIGHTS["hard"], depth=20))
        bot_common.BUDGET["expert"] = 20000
        return mod.move(state, "expert")
    if game == "tayu":
        from . import expert_tayu

        return expert_tayu.move(state)
    if game == "tactik":
        from . import expert_tactik

        return expert_tactik.move(state)
    return bots.bot_move(state, "hard", game)


def choice(state, seat, level, game):
    """A simultaneous round: the host-only level's choice for `seat`."""
    if game != "wuxing":
        return bots.bot_choice(state, seat, "hard", game)
    from shared_rules.wuxing import bot_chemin as bc

    o = 1 - seat
    if level == "seer":
        kept = bots.secret()
        bots.set_secret(0)  # what the log gives: the seed and the position, no secret
        try:
            guess = bc.hard_card(state, o)
        finally:
            bots.set_secret(kept)
        mine, theirs, rows = bc.eq_matrix(state, seat)
        j = theirs.index(guess)
        best = 0
        for i in range(len(rows)):
            if rows[i][j] > rows[best][j]:
                best = i
        return mine[best]
    _, _, theirs_rows = bc.eq_matrix(state, o)  # the opponent's view: its rows are its cards
    w, s = bc.eq_strategy(theirs_rows)
    mine, theirs, rows = bc.eq_matrix(state, seat)  # this seat's payoffs (rows: its cards)
    best = None
    for i, row in enumerate(rows):
        v = 0
        for j, p in enumerate(w):  # the opponent's card j (its allowed cards, in order)
            v += p * row[j]
        if best is None or v > best[0]:
            best = (v, mine[i])
    return best[1]
