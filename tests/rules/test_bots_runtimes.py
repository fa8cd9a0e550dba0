"""The bots choose the same moves on both runtimes (pytest and MicroPython): the board and the
host's simulator must agree move for move (the Pico tier compares their frames and digests).
A level plays seat 0 against greedy for 40 moves from seed 11 (or LONGER); the position's
digest is the one CPython gives. What this caught: MicroPython's `list.sort` is not stable,
so a bot that ranked equal values by value alone picked another placement on the board."""

from shared_rules import bots

# (game, players, options, level): (moves played, digest after them), from CPython
DIGESTS = {
    ("tayu", 2, (), "easy"): (40, "bb515518ffae0133"),
    ("tayu", 2, (), "normal"): (40, "bd51ff7ca538be64"),
    ("tayu", 2, (), "hard"): (40, "33e98096176a0458"),
    ("tactik", 4, (), "easy"): (40, "6af2e54ea717af10"),
    ("tactik", 4, (), "normal"): (40, "ad5507d4bc9b96ca"),
    ("tactik", 4, (), "hard"): (160, "8813879f0df2aae9"),
    ("wuxing", 2, (), "easy"): (40, "fae40b921ab674bf"),
    ("wuxing", 2, (), "normal"): (34, "bfbab15889c31a39"),
    ("wuxing", 2, (), "hard"): (23, "d26ca78ed6175ff1"),
    ("wuxing", 2, (("mode", "chemin"),), "easy"): (4, "8699f5b379e2cb97"),
    ("wuxing", 2, (("mode", "chemin"),), "normal"): (14, "674ade7282c6748e"),
    ("wuxing", 2, (("mode", "chemin"),), "hard"): (5, "befbb1c1e50af5fb"),
}
# Tac-Tik's hard plays as normal for this game's first 80 moves; by 160 its look over
# re-deals has changed moves (issue 33, the fortieth session: re-pinned when the look became
# hard's on the board; with the second look and its plans instead: 65bbd8020db61e3a; with
# neither: b65d070823d0adcb)
LONGER = {("tactik", 4, (), "hard"): 160}


def play(game, players, options, level, limit=40):
    st = bots.new_game(game, players, 11, **dict(options))
    n = 0
    while not st.is_over() and n < limit:
        st.apply(bots.bot_move(st, level if st.current_player == 0 else "greedy"))
        n += 1
    return n, st.digest()


def test_every_level_plays_the_same_game_on_both_runtimes():
    for key in sorted(DIGESTS):
        assert play(*key, limit=LONGER.get(key, 40)) == DIGESTS[key], key
