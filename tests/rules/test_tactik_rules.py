"""Tac-Tik rules, one hand-built position per rule of docs/tactik.md ("Rules as implemented")
and per example of the seed and the card page. Red starts on T0, blue T16, yellow T32, green
T48 (4 players, 64 holes)."""

import tactik_helpers as th

from shared_rules.tactik import rules as tactik

_raises = th.raises


def test_start_with_1_or_10_only():
    s = th.build({}, hands={0: ["1", "10", "5", "2"]})
    assert th.texts(s) == ["1 N-T0", "10 N-T0"]
    m = s.parse_move("10 N-T0")
    assert (m.kind, m.card, m.path, m.eaten) == ("start", "10", [("N", ["T0"])], [])
    s.apply(m)
    assert s.positions()["red"] == ["N", "N", "N", "T0*"]
    assert s.hand(0) == ["1", "2", "5"]


def test_start_eats_any_pawn_on_the_start_square():
    s = th.build({"blue": ["T0"]}, hands={0: ["1"]})
    m = s.parse_move("1 N-T0")
    assert m.eaten == ["T0"] and m.eaten_colours == ["blue"]
    s.apply(m)
    assert s.positions()["blue"] == ["N", "N", "N", "N"]
    assert s.positions()["red"] == ["N", "N", "N", "T0*"]
    own = th.build({"red": ["T0"]}, hands={0: ["1"]})
    assert th.texts(own) == ["1 N-T0", "1 T0-rB1", "1 T0-T1"]
    own.apply("1 N-T0")
    assert own.positions()["red"] == ["N", "N", "N", "T0*"]


def test_no_start_on_ones_own_stake_and_a_stake_never_enters_its_base():
    s = th.build({"red": ["T0*"]}, hands={0: ["1"]})
    assert th.texts(s) == ["1 T0-T1"]


def test_stake_blocks_its_owner_and_everyone():
    s = th.build({"red": ["T0*", "T62"]}, hands={0: ["5"]})
    assert th.texts(s) == ["5 T0-T5"]
    s = th.build({"red": ["T0*", "T62"]}, hands={0: ["2"]})
    assert th.texts(s) == ["2 T0-T2"]  # landing on a stake is no more allowed than passing it
    s = th.build({"red": ["T0*"], "blue": ["T62"]}, seat=1, hands={1: ["3"]})
    assert th.texts(s) == ["discard 3"]
    s = th.build({"red": ["T0*"], "blue": ["T2"]}, seat=1, hands={1: ["-4"]})
    assert th.texts(s) == ["discard -4"]
    s = th.build({"red": ["T0*"], "blue": ["T60"]}, seat=1, hands={1: ["7"]})
    assert th.texts(s) == ["discard 7"]  # 7x1: T61 T62 T63, then the stake


def test_passing_and_eating_at_the_end_of_a_move():
    s = th.build({"red": ["T2"], "blue": ["T4"]}, hands={0: ["5", "2"]})
    assert th.texts(s) == ["2 T2-T4", "5 T2-T7"]
    m = s.parse_move("5 T2-T7")
    assert m.kind == "forward" and m.eaten == []
    assert m.path == [("T2", ["T3", "T4", "T5", "T6", "T7"])] and m.colours == ["red"]
    eat = s.parse_move("2 T2-T4")
    assert eat.eaten == ["T4"] and eat.eaten_colours == ["blue"]
    s.apply(eat)
    assert s.positions()["blue"] == ["N", "N", "N", "N"]
    assert s.positions()["red"] == ["N", "N", "N", "T4"]


def test_eating_own_and_partner_pawns():
    s = th.build({"red": ["T2", "T4"], "yellow": ["T5"]}, hands={0: ["2", "3"]})
    assert th.texts(s) == ["2 T2-T4", "2 T4-T6", "3 T2-T5", "3 T4-T7"]
    t = s.clone()
    s.apply("2 T2-T4")
    assert s.positions()["red"] == ["N", "N", "N", "T4"]
    t.apply("3 T2-T5")
    assert t.positions()["yellow"] == ["N", "N", "N", "N"]


def test_minus4_brings_a_stake_back_then_it_enters_next_turn():
    hands = {0: ["-4", "5"], 1: ["2"], 2: ["2"], 3: ["2"]}
    s = th.build({"red": ["T0*"]}, hands=hands)
    assert th.texts(s) == ["5 T0-T5", "-4 T0-T60"]
    s.apply("-4 T0-T60")
    assert s.positions()["red"] == ["N", "N", "N", "T60"]
    for seat in (1, 2, 3):
        assert s.current_player == seat
        assert th.texts(s) == ["discard 2"]
        s.apply("discard 2")
    assert s.current_player == 0
    assert th.texts(s) == ["5 T60-rB1", "5 T60-T1"]
    s.apply("5 T60-rB1")
    assert s.positions()["red"] == ["B1", "N", "N", "N"]


