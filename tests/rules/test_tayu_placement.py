"""Every Ta Yü placement rule (docs/tayu.md, "Rules as implemented"), each with a legal and an
illegal case, plus the listing of legal placements checked against a brute force over the whole
board."""

import sizes
import tayu_helpers as h

from shared_rules.tayu import positions
from shared_rules.tayu import rules as tayu

# A: exits north and south of its middle square and at its east end.
A = ("e-n1-s1", "9,7,E")


def _pos(hand, placements=(A,)):
    st = positions.setup(list(placements), bag=[hand, hand])
    assert st.phase == "place" and st.tile == hand
    return st


def _why(st, text):
    return st.check(tayu.parse_move(text))  # the syntax only: check() says why


def test_first_tile_must_cover_the_centre():
    st = tayu.new_game(seed=4)
    moves = [str(m) for m in st.legal_moves()]
    assert len(moves) == 12  # 4 orientations x 3 squares of the tile on the centre
    for text in moves:
        m = st.parse_move(text)
        assert (9, 9) in [(r, c) for r, c, _ in st.footprint(m)]
    assert "9,7,E" in moves and "9,9,W" in moves and "11,9,N" in moves
    assert _why(st, "9,10,E") == "first tile must cover the centre"
    assert _why(st, "0,0,E") == "first tile must cover the centre"
    st.apply(st.parse_move("9,9,S"))
    assert st.placed == 1 and st.cell(9, 9)[0] and st.cell(11, 9)[0]


def test_tile_covers_three_empty_squares():
    st = _pos("e-n1-s1")
    assert _why(st, "8,7,E") is None
    assert _why(st, "9,9,S") == "square already covered"  # its cell 0 lies on A
    assert _why(st, "7,8,S") == "square already covered"  # its cell 2 lies on A


def test_tile_stays_on_the_board():
    st = _pos("e-n1-s1")
    for text in ("9,17,E", "9,1,W", "17,9,S", "1,9,N", "0,17,E"):
        assert _why(st, text) == "off the board", text
    # along the edge is fine when the rest holds: build a network that reaches row 1
    st = positions.setup([("e-n1-s1", "1,7,E")], bag=["e-n1-s1"])
    assert _why(st, "0,7,E") is None


def test_exit_meeting_exit_is_legal_and_blank_meeting_blank_too():
    st = _pos("e-n1-s1")
    # s1 of the new tile meets A's n1; its other south sides meet A's blank north sides
    assert _why(st, "8,7,E") is None
    assert "8,7,E" in [str(m) for m in st.legal_moves()]


def test_new_exit_against_old_blank_is_illegal():
    st = _pos("n0-n1-n2")
    # heading west the n exits face south: over A they meet one exit and two blanks
    assert _why(st, "8,9,W") == "exit against a blank side"


def test_new_blank_against_old_exit_is_illegal():
    st = _pos("n0-n1-n2")
    # the new tile's blank south side would dam A's north exit
    assert _why(st, "8,7,E") == "blank side blocks a channel"
    # and a blank end against A's east exit
    assert _why(st, "9,10,E") == "blank side blocks a channel"


def test_new_tile_must_meet_an_exit():
    st = _pos("e-s1-s2")
    # touches A only blank against blank: no connection
    assert _why(st, "10,9,E") == "not connected to the network"
    # touching nothing at all
    assert _why(st, "0,0,E") == "not connected to the network"
    # turned round, its e end meets A's east exit: connected
    assert _why(st, "9,12,W") is None


def test_exits_may_face_empty_squares_and_the_board_edge():
    st = positions.setup([("e-n1-s1", "1,7,E")], bag=["e-n1-s1"])
    mv = st.parse_move("0,7,E")
    assert st.check(mv) is None
    st.apply(mv)
    # n1 now leaves through the north coast, e points into an empty square
    assert st.coast_counts()["N"] == 1
    assert (0, 9, "E") in st.open_exits()
    assert ("N", 8, 1) in st.estuaries()


def test_illegal_apply_raises_and_leaves_the_state_unchanged():
    st = _pos("n0-n1-n2")
    before = st.digest()
    hist = st.history
    for text in ("8,7,E", "8,9,W", "0,0,E", "9,17,E", "9,9,S", "take:A", "bid:3", "pass",
                 "play:n0-n1-n2"):
        try:
            st.apply(st.parse_move(text))
        except ValueError as exc:
            assert "illegal" in str(exc)
            assert st.digest() == before and st.history == hist
            continue
        raise AssertionError("applied " + text)


def test_a_placeable_tile_must_be_placed():
    st = _pos("e-n1-s1")
    moves = st.legal_moves()
    assert moves and all(m.type == tayu.M_PLACE for m in moves)
    assert st.check(tayu.parse_move("pass")) is not None
    assert not st.is_over()


def test_check_works_anywhere_without_raising():
    st = _pos("e-n1-s1")
    for r in range(19):
        for c in range(19):
            for d in "NESW":
                why = st.check(st.move_at(r, c, d))
                assert why is None or isinstance(why, str)
    assert st.check(st.move_at(8, 7, "E")) is None
    assert st.check(st.move_at(8, 7, 1)) is None


def test_check_with_kind_for_a_ghost_of_another_tile():
    st = _pos("n0-n1-n2")
    assert st.check(st.move_at(8, 7, "E")) is not None
    assert st.check(st.move_at(8, 7, "E"), kind="e-n1-s1") is None


def test_legal_moves_match_brute_force_on_positions():
    cases = [
        positions.setup([A], bag=["e-n1-s1"]),
        positions.setup([A, ("e-n1-s1", "8,7,E")], bag=["n0-n2-s1"]),
        positions.setup([("n0-n1-n2", "9,9,N"), ("e-n1-n2", "6,8,S")], bag=["e-n0-w"]),
    ]
    kinds = sizes.pick(tayu.KINDS, tayu.KINDS, tayu.KINDS[:2])  # board: two of the kinds
    for st in cases:
        for k in kinds:
            h.hold(st, k)
            assert [str(m) for m in st.legal_moves()] == h.brute_legal(st, k), k
