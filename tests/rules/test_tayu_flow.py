"""Ta Yü game flow: both ends of a game, every player count (teams, flood, bidding, agreed
target) and every variant (stacks, two_tiles, redraw_if_unscored)."""

import tayu_helpers as h

from shared_rules.rng import Rng
from shared_rules.tayu import positions
from shared_rules.tayu import rules as tayu

# Legal play leading to this: centre tile heading north, second tile closing one corner
# square (9, 8) between a north and an east exit: only tiles with an end exit fit there.
POCKET = [("n0-n1-n2", "9,9,N"), ("e-n1-n2", "6,8,S")]


def _first(st):
    st.apply(st.legal_moves()[0])


def test_game_ends_when_the_bag_is_empty():
    st = positions.setup([], bag=["e-n1-s1", "e-n0-w", "e-n1-s1"])
    for _ in range(3):
        assert not st.is_over()
        _first(st)
    assert st.is_over() and st.tiles_left() == 0 and st.placed == 3
    assert st.unplaced is None and st.tile is None
    assert st.legal_moves() == []
    assert st.check(tayu.parse_move("0,0,E")) == "game over"


def test_full_goliath_game_places_every_tile_then_ends():
    # seed 1 with the greedy bot on both seats lays all 84 Goliath tiles
    st = tayu.new_game(edition="goliath", seed=1)
    while not st.is_over():
        st.apply(tayu.greedy_move(st))
    assert st.placed == 84 and st.tiles_left() == 0 and st.unplaced is None
    h.check_invariants(st)


def test_game_ends_when_the_drawn_tile_cannot_be_placed():
    st = positions.setup([], bag=["n0-n1-n2", "n0-n1-n2", "e-n1-s1", "e-n0-w"])
    st.apply(st.parse_move("9,9,W"))  # three exits south
    st.apply(st.parse_move("10,7,E"))  # three exits north, meeting them: network closed
    assert st.open_exits() == []
    assert st.is_over()
    assert st.unplaced == tayu.kind_index("e-n1-s1") and st.tiles_left() == 1
    assert st.winner() == ()  # 0 x 0 each: a draw
    assert st.current_player == 0  # seat 0 drew the dead tile


def test_a_tile_placeable_somewhere_keeps_the_game_going():
    st = positions.setup(POCKET, bag=["e-n0-w"])
    assert not st.is_over()
    assert [str(m) for m in st.legal_moves()] == ["9,8,S"]
    st = positions.setup(POCKET, bag=["n0-n1-n2"])
    assert st.is_over() and h.brute_legal(st, "n0-n1-n2") == []


def test_redraw_if_unscored_sets_the_tile_aside_and_draws_again():
    st = positions.setup(POCKET, bag=["n0-n1-n2", "e-n0-w", "e-n1-s1"], redraw_if_unscored=True)
    assert not st.is_over()
    assert st.set_aside == [tayu.kind_index("n0-n1-n2")]
    assert st.tile == "e-n0-w" and st.current_player == 0
    assert st.tiles_left() == 1
    h.check_invariants(st, setup_ok=True)


def test_redraw_only_while_nobody_has_an_estuary():
    # three estuaries on the north coast and no open exit: the flag does not apply
    st = positions.setup([("n0-n1-n2", "0,5,E")], bag=["e-n0-w", "e-n1-s1"],
                    redraw_if_unscored=True)
    assert st.is_over() and st.unplaced == tayu.kind_index("e-n0-w")
    # nothing placeable ever and nobody scored: every tile is set aside, then the bag is empty
    st = positions.setup([("n0-n1-n2", "9,9,W"), ("n0-n1-n2", "10,7,E")],
                    bag=["e-n0-w", "e-n1-s1"], redraw_if_unscored=True)
    assert st.is_over() and st.tiles_left() == 0 and len(st.set_aside) == 2


def test_a_long_run_of_set_aside_tiles_ends_cleanly():
    # a closed network and nobody scored: with the flag, all 110 other tiles go aside in turn
    closed = [("n0-n1-n2", "9,9,W"), ("n0-n1-n2", "10,7,E")]
    rest = []
    for k in tayu.KINDS:
        rest.extend([k] * (2 if k == "n0-n1-n2" else 4))
    st = positions.setup(closed, bag=rest, redraw_if_unscored=True)
    assert st.is_over() and st.tiles_left() == 0 and len(st.set_aside) == 110
    assert st.unplaced is None
    h.check_invariants(st)


def test_view_shows_own_hand_and_ring_flags_only():
    st = tayu.new_game(two_tiles=True, stacks=True, seed=9)
    v = st.view(1)
    assert v["hand"] == st.hand(1) and v["held"] == [1, 1]
    assert v["tops"] == st.stack_tops() and v["tile"] is None
    # another seat's hidden tile and the order of the draw below the tops do not show
    other = st.clone()
    other.hands[0] = [(other.hands[0][0] + 1) % 28]
    lane = other._lane_pos[0]
    rest = other._bag[lane + 1:other._lane_end[0]]
    other._bag[lane + 1:other._lane_end[0]] = bytearray(reversed(rest))
    assert other.view(1) == v and other.view(0) != st.view(0)


