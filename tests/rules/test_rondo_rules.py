"""Rondo's rules (shared_rules/rondo/rules.py, docs/rondo.md): the cards, the deal, who starts,
every way to make the next word (cover, lengthen, erase, jokers keeping their meaning), the
score, exchanges, passes, the end and every option; the seed's own examples (MARE with a joker
as its E: MERE, not MARI; MINI covering it); bad plays refused with their reason, the game
unchanged. Run by pytest and under MicroPython."""

from rondo_helpers import error, position, texts

from shared_rules.rondo import cards, rules


def test_the_110_cards_and_their_values():
    deck = cards.deck()
    assert len(deck) == 110
    assert sum(cards.COUNTS) == 94
    assert deck.count("-") == 10 and deck.count("*") == 6
    assert deck.count("E") == 11 and deck.count("Q") == 1 and deck.count("A") == 8
    v = cards.values("fxschmid", 1)
    assert (v["E"], v["Q"], v["J"], v["Z"], v["*"], v["-"]) == (1, 10, 8, 10, 1, -2)
    s = cards.values("scrabble", -3)
    assert (s["E"], s["K"], s["M"], s["Q"], s["*"]) == (1, 10, 2, 8, -3)


def test_the_deal_seven_cards_each_from_the_seed():
    st = rules.new_game(4, 7)
    assert [len(h) for h in st.hands] == [7, 7, 7, 7]
    assert len(st.pile) == 110 - 28
    assert st.phase == rules.SHOW and st.current_player == 0
    again = rules.new_game(4, 7)
    assert again.digest() == st.digest()
    assert rules.new_game(4, 8).digest() != st.digest()


def test_who_starts_the_best_three_letter_word():
    st = rules.new_game(3, 5)
    hands = [st.hand_text(s) for s in range(3)]
    # seat 0 shows a word of its hand, the others none; a tie goes to the first seat
    st.hands[0] = []
    st2 = rules.new_game(3, 5)
    assert hands[0] == st2.hand_text(0)
    assert "card not in hand" in error(st2, "show ZZZ") or "dictionary" in error(st2, "show ZZZ")
    st2.apply("show none")
    st2.apply("show none")
    st2.apply("show none")
    assert st2.phase == rules.PLAY and st2.current_player == 0  # nobody: the first seat


def test_who_starts_points_decide():
    st = position(["ARTMOS", "DOSXYZ"], start="words")
    st.phase = rules.SHOW
    assert "not in the dictionary" in error(st, "show TMA")
    assert "card not in hand" in error(st, "show DOS")
    assert "three letters" in error(st, "show ARTS")
    st.apply("show ART")  # 2 + 2 + 3
    assert st.current_player == 1
    st.apply("show DOS")  # 5 + 3 + 3
    assert st.phase == rules.PLAY and st.current_player == 1
    assert st.shown == [7, 11]


def test_the_first_word_three_letters():
    st = position(["MARESTU", "EEEEEEE"])
    assert "three letters" in error(st, "play MARE")
    assert "three letters" in error(st, "play MA")
    assert "brackets" not in error(st, "play [MAR]")
    st.apply("play MAR")
    assert st.word() == "MAR" and st.fresh == [0, 1, 2]
    assert st.score[0] == 5 + 2 + 2 + 3  # the third card's bonus
    assert len(st.hands[0]) == 7 and st.current_player == 1
    free = position(["MARESTU", "EEEEEEE"], first_word="free")
    free.apply("play MARES")
    assert free.score[0] == 5 + 2 + 2 + 1 + 3 + 3 * 3


def test_seed_joker_keeps_its_meaning_mere_not_mari():
    # MARE, a joker as its E: the next word may be MERE, not MARI (the joker is still an E)
    st = position(["EABCDFG", "INIOUUU"], holder="MARe")
    assert st.word() == "MARE"
    st.apply("play [.E..]")
    assert st.word() == "MERE" and st.means == "MERE"
    assert st.cards[st.slots[3]] == "*"  # the joker stays, an E
    assert st.score[0] == 5 + 1 + 2 + 1
    # MARI: the joker is not an I; an I card must cover it, and this hand has none
    st2 = position(["NOUUYZW", "EEITTLN"], holder="MARe")
    assert "card not in hand: I" in error(st2, "play [...I]")
    # MINI covers the joker: it leaves the holder, an I is there
    st3 = position(["INIOUUY", "EEITTLL"], holder="MARe")
    st3.apply("play [.INI]")
    assert st3.word() == "MINI"
    assert st3.score[0] == 5 + 2 + 3 + 2 + 3  # 3 cards laid: the third's bonus
    assert [st3.cards[c] for c in st3.buried] == ["A", "R", "*"]


