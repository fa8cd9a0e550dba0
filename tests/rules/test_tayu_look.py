"""Ta Yü hard's look over re-draws (shared_rules/tayu/bot.py): a play-out on the scratch board
reaches what the engine reaches when normal places the same tiles, and is valued as a scan of
the whole board values it; a draw takes only tiles the seat has not seen and leaves the counts
as they were; the look leaves the game as it was."""

import gc

import sizes

from shared_rules import bots
from shared_rules.rng import Rng
from shared_rules.tayu import bot, plaineval
from shared_rules.tayu import rules as tayu


def _scanned_value(f, ns, wa):
    # the position's evaluation from a scan of every square (not the frontier list), by the
    # plain evaluation's own pieces
    if f.is_over():
        a, b = f.scores()
        return (a - b if ns else b - a) << bot.WIN_SHIFT
    v = bot.score(f._counts, wa, ns)
    for q in range(tayu.SIZE * tayu.SIZE):
        if f._inc[q] and not f._board[q]:
            v += plaineval._square(q, f._counts, f._dbl, wa, ns)
    return v


def _engine_play_out(st, code, tiles, ends, wa):
    # the same play-out by the engine: the bag's next tiles made `tiles`, the placement
    # applied, then normal's move for each seat in turn
    f = st.clone()
    pos = f._lane_pos[0]
    f._bag[pos:pos + len(tiles)] = bytearray(tiles)
    f.apply(tayu.Move(tayu.M_PLACE, code // 76, (code // 4) % 19, code & 3))
    for _ in tiles:
        if f.is_over():
            break
        f.apply(bot.move(f, "normal"))
    if f.is_over() and f.placed == st.placed + 1 + len(tiles) and not ends:
        return None  # the real tile after the drawn ones was dead: beyond the play-out
    return _scanned_value(f, st.side_of(st.current_player) == "NS", wa)


def test_a_play_out_reaches_what_the_engine_reaches():
    wa = bot.weight_array(bot.WEIGHTS["normal"])  # the engine's side plays normal: its weights
    r = Rng(41)
    every = sizes.pick(1, 4, 8)  # positions checked: one in `every`, and the last few always
    checked = 0
    ended = 0
    for players, seed in sizes.pick(((2, 5), (4, 9), (2, 12)), ((2, 5), (4, 9)), ((2, 5),)):
        st = tayu.new_game(players, seed)
        while not st.is_over():
            left = st.tiles_left()
            if st.phase == tayu.PLACE and st.placed > 0 and (r.below(every) == 0 or left < 4):
                ns = st.side_of(st.current_player) == "NS"
                cnt = bot._unseen(st, st.current_player)
                tiles = []
                bot._draw_tiles(cnt, min(left, 1 + r.below(3)), r, tiles)
                ends = len(tiles) == left
                for _, _, code in bot._ranked(st, st._tile, ns, wa)[:3]:
                    bot.LAST["evals"] = 0
                    got = bot._play_out(st, st._tile, code, tiles, ends, ns, wa)
                    want = _engine_play_out(st, code, tiles, ends, wa)
                    if want is None:
                        continue
                    assert got == want, (seed, st.placed, code)
                    checked += 1
                    ended += abs(got) >= 1 << bot.WIN_SHIFT
            st.apply(bots.bot_move(st, "normal"))
        gc.collect()
    assert checked >= sizes.pick(300, 60, 15) and ended > 0, (checked, ended)


def test_a_draw_takes_only_unseen_tiles_and_leaves_the_counts():
    st = tayu.new_game(2, 3)
    for _ in range(20):
        st.apply(bots.bot_move(st, "greedy"))
    cnt = bot._unseen(st, st.current_player)
    kept = list(cnt)
    r = Rng(7)
    for n in (1, 3, 8, sum(cnt) + 5):
        tiles = []
        bot._draw_tiles(cnt, n, r, tiles)
        assert cnt == kept
        assert len(tiles) == min(n, sum(cnt))
        for k in range(28):
            assert tiles.count(k) <= cnt[k]


def test_the_look_leaves_the_game_as_it_was():
    st = bots.new_game("tayu", 2, 19)
    for _ in range(30):
        st.apply(bots.bot_move(st, "normal"))
    before = (bytes(st._board), bytes(st._inc), list(st._front), list(st._counts), st.placed,
              bytes(st._bag), st.tiles_left())
    a = str(bots.bot_move(st, "hard"))
    assert (bytes(st._board), bytes(st._inc), list(st._front), list(st._counts), st.placed,
            bytes(st._bag), st.tiles_left()) == before
    assert bot.LAST["evals"] > 100  # the look ran
    assert str(bots.bot_move(st, "hard")) == a


def test_the_better_half_is_kept_first_of_equals_in_normals_order():
    assert bot._better_half([0, 1, 2, 3, 4], [5, 9, 9, 1, 7]) == [1, 2, 4]
    assert bot._better_half([0, 1, 2, 3], [3, 3, 3, 3]) == [0, 1]
    assert bot._better_half([2, 5, 6], [0, 0, 4, 0, 0, 8, -1]) == [2, 5]


def test_each_round_plays_the_better_half_out_twice_as_often():
    # 8 placements, 2 re-draws, 3 rounds: 4 placements meet 2 draws, 2 meet 2 + 4, the last
    # 2 meet 2 + 4 + 8; the move is the finalist with the best sum over its draws
    st = bots.new_game("tayu", 2, 19)
    for _ in range(30):
        st.apply(bots.bot_move(st, "normal"))
    w = dict(bot.WEIGHTS["hard"], top=8, draws=2, rounds=3)
    wa = bot.weight_array(w)
    ns = st.side_of(st.current_player) == "NS"
    ranked = bot._ranked(st, st._tile, ns, wa)
    assert len(ranked) >= 8
    sums = {}
    real = bot._play_out

    def counting(st_, k, code, tiles, ends, ns_, wa_):
        v = real(st_, k, code, tiles, ends, ns_, wa_)
        n, total = sums.get(code, (0, 0))
        sums[code] = (n + 1, total + v)
        return v

    bot._play_out = counting
    try:
        bot.LAST["evals"] = 0
        out = [None]
        for _ in bot._look(st, st._tile, ns, w, wa, ranked, Rng(5), out):
            pass
    finally:
        bot._play_out = real
    assert sorted(n for n, _ in sums.values()) == [2, 2, 2, 2, 6, 6, 14, 14]
    finalists = [code for code, (n, _) in sums.items() if n == 14]
    code = out[0][1]
    assert code in finalists
    assert out[0] == (sums[code][1], code)  # its sum is its own play-outs'
    assert sums[code][1] == max(sums[c][1] for c in finalists)