def test_minus4_eats_four_holes_behind_and_never_enters_a_base():
    s = th.build({"red": ["T3", "B1"], "blue": ["T63"]}, hands={0: ["-4"]})
    assert th.texts(s) == ["-4 T3-T63"]
    m = s.parse_move("-4 T3-T63")
    assert m.kind == "back" and m.path == [("T3", ["T2", "T1", "T0", "T63"])]
    assert m.eaten == ["T63"]


def test_permuter_own_stake_and_what_cannot_be_swapped():
    s = th.build({"red": ["T0*"], "blue": ["T20"]}, hands={0: ["P"]})
    assert th.texts(s) == ["P T0-T20"]
    m = s.parse_move("P T20-T0")  # either order names the same swap
    assert m.kind == "swap" and m.path == [("T0", ["T20"]), ("T20", ["T0"])]
    s.apply(m)
    assert s.positions()["red"] == ["N", "N", "N", "T20"]
    assert s.positions()["blue"] == ["N", "N", "N", "T0"]
    # swapping one's stake with one's own pawn: it becomes a plain pawn, and enters with a 1
    s = th.build({"red": ["T0*", "T10"]}, hands={0: ["P", "1"]})
    s.apply("P T0-T10")
    assert s.positions()["red"] == ["N", "N", "T0", "T10"]
    assert "1 T0-rB1" in th.texts(s)
    # never another player's stake (partner's included), never a pawn in a nest or a base
    s = th.build({"red": ["T5", "B1"], "blue": ["T16*", "B2"], "yellow": ["T32*"],
                  "green": ["T30"]}, hands={0: ["P"]})
    assert th.texts(s) == ["P T5-T30"]


def test_permuter_between_own_pawns_is_a_legal_null_move():
    s = th.build({"red": ["T5", "T9"]}, hands={0: ["P"]})
    assert th.texts(s) == ["P T5-T9"]
    before = s.positions()
    s.apply("P T5-T9")
    assert s.positions() == before


def test_7x1_pushes_pawns_deeper_into_the_base():
    s = th.build({"red": ["B1", "B2", "T63"]}, hands={0: ["7"]})
    moves = th.texts(s)
    assert "7 T63-rB2 rB1-rB3 rB2-rB4" in moves
    m = s.parse_move("7 T63-rB2 rB1-rB3 rB2-rB4")
    assert m.kind == "split" and m.card == "7"
    s.apply(m)
    assert s.positions()["red"] == ["B2", "B3", "B4", "N"]


def test_7x1_eats_on_every_landing():
    s = th.build({"red": ["T10"], "blue": ["T11"], "green": ["T13"]}, hands={0: ["7"]})
    assert th.texts(s) == ["7 T10-T17 xT11 xT13"]
    m = s.legal_moves()[0]
    assert m.eaten == ["T11", "T13"] and m.eaten_colours == ["blue", "green"]
    assert m.path == [("T10", ["T11", "T12", "T13", "T14", "T15", "T16", "T17"])]
    s.apply(m)
    assert s.positions()["blue"] == ["N", "N", "N", "N"]
    assert s.positions()["green"] == ["N", "N", "N", "N"]


def test_7x1_one_move_per_outcome():
    s = th.build({"red": ["T10", "T20"]}, hands={0: ["7"]})
    moves = th.texts(s)
    assert len(moves) == 8 and len(set(moves)) == 8
    assert "7 T10-T17" in moves and "7 T20-T27" in moves and "7 T10-T13 T20-T24" in moves
    # an own pawn in the way: each outcome (who ends where, who was eaten) once
    s = th.build({"red": ["T10", "T12"]}, hands={0: ["7"]})
    afters = [m._after for m in s.legal_moves()]
    assert len(afters) == len(set(afters))
    assert "7 T10-T17 T12-N" in th.texts(s)
    # an own pawn eaten either way round (T43 eats T44, or T39 eats T43 after T44 moved on):
    # one outcome, one move
    s = th.build({"red": ["T39", "T43", "T44"], "green": ["T42"]}, hands={0: ["7"]})
    afters = [m._after for m in s.legal_moves()]
    assert len(afters) == len(set(afters))
    same = [t for t in th.texts(s) if t.startswith("7 T39-T44 ") and t.endswith(" xT42")
            and "-N" in t and "T45" in t]
    assert len(same) == 1, same


