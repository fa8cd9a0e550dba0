"""The 3 x 5 font keeps look-alike letters apart (issue 23: KOSMOS read as KOSWOS, WHO as HWO):
every two glyphs differ, every two letters in two pixels at least, and the letters players
misread (M, N, W, H, K, U, V) by their own marks; the words the board shows read back from a
frame as written (both runtimes)."""

import panel_text

from firmware import canvas as canvas_mod
from firmware import font


def pixels(g):
    n = 0
    while g:
        n += g & 1
        g >>= 1
    return n


def distance(a, b):
    return pixels(font.glyphs()[a] ^ font.glyphs()[b])


def rows(ch):
    """The glyph as five rows of '#'/'.' (for the messages)."""
    g = font.glyphs()[ch]
    out = []
    for r in range(font.H):
        row = ""
        for c in range(font.W):
            row += "#" if g & (1 << (14 - 3 * r - c)) else "."
        out.append(row)
    return " ".join(out)


def test_every_glyph_is_its_own():
    seen = {}
    for ch in font.glyphs():
        g = font.glyphs()[ch]
        assert g not in seen, (ch, seen.get(g))
        seen[g] = ch


def test_every_two_letters_differ_in_two_pixels_at_least():
    # but U and V: U's foot is rounded on the right (.##), V ends in a point (.#.); a V one
    # row shorter or narrower reads as Y at this size (tried: VIEW read YIEW)
    letters = [ch for ch in font.glyphs() if "A" <= ch <= "Z"]
    assert len(letters) == 26
    for i in range(len(letters)):
        for j in range(i + 1, len(letters)):
            a, b = letters[i], letters[j]
            if a + b != "UV":
                assert distance(a, b) >= 2, (a, rows(a), b, rows(b))
    assert distance("U", "V") == 1


def test_m_n_w_h_are_told_apart():
    # the letters of the user test, pairwise three pixels apart at least; M and N two (at the
    # top right: the arch of N against the block of M), U and W two (the foot)
    for pair in ("MW", "MH", "WH", "NW", "NH", "KH", "KX", "VY", "UY"):
        assert distance(pair[0], pair[1]) >= 3, (pair, rows(pair[0]), rows(pair[1]))
    assert distance("M", "N") >= 2 and distance("U", "W") >= 2
    # M is heavy at the top, W at the bottom: the middle column tells them apart at a glance
    assert rows("M").startswith("### ###") and rows("W").endswith("### ###")
    assert rows("N").startswith("##. #.#")
    assert rows("H") == "#.# #.# ### #.# #.#"
    assert rows("V").endswith("#.# .#.") and rows("U").endswith("#.# .##")


def test_words_read_back_from_a_frame():
    cv = canvas_mod.Canvas(32, 8)
    for word in ("KOSMOS", "WHO", "MENU", "NEW GAME", "WUXING", "VIEW", "HUMAN", "GIVE", "TA YU"):
        cv.clear()
        font.draw_text(cv, 1, 1, word, 0xFFFFFF)
        assert panel_text.read_row(cv, 1) == word, word
