"""Rondo's first test of the words read (shared_rules/rondo/search.py, Context.scan): its native
loop (shared_rules/rondo/fastscan.py, MicroPython) and its Python twin (CPython, and MicroPython
when told to) pass the same words, over the bots' word set's pieces in positions along whole
games, with and without jokers; and the bots' search keeps the moves it had."""

from native_twins import check_load_native, with_each_loop

from shared_rules.rondo import bot, rules, search


def _passed(ctx, pieces):
    """The indexes scan() passes in each piece, scanning from every start (a word that fails
    must be stepped over, one that passes returned at once)."""
    out = bytearray()  # (a piece holds some 60 words: each index a byte, on a Pico-sized heap)
    for words in pieces:
        for start in range(len(words) + 1):
            out.append(ctx.scan(words, start, len(words)))
    return out


def _pieces(ctx, level=2, per=2):
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
                out.append(words + [b"", b"ab-c", b"zzzzzzzzzzzzzzzzzz"])  # odd ones too
        finally:
            lines.close()
    return out


def test_native_and_plain_scan_pass_the_same_words():
    checked = passed = 0
    for seed, players in ((3, 2), (5, 3)):
        st = rules.new_game(players, seed)
        n = 0
        while not st.is_over() and n < 16:
            ctx = search.Context(st)
            pieces = _pieces(ctx)
            got, plain = with_each_loop(search, _passed, ctx, pieces)
            assert got == plain, (seed, n)
            checked += len(got)
            passed += sum(1 for words in pieces for i in range(len(words)) if
                          ctx.scan(words, i, i + 1) == i)
            for jokers in (0, 2):  # the same hand with fewer or more jokers than it has
                ctx.jokers = jokers
                got, plain = with_each_loop(search, _passed, ctx, pieces)
                assert got == plain, (seed, n, jokers)
            st.apply(bot.move(st, "easy"))
            n += 1
    assert checked > 5000 and passed > 50, (checked, passed)


def test_load_native_finds_the_native_scan_where_there_is_native_code():
    check_load_native(search)
