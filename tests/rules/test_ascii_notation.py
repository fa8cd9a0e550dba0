"""One notation on both runtimes (issue 19): move texts are ASCII; the only whitespace is the
ASCII space and tab. CPython's int(), str.split(), str.strip(), str.isdigit() and str.upper()
took other scripts' digits (U+0669, U+FF19), Unicode spaces (U+00A0, U+2003, U+3000), \\x1c-\\x1f
and U+017F (upper() makes it S); MicroPython's did not. The engines read texts with
shared_rules.canon's helpers instead, so every case here is refused the same way on both."""

from shared_rules import canon
from shared_rules.tactik import rules as tactik
from shared_rules.tayu import rules as tayu

# the texts of issue 19's probe and their kin, each a spoilt "9,8,E" or "bid:24"
UNICODE_CASES = ("\u0669,8,E", "\uff19,8,E", "9,\u0668,E", "9,8,\uff25", "9,8,\u017f",
                 "\u00a09,8,E", "9,8,E\u00a0", "9\u00a0,8,E", "9,\u20038,E", "\u30009,8,E",
                 "9,8,E\u202f", "\x1c9,8,E", "9,8,E\x1f", "9,\x1d8,E", "9\x1e,8,E",
                 "\x859,8,E", "9,8,E\u2028", "\U0001d7d7,8,E", "bid:\u0662\u0664",
                 "bid:\uff12\uff14", "bid:24\u00a0", "bid:\x1c24")
CONTROL_CASES = ("9,8,E\n", "\r9,8,E", "9,8,E\x0b", "\x0c9,8,E", "9,8,E\x00", "9,8\x7f,E",
                 "9,8,E\x1b", "bid:24\n")
ASCII_REFUSED = ("+9,8,E", "0_9,8,E", "-0,8,E", "9,8,EE", "9,,E", " , ,E", "bid:+24",
                 "bid:2_4", "bid:-1", "bid:", "bid: ", "bid:0x18", "9.0,8,E")


def _refused(text):
    try:
        tayu.parse_move(text)
    except ValueError as exc:
        return str(exc)
    raise AssertionError("accepted " + repr(text))


def test_ta_yu_refuses_every_unicode_digit_and_space_with_the_same_message():
    for text in UNICODE_CASES + CONTROL_CASES:
        kind = "bad bid: " if text.startswith("bid:") else "bad move: "
        assert _refused(text) == kind + text, repr(text)  # nothing stripped: not whitespace


def test_ta_yu_refuses_what_int_took_beyond_ascii_digits():
    for text in ASCII_REFUSED:
        assert _refused(text).startswith(("bad move: ", "bad bid: ")), repr(text)


def test_ta_yu_whitespace_is_space_and_tab_only():
    place = tayu.parse_move("9,8,E")
    for text in (" 9,8,E ", "\t9,8,E\t", "9, 8, E", " 9 ,\t8\t, e ", "09,08,E", "9,8,e"):
        assert tayu.parse_move(text) == place, repr(text)
    assert tayu.parse_move(" bid: 24\t") == tayu.parse_move("bid:24")
    assert str(tayu.parse_move("bid:024")) == "bid:24"
    assert _refused(" 9,8,X ") == "bad move: 9,8,X"  # the message quotes the stripped text


def test_tac_tik_words_are_split_at_spaces_and_tabs_only():
    st = tactik.new_game(4, 4)
    text = str(st.legal_moves()[0])  # "give 5"
    assert text == "give 5"
    for ok in ("give  5", " give 5\t", "give\t5", "\tgive \t 5 "):
        assert str(st.parse_move(ok)) == text, repr(ok)
    for sp in ("\u00a0", "\u2003", "\u3000", "\x1c", "\x1f", "\x85", "\n", "\x0b"):
        for bad in ("give" + sp + "5", sp + "give 5", "give 5" + sp):
            try:
                st.parse_move(bad)
            except ValueError as exc:
                assert str(exc) == "illegal move: " + " ".join(canon.ascii_words(bad)), repr(bad)
                continue
            raise AssertionError("accepted " + repr(bad))
    for bad in ("give \u0665", "give \uff15", "giv\uff45 5"):
        try:
            st.parse_move(bad)
        except ValueError as exc:
            assert str(exc) == "illegal move: " + bad
            continue
        raise AssertionError("accepted " + repr(bad))


def test_canon_reads_ascii_integers_and_words():
    assert canon.ascii_int("0") == 0 and canon.ascii_int(" 42\t") == 42
    assert canon.ascii_int("007") == 7
    assert canon.ascii_int("99999999999999999999") == 99999999999999999999
    for bad in ("", " ", "+1", "-1", "1_0", "1.0", "1e3", "0x1", "\u0661", "\uff11", "1\u00a0",
                "\u00a01", "\x1c1", "1\n", "\x0b1", "1 2", "\U0001d7cf"):
        assert not canon.is_digits(canon.ascii_strip(bad)), repr(bad)
        try:
            canon.ascii_int(bad)
        except ValueError as exc:
            assert str(exc) == "not a number: " + bad
            continue
        raise AssertionError("accepted " + repr(bad))
    assert canon.ascii_words(" a \tb  c\t") == ["a", "b", "c"]
    assert canon.ascii_words("a\u00a0b\x1cc\nd") == ["a\u00a0b\x1cc\nd"]
    assert canon.ascii_words("") == [] and canon.ascii_words(" \t ") == []
    assert canon.ascii_strip("\t a b \t") == "a b"
    assert canon.ascii_strip("\u00a0a\x1f") == "\u00a0a\x1f"
