"""Wuxing duel, Chemin du duel: the path, the cards, the simultaneous choice and its hidden
information, the duel (strong element, Yin-Yang faces), moving and pushing back, captures,
tokens, wins, the round limit. Positions use the path wood fire earth metal water
(island 0, Yang's end, to island 4, Yin's end)."""

import wuxing_helpers as h

from shared_rules.wuxing import rules as wuxing


def test_the_path_is_drawn_from_the_seed_or_fixed():
    seen = []
    for seed in range(10):
        s = wuxing.new_game(seed=seed, mode="chemin")
        assert sorted(s.path) == [0, 1, 2, 3, 4]
        assert wuxing.new_game(seed=seed, mode="chemin").path == s.path
        if bytes(s.path) not in seen:
            seen.append(bytes(s.path))
        assert list(s.pos) == [0, 4] and s.phase == "duel" and s.current_player == 0
        assert s.centre() == (2, 2) and s.held(0) == s.held(1) == (0, 0)
    assert len(seen) > 5
    s = wuxing.new_game(seed=3, mode="chemin", path="cycle")
    assert s.view(0)["path"] == ["wood", "fire", "earth", "metal", "water"]


def test_one_move_is_both_cards_and_the_previous_card_is_not_playable():
    s = h.chemin()
    assert len(s.legal_moves()) == 25 and h.texts(s)[1] == "duel wood:fire"
    s.apply("duel earth:earth")  # a tie: nobody stands on earth
    assert list(s.pos) == [0, 4] and s.rounds == 1 and s.history == ["duel earth:earth"]
    assert len(s.legal_moves()) == 16 and "earth" not in s.view(1)["cards"]
    h.raises(s.apply, "duel earth:fire")
    h.raises(s.apply, "duel fire:earth")
    s.apply("duel fire:wood")
    s = h.chemin(no_discard=True, last=("earth", "earth"))
    assert len(s.legal_moves()) == 25


def test_generation_or_domination_wins_the_duel_and_a_token_of_its_colour():
    s = h.chemin()
    s.apply("duel wood:fire")  # wood generates fire: Yang, red
    assert list(s.pos) == [1, 4] and s.held(0) == (1, 0) and s.centre() == (1, 2)
    s = h.chemin()
    s.apply("duel wood:earth")  # wood dominates earth: Yang, blue
    assert list(s.pos) == [1, 4] and s.held(0) == (0, 1)
    s = h.chemin()
    s.apply("duel earth:wood")  # Yin, blue
    assert list(s.pos) == [0, 3] and s.held(1) == (0, 1) and s.held(0) == (0, 0)
    s = h.chemin()
    s.apply("duel metal:earth")  # earth generates metal: Yin, red
    assert list(s.pos) == [0, 3] and s.held(1) == (1, 0)


def test_a_token_comes_from_the_opponent_when_the_centre_has_none():
    s = h.chemin(tokens=(1, 0, 1, 0))
    s.apply("duel wood:fire")
    assert s.held(0) == (2, 0) and s.held(1) == (0, 0) and s.centre() == (0, 2)
    s = h.chemin(tokens=(2, 0, 0, 0))  # already both reds: nothing taken
    s.apply("duel wood:fire")
    assert s.held(0) == (2, 0) and s.centre() == (0, 2) and list(s.pos) == [1, 4]


def test_holding_all_four_tokens_wins():
    s = h.chemin(tokens=(2, 1, 0, 1))
    s.apply("duel wood:earth")
    assert s.held(0) == (2, 2) and s.is_over() and s.winner() == (0,)
    assert s.scores() == (1, 0) and s.legal_moves() == [] and wuxing.greedy_move(s) is None


def test_same_element_the_strong_element_wins_and_shows_yin_yang():
    s = h.chemin(faces=(0, 1))
    s.apply("duel wood:wood")  # Yang stands on wood
    assert list(s.pos) == [1, 4] and list(s.face) == [1, 0]
    assert s.held(0) == (0, 0) and s.centre() == (2, 2)  # no token on a same-element duel
    s = h.chemin(faces=(1, 0))
    s.apply("duel water:water")  # Yin stands on water
    assert list(s.pos) == [0, 3] and list(s.face) == [0, 1]


def test_same_element_a_yin_yang_face_wins_and_turns_back():
    s = h.chemin(faces=(0, 1))
    s.apply("duel fire:fire")
    assert list(s.pos) == [0, 3] and list(s.face) == [0, 0]
    s.apply("duel earth:earth")  # no strong element, no Yin-Yang: a tie
    assert list(s.pos) == [0, 3] and s.rounds == 2 and not s.is_over()