def test_two_players_sides_and_alternation():
    st = tayu.new_game(seed=2)
    assert st.players == 2 and st.side_of(0) == "NS" and st.side_of(1) == "EW"
    seats = []
    for _ in range(6):
        seats.append(st.current_player)
        _first(st)
    assert seats == [0, 1, 0, 1, 0, 1]


def test_four_players_alternate_teams_clockwise():
    st = tayu.new_game(players=4, seed=2)
    assert [st.side_of(s) for s in range(4)] == ["NS", "EW", "NS", "EW"]
    seats = []
    for _ in range(8):
        seats.append(st.current_player)
        _first(st)
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3]


def test_three_players_goliath_agreed_target_and_flood():
    st = tayu.new_game(players=3, edition="goliath", seed=3)
    assert st.phase == "place" and st.flood == 2 and st.target == 24
    assert [st.side_of(s) for s in range(3)] == ["NS", "EW", "flood"]
    seats = []
    for _ in range(6):
        seats.append(st.current_player)
        _first(st)
    assert seats == [0, 1, 2, 0, 1, 2]
    st = tayu.new_game(players=3, edition="goliath", seed=3, target=30, flood_seat=0)
    assert st.flood == 0 and st.target == 30 and st.current_player == 1
    assert st.side_of(1) == "NS" and st.side_of(2) == "EW"


def test_flood_stops_once_a_builder_reaches_the_target():
    st = tayu.new_game(players=3, edition="goliath", seed=5, target=2)
    rng = Rng(5)
    reached = False
    flood_moves_after = 0
    flood_moves_before = 0
    while not st.is_over():
        if st.flood_stopped():
            reached = True
        mover = st.current_player
        moves = st.legal_moves()
        st.apply(moves[rng.below(len(moves))])
        if mover == st.flood:
            if reached:
                flood_moves_after += 1
            else:
                flood_moves_before += 1
    assert reached and flood_moves_before > 0 and flood_moves_after == 0
    assert max(st.scores()) >= 2 and st.winner() != (2,)


def test_three_player_winner_flood_or_higher_builder():
    common = dict(bag=[], players=3, edition="goliath", doubles=())
    # 2 x 2 = 4 for North-South, nothing for East-West
    low = [("n0-n2-s1", "0,4,E"), ("n0-n2-s1", "18,10,W")]
    st = positions.setup(low, target=24, **common)
    assert st.scores() == (4, 0) and st.winner() == (2,)  # the flood held them under 24
    st = positions.setup(low, target=4, **common)
    assert st.winner() == (0,)  # North-South reached 4 and is higher
    both = low + [("n0-n2-s1", "4,18,S"), ("n0-n2-s1", "10,0,N")]
    st = positions.setup(both, target=4, **common)
    assert st.scores() == (4, 4) and st.winner() == ()  # both builders level: a draw


def test_kosmos_bidding_sets_flood_and_target():
    st = tayu.new_game(players=3, seed=5)
    assert st.phase == "bid" and st.flood is None and st.side_of(0) is None
    opener = st.current_player
    moves = [str(m) for m in st.legal_moves()]
    assert "pass" not in moves and moves[0] == "bid:50" and moves[-1] == "bid:1"
    assert st.check(tayu.parse_move("pass")) == "opening bid required"
    assert st.check(tayu.parse_move("bid:51")) == "bid above max_bid"
    st.apply(st.parse_move("bid:30"))
    second = (opener + 1) % 3
    assert st.current_player == second and st.bid == 30
    assert st.check(tayu.parse_move("bid:30")) == "bid must be lower"
    assert "pass" in [str(m) for m in st.legal_moves()]
    st.apply(st.parse_move("pass"))
    third = (opener + 2) % 3
    assert st.current_player == third
    st.apply(st.parse_move("bid:20"))
    assert st.current_player == opener  # the second seat passed for good
    st.apply(st.parse_move("pass"))
    assert st.phase != "bid"
    assert st.flood == third and st.target == 20
    assert st.current_player == (third + 1) % 3
    assert st.side_of(third) == "flood"
    assert st.history == ["bid:30", "pass", "bid:20", "pass"]


def test_bidding_pass_not_final_lets_a_seat_come_back():
    st = tayu.new_game(players=3, seed=5, pass_is_final=False)
    opener = st.current_player
    st.apply(st.parse_move("bid:30"))
    st.apply(st.parse_move("pass"))  # second seat
    st.apply(st.parse_move("bid:25"))  # third seat
    # the second seat passed before the last bid: it may bid again
    assert st.current_player == opener
    st.apply(st.parse_move("pass"))
    assert st.current_player == (opener + 1) % 3 and st.phase == "bid"
    st.apply(st.parse_move("bid:20"))
    st.apply(st.parse_move("pass"))
    st.apply(st.parse_move("pass"))
    assert st.flood == (opener + 1) % 3 and st.target == 20


