"""Wuxing duel moves in words (firmware/games/wuxing/words.py through lanterne.words): Théâtre
pawn moves (paid red or blue, captures), a token given, islands turned (and pawns lost to
isolation); Chemin duels (generation, domination, strong element, Yin-Yang face, no winner,
push back, capture, tokens from the centre or the opponent); the end."""

import sys
from pathlib import Path

from lanterne import words

from shared_rules.wuxing import rules as wuxing

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
import wuxing_helpers as h  # noqa: E402

# seed 0, Théâtre: after these moves Yin holds a blue token and cannot move (random play)
BLOCKED = ['D1-A1 blue', 'B4-D4 blue', 'D2-D4 red', 'A4-C4 blue', 'A1-A5 blue', 'B5-B2 red',
           'D4-D1 red', 'C4-C1 red', 'turn B3', 'turn C3', 'A5-A4 blue', 'B2-B1 blue',
           'A4-B4 red', 'C1-C5 blue', 'E2-A2 red', 'C5-C2 red', 'A2-A1 blue', 'B1-C1 red',
           'turn C4', 'turn C5', 'D1-D3 red', 'C2-E2 blue', 'A1-B1 red', 'E2-B2 blue',
           'D3-D2 blue', 'B2-B4 red', 'E1-E5 blue', 'B4-B1 red', 'turn E3', 'turn B5',
           'E5-E4 blue', 'C1-D1 red', 'E4-B4 blue', 'B1-C1 red', 'B4-B1 red']


def say(state, text, seat=None, bot=False):
    return words.describe("wuxing", state, text, seat, bot)


def test_theatre_moves_name_the_token_paid_and_the_capture():
    st = h.theatre(yang=["D2", "E1"], yin=["A2", "A5"])
    assert say(st, "D2-D4 red") == "Yang D2→D4 (pays red)"
    assert say(st, "D2-D1 blue", 0, True) == "Yang D2→D1 (pays blue) (bot)"
    assert say(st, "D2-A2 blue") == "Yang D2→A2 (pays blue), takes Yin's pawn"


def test_a_token_given_when_no_move_exists():
    st = wuxing.replay({}, 0, BLOCKED)
    assert st.current_player == 1 and [str(m) for m in st.legal_moves()] == ["give blue"]
    assert say(st, "give blue") == "Yin gives blue"


def test_turning_an_island_and_the_pawns_it_isolates():
    st = h.theatre(yang=["E1", "A3"], yin=["A5", "B5"], tokens=(0, 0, 0, 0), phase="turn",
                   turned=["A1", "B1", "C1", "E2", "E3", "E4", "E5"], to_move=0)
    assert say(st, "turn C3") == "Yang turns C3"
    st.apply("turn C3")
    assert say(st, "turn D1") == "Yin turns D1; isolated, lost: Yang's pawn on E1"


def test_chemin_duels_of_two_elements():
    st = h.chemin()  # wood fire earth metal water; Yang on 0, Yin on 4
    assert say(st, "duel wood:fire") == ("duel wood:fire — Yang wins (wood feeds fire), moves "
                                         "to island 1 (fire), takes a red token from the centre")
    assert say(st, "duel fire:wood") == ("duel fire:wood — Yin wins (wood feeds fire), moves "
                                         "to island 3 (metal), takes a red token from the centre")
    assert say(st, "duel wood:earth") == (
        "duel wood:earth — Yang wins (wood overcomes earth), moves to island 1 (fire), takes a "
        "blue token from the centre")
    st = h.chemin(tokens=(0, 0, 2, 0))  # the centre has no red token left: Yin pays
    assert say(st, "duel wood:fire") == ("duel wood:fire — Yang wins (wood feeds fire), moves "
                                         "to island 1 (fire), takes a red token from Yin")


def test_chemin_duels_of_one_element():
    st = h.chemin()
    assert say(st, "duel wood:wood") == \
        "duel wood:wood — Yang wins (stands on wood, shows Yin-Yang), moves to island 1 (fire)"
    st = h.chemin(plain_faces=True)
    assert say(st, "duel wood:wood") == \
        "duel wood:wood — Yang wins (stands on wood), moves to island 1 (fire)"
    st = h.chemin(faces=(0, 1))
    assert say(st, "duel earth:earth") == ("duel earth:earth — Yin wins (Yin-Yang face, turned "
                                           "back to plain), moves to island 3 (metal)")
    assert say(h.chemin(), "duel earth:earth") == "duel earth:earth — no one wins"


def test_chemin_push_back_and_capture():
    st = h.chemin(pos=(1, 2))
    assert say(st, "duel wood:fire") == (
        "duel wood:fire — Yang wins (wood feeds fire), moves to island 2 (earth), pushes Yin "
        "back to island 3, takes a red token from the centre")
    st = h.chemin(pos=(3, 4))
    assert say(st, "duel wood:fire") == (
        "duel wood:fire — Yang wins (wood feeds fire), moves to island 4 (water), captures "
        "Yin's pawn, takes a red token from the centre")


def test_new_end_and_undo_in_words():
    assert words.new_game("wuxing", {"mode": "theatre"}, 4) == \
        "new game: Wuxing duel (Théâtre du duel), 2 players, seed 4"
    assert words.new_game("wuxing", {"mode": "chemin", "no_discard": True}, 4) == \
        "new game: Wuxing duel (Chemin du duel, no discard), 2 players, seed 4"
    st = h.theatre(yang=["D2", "E1"], yin=["A2", "A5"])
    assert words.undo("wuxing", st, "D2-A2 blue", 7) == \
        "undo: back to move 7 (takes back: Yang D2→A2 (pays blue), takes Yin's pawn)"
    st = h.theatre(yang=["D2", "E1"], yin=["A2"])
    st.apply("D2-A2 blue")
    assert words.end("wuxing", st) == "end: Yang 2 pawns, Yin 0 — Yang wins"
    st = h.chemin(pos=(3, 4))
    st.apply("duel wood:fire")
    assert words.end("wuxing", st) == "end: Yang wins"
