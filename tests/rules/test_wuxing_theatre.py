"""Wuxing duel, Théâtre du duel: one hand-built position per rule of RULINGS.md (board, links,
tokens, blocking, captures, forced token, turning phase, isolated pawns, draw, win).
The cyclic board is drawn in wuxing_helpers' docstring."""

import wuxing_helpers as h

from shared_rules.wuxing import rules as wuxing

E = wuxing.ELEMENTS


def test_links_one_between_any_two_elements():
    assert wuxing.link(0, 1) == 0  # wood generates fire: red
    assert wuxing.link(0, 2) == 1  # wood dominates earth: blue
    assert wuxing.link(1, 0) is None and wuxing.link(2, 0) is None and wuxing.link(3, 3) is None
    gen = [(E[a], E[b]) for a in range(5) for b in range(5) if wuxing.link(a, b) == 0]
    dom = [(E[a], E[b]) for a in range(5) for b in range(5) if wuxing.link(a, b) == 1]
    assert gen == [("wood", "fire"), ("fire", "earth"), ("earth", "metal"), ("metal", "water"),
                   ("water", "wood")]
    assert sorted(dom) == sorted([("wood", "earth"), ("earth", "water"), ("water", "fire"),
                                  ("fire", "metal"), ("metal", "wood")])
    for a in range(5):
        for b in range(5):
            if a != b:  # exactly one link, in one direction
                assert (wuxing.link(a, b) is None) != (wuxing.link(b, a) is None)


def test_cyclic_board_start_and_first_moves():
    s = wuxing.new_game()
    assert s.players == 2 and s.seed == 0 and s.current_player == 0 and s.phase == "move"
    assert h.is_latin(s.elem)
    for r in range(5):
        for c in range(5):
            assert s.elem[r * 5 + c] == (c + 2 * r) % 5
    for d in range(5):  # no element twice on a diagonal either
        assert sorted([s.elem[i * 5 + (i + d) % 5] for i in range(5)]) == [0, 1, 2, 3, 4]
    v = s.view(1)
    assert v["board"][:5] == ["wood", "fire", "earth", "metal", "water"]
    assert sorted(v["yang"]) == ["D1", "D2", "E1", "E2"]
    assert sorted(v["yin"]) == ["A4", "A5", "B4", "B5"]
    assert v["tokens"] == [[2, 2], [2, 2]] and v["centre"] == [0, 0]
    assert h.texts(s) == ["D2-D4 red", "D2-A2 blue", "E2-E4 red", "D1-A1 blue"]
    assert s.options() == {"mode": "theatre", "board": "cyclic", "links": "both",
                           "path": "seeded", "no_discard": False, "plain_faces": False,
                           "round_limit": 100, "players": 2}


def test_random_board_is_a_latin_square_drawn_from_the_seed():
    seen = []
    for seed in range(12):
        s = wuxing.new_game(seed=seed, board="random")
        assert h.is_latin(s.elem)
        assert wuxing.new_game(seed=seed, board="random").elem == s.elem
        if bytes(s.elem) not in seen:
            seen.append(bytes(s.elem))
    assert len(seen) > 8


def test_a_move_follows_generation_red_or_domination_blue_and_pays_the_token():
    s = h.theatre(yang=["C3"], yin=["A5"])  # C3 fire
    # C5 earth (generated, passing the empty C4), C2 metal (dominated), D3 earth, E3 metal;
    # never to wood or water, which generate and dominate fire
    assert h.texts(s) == ["C3-C5 red", "C3-C2 blue", "C3-D3 red", "C3-E3 blue"]
    s.apply("C3-C2 blue")
    assert s.held(0) == (2, 1) and s.centre() == (0, 1)
    assert s.view(0)["yang"] == ["C2"] and s.current_player == 1


def test_a_move_needs_a_token_of_its_link_s_colour():
    s = h.theatre(yang=["C3"], yin=["A5"], tokens=(2, 0, 2, 2))
    assert h.texts(s) == ["C3-C5 red", "C3-D3 red"]
    s = h.theatre(yang=["C3"], yin=["A5"], tokens=(0, 1, 2, 2))
    assert h.texts(s) == ["C3-C2 blue", "C3-E3 blue"]


