"""Ta Yü hard's look at the opponent's reply, for the games hard's play-outs do not model (3
players, `two_tiles`, `stacks`: bot.py's `_plays_out`): for the best few placements, for a few
kinds drawn (seeded) from the tiles still unseen, the placement the opponent's own evaluation
prefers, and what it does to the mover's (an expectimax over two plies). A module of its own
so that the games that never use it do not hold it in a board's heap."""

from shared_rules.tayu import bot
from shared_rules.tayu.bot import _kind_at, _scratch, _unseen, _values, score


def best(st, k, ns, w, wa, ranked, rng, out):
    """A generator, a piece per kind of each reply look: the best of the `reply` placements in
    `ranked` by their value plus the mean change the opponent's expected best reply makes to
    it, in out[0] as (value, code)."""
    kinds = _sample_kinds(st, st.current_player, w["kinds"], rng)
    best = None
    got = [None]
    for v, _, code in ranked[:w["reply"]]:
        c = _scratch(st)  # the scratch stays this placement's until its look is over
        c._place(k, code // 76, (code // 4) % 19, code & 3)
        yield from _reply(c, kinds, ns, wa, got)
        if got[0] is None:  # the budget ran out: the placements looked at so far decide
            if best is None:
                best = (v, code)
            break
        if best is None or v + got[0] > best[0]:
            best = (v + got[0], code)
    out[0] = best


def _reply(c, kinds, ns, wa, out):
    # a generator, a piece per kind: the mean, over `kinds`, of the change the opponent's best
    # reply (the best by its own evaluation: the score and the squares it opens or covers)
    # makes to the mover's evaluation, in out[0]; None when the budget ran out before the end
    base = score(c._counts, wa, ns)
    total = 0
    for k in kinds:
        if bot.LAST["evals"] >= bot.BUDGET:
            out[0] = None
            return
        codes = c._placements(k)
        if codes:
            r = codes[_values(c, k, codes, not ns, wa)]
            _values(c, k, (r,), ns, wa)
            total += bot._VALS[0] - base
        yield
    out[0] = total // len(kinds) if kinds else 0


def _sample_kinds(st, seat, n, rng):
    # n kinds drawn without replacement from the unseen tiles (weighted by their counts)
    cnt = _unseen(st, seat)
    out = []
    total = sum(cnt)
    for _ in range(n):
        if total <= 0:
            break
        k = _kind_at(cnt, rng.below(total))
        out.append(k)
        total -= cnt[k]
        cnt[k] = 0
    return out
