"""Canvas -> LED bytes: LED map, colour order, brightness, power limiter (both runtimes)."""

from firmware import ledmap, profile
from firmware.canvas import Canvas
from firmware.output import Output, channel_offsets


def test_pixel_lands_on_its_led_in_colour_order():
    p = profile.find("ref32")
    out = Output(p, brightness=255)
    table = ledmap.build(p)
    c = Canvas(32, 32)
    c.set(17, 3, 0x102030)
    out.render(c)
    led = table[3 * 32 + 17]
    # GRB on the wire
    assert bytes(out.buf[led * 3: led * 3 + 3]) == bytes([0x20, 0x10, 0x30])
    assert sum(out.buf) == 0x10 + 0x20 + 0x30
    assert channel_offsets("RGB") == (0, 1, 2) and channel_offsets("BGR") == (2, 1, 0)


def test_brightness_scales_and_is_clamped_to_the_profile():
    p = profile.find("ref32")
    out = Output(p, brightness=128)
    c = Canvas(32, 32)
    c.set(0, 0, 0xFF0000)
    out.render(c)
    assert out.buf[1] == 128  # red is the second byte in GRB
    assert out.set_brightness(1000) == p["brightness"]["max"]
    assert out.set_brightness(0) == p["brightness"]["min"]


def test_full_white_is_held_to_the_budget_on_every_profile():
    for name in ("ref32", "panel48", "tactik_holes"):
        p = profile.find(name)
        out = Output(p, brightness=255)
        c = Canvas(p["width"], p["height"])
        c.clear(0xFFFFFF)
        ma = out.render(c)
        budget = p["power"]["budget_ma"]
        assert ma <= budget, (name, ma, budget)
        assert out.led_ma() == ma
        # it is really limited, not just dark: one more brightness step would not fit
        step = p["led_count"] * 3 * p["power"]["ma_per_channel"] // 255 + 1
        assert ma + step > budget, (name, ma, step)
        assert out.last_scale < 255


def test_a_dim_frame_is_not_limited():
    p = profile.find("ref32")
    out = Output(p, brightness=60)
    c = Canvas(32, 32)
    c.fill_rect(0, 0, 4, 4, 0xFFFFFF)
    out.render(c)
    assert out.last_scale == 60
    assert out.led_ma() == out.idle + sum(out.buf) * 20 // 255


def test_pixels_without_an_led_draw_no_current():
    # the hole board's 23 x 23 canvas has 119 LEDs: the rest of the canvas is not lit
    p = profile.find("tactik_holes")
    table = ledmap.build(p)
    out = Output(p, brightness=200, table=table)
    c = Canvas(p["width"], p["height"])
    for y in range(p["height"]):
        for x in range(p["width"]):
            if table[y * p["width"] + x] < 0:
                c.set(x, y, 0xFFFFFF)
    x, y = p["leds"][0]
    c.set(x, y, 0x804020)
    out.render(c)
    assert out.last_scale == 200  # nothing to limit: one LED is lit
    assert sum(out.buf) == 0x80 * 200 // 255 + 0x40 * 200 // 255 + 0x20 * 200 // 255


def test_native_loop_on_micropython_and_plain_loop_give_the_same_led_bytes():
    import sys
    from array import array

    from firmware import plainmap
    from shared_rules.rng import Rng

    if sys.implementation.name == "micropython":
        from firmware import fastmap

    for name, order in (("ref32", "GRB"), ("tactik_holes", "RGB"), ("panel48", "BGR")):
        p = profile.find(name)
        out = Output(p, order=order, brightness=200)
        if sys.implementation.name == "micropython":
            assert out.map_frame is fastmap.map_frame  # the viper build loaded, as on a Pico
        else:
            assert out.map_frame is plainmap.map_frame
        plain = bytearray(len(out.buf))
        rng = Rng(len(name))
        c = Canvas(p["width"], p["height"])
        for _ in range(3):
            for i in range(0, len(c.buf), 7):
                c.buf[i] = rng.below(256)
            out.render(c)
            sums = array("i", (0, 0))
            mapped = plainmap.map_frame(c.buf, plain, out.table, out.lut, sums)
            changed = mapped & 1
            assert sums[0] == out.sums[0]  # the canvas bytes with an LED, on both loops
            lit = [i for i in range(len(out.table)) if out.table[i] >= 0]
            assert sums[0] == sum(c.buf[3 * i] + c.buf[3 * i + 1] + c.buf[3 * i + 2] for i in lit)
            assert bytes(plain) == bytes(out.buf), name
            assert mapped >> 1 == sum(plain)
            assert out.led_ma() == out.last_ma
            assert out.byte_sum(c.buf) == sum(c.buf)
            assert plainmap.map_frame(c.buf, plain, out.table, out.lut, sums) == mapped - changed
            out.render(c)
            assert not out.changed  # the same canvas again: no LED byte changes
            assert changed or sum(c.buf) == 0


