"""Tai Chi Chuan's bot levels differ in strength (docs/taichi.md, "The bots"): whole games
between two levels, seats swapped every other game. CPython only: some 3 s of games."""

from shared_rules.taichi import bot, rules


def duel(a, b, games):
    """Games won by level a, by level b, and drawn, over `games` 2-player games."""
    wins = [0, 0, 0]
    for g in range(games):
        st = rules.new_game(2, g)
        levels = (a, b) if g % 2 == 0 else (b, a)
        while not st.is_over():
            st.apply(bot.move(st, levels[st.current_player]))
        w = st.winner()
        if len(w) == 2:
            wins[2] += 1
        else:
            wins[0 if levels[w[0]] == a else 1] += 1
    return wins


def test_hard_beats_easy_and_normal_beats_easy():
    hard, easy, _draws = duel("hard", "easy", 20)
    assert hard >= 3 * easy, (hard, easy)
    normal, easy, _draws = duel("normal", "easy", 20)
    assert normal > easy, (normal, easy)
