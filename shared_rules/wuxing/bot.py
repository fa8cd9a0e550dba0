"""Wuxing duel bots by level (shared_rules.bots dispatches here); see docs/bots.md.

Théâtre du duel (perfect information):
- easy: one ply with the evaluation below, but now and then (a seeded draw) a plausible
  mistake: one of its next three moves.
- normal: one ply with the evaluation (equal values: one drawn, seeded).
- hard: alpha-beta by iterative deepening (captures first, the moves in the previous depth's
  order), stopped by a count of nodes (`BUDGET`), never a clock; equal values at the root: one
  drawn (seeded).
The evaluation: pawns, less for a pawn whose row and column keep few other islands (isolation:
a pawn alone is lost at the next turning), tokens held, the side to move's captures and the
pawns it has under threat, mobility. The search plays the moves in place on one copy of the
position (no copy per node).

Chemin du duel (simultaneous choice): each round is a small matrix game (the seat's allowed
cards against the opponent's, known from the public last cards), its payoffs the evaluation
after the duel (hard: after the next round too, the middle of its maximin and minimax). The
mixed strategy comes from fictitious play in integers (the same on a Pico's single floats and
on CPython), answering an opponent expected to play its obvious card part of the time, and the
card is drawn from it with a generator seeded by the game's seed, the seat and the position.
The opponent's pending card is never read (only what `state.view(seat)` shows).
"""

from micropython import const

from shared_rules import wuxing
from shared_rules.rng import Rng

_NONE = const(255)

# Tuned weights (data; docs/bots.md tells how they were tuned with `lanterne arena`).
# Théâtre: pawn: a pawn; risk: a pawn whose row and column hold 0, 1, 2, 3 other islands;
# token: a token held; capnow: the side to move can capture (capmore: each further target);
# threat: each of the side to move's pawns the opponent could capture; mob: each legal move;
# depth: the deepest search; slip (easy): chance in 256 of one of the next-best moves.
# Chemin: ahead: an island of progress; mine/theirs: a token held; face: the Yin-Yang face;
# edge: one duel from a win; iters: rounds of fictitious play; bias: how often (in 256ths)
# the opponent is expected to play its obvious card (the best against a random one).
WEIGHTS = {
    "easy": {"pawn": 100, "risk": (100, 35, 12, 4), "token": 4, "capnow": 30, "capmore": 5,
             "threat": 20, "mob": 2, "depth": 1, "slip": 80,
             "ahead": 30, "mine": 25, "theirs": 10, "face": 8, "edge": 40, "iters": 0, "bias": 0},
    "normal": {"pawn": 100, "risk": (100, 35, 12, 4), "token": 4, "capnow": 60, "capmore": 10,
               "threat": 35, "mob": 2, "depth": 1, "slip": 0,
               "ahead": 30, "mine": 25, "theirs": 15, "face": 8, "edge": 40, "iters": 64,
               "bias": 64},
    "hard": {"pawn": 100, "risk": (100, 35, 12, 4), "token": 4, "capnow": 60, "capmore": 10,
             "threat": 35, "mob": 2, "depth": 6, "slip": 0,
             "ahead": 30, "mine": 25, "theirs": 15, "face": 8, "edge": 40, "iters": 96,
             "bias": 96},
}
BUDGET = {"easy": 200, "normal": 200, "hard": 80}  # Théâtre nodes (moves played) a decision

LAST = {"evals": 0, "nodes": 0}  # the last decision: evaluations, Théâtre nodes


def bot_rng(st, seat):
    """The bot's own generator for `seat` (both modes' modules draw from it)."""
    # the bot's own chance for `seat`: the game's seed, the seat and the position (what
    # serialize() keeps: the pawns, turned tiles, tokens, Chemin rounds, pawns, faces and
    # last cards), so a state read back from its text draws the same; never the game's
    # generator, nor the pending choices
    h = ((st.seed or 0) * 1000003 + seat * 131 + st.rounds * 7919) & 0x3FFFFFFF
    for b in (st.pawn, st.turned, st.tokens, st.pos, st.face, st.last):
        for x in b:
            h = (h * 31 + x) & 0x3FFFFFFF
    return Rng(h)


def card(st, seat, level):
    """Chemin: the card (an element number) `level` plays for `seat` this round, from what the
    seat may know only (never the opponent's pending card): wuxing_chemin_bot.py."""
    from shared_rules import wuxing_chemin_bot

    return wuxing_chemin_bot.card(st, seat, level)


def move(st, level):
    """The move of `level` ("greedy", "easy", "normal", "hard") for the seat to move. Chemin:
    the round with each pending choice kept and each missing one chosen by `level` for its
    seat (`card`), as `wuxing.greedy_move` does."""
    LAST["evals"] = 0
    LAST["nodes"] = 0
    if level == "greedy":
        return wuxing.greedy_move(st)
    if st.phase == wuxing.OVER:
        return None
    if st.phase == wuxing.DUEL:
        p = st.pending
        a = p[0] if p[0] != _NONE else card(st, 0, level)
        n = LAST["evals"]
        b = p[1] if p[1] != _NONE else card(st, 1, level)
        LAST["evals"] += n
        return wuxing.Move(wuxing.M_DUEL, a, b)
    from shared_rules import wuxing_theatre_bot

    code = wuxing_theatre_bot.decide(st, level)
    return wuxing._decode(code)