def test_mapping_only_what_changed_gives_the_bytes_of_a_whole_frame():
    """map_delta (native on MicroPython, its Python twin here) after frames that change a few
    pixels, many, none, the brightness, and the limiter's scale: the LED bytes, the limiter's
    sums and the estimate equal those of an Output that maps every pixel every frame."""
    import sys

    from shared_rules.rng import Rng

    holes = profile.find("tactik_holes")  # 23 x 23: not whole words, maps every pixel
    assert Output(holes, delta=True).map_delta is None
    holes = dict(holes, width=24)  # a hole board whose canvas is whole words
    for name, order in (("ref32x4", "GRB"), (holes, "RGB"), ("panel48", "BGR")):
        p = profile.find(name) if isinstance(name, str) else name
        delta = Output(p, order=order, brightness=200, delta=True)
        whole = Output(p, order=order, brightness=200, delta=False)
        if sys.implementation.name == "micropython":
            assert delta.map_delta is not None and Output(p).map_delta is not None
        assert whole.map_delta is None and delta.prev is not None
        rng = Rng(len(p["name"]) + 3)
        c = Canvas(p["width"], p["height"])
        for step in range(12):
            if step == 5:
                c.fill_rect(0, 0, p["width"], p["height"], 0xFFFFFF)  # the limiter steps in
            elif step == 6:
                c.clear()
            elif step == 8:
                delta.set_brightness(90)
                whole.set_brightness(90)
            elif step != 9:  # step 9: the same canvas again
                for _ in range(1 + rng.below(40 if step % 2 else 3)):
                    c.set(rng.below(p["width"]), rng.below(p["height"]), rng.below(1 << 24))
            ma = delta.render(c)
            assert whole.render(c) == ma, (name, step)
            assert bytes(delta.buf) == bytes(whole.buf), (name, step)
            assert delta.sums[0] == whole.sums[0] and delta.changed == whole.changed, step
            assert delta.sums[1] == sum(delta.buf) and delta.last_scale == whole.last_scale
            assert delta.led_ma() == ma


def test_plot_sets_every_listed_pixel_and_nothing_else_on_both_loops():
    """Canvas.plot (native on MicroPython) and plainmap.plot light the same pixels as one
    Canvas.set each would, off-canvas points skipped, start and step honoured."""
    import sys
    from array import array

    from firmware import plainmap
    from firmware.canvas import plot_loop

    if sys.implementation.name == "micropython":
        from firmware import fastplot

        assert plot_loop() is fastplot.plot  # the viper build, as on a Pico
    else:
        assert plot_loop() is plainmap.plot

    pts = array("H", [3 | 2 << 8, 0, 31 | 31 << 8, 40 | 1 << 8, 5 | 40 << 8, 7 | 7 << 8])
    for start, step in ((0, 1), (1, 2), (2, 3)):
        c = Canvas(32, 32)
        c.plot(pts, 0x123456, start, step)
        want = Canvas(32, 32)
        for k in range(start, len(pts), step):
            want.set(pts[k] & 0xFF, pts[k] >> 8, 0x123456)
        assert bytes(c.buf) == bytes(want.buf), (start, step)
        plain = Canvas(32, 32)
        plainmap.plot(plain.buf, 32, 32, pts, start, step, 0x123456)
        assert bytes(plain.buf) == bytes(want.buf)
        assert sum(want.buf) > 0


