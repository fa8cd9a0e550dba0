"""What Wuxing duel's bots share (bot.py, and each mode's: bot_theatre.py, bot_chemin.py): the
tuned weights, the Théâtre search's budget, the last decision's counts and the bots' own
generator. Apart so that the modes' bots import it and not bot.py, which imports them."""

from shared_rules.bots import mix_secret
from shared_rules.rng import Rng

# Tuned weights (data; docs/bots.md tells how they were tuned with `lanterne arena`).
# Théâtre: pawn: a pawn; risk: a pawn whose row and column hold 0, 1, 2, 3 other islands;
# token: a token held; capnow: the side to move can capture (capmore: each further target);
# threat: each of the side to move's pawns the opponent could capture; mob: each legal move;
# depth: the deepest search; qs: captures searched below it;
# slip (easy): chance in 256 of one of the next-best moves.
# Chemin: ahead: an island of progress; mine/theirs: a token held; face: the Yin-Yang face;
# edge: one duel from a win; iters: rounds of fictitious play; bias: how often (in 256ths)
# the opponent is expected to play its obvious card (the best against a random one).
WEIGHTS = {
    "easy": {"pawn": 100, "risk": (100, 35, 12, 4), "token": 4, "capnow": 30, "capmore": 5,
             "threat": 20, "mob": 2, "depth": 1, "qs": 0, "slip": 80,
             "ahead": 30, "mine": 25, "theirs": 10, "face": 8, "edge": 40, "iters": 0, "bias": 0},
    "normal": {"pawn": 100, "risk": (100, 35, 12, 4), "token": 4, "capnow": 60, "capmore": 10,
               "threat": 35, "mob": 2, "depth": 1, "qs": 0, "slip": 0,
               "ahead": 30, "mine": 25, "theirs": 15, "face": 8, "edge": 40, "iters": 64,
               "bias": 64},
    "hard": {"pawn": 100, "risk": (100, 35, 12, 4), "token": 4, "capnow": 60, "capmore": 10,
             "threat": 35, "mob": 6, "depth": 12, "qs": 4, "slip": 0,
             "ahead": 30, "mine": 25, "theirs": 15, "face": 8, "edge": 40, "iters": 96,
             "bias": 96},
}
BUDGET = {"easy": 200, "normal": 200, "hard": 1600}  # Théâtre nodes (moves played) a decision

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
    return Rng(mix_secret(h))  # and the game's secret (shared_rules/bots.py)
