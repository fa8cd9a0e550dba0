"""firmware/wordentry.py, the six-button word entry any word game uses: the wheel's order (the
letters the word still needs first), the keys, B's delete and cancel, drawing without
allocation."""

from firmware import buttons as btn
from firmware import wordentry as we
from firmware.canvas import Canvas


def keys(e, seq):
    """Press `seq`: U D L R A B letters; returns the last result."""
    out = we.NONE
    for ch in seq:
        out = e.button("UDLRAB".index(ch), btn.PRESS)
    return out


def test_the_needed_letters_come_first_then_the_frequent_ones():
    e = we.WordEntry()
    e.start("S", ("T", "A", "A"))
    assert e.word() == "S" and e.pos == 1
    assert bytes(e.order[:2]) == b"AT"  # the cards' letters, in French frequency order
    assert bytes(e.order[2:6]) == b"ESIN"
    keys(e, "U")  # A
    assert e.word() == "SA"
    keys(e, "R")
    assert bytes(e.order[:2]) == b"AT"  # a second A is still needed
    keys(e, "UU")  # T
    assert e.word() == "SAT"
    keys(e, "R")
    assert e.order[0] == ord("A") and e.order[1] == ord("E")  # T placed: only A still wanted


def test_a_word_from_the_cards_takes_few_presses():
    e = we.WordEntry()
    e.start("R", ("QZ", "N"))  # a double card: either of its letters is wanted
    assert bytes(e.order[:4]) == b"NQZE"
    keys(e, "UUUUUUU")  # N Q Z E A S I: the seventh
    keys(e, "R")
    keys(e, "UUU")  # Z, third on the wheel
    assert e.word() == "RIZ"
    keys(e, "R")
    assert bytes(e.order[:2]) == b"NE"  # Z took the double card: only N still wanted
    assert keys(e, "A") == we.DONE and e.word() == "RIZ"
    e.start("R", ("QZ",))
    keys(e, "D")  # down from an empty slot: the wheel's last letter
    assert e.word() == "RK"


def test_left_right_delete_and_cancel():
    e = we.WordEntry()
    e.start("S", ())
    assert keys(e, "L") == we.NONE and e.pos == 1  # never into the prefix
    assert keys(e, "R") == we.NONE  # not past an empty slot
    assert keys(e, "A") == we.DONE and e.word() == "S"
    keys(e, "URUURUUUU")  # E, A, I on the wheel E A S I N...
    assert e.word() == "SEAI" and e.pos == 3
    keys(e, "LL")
    assert e.pos == 1
    assert keys(e, "B") == we.CHANGED and e.word() == "SAI"  # the E goes, the rest closes up
    keys(e, "RR")
    assert e.pos == 3 and keys(e, "B") == we.CHANGED and e.word() == "SA"  # empty: the one before
    assert keys(e, "B") == we.CHANGED and e.word() == "S"
    assert keys(e, "B") == we.CANCEL and e.word() == "S"


def test_the_wheel_goes_round_and_repeats_when_held():
    e = we.WordEntry()
    e.start("A", ())
    keys(e, "D")
    assert e.word() == "AK"
    keys(e, "U")
    assert e.word() == "AE"  # K is the wheel's last: up goes round to its first
    for _ in range(26):
        e.button(btn.UP, btn.REPEAT)
    assert e.word() == "AE"
    assert e.button(btn.A, btn.REPEAT) == we.NONE and e.button(btn.B, btn.LONG) == we.NONE


def test_max_length_and_set_word():
    e = we.WordEntry(6)
    e.start("B", ())
    for _ in range(5):
        keys(e, "UR")
    assert e.length == 6 and e.word() == "BEEEEE" and e.pos == 5
    assert keys(e, "R") == we.NONE  # no slot past the longest word
    e.set_word("SATISFAIT")
    assert e.word() == "SATISF"
    e2 = we.WordEntry()
    e2.set_word("rat SALUT")  # capitals only
    assert e2.word() == "SALUT"


def test_draw_shows_the_cursor_and_scrolls():
    e = we.WordEntry()
    e.start("S", ())
    c = Canvas(32, 8)
    for _ in range(11):
        keys(e, "UR")
    e.draw(c, 0, 0, 32, 0xFFFFFF, 0x00FF00, 0xFFFF00)
    # 8 slots fit: the cursor's (the 12th, empty) is the last drawn, underlined
    assert c.get(28, 5) == 0xFFFF00 and c.get(29, 5) == 0xFFFF00
    assert c.get(0, 5) == 0
    c.clear()
    e.start("S", ())
    e.draw(c, 0, 0, 32, 0xFFFFFF, 0x00FF00, 0xFFFF00)
    assert c.get(0, 0) == 0 or c.get(1, 0) == 0x00FF00  # the prefix in its colour
    lit = [(x, y) for y in range(5) for x in range(3) if c.get(x, y)]
    assert lit and all(c.get(x, y) == 0x00FF00 for x, y in lit)
    assert c.get(4, 5) == 0xFFFF00  # the empty slot after it underlined


def test_a_double_first_letter_swaps_in_its_slot():
    e = we.WordEntry()
    e.start("Q", ("N",), "Z")
    assert keys(e, "L") == we.CHANGED and e.pos == 0
    keys(e, "U")
    assert e.word() == "Z"
    keys(e, "D")
    assert e.word() == "Q"
    keys(e, "UR")
    assert e.pos == 1
    keys(e, "U")
    assert e.word() == "ZN"
    keys(e, "LL")
    assert e.pos == 0 and keys(e, "B") == we.CANCEL and e.word() == "ZN"
    e.start("S", ())
    assert keys(e, "L") == we.NONE and e.pos == 1  # no alternative: never into the prefix
