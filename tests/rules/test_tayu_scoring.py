"""Ta Yü scoring: the seed's examples (4 x 5 = 20 against 6 x 3 = 18, (5 + 1) x 4 = 24,
4 x 7 = 28) built as positions, double positions, corners, and a zero coast."""

import tayu_helpers as h

from shared_rules.tayu import positions
from shared_rules.tayu import rules as tayu

# Kinds with 1, 2 or 3 exits on their left-hand (n) side; laid along a coast with that side
# outward, they make 1, 2 or 3 estuaries.
ONE, TWO, THREE = "e-n1-s1", "n0-n2-s1", "n0-n1-n2"


def coast_tile(coast, start, kind):
    """(kind, "R,C,D") of a tile along `coast` over indices start..start+2, n side outward."""
    if coast == "N":
        return (kind, "0,%d,E" % start)
    if coast == "E":
        return (kind, "%d,18,S" % start)
    if coast == "S":
        return (kind, "18,%d,W" % (start + 2))
    return (kind, "%d,0,N" % (start + 2))


def finished(placements, **flags):
    """A finished 2-player position (empty bag) with those tiles on the board."""
    st = positions.setup(placements, bag=[], **flags)
    assert st.is_over()
    return st


def test_goliath_example_4_x_5_beats_6_x_3():
    st = finished([
        coast_tile("N", 2, THREE), coast_tile("N", 6, ONE),
        coast_tile("S", 2, THREE), coast_tile("S", 6, TWO),
        coast_tile("E", 2, THREE), coast_tile("E", 6, THREE),
        coast_tile("W", 2, THREE),
    ], edition="goliath", doubles=())
    assert st.coast_counts() == {"N": 4, "S": 5, "E": 6, "W": 3}
    assert st.scores() == (20, 18)
    assert st.winner() == (0,)  # seat 0 plays North-South
    assert h.recount(st) == st.coast_counts()


def test_goliath_example_with_a_double_position_5_plus_1_x_4():
    # Goliath marks indices 3, 7, 11, 15: one of the five southern estuaries is on index 7.
    st = finished([
        coast_tile("N", 4, THREE), coast_tile("N", 8, ONE),
        coast_tile("S", 4, THREE), coast_tile("S", 7, TWO),
    ], edition="goliath")
    est = st.estuaries()
    assert len([e for e in est if e[0] == "S"]) == 5
    assert ("S", 7, 2) in est and ("S", 9, 1) in est
    assert st.coast_counts()["S"] == 6 and st.coast_counts()["N"] == 4
    assert st.scores() == (24, 0)
    assert h.recount(st) == st.coast_counts()


def test_kosmos_example_4_x_5_against_4_x_7_east_west_wins():
    placements = [
        coast_tile("N", 2, THREE), coast_tile("N", 6, ONE),
        coast_tile("S", 2, THREE), coast_tile("S", 6, TWO),
        coast_tile("W", 2, THREE), coast_tile("W", 6, ONE),
        coast_tile("E", 2, THREE), coast_tile("E", 6, THREE), coast_tile("E", 10, ONE),
    ]
    st = finished(placements, doubles=())
    assert st.coast_counts() == {"N": 4, "S": 5, "W": 4, "E": 7}
    assert st.scores() == (20, 28)
    assert st.winner() == (1,)
    st4 = positions.setup(placements, bag=[], players=4, doubles=())
    assert st4.scores() == (20, 28) and st4.winner() == (1, 3)  # the East-West team


def test_kosmos_doubles_are_3_9_15_and_count_twice():
    st = finished([coast_tile("N", 8, ONE)])  # estuary on index 9
    assert st.estuaries() == [("N", 9, 2)]
    assert st.coast_counts()["N"] == 2
    assert [i for i in range(19) if st.is_double(i)] == [3, 9, 15]
    st = finished([coast_tile("N", 7, ONE)])  # index 8: plain
    assert st.estuaries() == [("N", 8, 1)] and st.coast_counts()["N"] == 1
    g = tayu.new_game(edition="goliath")
    assert [i for i in range(19) if g.is_double(i)] == [3, 7, 11, 15]


def test_zero_on_one_coast_scores_zero():
    st = finished([coast_tile("N", 2, THREE), coast_tile("E", 2, ONE)], doubles=())
    assert st.coast_counts() == {"N": 3, "S": 0, "E": 1, "W": 0}
    assert st.scores() == (0, 0)
    assert st.winner() == ()  # equal products: a draw


def test_a_corner_square_scores_on_both_its_coasts():
    # e-n0-w heading east from the north-west corner: n0 leaves north, w leaves west
    st = finished([("e-n0-w", "0,0,E")], doubles=())
    assert sorted(st.estuaries()) == [("N", 0, 1), ("W", 0, 1)]
    assert st.coast_counts() == {"N": 1, "S": 0, "E": 0, "W": 1}
    # the south-east corner, heading west from it: w leaves east, n0 leaves south
    st = finished([("e-n0-w", "18,18,W")], doubles=())
    assert sorted(st.estuaries()) == [("E", 18, 1), ("S", 18, 1)]


def test_estuaries_do_not_count_short_of_the_coast():
    # three exits pointing north from row 1 reach row 0 squares, not the coast
    st = finished([("n0-n1-n2", "1,5,E")], doubles=())
    assert st.estuaries() == []
    assert st.coast_counts() == {"N": 0, "S": 0, "E": 0, "W": 0}
    assert len(st.open_exits()) == 3
