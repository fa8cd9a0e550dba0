"""Tai Chi Chuan's rules (shared_rules/taichi/rules.py, docs/taichi.md): the seed's own
examples, the round (push on, stop, fail), the failed round offered clockwise, the challenge,
the symbol sets, the reshuffle, the last round and the count; refusals with their reasons."""

from taichi_helpers import error, game, names, texts

from shared_rules.taichi import rules


def test_the_seeds_example_sud_site_satellite_satisfait():
    st = game(3, ["S ombrelle", "T lotus", "A lotus", "A ombrelle"])
    assert st.phase == rules.ANNOUNCE and st.current_player == 0
    assert names(st, st.row) == ["S ombrelle"]
    for word, nxt in (("SUD", "T"), ("SITE", "A"), ("SATELLITE", "A")):
        st.apply("word " + word)
        assert st.phase == rules.CHOOSE and texts(st)[:1] == ["refuse"]
        assert "draw" in texts(st) and "stop" in texts(st)
        st.apply("draw")
        assert st.phase == rules.ANNOUNCE and st.cards[st.row[-1]][0] == nxt
    # a second A: SATELLITE (one A after the S) no longer fits, nor does SITE
    assert error(st, "word SATIN").startswith("SATIN needs 2 A, has 1")
    assert error(st, "word SATELLITE").startswith("SATELLITE was said this round")
    st.apply("word satisfait")  # written in small letters: the same move
    assert st.history == ["word SUD", "draw", "word SITE", "draw", "word SATELLITE", "draw",
                          "word SATISFAIT"]


def test_the_seeds_double_card_example_rat_riz_ramequin():
    st = game(2, ["R lotus", "Q/Z lotus", "N lotus"])
    st.apply("word RAT")
    st.apply("draw")
    assert error(st, "word RAT").startswith("RAT was said")
    assert error(st, "word RAGE").startswith("RAGE has no room for Q/Z")
    st.apply("word RIZ")  # the Z
    st.apply("draw")
    st.apply("word RAMEQUIN")  # the Q of the same card
    assert st.phase == rules.CHOOSE


def test_refusals_give_their_reason_and_change_nothing():
    st = game(2, ["S ombrelle", "T lotus"])
    assert error(st, "word XQWZ") == "XQWZ does not start with S"
    assert error(st, "word SQWZ").startswith("SQWZ is not in the dictionary (the players may")
    assert error(st, "word SATELLITES").startswith("SATELLITES is not a dictionary entry")
    assert error(st, "word S") == "shorter than 2 letters"
    assert error(st, "word SUD-EST") == "not a word of letters only: SUD-EST"
    assert error(st, "join") == "not a move now: join"  # out of turn: nobody stopped
    assert error(st, "draw") == "not a move now: draw"  # no word yet
    assert error(st, "word SUD seat 1") == "a seat is named only in a challenge"
    assert error(st, "set lotus") == "not a move now: set lotus"
    st.apply("word SUD")
    assert error(st, "word SITE") == "no word is announced now"  # push on or stop first
    view = st.view(1)
    assert view["deck"] == len(st.pile) and "pile" not in view  # its size, never its order
    assert error(st, "card 1") == "not a move now: card 1"
    assert error(st, "word \u00e9t\u00e9").startswith("not an ASCII move")


def test_the_beginners_option_takes_forms():
    st = game(2, ["S ombrelle"], forms=True)
    st.apply("word SATELLITES")
    st = game(2, ["P lotus"], forms=True)
    st.apply("word PARIS")  # a proper noun


def test_min_letters():
    st = game(2, ["S ombrelle"], min_letters=4)
    assert error(st, "word SUD") == "shorter than 4 letters"
    st.apply("word SITE")
    assert min(len(m.word) for m in game(2, ["S ombrelle"], min_letters=3).legal_moves()
               if m.kind == "word") >= 3