def test_7x1_steps_and_card_too_large_for_the_base():
    # 8 cannot finish in the base from T62 (6 at most): the pawn goes round
    assert th.texts(th.build({"red": ["T62"]}, hands={0: ["8"]})) == ["8 T62-T6"]
    assert th.texts(th.build({"red": ["T62"]}, hands={0: ["2"]})) == ["2 T62-T0"]
    assert th.texts(th.build({"red": ["T62"]}, hands={0: ["3"]})) == ["3 T62-rB1", "3 T62-T1"]
    # no passing inside the base
    s = th.build({"red": ["T62", "B2"]}, hands={0: ["5", "2"]})
    assert th.texts(s) == ["2 T62-T0", "2 rB2-rB4", "5 T62-T3"]


def test_base_entry_compulsory_flag_both_ways():
    free = th.build({"red": ["T62"]}, hands={0: ["5"]})
    assert th.texts(free) == ["5 T62-rB3", "5 T62-T3"]
    forced = th.build({"red": ["T62"]}, hands={0: ["5"]}, base_entry_compulsory=True)
    assert th.texts(forced) == ["5 T62-rB3"]
    assert forced.options()["base_entry_compulsory"] is True
    # with the flag, a pawn that cannot fit still goes round
    forced = th.build({"red": ["T62"]}, hands={0: ["8"]}, base_entry_compulsory=True)
    assert th.texts(forced) == ["8 T62-T6"]
    # 7x1: a single step from the start square must go in when the flag is on
    s = th.build({"red": ["T0", "T30"]}, hands={0: ["7"]}, base_entry_compulsory=True)
    assert s.split_next_steps([]) == ["T0>rB1", "T30"]
    s = th.build({"red": ["T0", "T30"]}, hands={0: ["7"]})
    assert s.split_next_steps([]) == ["T0>rB1", "T0", "T30"]


def test_discard_only_when_no_card_can_be_used():
    s = th.build({}, hands={0: ["2", "5", "9", "12"]})
    assert th.texts(s) == ["discard 2", "discard 5", "discard 9", "discard 12"]
    played = len(s.played)
    m = s.parse_move("discard 9")
    assert m.kind == "discard" and m.card == "9" and m.path == []
    s.apply(m)
    assert s.hand(0) == ["2", "5", "12"]
    assert len(s.played) == played + 1 and s.played[-1] == tactik.CARDS.index("9")
    s = th.build({}, hands={0: ["1", "5"]})
    assert th.texts(s) == ["1 N-T0"]
    assert "illegal" in _raises(s.apply, "discard 5")


def test_partner_pawns_once_ones_own_are_home_and_the_team_wins():
    s = th.build({"red": ["B1", "B2", "B3", "B4"], "yellow": ["T40"]}, hands={0: ["5"]})
    assert s.playing_colours() == ["yellow"]
    assert th.texts(s) == ["5 T40-T45"]
    s = th.build({"red": ["B1", "B2", "B3", "B4"]}, hands={0: ["10"]})
    assert th.texts(s) == ["10 N-T32"]  # the partner's pawns are started too
    s = th.build({"red": ["B1", "B2", "B3", "B4"], "yellow": ["B2", "B3", "B4", "T31"]},
                 hands={0: ["2"]})
    assert th.texts(s) == ["2 T31-yB1", "2 T31-T33"]
    s.apply("2 T31-yB1")
    assert s.is_over() and s.phase == "over"
    assert s.winner() == (0, 2)  # red and yellow: seat 0 and its partner
    assert s.legal_moves() == []
    assert "over" in _raises(s.apply, "2 T31-T33")


def test_partner_stake_under_permuter_flag():
    pos = {"red": ["B1", "B2", "B3", "B4"], "yellow": ["T32*"], "blue": ["T5"]}
    assert th.texts(th.build(pos, hands={0: ["P"]})) == ["P T32-T5"]
    off = th.build(pos, hands={0: ["P"]}, partner_stake_own=False)
    assert th.texts(off) == ["discard P"]


def test_illegal_move_raises_and_changes_nothing():
    s = th.build({"red": ["T3"]}, hands={0: ["5"]})
    d = s.digest()
    assert "illegal" in _raises(s.apply, "5 T3-T9")
    assert "illegal" in _raises(s.apply, "give 5")
    other = th.build({"red": ["T4"]}, hands={0: ["5"]})
    assert "illegal" in _raises(s.apply, other.legal_moves()[0])
    assert s.digest() == d
