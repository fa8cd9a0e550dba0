"""Tai Chi Chuan's bots (shared_rules/taichi/bot.py): whole games at every level on both
runtimes, the words they say accepted by the board, a level knowing more words than the one
below, pushing on from how many words still fit, only their seat's knowledge, the search in
pieces, the same move every time."""

import sizes
from taichi_helpers import game

from shared_rules.bots import finish
from shared_rules.taichi import bot, rules

GAMES = sizes.pick(((2, 1), (3, 2), (4, 3), (6, 4)), ((2, 1), (3, 2)), ((2, 1),))
LIMIT = sizes.pick(1000, 1000, 40)  # moves of a game (on a board its first 40: a minute)


def test_bots_play_whole_games_and_every_word_they_say_is_accepted():
    for players, seed in GAMES:
        st = rules.new_game(players, seed)
        n = 0
        while not st.is_over() and n < LIMIT:
            level = bot.LEVELS[(st.current_player + seed) % 3]
            st.apply(bot.move(st, level))  # a word the board refused would raise here
            n += 1
        assert st.is_over() or n == LIMIT < 1000
        assert sum(st.scores()) >= players and (st.winner() or not st.is_over())
        words = [t for t in st.history if t.startswith("word ")]
        assert len(words) > 8, st.history


def test_a_higher_level_knows_more_words():
    # Z then Y: the easy bot knows no such word, the hard one does
    found = {}
    for level in bot.LEVELS:
        st = game(2, ["Q/Z lotus", "J/Y ombrelle"])
        st.apply("word ZONE")
        st.apply("draw")
        mv = bot.move(st, level)
        found[level] = str(mv)
        if mv.kind == "word":
            st.apply(mv)
    assert found["easy"] == "fail", found
    assert found["hard"].startswith("word "), found


def test_it_stops_when_no_word_it_knows_would_fit_another_card():
    st = game(2, ["K/W yinyang", "A lotus", "O ombrelle", "U lotus"])
    st.apply("word KOALA")
    assert str(bot.move(st, "hard")) in ("draw", "stop")
    st.apply("draw")
    st.apply("accept KAO")
    st.apply("draw")
    st.apply("accept KAOU")
    # normal knows no K/W word holding A, O and U; hard knows KANGOUROU, KAPOUT, KOULAK...
    assert str(bot.move(st, "normal")) == "stop"
    assert str(bot.move(st, "hard")) == "draw"


def test_it_pushes_on_when_most_next_cards_leave_it_a_word():
    st = game(2, ["S ombrelle", "A lotus"])
    st.apply("word SA")
    assert str(bot.move(st, "hard")) == "draw"


def test_the_move_comes_from_the_seats_view_only():
    st = game(3, ["P lotus", "A lotus"], won=[["E lotus"], ["E yinyang"], ["E ombrelle"]])
    st.apply("word PA")
    for level in bot.LEVELS:
        want = str(bot.move(st, level))
        other = st.clone()
        other.pile.reverse()  # the deck's order and the face-down cards are not the seat's
        other.won[1] = [other.won[1][0]]
        assert str(bot.move(other, level)) == want


def test_the_search_runs_in_pieces_and_gives_the_same_move():
    st = game(2, ["C yinyang"])
    for level in bot.LEVELS:
        pieces = list(bot.steps(st, level))
        assert pieces[-1] is not None and all(p is None for p in pieces[:-1])
        assert str(pieces[-1]) == str(bot.move(st, level)) == str(finish(bot.steps(st, level)))
    st.apply("word CA")
    weighed = [0]
    most = 0
    fit = bot.judge.could_fit

    def counted(word, need):
        weighed[0] += 1
        return fit(word, need)

    bot.judge.could_fit = counted
    try:
        pieces = []
        for p in bot.steps(st, "hard"):  # the chance of another card: a longer read
            pieces.append(p)
            most = max(most, weighed[0])
            weighed[0] = 0
    finally:
        bot.judge.could_fit = fit
    assert len(pieces) > 1 and str(pieces[-1]) in ("draw", "stop")
    assert 0 < most <= bot.WORDS_A_PIECE  # a piece weighs 20 words at most (a Pico's pass)
    try:
        bot.move(st, "grand master")
    except ValueError as exc:
        assert str(exc) == "unknown level: grand master"
    else:
        raise AssertionError("an unknown level played")


def test_bots_join_challenges_by_level_and_race():
    st = game(3, ["S ombrelle", "A lotus"], won=[["E lotus"], ["E yinyang"], ["E ombrelle"]])
    st.apply("word SA")
    st.apply("stop")
    assert str(bot.move(st, "easy")) == "decline"  # easy never joins
    assert str(bot.move(st, "hard")) == "join"
    st.apply("join")
    st.apply("join")
    mv = bot.move(st, "normal")
    assert mv.kind == "word" and mv.seat in (0, 1, 2)
    st.apply(mv)
    assert bot.race_word(game(2, ["S ombrelle"]), "easy")
