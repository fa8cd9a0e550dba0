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

from shared_rules.wuxing import rules as wuxing
from shared_rules.wuxing.bot_common import BUDGET, LAST, WEIGHTS, bot_rng  # noqa: F401

_NONE = const(255)


def choice(st, seat, level):
    """A simultaneous round (Chemin): `seat`'s choice at `level` (the interface's name for
    `card`, shared_rules/bots.py: bot_choice)."""
    return card(st, seat, level)


def card(st, seat, level):
    """Chemin: the card (an element number) `level` plays for `seat` this round, from what the
    seat may know only (never the opponent's pending card): bot_chemin.py."""
    from shared_rules.wuxing import bot_chemin

    return bot_chemin.card(st, seat, level)


def steps(st, level):
    """`move` as a generator for a board's loop (shared_rules/bots.py: bot_steps): the
    Théâtre's search a piece a `next()` (bot_theatre.steps), the move last; a Chemin round
    is one piece."""
    if level == "greedy" or st.phase in (wuxing.DUEL, wuxing.OVER):
        yield move(st, level)
        return
    LAST["evals"] = 0
    LAST["nodes"] = 0
    from shared_rules.wuxing import bot_theatre

    code = None
    for code in bot_theatre.steps(st, level):
        if code is None:
            yield None
    yield wuxing._decode(code)


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
    from shared_rules.wuxing import bot_theatre

    code = bot_theatre.decide(st, level)
    return wuxing._decode(code)