def test_the_players_accept_a_word_the_dictionary_lacks_and_refuse_one_it_takes():
    st = game(2, ["S ombrelle", "T lotus"])
    assert error(st, "accept SUD") == "SUD is accepted: no need to overrule"
    assert error(st, "accept TOTO") == "TOTO does not start with S"
    st.apply("accept SQWZ")
    assert st.phase == rules.CHOOSE and "refuse" not in texts(st)
    st.apply("draw")
    st.apply("word SITE")
    before_site = st.history_len()
    st.apply("refuse")  # the table: the same family as another word of the round, say
    assert st.phase == rules.ANNOUNCE and st.history_len() == before_site + 1
    assert "SITE" in st.said and error(st, "word SITE").startswith("SITE was said")
    assert "refuse" not in texts(st)
    st.apply("word SALUT")
    assert st.history[-3:] == ["word SITE", "refuse", "word SALUT"]
    again = rules.replay(st.options(), st.seed, [])
    assert again.seed == st.seed


def test_a_failed_round_is_offered_clockwise_and_the_finders_take_a_card_each():
    st = game(4, ["M ombrelle", "A lotus", "R lotus"])
    st.apply("word MAL")
    st.apply("draw")
    st.apply("word MARE")
    st.apply("draw")
    st.apply("fail")
    assert st.phase == rules.OFFER and st.current_player == 1 and "pass" in texts(st)
    assert error(st, "fail") == "not a move now: fail"
    assert error(st, "word MARE").startswith("MARE was said")
    st.apply("word MARIAGE")
    assert st.current_player == 2
    st.apply("pass")
    assert st.current_player == 3
    st.apply("word MARTEAU")
    assert st.phase == rules.PICK and st.current_player == 1
    assert texts(st) == ["refuse", "card 1", "card 2", "card 3"]  # MARTEAU may be refused
    before = [len(w) for w in st.won]
    st.apply("card 2")  # the A
    assert st.current_player == 3 and texts(st) == ["card 1", "card 2"]
    st.apply("card 1")
    assert [len(w) for w in st.won] == [before[0], before[1] + 1, before[2], before[3] + 1]
    assert names(st, st.won[1][-1:]) == ["A lotus"] and names(st, st.won[3][-1:]) == ["M ombrelle"]
    assert names(st, st.discard) == ["R lotus"]  # what is left is discarded
    assert st.active == 1 and st.phase == rules.ANNOUNCE  # the left neighbour's round


def test_when_cards_run_short_the_finders_serve_in_the_order_of_play():
    st = game(3, ["B yinyang"])
    st.apply("fail")
    st.apply("word BATEAU")
    st.apply("word BALLON")
    assert st.phase == rules.PICK and st.current_player == 1
    st.apply("card 1")
    assert st.active == 1 and len(st.won[2]) == 1  # nothing left for seat 2


def test_a_failed_round_nobody_saves_is_discarded():
    st = game(2, ["B yinyang", "O ombrelle"])
    st.apply("word BAL")
    st.apply("draw")
    st.apply("fail")
    st.apply("pass")
    assert names(st, st.discard) == ["B yinyang", "O ombrelle"] and st.active == 1


def test_a_plain_stop_takes_the_most_frequent_symbol():
    st = game(3, ["S ombrelle", "A lotus", "L lotus"], won=[["E lotus"], [], []])
    st.apply("word SA")
    st.apply("draw")
    st.apply("word SALE")
    st.apply("draw")
    st.apply("word SALLE")
    st.apply("stop")
    # seats 1 and 2 hold no card: they cannot join, so no challenge is asked
    assert st.phase == rules.TAKE and st.current_player == 0 and texts(st) == ["set lotus"]
    st.apply("set lotus")
    assert names(st, st.won[0]) == ["E lotus", "A lotus", "L lotus"]
    assert names(st, st.discard) == ["S ombrelle"] and st.active == 1


def test_a_tie_of_symbols_lets_the_taker_choose():
    st = game(2, ["S ombrelle", "A lotus"], won=[["E lotus"], ["E yinyang"]])
    st.apply("word SA")
    st.apply("draw")
    st.apply("word SALE")
    st.apply("stop")
    assert st.phase == rules.JOIN and st.current_player == 1
    st.apply("decline")
    assert st.phase == rules.TAKE and texts(st) == ["set ombrelle", "set lotus"]
    st.apply("set ombrelle")
    assert names(st, st.won[0]) == ["E lotus", "S ombrelle"]