def test_plot_colours_sets_each_pixel_in_its_palette_colour_in_order_on_both_loops():
    """Canvas.plot_colours (one native call on a Pico) draws what Canvas.set would, point by
    point in order: a later point over an earlier one; off-canvas points skipped."""
    import sys
    from array import array

    from firmware import plainmap
    from firmware.canvas import plot_loop

    if sys.implementation.name == "micropython":
        from firmware import fastplot

        assert plot_loop(1) is fastplot.plot_colours
    else:
        assert plot_loop(1) is plainmap.plot_colours
    pts = array("H", [3 | 2 << 8, 0, 31 | 31 << 8, 40 | 1 << 8, 5 | 40 << 8, 3 | 2 << 8])
    idx = bytearray([0, 1, 2, 0, 1, 2])
    palette = array("I", (0x123456, 0xFF0000, 0x00FF7F))
    c = Canvas(32, 32)
    c.plot_colours(pts, idx, palette)
    want = Canvas(32, 32)
    for k in range(len(pts)):
        want.set(pts[k] & 0xFF, pts[k] >> 8, palette[idx[k]])
    assert bytes(c.buf) == bytes(want.buf)
    assert c.get(3, 2) == 0x00FF7F  # the later point wins
    plain = Canvas(32, 32)
    plainmap.plot_colours(plain.buf, 32, 32, pts, idx, palette)
    assert bytes(plain.buf) == bytes(want.buf)


def test_glyph_draws_the_font_bits_clipped_on_both_loops():
    import sys

    from firmware import font, plainmap
    from firmware.canvas import plot_loop

    if sys.implementation.name == "micropython":
        from firmware import fastplot

        assert plot_loop(2) is fastplot.glyph
    for x, y in ((0, 0), (30, 29), (-1, -2), (10, 4)):
        g = font.glyph("8")
        c = Canvas(32, 32)
        c.glyph(x, y, g, 0x204060)
        want = Canvas(32, 32)
        bit = 1 << 14
        for yy in range(y, y + 5):
            for xx in range(x, x + 3):
                if g & bit:
                    want.set(xx, yy, 0x204060)
                bit >>= 1
        assert bytes(c.buf) == bytes(want.buf), (x, y)
        plain = Canvas(32, 32)
        plainmap.glyph(plain.buf, 32, 32, x, y, g, 0x204060)
        assert bytes(plain.buf) == bytes(want.buf)


def test_text_draws_each_character_s_glyph_clipped_on_both_loops():
    """font.draw_text (one native call on MicroPython: Canvas.text) sets the pixels the text's
    glyphs drawn one by one set, lower case as upper case and any other character (accented,
    unknown) as '?', and returns the x after it; plainmap's twin too."""
    import sys

    from firmware import font, plainmap
    from firmware.canvas import plot_loop

    if sys.implementation.name == "micropython":
        from firmware import fastplot

        assert plot_loop(6) is fastplot.text
    table = font.table()
    for c in range(128):  # 0 where the font has no glyph (drawn as '?')
        want = font.glyph(chr(c))
        assert table[c] == (want if want != font.glyphs()["?"] or c == 63 else 0), c
    for x, y, text in ((1, 1, "START"), (-2, 30, "Ta yü 12!"), (25, -3, "é—€😀A"),
                       (0, 10, ""), (3, 4, "~{|}\x7f?")):
        c = Canvas(32, 32)
        got = font.draw_text(c, x, y, text, 0x123456)
        want = Canvas(32, 32)
        wx = x
        for ch in text:
            want.glyph(wx, y, font.glyph(ch) if ord(ch) < 128 else font.glyphs()["?"], 0x123456)
            wx += font.ADVANCE
        assert (bytes(c.buf), got) == (bytes(want.buf), wx), (x, y, text)
        plain = Canvas(32, 32)
        assert plainmap.text(plain.buf, 32, 32, x, y, text, font.table(), 0x123456) == wx
        assert bytes(plain.buf) == bytes(want.buf), (x, y, text)


def test_pawns_land_in_their_colours_stakes_light_their_marks_on_both_loops():
    """Tac-Tik's pawns (one native call on MicroPython, its view's load_native): each pawn in its
    colour, off-canvas ones skipped; a stake lights its colour's mark, or dips to the faint
    colour where the colour has none and `dip`; plainmap's twin the same pixels."""
    import sys
    from array import array

    from firmware import plainmap
    from firmware.games.tactik import view

    pawns = view.load_native()
    if sys.implementation.name == "micropython":
        from firmware.games.tactik import fastpawns

        assert pawns is fastpawns.pawns
    full = array("I", [0xFF0000, 0x00FF00, 0x0000FF])
    faint = array("I", [0x100000, 0x001000, 0x000010])
    marks = array("H", [3 | 4 << 8, 0xFFFF, 40 | 1 << 8])  # colour 2's mark off the canvas
    b = bytearray([1, 1, 0, 0, 2, 2, 1, 0, 5, 6, 0, 1, 7, 8, 1, 1, 40, 3, 2, 0, 9, 9, 2, 1])
    for dip in (False, True):
        c = Canvas(32, 32)
        pawns(c.buf, 32, 32, b, 6, full, faint, marks, dip)
        want = Canvas(32, 32)
        want.set(1, 1, 0xFF0000)
        want.set(2, 2, 0x00FF00)
        want.set(3, 4, 0xFF0000)  # colour 0's stake: its mark
        want.set(5, 6, 0xFF0000)
        want.set(7, 8, 0x001000 if dip else 0x00FF00)  # colour 1 has no mark: it dips
        want.set(9, 9, 0x0000FF)  # (the pawn at x 40 and colour 2's mark are off the panel)
        assert bytes(c.buf) == bytes(want.buf), dip
        plain = Canvas(32, 32)
        plainmap.pawns(plain.buf, 32, 32, b, 6, full, faint, marks, dip)
        assert bytes(plain.buf) == bytes(want.buf), dip


