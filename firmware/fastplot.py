"""The canvas's drawing loops in native code (viper): Canvas.plot, plot_colours, glyph, glyphs,
box, fill and text on MicroPython.

Kept apart from firmware.fastmap (the LED map's loops, loaded with the output): loaded at the
first frame drawn. firmware.plainmap holds their Python twins, and tests hold each pair to the
same pixels.
"""

import micropython


@micropython.viper
def plot(buf: ptr8, width: int, height: int, points, start: int, step: int, rgb: int):  # noqa: F821
    """Set the pixels points[start::step] of a canvas buffer to rgb; `points` is an array("H")
    of packed pixels (x | y << 8), those off the canvas are skipped. A board's holes are
    drawn this way in a fraction of what a Canvas.set per hole costs on an RP2040."""
    p = ptr16(points)  # noqa: F821
    n = int(len(points))
    r = (rgb >> 16) & 0xFF
    g = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    k = start
    while k < n:
        v = p[k]
        x = v & 0xFF
        y = v >> 8
        if x < width and y < height:
            i = (y * width + x) * 3
            buf[i] = r
            buf[i + 1] = g
            buf[i + 2] = b
        k += step


@micropython.viper
def plot_colours(buf: ptr8, width: int, height: int, points, idx: ptr8, palette):  # noqa: F821
    """Set pixel points[k] of a canvas buffer to palette[idx[k]] for every k, in order (a
    later point over an earlier one): a whole layer of a board (its holes, starts, bases and
    nests in their colours) in one call."""
    p = ptr16(points)  # noqa: F821
    pal = ptr32(palette)  # noqa: F821 - array("I") of 0xRRGGBB
    n = int(len(points))
    k = 0
    while k < n:
        v = p[k]
        x = v & 0xFF
        y = v >> 8
        if x < width and y < height:
            rgb = pal[idx[k]]
            i = (y * width + x) * 3
            buf[i] = (rgb >> 16) & 0xFF
            buf[i + 1] = (rgb >> 8) & 0xFF
            buf[i + 2] = rgb & 0xFF
        k += 1


@micropython.viper
def glyph(buf: ptr8, width: int, height: int, x: int, y: int, g: int, rgb: int):  # noqa: F821
    """A 3 x 5 font glyph (15 bits, top row first, bit 14 its top left) in rgb at (x, y),
    clipped: the texts and cards of a frame in native code."""
    r = (rgb >> 16) & 0xFF
    gr = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    bit = 1 << 14
    yy = y
    while yy < y + 5:
        xx = x
        while xx < x + 3:
            if (g & bit) and 0 <= xx and xx < width and 0 <= yy and yy < height:
                i = (yy * width + xx) * 3
                buf[i] = r
                buf[i + 1] = gr
                buf[i + 2] = b
            bit >>= 1
            xx += 1
        yy += 1


@micropython.viper
def glyphs(buf, width: int, height: int, spec, rgb: int):
    """A number in one call: the 5-row box spec[0] (x), spec[2] (y), spec[1] (width; 0: none)
    blacked out, then spec[3] glyphs in rgb on row spec[2], glyph k at x spec[4 + 2k] with the
    15 bits spec[5 + 2k] (spec: an array("h")), all clipped. A number drawn glyph by glyph
    paid a Python call per glyph and per box: 1.2 ms of an RP2040 for three digits."""
    s = ptr16(spec)  # noqa: F821
    y = int(s[2])
    if y > 32767:
        y -= 65536
    x0 = int(s[0])
    if x0 > 32767:
        x0 -= 65536
    # the box clipped to the canvas, then filled (as Canvas.fill_rect does)
    x1 = x0 + int(s[1])
    if x1 > width:
        x1 = width
    if x0 < 0:
        x0 = 0
    y1 = y + 5
    if y1 > height:
        y1 = height
    y0 = y if y > 0 else 0
    if x1 > x0 and y1 > y0:
        fill(buf, width, x0, y0, x1 - x0, y1 - y0, 0)
    # each glyph plotted here (a call of glyph() from here goes through the runtime: on a
    # Pico it cost what a Python call does)
    b8 = ptr8(buf)  # noqa: F821
    r = (rgb >> 16) & 0xFF
    gr = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    k = 0
    while k < int(s[3]):
        x = int(s[4 + 2 * k])
        if x > 32767:
            x -= 65536
        g = int(s[5 + 2 * k])
        bit = 1 << 14
        yy = y
        while yy < y + 5:
            xx = x
            while xx < x + 3:
                if (g & bit) and 0 <= xx and xx < width and 0 <= yy and yy < height:
                    j = (yy * width + xx) * 3
                    b8[j] = r
                    b8[j + 1] = gr
                    b8[j + 2] = b
                bit >>= 1
                xx += 1
            yy += 1
        k += 1


@micropython.viper
def box(buf: ptr8, width: int, store: ptr8, x: int, y: int, w: int, h: int, save: int):  # noqa: F821
    """Copy a w x h box at (x, y) of a canvas buffer into `store` (save) or back from it, row
    by row: a piece of a frame kept between frames (the box lies inside the canvas)."""
    k = 0
    n = w * 3
    yy = y
    while yy < y + h:
        i = (yy * width + x) * 3
        j = 0
        while j < n:
            if save:
                store[k] = buf[i + j]
            else:
                buf[i + j] = store[k]
            k += 1
            j += 1
        yy += 1


@micropython.viper
def fill(buf: ptr8, width: int, x: int, y: int, w: int, h: int, rgb: int):  # noqa: F821
    """Fill a w x h box at (x, y) of a canvas buffer with rgb (the box lies inside it)."""
    r = (rgb >> 16) & 0xFF
    g = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    yy = y
    while yy < y + h:
        i = (yy * width + x) * 3
        end = i + w * 3
        while i < end:
            buf[i] = r
            buf[i + 1] = g
            buf[i + 2] = b
            i += 3
        yy += 1


@micropython.viper
def text(buf: ptr8, width: int, height: int, x: int, y: int, s, table: ptr16, rgb: int) -> int:  # noqa: F821
    """A text in the 3 x 5 font at (x, y), clipped, in one call: `table` (font.table()) gives
    the 15 bits of every ASCII code (0: none), any other character is drawn as `?` (its UTF-8
    bytes skipped as one). Returns the x after the last character. Drawn glyph by glyph, a text
    paid four Python calls a character: some 0.2 ms of an RP2040 each, 6 ms a menu frame."""
    p = ptr8(s)  # noqa: F821 - the str's UTF-8 bytes
    n = int(len(s))  # its characters
    r = (rgb >> 16) & 0xFF
    gr = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    i = 0
    k = 0
    while k < n:
        c = p[i]
        i += 1
        if c >= 0x80:  # a lead byte: 0b110..., 0b1110..., 0b11110... and 1 to 3 more bytes
            i += 1 if c < 0xE0 else 2 if c < 0xF0 else 3
            c = 63  # "?"
        g = table[c]
        if g == 0 and c != 32:  # no glyph but the space's is blank: "?"
            g = table[63]
        bit = 1 << 14
        yy = y
        while yy < y + 5:
            xx = x
            while xx < x + 3:
                if (g & bit) and 0 <= xx and xx < width and 0 <= yy and yy < height:
                    j = (yy * width + xx) * 3
                    buf[j] = r
                    buf[j + 1] = gr
                    buf[j + 2] = b
                bit >>= 1
                xx += 1
            yy += 1
        x += 4
        k += 1
    return x