def challenge(winner_seat=None):
    # seat 0 stops on S, A; seats 1 and 2 join with their last card, seat 3 declines
    st = game(4, ["S ombrelle", "A lotus", "T yinyang"],
              won=[["E lotus"], ["E yinyang", "I lotus"], ["E ombrelle"], ["O yinyang"]])
    st.apply("word SA")
    st.apply("draw")
    st.apply("word SALE")
    st.apply("stop")
    assert st.phase == rules.JOIN and st.current_player == 1
    st.apply("join")
    assert names(st, st.stakes) == ["I lotus"] and len(st.won[1]) == 1
    st.apply("join")
    st.apply("decline")
    # the challenged turns the next card: every word must hold it too
    assert st.phase == rules.RACE and st.current_player == 0
    assert names(st, st.row) == ["S ombrelle", "A lotus", "T yinyang"]
    assert list(st.joined) == [1, 2] and "nobody" in texts(st)
    assert error(st, "word SALE seat 1").startswith("SALE was said")
    assert error(st, "word SAUCE seat 1").startswith("SAUCE needs 1 T")
    assert error(st, "word SALUT seat 3") == "seat 3 is not in the challenge"
    return st


def test_the_challenged_wins_the_challenge_and_takes_a_symbol_the_stakes_are_lost():
    st = challenge()
    st.apply("word SALUT seat 0")
    assert st.phase == rules.TAKE and st.current_player == 0
    assert texts(st) == ["refuse", "set ombrelle", "set yinyang", "set lotus"]
    st.apply("set yinyang")
    assert names(st, st.won[0]) == ["E lotus", "T yinyang"]
    assert sorted(names(st, st.discard)) == sorted(
        ["I lotus", "E ombrelle", "S ombrelle", "A lotus"])
    assert [len(w) for w in st.won] == [2, 1, 0, 1] and st.active == 1


def test_another_seat_wins_keeps_its_stake_and_the_challenged_takes_a_consolation():
    st = challenge()
    st.apply("word SALUT seat 2")
    assert st.phase == rules.TAKE and st.current_player == 2
    assert names(st, st.won[2]) == ["E ombrelle"]  # the stake is back
    st.apply("set lotus")
    assert st.current_player == 0 and texts(st) == ["set ombrelle", "set yinyang"]
    st.apply("set ombrelle")
    assert names(st, st.won[2]) == ["E ombrelle", "A lotus"]
    assert names(st, st.won[0]) == ["E lotus", "S ombrelle"]
    assert sorted(names(st, st.discard)) == ["I lotus", "T yinyang"]  # seat 1's stake lost


def test_nobody_finds_a_word_the_challenged_wins_by_forfeit():
    st = challenge()
    st.apply("nobody")
    assert st.phase == rules.TAKE and st.current_player == 0 and len(st.won[1]) == 1


def test_a_word_accepted_in_the_challenge_can_be_refused():
    st = challenge()
    st.apply("word SALUT seat 1")
    st.apply("refuse")
    assert st.phase == rules.RACE and "SALUT" in st.said and list(st.joined) == [1, 2]
    st.apply("accept STAQ seat 2")
    assert st.current_player == 2


def test_no_challenge_without_a_card_to_turn():
    st = game(2, ["S ombrelle"], won=[["E lotus"], ["E yinyang"]])
    st.pile = []  # nothing to turn, and the discard is empty
    st.apply("word SA")
    assert texts(st)[-1:] == ["stop"] and "draw" not in texts(st)
    st.apply("stop")
    assert st.phase == rules.TAKE  # straight to the taking: nobody is asked
    st.apply("set ombrelle")
    assert st.is_over()  # no card to start a round


def test_the_discard_is_reshuffled_once_when_needed():
    st = game(2, ["B yinyang", "O ombrelle"], discard=["E lotus", "A lotus"])
    keep = st.pile[-1:]
    st.pile = keep  # B (in the row) then O: the deck's last card
    st.apply("word BAL")
    st.apply("draw")
    assert not st.pile and not st.reshuffled and not st.last_round
    st.apply("word BOL")
    st.apply("stop")
    st.apply("decline")
    st.apply("set ombrelle")
    # the next round's first card comes from the discard reshuffled: E, A and the round's
    # leftover B
    assert st.reshuffled and len(st.pile) == 2 and st.active == 1 and not st.last_round
    assert len(st.discard) == 0
    for _ in range(2):
        st.apply("fail")
        st.apply("pass")
    # the last card of the second deck starts this round: no push on, no challenge after it
    assert st.last_round and st.phase == rules.ANNOUNCE and not st.pile and st.active == 1
    st.apply("fail")
    st.apply("pass")
    assert st.is_over()  # the discard is never reshuffled twice