def test_glyphs_black_out_the_box_then_draw_each_glyph_on_both_loops():
    """Canvas.glyphs (one native call on MicroPython: a number and the box under it) sets the
    pixels a clipped box of black and glyph by glyph drawing would; plainmap's twin too."""
    import sys
    from array import array

    from firmware import font, plainmap
    from firmware.canvas import plot_loop

    if sys.implementation.name == "micropython":
        from firmware import fastplot

        assert plot_loop(5) is fastplot.glyphs
    g1, g7 = font.glyph("1"), font.glyph("7")
    for cx, cw, y, xs in ((4, 9, 3, (5, 9)), (-3, 6, -2, (-2, 1)), (27, 9, 29, (28, 31)),
                          (0, 0, 10, (0, 4))):
        spec = array("h", [cx, cw, y, 2, xs[0], g1, xs[1], g7] + [0] * 2)
        c = Canvas(32, 32)
        for i in range(len(c.buf)):
            c.buf[i] = i * 5 & 0xFF
        want = Canvas(32, 32)
        want.buf[:] = c.buf
        plain = Canvas(32, 32)
        plain.buf[:] = c.buf
        c.glyphs(spec, 0x30C050)
        want.fill_rect(cx, y, cw, 5, 0)
        want.glyph(xs[0], y, g1, 0x30C050)
        want.glyph(xs[1], y, g7, 0x30C050)
        assert bytes(c.buf) == bytes(want.buf), (cx, cw, y, xs)
        plainmap.glyphs(plain.buf, 32, 32, spec, 0x30C050)
        assert bytes(plain.buf) == bytes(want.buf), (cx, cw, y, xs)


def test_fill_and_box_match_pixel_by_pixel_on_both_loops():
    """Canvas.fill_rect (native on MicroPython) fills the clipped box pixel by pixel would, and
    Canvas.box keeps a box and puts it back; plainmap's twins give the same bytes."""
    import sys

    from firmware import plainmap
    from firmware.canvas import plot_loop

    if sys.implementation.name == "micropython":
        from firmware import fastplot

        assert plot_loop(4) is fastplot.fill and plot_loop(3) is fastplot.box
    for x, y, w, h in ((0, 0, 3, 2), (30, 29, 5, 5), (-2, -1, 4, 4), (10, 4, 11, 9)):
        c = Canvas(32, 32)
        c.fill_rect(x, y, w, h, 0x10A0F0)
        want = Canvas(32, 32)
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                want.set(xx, yy, 0x10A0F0)
        assert bytes(c.buf) == bytes(want.buf), (x, y, w, h)
    plain = Canvas(32, 32)
    plainmap.fill(plain.buf, 32, 10, 4, 11, 9, 0x10A0F0)
    assert bytes(plain.buf) == bytes(c.buf)
    for i in range(len(c.buf)):
        c.buf[i] = i * 7 & 0xFF
    kept = bytearray(9 * 10 * 3)
    assert c.box(8, 22, 9, 10, kept, True) and not c.box(8, 23, 9, 10, kept, True)
    before = bytes(c.buf)
    c.fill_rect(0, 20, 32, 12, 0)
    assert c.box(8, 22, 9, 10, kept, False)
    for yy in range(32):
        for xx in range(32):
            inside = 8 <= xx < 17 and 22 <= yy < 32
            i = (yy * 32 + xx) * 3
            want = before[i:i + 3] if inside or yy < 20 else b"\0\0\0"
            assert bytes(c.buf[i:i + 3]) == want, (xx, yy)