def test_links_dominate_allows_blue_moves_only():
    s = h.theatre(yang=["C3"], yin=["A5"], links="dominate")
    assert h.texts(s) == ["C3-C2 blue", "C3-E3 blue"]
    assert s.options()["links"] == "dominate"


def test_no_passing_over_a_pawn_no_stopping_on_one_s_own():
    # Yin on C4 (water) closes the north to C3; Yang's own D3 closes the east
    s = h.theatre(yang=["C3", "D3"], yin=["C4"])
    assert h.texts(s) == ["C3-C2 blue", "D3-D5 red", "D3-D2 blue", "D3-E3 red"]


def test_passing_over_turned_tiles_but_never_stopping_on_one():
    s = h.theatre(yang=["C3"], yin=["A5"], turned=["D3", "C2"])
    assert h.texts(s) == ["C3-C5 red", "C3-E3 blue"]


def test_stopping_on_an_opponent_captures_it():
    s = h.theatre(yang=["C3"], yin=["E3", "A5"])
    assert "C3-E3 blue" in h.texts(s)
    s.apply("C3-E3 blue")
    assert s.pawns(1) == 1 and s.view(0)["yang"] == ["E3"] and not s.is_over()
    assert s.scores() == (1, 1)


def test_capturing_the_last_pawn_wins():
    s = h.theatre(yang=["C3", "D1"], yin=["E3"])
    s.apply("C3-E3 blue")
    assert s.is_over() and s.winner() == (0,) and s.scores() == (2, 0)
    assert s.legal_moves() == [] and wuxing.greedy_move(s) is None
    h.raises(s.apply, "D1-A1 blue")


def test_a_player_without_a_move_gives_a_token_of_their_choice():
    s = h.theatre(yang=["C3"], yin=["A5"], turned=["C5", "D3", "C2", "E3"])
    assert h.texts(s) == ["give red", "give blue"]
    s.apply("give blue")
    assert s.held(0) == (2, 1) and s.centre() == (0, 1) and s.current_player == 1
    s = h.theatre(yang=["C3"], yin=["A5"], turned=["C5", "D3"], tokens=(2, 0, 2, 2))
    assert h.texts(s) == ["give red"]  # its blue moves need a blue token
    # a player who can move must move
    s = h.theatre(yang=["C3"], yin=["A5"], turned=["C5", "D3"])
    assert h.texts(s) == ["C3-C2 blue", "C3-E3 blue"]
    h.raises(s.apply, "give red")


def test_a_player_without_tokens_passes_while_the_other_has_some():
    s = h.theatre(yang=["C3"], yin=["A5"], tokens=(0, 0, 2, 0), to_move=1)
    assert h.texts(s) == ["A5-A2 red", "A5-B5 red"]  # A4 is earth: blue, and Yin has none
    s.apply("A5-A2 red")
    assert s.current_player == 1 and s.phase == "move"


def test_the_turning_phase_then_tokens_taken_back():
    s = h.theatre(yang=["C3", "D1"], yin=["A5", "B5"], tokens=(0, 1, 0, 0))
    s.apply("C3-C2 blue")  # the last token: Yang, then Yin, turn an empty island
    assert s.phase == "turn" and s.current_player == 0
    moves = h.texts(s)
    assert len(moves) == 25 - 4 and "turn C3" in moves and "turn C2" not in moves
    s.apply("turn C3")
    assert s.phase == "turn" and s.current_player == 1 and "turn C3" not in h.texts(s)
    s.apply("turn E5")
    assert s.view(1)["turned"] == ["E5", "C3"]
    assert s.phase == "move" and s.tokens == bytearray([2, 2, 2, 2, 0, 0])
    assert s.current_player == 1  # the player after the last one who moved


def test_play_resumes_after_the_last_player_who_spent_a_token():
    s = h.theatre(yang=["C3", "D1"], yin=["A5", "B5"], tokens=(0, 0, 0, 1), to_move=1)
    s.apply(h.texts(s)[0])
    assert s.phase == "turn" and s.current_player == 0  # Yang always turns first
    s.apply("turn C5")
    s.apply("turn E5")
    assert s.current_player == 0 and s.phase == "move"


