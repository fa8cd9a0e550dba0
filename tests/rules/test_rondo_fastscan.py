"""Rondo's search loop (shared_rules/rondo/search.py, Context.sweep): its native code
(shared_rules/rondo/fastscan.py, MicroPython) and its Python twin (CPython, and MicroPython when
told to) give the same answers over the bots' word set's pieces in positions along whole games,
with and without jokers, in the beginners' variant or not; and each answer is the play the rules'
own valuation (`Context._at`, `_fresh`, which make the play's text) finds best."""

from native_twins import check_load_native, with_each_loop

from shared_rules.rondo import bot, rules, search

ODD = [b"", b"ab-c", b"zzzzzzzzzzzzzzzzzz", b"Abc"]  # no play: not small letters, too long


def _pieces(ctx, level=2, per=3):
    """A few pieces of the words of each first letter a play may start with."""
    out = []
    b = search._bot_words()
    for head in ctx.heads[:4]:
        lines = b.stream(head, level)
        try:
            for _ in range(per):
                words = lines.piece()
                if words is None:
                    break
                out.append(words + ODD)
        finally:
            lines.close()
    return out


def _swept(ctx, pieces):
    """Every answer of sweep() a search asks for: from every start, the first word that has a
    play, and the best play over floors below, at and above the piece's best."""
    out = []
    for words in pieces:
        end = len(words)
        for start in range(end + 1):
            out.append(ctx.sweep(words, start, end, search._NONE, True))
        top = ctx.sweep(words, 0, end)
        out.append(top)
        if top >= 0:
            pts = (top >> 14) - 512
            for floor in (pts - 1, pts, pts + 1):
                out.append(ctx.sweep(words, 0, end, floor))
    return out


def _by_the_rules(ctx, w):
    """(points, s) of the first of `w`'s best plays by `_at` (or `_fresh` on an empty holder),
    None when it has none."""
    if not ctx.lo <= len(w) <= ctx.hi or any(not 97 <= b <= 122 for b in w):
        return None
    word = bytes(w).decode().upper()
    if not ctx.n:
        got = ctx._fresh(word)
        return None if got is None else (got[0], 0)
    best = None
    for s in range(-1, ctx.n + 2 - len(w)):
        got = ctx._at(word, s, s + len(w))
        if got is not None and (best is None or got[0] > best[0]):
            best = (got[0], s)
    return best


def _check(ctx, pieces, where):
    got, plain = with_each_loop(search, _swept, ctx, pieces)
    assert got == plain, where
    plays = 0
    for words in pieces:
        rules_best = [_by_the_rules(ctx, w) for w in words]
        top = None
        for i, ref in enumerate(rules_best):
            k = ctx.sweep(words, i, i + 1, search._NONE, True)
            if ref is None:
                assert k < 0, (where, words[i], k)
                continue
            plays += 1
            assert ((k >> 14) - 512, (k >> 4) & 1023, (k & 15) - 1) == (ref[0], i, ref[1]), \
                (where, words[i], k, ref)
            assert ctx.play(words, k)[0] == ref[0], (where, words[i])
            if top is None or ref[0] > top[0]:
                top = (ref[0], i, ref[1])
        k = ctx.sweep(words, 0, len(words))
        assert (k < 0 if top is None else
                ((k >> 14) - 512, (k >> 4) & 1023, (k & 15) - 1) == top), (where, k, top)
    assert not any(ctx.table[search._USED:search._USED + 26]), where  # scratch given back
    return plays


def test_native_and_plain_sweep_find_the_plays_the_rules_value_best():
    plays = positions = 0
    for seed, players, opts in ((3, 2, {}), (5, 3, {"beginners": True}),
                                (8, 2, {"beginners": True, "joker": -3})):
        st = rules.new_game(players, seed, **opts)
        n = 0
        while not st.is_over() and n < 14:
            ctx = search.Context(st)
            pieces = _pieces(ctx)
            for jokers in (ctx.jokers, 0, 2):  # the hand's, then fewer or more
                ctx.jokers = ctx.table[search._GEO + 1] = jokers
                plays += _check(ctx, pieces, (seed, n, jokers))
            positions += 1
            st.apply(bot.move(st, "easy"))
            n += 1
    assert positions > 30 and plays > 300, (positions, plays)


def test_a_word_shown_or_laid_on_an_empty_holder_lays_every_letter():
    for seed, start in ((4, None), (6, "seat0")):
        st = rules.new_game(2, seed, **({"start": start} if start else {}))
        ctx = search.Context(st)
        assert not ctx.n
        assert _check(ctx, _pieces(ctx, per=2), (seed, start)) > 0


def test_load_native_finds_the_native_sweep_where_there_is_native_code():
    check_load_native(search)
