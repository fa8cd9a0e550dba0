"""How Tai Chi Chuan looks on the panel (both runtimes): the three symbols are shapes a
colour-blind player tells apart (and colours a deuteranope tells apart too), the how-to pages'
colours are the view's, the cards of a long round all drawn (chips on 32 x 32, two rows of
large cards on 48 x 48) with the round's first card marked, and the seats' piles in their
bands for every player count."""

import colour_blind as cb

from firmware.canvas import Canvas
from firmware.games.taichi import howto
from firmware.games.taichi import view as tv
from firmware.games.taichi.layout import Layout
from shared_rules.taichi import rules


def bits(n):
    return [(n >> k) & 1 for k in range(25)]


def test_the_symbols_are_shapes_apart_and_colours_apart():
    for i in range(3):
        for j in range(i + 1, 3):
            a, b = bits(tv.SHAPES[i]), bits(tv.SHAPES[j])
            assert sum(1 for k in range(25) if a[k] != b[k]) >= 6, (i, j)
            assert tv.CHIP_ROWS[i] != tv.CHIP_ROWS[j]
    d, a, b = cb.closest_pair(list(tv.SYMBOL_RGB))
    assert d > 40, (hex(a), hex(b), d)
    assert tuple(howto.SYMBOL_RGB) == tuple(tv.SYMBOL_RGB)


def game_with_row(players, n):
    st = rules.new_game(players, 3)
    st.row = [c for c in range(len(st.cards)) if c not in [w[0] for w in st.won]][:n]
    return st


def test_a_long_round_shows_every_card_or_the_first_and_the_last():
    for w, players in ((32, 2), (32, 5), (48, 6)):
        lay = Layout(w, w, players)
        c = Canvas(w, w)
        for n in range(1, 15):
            st = game_with_row(players, n)
            v = tv.View(lay)
            v.seat = 0
            v.prompt = "WORD"
            tv.draw(c, st, v)
            large = n <= lay.per_row * lay.rows or not lay.chips
            if large:
                for k in range(7):  # the round's first card underlined
                    assert c.get(k, lay.card_y + lay.card_h) == tv.WHITE, (w, n)
                sym = st.cards[st.row[0]][1]
                assert c.get(0, lay.card_y + lay.card_h - 1) == tv.dim(tv.SYMBOL_RGB[sym], 2)
            else:  # chips: the first card's letters in white
                lit = [c.get(x, lay.card_y + y) for x in range(7) for y in range(5)]
                assert tv.WHITE in lit, (w, n)
                # the last card drawn in the last slot (its symbol's pattern under it)
                shown = min(n, 2 * lay.per_row) - 1
                x = (shown % lay.per_row) * lay.pitch
                y = lay.card_y + (shown // lay.per_row) * 6 + 5
                sym = st.cards[st.row[n - 1]][1]
                assert c.get(x, y) == tv.SYMBOL_RGB[sym], (w, n)


def test_every_seat_has_its_pile_in_a_band():
    for w in (32, 48):
        for players in range(2, 7):
            lay = Layout(w, w, players)
            st = rules.new_game(players, 1)
            c = Canvas(w, w)
            v = tv.View(lay)
            tv.draw(c, st, v)
            for s in range(players):
                y = lay.band_y[s // lay.per_band]
                x = (s % lay.per_band) * lay.seat_pitch
                assert c.get(x, y + 2) == tv.SEAT_RGB[s], (w, players, s)
            # the seat to move underlined; the word line clear of the bands
            y0 = lay.band_y[0]
            assert c.get(0, y0 + 5) == tv.WHITE
            assert lay.word_y + 6 <= y0 or lay.word_y == lay.status_y
