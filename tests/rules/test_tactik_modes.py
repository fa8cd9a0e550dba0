"""Tac-Tik modes and interfaces, hand-built: the 7x1 step-by-step interface, physical cards,
the individual variants, 6 players, and bad hand-built positions refused."""

import tactik_helpers as th

from shared_rules.tactik import rules as tactik
from shared_rules.tactik import setup as tactik_setup

_raises = th.raises


def test_split_step_by_step_interface():
    s = th.build({"red": ["T10", "T20"]}, hands={0: ["7"]})
    assert s.split_next_steps([]) == ["T10", "T20"]
    # a step names the pawn where it stands when it makes that step
    assert s.split_next_steps(["T10", "T11", "T12", "T13", "T14", "T15", "T16"]) == []
    assert s.split_next_steps(["T10", "T11"]) == ["T12", "T20"]
    m = s.split_move(["T10", "T11", "T12", "T20", "T21", "T22", "T23"])
    assert m.text == "7 T10-T13 T20-T24"
    assert m.path == [("T10", ["T11", "T12", "T13"]), ("T20", ["T21", "T22", "T23", "T24"])]
    # entering alone from the start square cannot use all seven steps: not offered
    s = th.build({"red": ["T0"]}, hands={0: ["7"]})
    assert s.split_next_steps([]) == ["T0"]
    s = th.build({"red": ["T0", "T30"]}, hands={0: ["7"]})
    steps = ["T0>rB1", "rB1", "rB2", "T30", "T31", "T32", "T33"]
    for i in range(7):
        assert steps[i] in s.split_next_steps(steps[:i])
    m = s.split_move(steps)
    assert m.text == "7 T0-rB3 T30-T34"
    assert m.path[0] == ("T0", ["B1", "B2", "B3"])
    s.apply(m)
    assert s.positions()["red"] == ["B3", "N", "N", "T34"]
    s = th.build({"red": ["T0", "T30"]}, hands={0: ["7"]})
    assert "illegal" in _raises(s.split_next_steps, ["T5"])
    assert "7x1" in _raises(s.split_move, ["T30", "T31", "T32"])


def test_physical_cards_mode_lists_every_card_kind():
    s = tactik.new_game(4, physical_cards=True)
    assert s.phase == "play" and s.current_player == 0 and s.hand(0) == []
    moves = th.texts(s)
    assert "1 N-T0" in moves and "10 N-T0" in moves
    for code in ("2", "3", "5", "6", "8", "9", "12", "-4", "7", "P"):
        assert ("discard " + code) in moves
    assert "discard 1" not in moves
    assert th.texts(s, "5") == ["discard 5"]
    assert th.texts(s, "10") == ["10 N-T0"]
    s.apply("10 N-T0")
    assert s.current_player == 1 and s.positions()["red"] == ["N", "N", "N", "T0*"]
    # the deal cycle still moves the first player: 16 turns, then the dealer's left
    for _ in range(15):
        s.apply(th.texts(s)[-1])
    assert s.current_player == 1
    p = th.build({"red": ["T10", "T20"]}, physical_cards=True)
    assert len(th.texts(p, "7")) == 8


def test_individual_variants_seats_and_exchange():
    s = tactik.new_game(2, seed=4)
    assert s.seat_colours(0) == ["red", "yellow"] and s.seat_colours(1) == ["blue", "green"]
    assert s.team_of(1) == ["blue", "green"]
    assert len(s.hand(0)) == 6 and len(s.pack) == 36
    h1 = s.hand(1)
    give = s.hand(0)[0]
    s.apply("give " + give)
    s.apply("give " + h1[0])
    assert s.phase == "play"
    assert give in s.hand(1)
    t = tactik.new_game(3, seed=4)
    assert t.seat_colours(1) == ["black", "white"] and sorted(t.positions()) == sorted(
        ["red", "black", "blue", "yellow", "white", "green"])
    gives = [t.hand(i)[0] for i in range(3)]
    for i in range(3):
        t.apply("give " + gives[i])
    for i in range(3):
        assert gives[i] in t.hand((i + 1) % 3)


def test_individual_7x1_never_shared_between_colours_and_permuter_between_them():
    s = th.build({"red": ["T5"], "yellow": ["T40"]}, hands={0: ["7", "P"]}, players=2)
    assert th.texts(s) == ["7 T5-T12", "7 T40-T47", "P T5-T40"]
    assert s.legal_moves()[1].colours == ["yellow"]


def test_six_players_track_wraps_and_stakes_block():
    s = th.build({"black": ["T94"]}, seat=1, hands={1: ["3"]}, players=6)
    assert th.texts(s) == ["3 T94-T1"]
    s = th.build({"black": ["T94"], "red": ["T0*"]}, seat=1, hands={1: ["3"]}, players=6)
    assert th.texts(s) == ["discard 3"]
    s = th.build({"black": ["T14"]}, seat=1, hands={1: ["3"]}, players=6)
    assert th.texts(s) == ["3 T14-kB1", "3 T14-T17"]
    assert s.team_of(1) == ["black", "white"]


def test_from_positions_rejects_bad_positions():
    assert _raises(tactik_setup.from_positions, {"red": ["T5", "T5"]})
    assert _raises(tactik_setup.from_positions, {"red": ["T16*"]})
    assert _raises(tactik_setup.from_positions, {"purple": ["T1"]})
    assert _raises(tactik_setup.from_positions, {"red": ["T1", "T2", "T3", "T4", "T6"]})
    assert _raises(tactik_setup.from_positions, {"red": ["T64"]})
    assert _raises(tactik_setup.from_positions, {}, 4, 0, {0: ["7", "7", "7", "7", "7"]})
    assert _raises(tactik.new_game, 5)
    assert _raises(lambda: tactik.new_game(4, 0, False, no_such_flag=True))


def test_hand_built_game_plays_on_into_new_deals_identically():
    # hands given out of seat order: the played pile, hence the next deals, must not depend on
    # dict order (it differs between runtimes); golden digest taken on CPython
    hands = {2: ["7", "P", "5", "5"], 0: ["1", "10", "2", "3"], 3: ["12", "9", "8", "-4"],
             1: ["6", "6", "1", "7"]}
    s = tactik_setup.from_positions({"red": ["T5"], "blue": ["T16*"]}, 4, 0, hands, seed=3)
    for _ in range(60):
        s.apply(tactik.greedy_move(s))
    assert s.card_count() == 48 and s.ply == 60
    assert s.digest() == GOLDEN_HAND_BUILT


GOLDEN_HAND_BUILT = "6ae1c101cb16a1b9"
