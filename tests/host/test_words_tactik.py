"""Tac-Tik moves in words (firmware/games/tactik/words.py through lanterne.words): every move
kind (exchange, discard, start, forward, back, base entry, 7x1, Permuter), partner's and
individual variants' colours, the end, read against the position before the move."""

from lanterne import words

from shared_rules.tactik import rules as tactik
from shared_rules.tactik.setup import from_positions


def build(positions, seat=0, hand=("2",), players=4, **flags):
    return from_positions(positions, players, seat, {seat: list(hand)}, **(flags or {}))


def say(state, text, seat=None, bot=False):
    return words.describe("tactik", state, text, seat, bot)


def test_forward_eating_and_the_bot_mark():
    st = build({"blue": ["T28"], "green": ["T31"]}, seat=1, hand=["3"])
    assert say(st, "3 T28-T31") == "blue plays 3: T28→T31, eats green"
    assert say(st, "3 T28-T31", 1, bot=True) == "blue plays 3: T28→T31, eats green (bot)"


def test_backward_four():
    st = build({"red": ["T2"]}, hand=["-4"])
    assert say(st, "-4 T2-T62") == "red plays -4: T2→T62"


def test_start_eats_what_stands_on_the_start_square():
    st = build({"red": ["N", "T60"], "blue": ["T0"]}, hand=["10"])
    assert say(st, "10 N-T0") == "red plays 10: starts on T0, eats blue"
    assert say(st, "10 T60-T6") == "red plays 10: T60→T6"


def test_entering_the_base():
    st = build({"red": ["T63"]}, hand=["2"])
    assert say(st, "2 T63-rB1") == "red plays 2: T63→B1"
    assert say(st, "2 T63-T1") == "red plays 2: T63→T1"


def test_seven_split_in_ones_names_every_pawn_and_what_it_ate():
    st = build({"red": ["T10", "T20"], "blue": ["T11"], "green": ["T13"]}, hand=["7"])
    assert say(st, "7 T10-T17 xT11 xT13") == \
        "red splits 7x1: T10→T17, eats blue at T11, green at T13"
    assert say(st, "7 T10-T13 T20-T24 xT11 xT13") == \
        "red splits 7x1: T10→T13, T20→T24, eats blue at T11, green at T13"
    st = build({"red": ["T0", "T62"], "blue": ["T61", "T63"]}, hand=["7"])
    assert say(st, "7 T0-N T62-T3 xT63") == \
        "red splits 7x1: T0→T2, T62→T3, eats blue at T63, red at T2"


def test_permuter_with_another_colour_and_between_own_pawns():
    st = build({"red": ["T5"], "blue": ["T40", "T16*"]}, hand=["P"])
    assert say(st, "P T5-T40") == "red swaps T5↔T40 with blue (Permuter)"
    st = build({"red": ["T5", "T9"]}, hand=["P"])
    assert say(st, "P T5-T9") == "red swaps T5↔T9 (Permuter)"


def test_discard_when_nothing_is_legal():
    st = build({}, hand=["5"])
    assert say(st, "discard 5") == "red discards 5 (no move)"


def test_exchange_gives_to_the_partner_or_the_seat_on_the_left():
    st = tactik.new_game(4, 1)
    assert st.phase == "exchange" and st.current_player == 0 and "6" in st.hand(0)
    assert say(st, "give 6") == "red gives 6 to yellow"
    st.apply("give 6")
    card = st.hand(1)[0]
    assert say(st, "give " + card) == f"blue gives {card} to green"
    st = tactik.new_game(3, 1)
    card = st.hand(0)[0]
    assert say(st, "give " + card) == f"red+yellow gives {card} to black+white"


def test_the_table_s_view_does_not_name_a_card_given_face_down():
    st = tactik.new_game(4, 1)
    assert words.describe("tactik", st, "give 6", public=True) == "red gives a card to yellow"
    assert words.undo("tactik", st, "give 6", 0, public=True) == \
        "undo: back to move 0 (takes back: red gives a card to yellow)"


def test_partners_pawns_and_the_individual_variants_name_the_colour_moved():
    st = build({"red": ["B1", "B2", "B3", "B4"], "yellow": ["T32"]}, hand=["5"])
    assert say(st, "5 T32-T37") == "red plays 5: yellow T32→T37"
    st = build({"red": ["T5"], "black": ["T9"]}, hand=["P"], players=3)
    assert say(st, "P T5-T9") == "red+yellow swaps red T5↔T9 with black (Permuter)"
    st = build({"red": ["N"]}, hand=["1"], players=2)
    assert say(st, "1 N-T0") == "red+yellow plays 1: starts red pawn on T0"


def test_new_end_and_undo_in_words():
    assert words.new_game("tactik", {"players": 4, "cards": "deal", "bots": [1, 2, 3]}, 3) == \
        "new game: Tac-Tik, 4 players, seed 3"
    assert words.new_game("tactik", {"players": 6, "cards": "real",
                                     "base_entry_compulsory": True}, 9) == \
        "new game: Tac-Tik (real cards, base entry compulsory), 6 players, seed 9"
    st = build({"blue": ["T28"], "green": ["T31"]}, seat=1, hand=["3"])
    assert words.undo("tactik", st, "3 T28-T31", 12) == \
        "undo: back to move 12 (takes back: blue plays 3: T28→T31, eats green)"
    st = tactik.new_game(4, 2)
    while not st.is_over():
        st.apply(tactik.greedy_move(st))
    a, b = st.scores()
    won = " and ".join(c for s in st.winner() for c in st.seat_colours(s))
    assert words.end("tactik", st) == f"end: red-yellow {a}, blue-green {b} — {won} win"
