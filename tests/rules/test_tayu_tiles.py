"""Ta Yü tiles and notation: the 28 kinds and their 12/15/1 split, the canonical kind strings,
the editions' tile counts, the placement frame and every move notation."""

import tayu_helpers as h

from shared_rules.tayu import positions
from shared_rules.tayu import rules as tayu


def _turn(codes):
    out = []
    for c in codes:
        if c == "w":
            out.append("e")
        elif c == "e":
            out.append("w")
        else:
            out.append(("s" if c[0] == "n" else "n") + str(2 - int(c[1])))
    return out


def test_28_kinds_are_the_3_of_8_subsets_up_to_a_turn():
    codes = ["n0", "n1", "n2", "s0", "s1", "s2", "w", "e"]
    seen = {}
    n = 0
    for a in range(8):
        for b in range(a + 1, 8):
            for c in range(b + 1, 8):
                t = [codes[a], codes[b], codes[c]]
                one = "-".join(sorted(t))
                two = "-".join(sorted(_turn(t)))
                assert one != two  # no kind is its own turn
                seen[min(one, two)] = 1
                n += 1
    assert n == 56
    assert sorted(seen) == list(tayu.KINDS)
    assert len(tayu.KINDS) == 28


def test_split_12_three_sided_15_two_sided_1_one_sided():
    by_sides = {1: [], 2: [], 3: []}
    for k in tayu.KINDS:
        by_sides[tayu.kind_sides(k)].append(k)
    assert len(by_sides[3]) == 12
    assert len(by_sides[2]) == 15
    assert by_sides[1] == ["n0-n1-n2"]
    assert sum(1 for k in tayu.KINDS if tayu.has_ring(k)) == 12
    assert tayu.has_ring("e-n0-w") and not tayu.has_ring("e-n0-n1")


def test_kind_string_is_the_smaller_of_tile_and_turn():
    assert positions.canonical_kind("s0-s1-s2") == "n0-n1-n2"
    assert positions.canonical_kind("w-n0-n1") == "e-s1-s2"
    for k in tayu.KINDS:
        assert positions.canonical_kind(k) == k
        turned = "-".join(sorted(_turn(k.split("-"))))
        assert turned > k
        assert positions.canonical_kind(turned) == k


def test_editions_hold_4_or_3_of_each_kind():
    for edition, total in (("kosmos", 112), ("goliath", 84)):
        st = tayu.new_game(edition=edition, seed=11)
        assert st.total_tiles == total
        assert st.tiles_left() + len(st.hand(0)) == total
        h.check_invariants(st)  # counts every kind: 4 (Kosmos) or 3 (Goliath) copies


def test_engine_placement_frame_matches_walking_vectors():
    # The tile frame turns with D: n = left-hand side walking cell 0 -> cell 2, w behind, e beyond.
    st = tayu.new_game(seed=0)
    for k in tayu.KINDS:
        for d in "NESW":
            mv = st.move_at(9, 9, d)
            got = {}
            for r, c, bits in st.footprint(mv, k):
                got[(r, c)] = bits
            want = {}
            for p in h.tile_cells(9, 9, d):
                want[p] = 0
            for p, side in h.tile_exits(k, 9, 9, d):
                want[p] |= h._BIT[side]
            assert got == want, (k, d, got, want)


def test_frame_examples_by_hand():
    st = tayu.new_game(seed=0)
    # heading east the frame is the canonical one: n0 north of cell 0, e east of cell 2
    fp = st.footprint(tayu.parse_move("5,5,E"), "e-n0-w")
    assert fp == [(5, 5, 1 | 8), (5, 6, 0), (5, 7, 2)]
    # heading south: n is the east side, w the north end of cell 0, e the south end of cell 2
    fp = st.footprint(tayu.parse_move("5,5,S"), "e-n0-w")
    assert fp == [(5, 5, 2 | 1), (6, 5, 0), (7, 5, 4)]
    # heading west: n is south; heading north: n is west
    assert st.footprint(tayu.parse_move("5,5,W"), "n0-n1-n2") == [(5, 5, 4), (5, 4, 4), (5, 3, 4)]
    assert st.footprint(tayu.parse_move("5,5,N"), "n0-n1-n2") == [(5, 5, 8), (4, 5, 8), (3, 5, 8)]


def test_four_orientations_are_four_distinct_placements():
    st = tayu.new_game(seed=0)
    for k in tayu.KINDS:
        # the same three squares covered either way round give the tile and its turn
        a = st.footprint(tayu.parse_move("9,7,E"), k)
        b = st.footprint(tayu.parse_move("9,9,W"), k)
        assert sorted(a) != sorted(b)
        a = st.footprint(tayu.parse_move("7,9,S"), k)
        b = st.footprint(tayu.parse_move("9,9,N"), k)
        assert sorted(a) != sorted(b)


def test_notation_round_trips_for_every_move_kind():
    for text in ("0,0,N", "18,18,W", "9,7,E", "3,12,S", "take:A", "take:B", "bid:24",
                 "bid:1", "pass", "play:n0-n1-n2", "play:e-n0-w"):
        mv = tayu.parse_move(text)
        assert str(mv) == text
        assert tayu.parse_move(str(mv)) == mv
    assert tayu.parse_move(" 9,7,e ") == tayu.parse_move("9,7,E")
    assert tayu.parse_move("9,7,E") != tayu.parse_move("9,7,W")
    assert tayu.parse_move("take:A") != tayu.parse_move("take:B")


def test_malformed_notation_raises_value_error():
    for bad in ("", "9,7", "9,7,X", "19,0,E", "-1,0,E", "a,b,E", "take:C", "bid:x",
                "play:s0-s1-s2", "play:zz", "9;7;E", "hello"):
        try:
            tayu.parse_move(bad)
        except ValueError as exc:
            assert str(exc)
            continue
        raise AssertionError("accepted " + repr(bad))
