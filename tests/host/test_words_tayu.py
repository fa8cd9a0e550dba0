"""Ta Yü moves in words (firmware/games/tayu/words.py through lanterne.words): every move kind,
read against the position before it, as the side panel, watch and replay say them."""

from lanterne import words

from shared_rules.tayu import positions
from shared_rules.tayu import rules as tayu

GOLIATH_7 = ['7,9,S', '7,12,W', '4,9,S', '8,12,E', '5,8,S', '7,16,W', '6,7,S', '9,14,W', '12,9,N',
             '10,16,N', '12,12,N', '10,17,S', '6,12,W', '12,18,S', '15,18,W', '18,18,N',
             '17,15,E', '11,18,N', '15,14,S', '6,18,S', '17,13,N', '11,15,W', '16,12,S',
             '13,15,S', '15,11,S', '13,12,E', '14,9,E', '5,11,E', '6,14,N', '3,15,W', '18,9,E',
             '3,18,W', '0,17,S', '1,14,E', '0,15,W', '0,12,S']
SCORES = "2,11,N"  # the move after GOLIATH_7: the first estuaries of both north-south coasts


def say(state, text, seat=None, bot=False):
    return words.describe("tayu", state, text, seat, bot)


def test_a_placement_names_the_tile_its_squares_and_its_exits():
    st = positions.setup([], bag=["e-n1-s1", "e-n0-w", "e-n1-s1"])
    assert say(st, "9,8,E") == "north-south places e-n1-s1 at 9,8→9,10 (exits N E S)"
    assert say(st, "9,8,E", 0, bot=True) == \
        "north-south places e-n1-s1 at 9,8→9,10 (exits N E S) (bot)"
    st.apply("9,8,E")
    assert say(st, "9,11,E") == "east-west places e-n0-w at 9,11→9,13 (exits N E W)"


def test_a_placement_that_scores_says_the_scores():
    st = tayu.replay({"players": 2, "edition": "goliath"}, 7, GOLIATH_7)
    assert say(st, SCORES) == \
        "north-south places e-n0-s0 at 2,11→0,11 (exits N E W); north-south 2, east-west 0"


def test_four_players_name_the_team_and_the_seat():
    st = tayu.new_game(4, 3, edition="goliath")
    first = str(st.legal_moves()[0])
    assert say(st, first) == "north-south (seat 0) places n1-n2-s0 at 7,9→9,9 (exits E E W)"
    st.apply(first)
    second = str(st.legal_moves()[0])
    assert say(st, second, 1, True) == \
        "east-west (seat 1) places e-n2-s0 at 5,8→7,8 (exits E S W) (bot)"


def test_bidding_bids_passes_and_the_flood_it_makes():
    st = tayu.new_game(3, 3, edition="kosmos", max_bid=20)
    said = []
    for text in ("bid:20", "bid:19", "pass", "pass"):
        said.append(say(st, text))
        st.apply(text)
    assert said == ["seat 0 bids 20", "seat 1 bids 19", "seat 2 passes",
                    "seat 0 passes; seat 1 is the flood, target 19"]
    assert words.formatter("tayu").seat_name(st, 1) == "the flood (seat 1)"
    assert words.formatter("tayu").seat_name(st, 2) == "north-south (seat 2)"


def test_stack_choice_names_the_lane_and_the_tile_drawn():
    st = tayu.new_game(2, 3, edition="kosmos", stacks=True)
    assert st.phase == tayu.TAKE
    assert say(st, "take:A") == "north-south takes stack A: n1-n2-s0"


def test_two_tiles_choice_names_the_tile_played_not_the_one_kept():
    st = tayu.new_game(2, 3, edition="kosmos", two_tiles=True)
    assert st.phase == tayu.CHOOSE and st.hand(0) == ["n1-n2-s0", "e-n2-s1"]
    assert say(st, "play:e-n2-s1") == "north-south plays e-n2-s1, keeps the other"


def test_a_text_that_is_no_legal_move_is_said_plainly():
    st = tayu.new_game(2, 7)
    assert say(st, "0,0,N", 0) == "seat 0: 0,0,N"
    assert say(st, "nonsense") == "nonsense"


def test_new_end_and_undo_in_words():
    assert words.new_game("tayu", {"players": 2, "edition": "kosmos"}, 7) == \
        "new game: Ta Yü (kosmos), 2 players, seed 7"
    assert words.new_game("tayu", {"players": 3, "edition": "kosmos", "stacks": True}, 5, 12,
                          resumed=True) == \
        "resumed: Ta Yü (kosmos, stacks), 3 players, seed 5, at move 12"
    st = tayu.replay({"players": 2, "edition": "goliath"}, 7, GOLIATH_7)
    assert words.undo("tayu", st, SCORES, 36) == (
        "undo: back to move 36 (takes back: north-south places e-n0-s0 at 2,11→0,11 "
        "(exits N E W); north-south 2, east-west 0)")
    while not st.is_over():
        st.apply(tayu.greedy_move(st))
    ns, ew = st.scores()
    assert ns != ew
    side = "north-south" if ns > ew else "east-west"
    assert words.end("tayu", st) == f"end: north-south {ns}, east-west {ew} — {side} wins"


def test_the_end_of_a_draw_and_of_a_flood_win():
    fmt = words.formatter("tayu")

    class Over:  # the few things end() reads
        def __init__(self, scores, won, side=None, target=24):
            self._s, self._w, self._side, self.target = scores, won, side, target

        def scores(self):
            return self._s

        def winner(self):
            return self._w

        def side_of(self, seat):
            return self._side

    assert fmt.end(Over((4, 4), ())) == "north-south 4, east-west 4 — a draw"
    assert fmt.end(Over((12, 8), (0,), "flood")) == \
        "north-south 12, east-west 8 — the flood wins (target 24 not reached)"
    assert fmt.end(Over((12, 8), (0, 2), "NS")) == \
        "north-south 12, east-west 8 — north-south wins"