def test_an_isolated_pawn_is_captured_after_the_turning():
    # A1: row 1 and column A all turned but A5; Yang turns A5, Yin anything
    turned = ["B1", "C1", "D1", "E1", "A2", "A3", "A4"]
    s = h.theatre(yang=["A1", "D4"], yin=["C3", "E5"], turned=turned, tokens=(0, 0, 0, 0),
                  phase="turn")
    s.apply("turn A5")
    assert s.pawns(0) == 2  # counted only once both have turned
    s.apply("turn B3")
    assert s.pawns(0) == 1 and s.view(0)["yang"] == ["D4"] and not s.is_over()
    assert s.phase == "move"


def test_isolating_the_last_pawn_wins_and_both_last_pawns_draw():
    turned = ["B1", "C1", "D1", "E1", "A2", "A3", "A4"]
    s = h.theatre(yang=["A1"], yin=["C3", "E5"], turned=turned, tokens=(0, 0, 0, 0),
                  phase="turn")
    s.apply("turn A5")
    s.apply("turn B3")
    assert s.winner() == (1,) and s.scores() == (0, 2)
    # both last pawns isolated at once: a draw
    turned = ["B1", "C1", "D1", "E1", "A2", "A3", "A4", "A5", "B2", "C2", "D2", "E3", "E4",
              "E5"]
    s = h.theatre(yang=["A1"], yin=["E2"], turned=turned, tokens=(0, 0, 0, 0), phase="turn")
    s.apply("turn B3")
    s.apply("turn C3")
    assert s.is_over() and s.winner() == () and s.scores() == (0, 0)


def test_a_player_who_cannot_turn_an_island_makes_a_draw():
    others = [wuxing.square_name(i) for i in range(25)]
    # Yang gives its last token; no empty island is left: Yang cannot turn
    s = h.theatre(yang=["C3"], yin=["A5"], turned=[x for x in others if x not in ("C3", "A5")],
                  tokens=(0, 1, 0, 0))
    assert h.texts(s) == ["give blue"]
    s.apply("give blue")
    assert s.is_over() and s.winner() == () and s.scores() == (1, 1)
    # Yang moves to the last empty island and turns the one it left: Yin cannot turn
    s = h.theatre(yang=["C3"], yin=["A5"],
                  turned=[x for x in others if x not in ("C3", "A5", "E3")], tokens=(0, 1, 0, 0))
    s.apply("C3-E3 blue")
    assert h.texts(s) == ["turn C3"]
    s.apply("turn C3")
    assert s.is_over() and s.winner() == ()


def test_notation_is_strict_ascii_and_illegal_moves_change_nothing():
    s = wuxing.new_game()
    m = s.parse_move("D2-A2 blue")
    assert str(m) == "D2-A2 blue" and s.parse_move("  D2-A2   blue ") == m
    before = s.digest()
    for bad in ("D2-A2 red", "D2-A2", "d2-a2 blue", "D2-A2 blue x", "D2A2 blue", "give red",
                "turn C3", "duel wood:fire", "D2-A2\u00a0blue", "D\uff12-A2 blue",
                "D\u0662-A2 blue", "", "D9-A2 blue", "F2-A2 blue"):
        h.raises(s.parse_move, bad)
        h.raises(s.apply, bad)
    h.raises(s.apply, wuxing.Move(wuxing.M_MOVE, 18, 8, 1))  # a Move object that is illegal now
    h.raises(s.apply, wuxing.Move(wuxing.M_MOVE, 18, 30, 7))
    h.raises(s.apply, "D2-A2 blue".encode())
    assert s.digest() == before and s.history_len() == 0


def test_the_greedy_bot_takes_a_capture_and_the_win():
    s = h.theatre(yang=["C3", "D1"], yin=["E3"])
    assert str(wuxing.greedy_move(s)) == "C3-E3 blue"
    s = h.theatre(yang=["C3"], yin=["A5"], turned=["C5", "D3", "C2", "E3"])
    assert str(wuxing.greedy_move(s)) in ("give red", "give blue")