def test_bidding_down_to_one_leaves_only_pass():
    st = tayu.new_game(players=3, seed=6, max_bid=2)
    assert [str(m) for m in st.legal_moves()] == ["bid:2", "bid:1"]
    st.apply(st.parse_move("bid:1"))
    assert [str(m) for m in st.legal_moves()] == ["pass"]
    st.apply(st.parse_move("pass"))
    st.apply(st.parse_move("pass"))
    assert st.target == 1 and st.phase == "place"


def test_stacks_choose_between_two_tops_seeing_only_the_ring():
    st = tayu.new_game(stacks=True, seed=8)
    assert st.phase == "take" and st.tile is None
    assert [str(m) for m in st.legal_moves()] == ["take:A", "take:B"]
    tops = st.stack_tops()
    assert [t[0] for t in tops] == ["A", "B"]
    a = st.clone()
    a.apply(a.parse_move("take:A"))
    b = st.clone()
    b.apply(b.parse_move("take:B"))
    assert a.phase == "place" and b.phase == "place"
    assert tayu.has_ring(a.tile) == tops[0][1] and tayu.has_ring(b.tile) == tops[1][1]
    # taking from A leaves B's top where it was
    _first(a)
    a_tops = a.stack_tops()
    assert a_tops[1] == tops[1]
    a.apply(a.parse_move("take:B"))
    assert a.tile == b.tile
    assert st.tiles_left() == 112 and a.tiles_left() == 110


def test_stacks_lane_runs_dry():
    st = positions.setup([], bag=["e-n1-s1", "e-n0-w", "n0-n1-n2", "e-n1-s1"], stacks=True)
    st.apply(st.parse_move("take:A"))
    _first(st)
    st.apply(st.parse_move("take:A"))
    _first(st)
    assert [str(m) for m in st.legal_moves()] == ["take:B"]
    assert st.check(tayu.parse_move("take:A")) == "stack empty"


def test_two_tiles_hold_one_choose_either_keep_the_other():
    st = tayu.new_game(two_tiles=True, seed=9)
    assert len(st.hand(1)) == 1  # the opponent's hidden tile
    hand = st.hand(0)
    assert len(hand) == 2
    if hand[0] == hand[1]:
        assert st.phase == "place"
        return
    assert st.phase == "choose" and st.tile is None
    moves = [str(m) for m in st.legal_moves()]
    assert sorted(moves) == sorted("play:" + k for k in hand)
    st.apply(st.parse_move("play:" + hand[1]))
    assert st.tile == hand[1]
    _first(st)
    assert st.hand(0) == [hand[0]]  # kept
    assert st.current_player == 1 and len(st.hand(1)) == 2
    h.check_invariants(st)


def test_two_tiles_only_a_placeable_tile_may_be_chosen():
    # seat 0 holds n0-n1-n2 (dead in the pocket) and draws e-n0-w
    st = positions.setup(POCKET, bag=["n0-n1-n2", "e-n1-s1", "e-n0-w", "e-n1-s1"], two_tiles=True)
    assert st.phase == "choose"
    assert [str(m) for m in st.legal_moves()] == ["play:e-n0-w"]
    assert st.check(tayu.parse_move("play:n0-n1-n2")) == "tile cannot be placed"
    assert st.check(tayu.parse_move("play:e-s1-s2")) == "tile not in hand"


def test_two_tiles_play_out_held_tiles_after_the_bag_is_empty():
    st = positions.setup([], bag=["e-n1-s1", "e-n0-w", "e-n1-s1", "e-n0-w"], two_tiles=True)
    n = 0
    while not st.is_over():
        st.apply(st.legal_moves()[0])
        n += 1
        assert n < 20
    assert st.placed == 4 and st.tiles_left() == 0 and st.hand(0) == [] and st.hand(1) == []


def test_two_tiles_with_fewer_tiles_than_seats():
    st = positions.setup([], bag=["e-n1-s1"], two_tiles=True)
    assert st.hand(0) == ["e-n1-s1"] and st.hand(1) == [] and st.phase == "place"
    _first(st)
    assert st.is_over() and st.placed == 1


def test_unknown_options_are_refused():
    for kw in (dict(players=5), dict(edition="ravensburger"), dict(stack=True),
               dict(doubles=(19,)), dict(players=3, flood_seat=3)):
        try:
            tayu.new_game(**kw)
        except ValueError:
            continue
        raise AssertionError("accepted " + repr(kw))


def test_flags_and_options_are_exposed():
    st = tayu.new_game(players=4, edition="goliath", seed=7, stacks=True)
    assert st.edition == "goliath" and st.players == 4
    assert st.flags["stacks"] is True and st.flags["two_tiles"] is False
    assert st.flags["doubles"] == (3, 7, 11, 15)
    o = st.options()
    assert o["players"] == 4 and o["edition"] == "goliath" and o["stacks"] is True