def test_a_joker_laid_stands_for_its_letter():
    st = position(["*BCDFGH", "EEITTLN"], holder="MAR")
    st.apply("play [...]e")
    assert st.word() == "MARE" and st.cards[st.slots[3]] == "*"
    assert st.score[0] == 5 + 2 + 2 + 1
    nxt = st.clone()
    assert "card not in hand: *" in error(nxt, "play [....]s")


def test_lengthen_one_slot_at_each_end_at_most():
    st = position(["SASTUVW", "EEITTLN"], holder="MARE")
    assert "one slot at most" in error(st, "play [....]ST")
    st.apply("play [....]S")
    assert st.word() == "MARES" and st.fresh == [4]
    st2 = position(["PSEEEEE", "EEITTLN"], holder="ART")  # both ends: one slot each
    st2.apply("play P[...]S")
    assert st2.word() == "PARTS" and st2.fresh == [0, 4]


def test_erase_letters_at_the_ends():
    st = position(["--ABCDE", "EEITTLN"], holder="MARES")
    assert "erasers only at the ends" in error(st, "play [..-..]")
    st.apply("play [-....]")
    assert st.word() == "ARES" and st.means == "-ARES"
    assert st.score[0] == -2 + 2 + 2 + 1 + 3
    # the eraser still shows: it costs the next player 2 as well
    assert st.current_player == 1



def test_several_erasers_and_covering_an_eraser():
    st = position(["--SABCD", "MOOOOOT"], holder="DEPARTS")
    st.apply("play [--.....]")  # DEPARTS -> PARTS, a prefix erased
    assert st.word() == "PARTS" and st.score[0] == -4 + 5 + 2 + 2 + 3 + 3
    assert "eraser covers a letter" in error(st, "play [.-.....]")
    st2 = position(["MOOOOOT", "EEITTLN"], holder="-ARES")
    st2.apply("play [M....]")  # a letter covers the eraser
    assert st2.word() == "MARES" and st2.means == "MARES"


def test_bad_plays_are_refused_with_a_reason_and_nothing_changes():
    st = position(["ABCDEFG", "EEITTLN"], holder="MARE")
    assert "no letter of MARE is kept" in error(st, "play [CAFE]")
    assert "card not in hand" in error(st, "play [....]Z")
    assert "not in the dictionary" in error(st, "play [...]B".replace("[...]", "[....]"))
    assert "one slot at most" in error(st, "play AB[....]")
    assert "the holder has 4 slots" in error(st, "play [...]")
    assert "no card laid" in error(st, "play [....]")
    assert "malformed" in error(st, "play")
    assert "not a slot" in error(st, "play [..!.]")
    assert "three letters at least" in error(st, "play [--..]")
    assert "eraser covers a letter" in error(position(["-ABCDEF", "O"], holder="-ARE"),
                                             "play [-...]")


def test_accept_a_word_the_set_lacks():
    st = position(["ABCDEFG", "EEITTLN"], holder="MARE")
    assert "accept" in error(st, "play [....]B")
    st.apply("accept [....]B")
    assert st.word() == "MAREB"
    st2 = position(["SBCDEFG", "EEITTLN"], holder="MARE")
    assert "no need to accept" in error(st2, "accept [....]S")


def test_exchange_costs_two_and_takes_the_top_card():
    st = position(["QXYZWAB", "EEEEEEO"], holder="MARE", top="S")
    st.apply("exchange Q")
    assert "Q" not in st.hand_text(0) and "S" in st.hand_text(0)
    assert st.cards[st.pile[0]] == "Q"  # under the deck
    assert st.exch == 1
    st.apply("play [....]S")
    assert st.score[0] == 5 + 2 + 2 + 1 + 3 - 2
    assert st.exch == 0


def test_exchange_then_pass_still_costs_and_draws():
    st = position(["QXYZWAB", "EEEEEEO"], holder="MARE")
    st.apply("exchange Q")
    st.apply("exchange X")
    st.apply("pass")
    assert st.score[0] == -4 and len(st.hands[0]) == 8  # more than seven for a while
    assert st.current_player == 1
    st.apply("timeout")
    assert st.score[1] == 0 and len(st.hands[1]) == 8


def test_the_end_deck_empty_and_a_hand_empty():
    st = position(["S", "KQZ"], holder="MARE")
    st.pile = []
    st.apply("play [....]S")
    assert st.is_over()
    assert st.left == [0, 7 + 10 + 10]
    assert st.score == [5 + 2 + 2 + 1 + 3, -27]
    assert st.winner() == (0,)
    assert st.legal_moves() == []