def test_plain_faces_same_element_ties_unless_strong():
    s = h.chemin(faces=(0, 0), plain_faces=True)
    s.apply("duel wood:wood")
    assert list(s.pos) == [1, 4] and list(s.face) == [0, 0]
    s.apply("duel fire:fire")  # Yang now stands on fire
    assert list(s.pos) == [2, 4]
    s.apply("duel metal:metal")
    assert list(s.pos) == [2, 4] and list(s.face) == [0, 0]


def test_the_winner_pushes_the_opponent_back_and_captures_at_its_end():
    s = h.chemin(pos=(2, 3))
    s.apply("duel wood:fire")
    assert list(s.pos) == [3, 4] and not s.is_over()
    s.apply("duel fire:earth")
    assert list(s.pos) == [4, 255] and s.is_over() and s.winner() == (0,)
    assert s.pawns(1) == 0 and s.scores() == (1, 0)
    s = h.chemin(pos=(0, 1))
    s.apply("duel fire:wood")  # Yin's wood generates Yang's fire: Yin wins, Yang captured
    assert s.winner() == (1,) and s.scores() == (0, 1)


def test_a_round_limit_ends_in_a_draw():
    s = h.chemin(round_limit=50)
    for i in range(50):
        assert not s.is_over()
        s.apply("duel fire:fire" if i % 2 else "duel earth:earth")
    assert s.is_over() and s.winner() == () and s.scores() == (0, 0)
    s = h.chemin(round_limit=0)
    for i in range(120):
        s.apply("duel fire:fire" if i % 2 else "duel earth:earth")
    assert not s.is_over()


def test_choose_collects_each_seat_s_hidden_card():
    s = h.chemin(last=("earth", "fire"))
    assert s.choose(1, "wood") is None
    assert s.current_player == 0  # Yang's choice is awaited
    assert s.view(1)["chosen"] == "wood" and s.view(0)["chosen"] is None
    assert s.view(0)["opponent_chosen"] is True
    other = h.chemin(last=("earth", "fire"))
    other.choose(1, "water")
    assert other.view(0) == s.view(0)  # Yang's view does not depend on Yin's card
    assert h.texts(s) == ["duel wood:wood", "duel fire:wood", "duel metal:wood",
                          "duel water:wood"]
    h.raises(s.choose, 0, "earth")  # Yang's previous card
    h.raises(s.choose, 0, "stone")
    h.raises(s.choose, 2, "wood")
    before = s.digest()
    assert s.choose(1, "metal") is None  # changed its mind: allowed until both chose
    assert s.digest() == before  # a choice is no move: not in the position's bytes
    m = s.choose(0, "water")
    assert str(m) == "duel water:metal" and s.history_len() == 0
    s.apply(m)
    assert s.history == ["duel water:metal"] and s.view(0)["chosen"] is None
    assert s.view(0)["last"] == ["water", "metal"] and s.current_player == 0
    h.raises(s.choose, 0, "water")


def test_a_pending_choice_is_kept_by_clone_and_dropped_by_rewind():
    s = h.chemin()
    s.choose(0, "fire")
    c = s.clone()
    assert c.view(0)["chosen"] == "fire"
    c.choose(0, "wood")
    assert s.view(0)["chosen"] == "fire"
    assert s.rewind(0).view(0)["chosen"] is None


def test_the_bot_never_reads_the_opponent_s_pending_card():
    for seed in range(6):
        s = wuxing.new_game(seed=seed, mode="chemin")
        for _ in range(seed):
            s.apply(wuxing.greedy_move(s))
        if s.is_over():
            continue
        alone = wuxing.greedy_card(s, 1)
        for card in s.allowed_cards(0):
            t = s.clone()
            t.choose(0, card)
            assert wuxing.greedy_card(t, 1) == alone
            m = wuxing.greedy_move(t)  # Yang's choice kept, Yin's from its own view
            assert (m.a, m.b) == (card, alone)


def test_the_bot_picks_the_card_winning_against_most_replies():
    # Yang on metal next to Yin's end: any won duel captures
    for last in (None, "wood", "metal"):
        s = h.chemin(pos=(3, 4), last=(last, "earth"))
        wins = {}
        for c in s.allowed_cards(0):
            wins[c] = 0
            for o in s.allowed_cards(1):
                t = s.clone()
                t.apply(wuxing.Move(wuxing.M_DUEL, c, o))
                wins[c] += t.winner() == (0,)
        assert wins[wuxing.greedy_card(s, 0)] == max(wins.values()), (last, wins)