def test_the_at_once_option_reshuffles_as_soon_as_the_deck_is_empty():
    st = game(2, ["B yinyang", "O ombrelle"], discard=["E lotus", "A lotus"], reshuffle="at_once")
    st.pile = st.pile[-1:]
    st.apply("word BAL")
    st.apply("draw")
    assert st.reshuffled and sorted(names(st, st.pile)) == ["A lotus", "E lotus"]


def test_the_last_round_a_word_takes_a_symbol_and_ends_the_game():
    st = game(3, ["C lotus"], won=[["E lotus"], ["E yinyang"], ["E ombrelle"]])
    st.pile = []
    st.reshuffled = True
    st.last_round = True
    st.apply("word CAR")
    assert st.phase == rules.TAKE  # no push on, no challenge
    st.apply("set lotus")
    assert st.is_over() and st.scores() == (2, 1, 1) and st.winner() == (0,)
    assert st.legal_moves() == [] and rules.greedy_move(st) is None


def test_the_last_round_failed_goes_round_the_table_once_more():
    st = game(3, ["C lotus"], won=[["E lotus"], ["E yinyang"], ["E ombrelle"]])
    st.pile = []
    st.reshuffled = True
    st.last_round = True
    st.apply("fail")
    st.apply("word CHAT")
    st.apply("word CHIEN")
    st.apply("card 1")
    assert st.is_over() and st.scores() == (1, 2, 1) and st.winner() == (1,)


def test_the_count_a_tie_shares_the_win():
    st = game(2, ["C lotus"], won=[["E lotus"], ["E yinyang"]])
    st.pile = []
    st.reshuffled = True
    st.last_round = True
    st.apply("fail")
    st.apply("pass")
    assert st.is_over() and st.scores() == (1, 1) and st.winner() == (0, 1)


def test_a_double_first_card_starts_words_with_either_letter_or_the_first_one_taken():
    st = game(2, ["J/Y ombrelle", "A lotus"])
    st.apply("word JOUR")
    st.apply("draw")
    st.apply("word YAOURT")
    st = game(2, ["J/Y ombrelle", "A lotus"], first_double="fixed")
    st.apply("word JOUR")
    st.apply("draw")
    assert error(st, "word YAOURT") == "YAOURT does not start with J"
    st.apply("word JAUNE")


def test_the_deal_gives_each_seat_one_card_and_seat_0_the_first_round():
    for players in rules.PLAYERS:
        st = rules.new_game(players, 3)
        assert st.scores() == tuple([1] * players) and len(st.row) == 1
        assert len(st.pile) == 45 - players - 1 and st.active == 0
    assert rules.new_game(4, 3).digest() == rules.new_game(4, 3).digest()
    assert rules.new_game(4, 3).digest() != rules.new_game(4, 4).digest()


def test_a_rewind_reads_no_dictionary_and_leaves_nothing_trusted():
    from shared_rules.dictionary import judge

    st = rules.new_game(2, 5)
    words = [m.word for m in st.legal_moves() if m.kind == "word"]
    st.apply("word " + words[1])
    st.apply("refuse")  # a refuse in the history: the rewind trusts the words after it too
    word = words[0]
    st.apply("word " + word)
    st.apply("draw")
    kept = judge._words.get("w")

    class NoLookups:
        def lookup(self, w):
            raise AssertionError("the dictionary read for " + w)

    judge._words["w"] = NoLookups()
    try:
        back = st.rewind(3)  # the words replayed by their fit only
    finally:
        if kept is None:
            del judge._words["w"]
        else:
            judge._words["w"] = kept
    assert back.history == ["word " + words[1], "refuse", "word " + word]
    assert back.phase == "choose"
    back.apply("refuse")  # back before the word: the next word is judged again
    try:
        back.apply("word " + back.row_letters()[0][0] + "QXZW")
    except ValueError as exc:
        assert "is not in the dictionary" in str(exc)
    else:
        raise AssertionError("a word taken without the dictionary after a rewind")