def test_the_end_nobody_can_play():
    st = position(["Q*", "K-"], holder="MARE")
    st.pile = []
    st.apply("pass")
    assert not st.is_over()
    st.apply("timeout")
    assert st.is_over()
    assert st.left == [10 + 1, 7 + 2]  # an eraser costs 2, a joker 1
    assert st.scores() == (-11, -9) and st.winner() == (1,)


def test_option_lemmas_takes_dictionary_entries_only():
    st = position(["SABCDFG", "EEITTLN"], holder="MARE", lemmas=True)
    assert "not a dictionary entry" in error(st, "play [....]S")
    st2 = position(["SABCDFG", "EEITTLN"], holder="MARE")
    st2.apply("play [....]S")  # every form, by default


def test_option_accents_fold():
    st = position(["EABCDFG", "EEITTLN"], holder="MARE")
    st.apply("play [.E..]")  # MERE is MERE, MÈRE, MÉRÉ alike
    assert st.word() == "MERE"


def test_option_scrabble_values_and_joker_minus_three():
    st = position(["SABCDFG", "EEITTLN"], holder="MARe", values="scrabble", joker=-3)
    st.apply("play [....]S")
    assert st.score[0] == 2 + 1 + 1 - 3 + 1


def test_option_teams_partners_add_up():
    st = position(["S", "A", "B", "C"], holder="MARE", teams=True)
    st.pile = []
    st.apply("play [....]S")
    assert st.is_over()
    assert st.teams() == [0, 1, 0, 1]
    s = st.score
    assert st.scores() == (s[0] + s[2], s[1] + s[3])
    assert st.winner() == (0, 2)
    alone = position(["S", "A", "B"], holder="MARE", teams=True)
    assert alone.teams() == [0, 1, 2]  # three players: each alone


def test_option_beginners_one_card_face_down():
    st = position(["QSBCDFG", "EEITTLN"], holder="MARES")
    assert "beginners" in error(st, "play [#Q....]")
    st = position(["QZBCDFG", "EEITTLN"], holder="MARES", beginners=True)
    assert "one card face down" in error(st, "play [#Q...#Z]")
    st.apply("play [#Q....]")
    assert st.word() == "ARES" and st.means == "#ARES"
    assert st.score[0] == 0 + 2 + 2 + 1 + 3


def test_nine_slots_at_most():
    st = position(["SABCDEF", "EEITTLN"], holder="-PARTIONS")
    assert "nine slots" in error(st, "play [.........]S")


def test_legal_moves_list_plays_exchanges_pass_timeout():
    st = position(["SABCDFG", "EEITTLN"], holder="MARE")
    t = texts(st)
    assert "pass" in t and "timeout" in t and "exchange S" in t
    plays = [x for x in t if x.startswith("play ")]
    assert plays and len(plays) <= rules.LISTED
    for p in plays:
        st.clone().apply(p)
    st.pile = []
    st._legal = None
    assert "exchange S" not in texts(st)


def test_option_physical_real_cards_the_board_reads_the_holder():
    st = rules.new_game(3, 4, physical=True)
    assert st.phase == rules.PLAY and st.hands == [[], [], []] and len(st.pile) == 110
    st.apply("play MER")  # any cards off the holder: the hands are the players'
    assert st.word() == "MER" and st.score[0] == 5 + 1 + 2 + 3
    assert "name the card" not in error(st, "exchange E")
    st.apply("exchange")
    st.apply("play [...]E")
    assert st.word() == "MERE" and st.score[1] == 5 + 1 + 2 + 1 - 2
    st.apply("pass")  # no card drawn by the engine
    assert st.hands == [[], [], []]
    assert "real cards only" in error(rules.new_game(2, 1, start="seat0"), "finish")
    st.apply("finish")
    assert st.phase == rules.LEFT and st.current_player == 0
    assert [str(m) for m in st.legal_moves()] == ["left 0"]
    st.apply("left 12")
    st.apply("left 0")
    st.apply("left 7")
    assert st.is_over() and st.left == [12, 0, 7]
    assert st.scores() == (11 - 12, 7, -7)
    # the 110 cards still count: a twelfth E is refused
    st2 = rules.new_game(2, 1, physical=True)
    st2.apply("accept EEE")
    for _ in range(8):  # eleven E cards in all: 3, then 8 laid over one another
        st2.apply("accept [E..]")
    assert "no card E left" in error(st2, "accept [E..]")


def test_a_state_read_back_keeps_every_field():
    st = position(["SABCDFG", "EEITTLN"], holder="MARe", beginners=True)
    st.apply("exchange S")
    back = rules.deserialize(st.serialize())
    assert back.serialize() == st.serialize() and back.exch == 1
    bad = st.serialize().replace(b"MARE", b"MXRE")
    try:
        rules.deserialize(bad)
        raise AssertionError("taken: a slot's meaning unlike its card")
    except ValueError:
        pass
