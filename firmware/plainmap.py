"""Canvas -> LED bytes in plain Python: firmware.fastmap's twin for CPython (the simulator,
the host's pictures) and for a MicroPython build without native code. The tests hold the two
to the same bytes."""


def map_frame(src, out, table, lut, sums):
    """Write lut[canvas byte] into each LED's bytes; `table[pixel]` is its LED (-1: none);
    lut[256..258] are where R, G, B go inside an LED. Returns the sum of the LED bytes times 2,
    plus 1 if any of them changed; sums[0] gets the sum of the canvas bytes mapped."""
    ro = lut[256]
    go = lut[257]
    bo = lut[258]
    i = 0
    changed = 0
    total = 0
    raw = 0
    for led in table:
        if led >= 0:
            j = led * 3
            raw += src[i] + src[i + 1] + src[i + 2]
            v = lut[src[i]]
            total += v
            if out[j + ro] != v:
                out[j + ro] = v
                changed = 1
            v = lut[src[i + 1]]
            total += v
            if out[j + go] != v:
                out[j + go] = v
                changed = 1
            v = lut[src[i + 2]]
            total += v
            if out[j + bo] != v:
                out[j + bo] = v
                changed = 1
        i += 3
    sums[0] = raw
    return total * 2 + changed


def plot(buf, width, height, points, start, step, rgb):
    """Set the pixels points[start::step] of a canvas buffer to rgb; `points` holds packed
    pixels (x | y << 8), those off the canvas are skipped."""
    r = (rgb >> 16) & 0xFF
    g = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    for k in range(start, len(points), step):
        v = points[k]
        x = v & 0xFF
        y = v >> 8
        if x < width and y < height:
            i = (y * width + x) * 3
            buf[i] = r
            buf[i + 1] = g
            buf[i + 2] = b


def plot_colours(buf, width, height, points, idx, palette):
    """Set pixel points[k] of a canvas buffer to palette[idx[k]] for every k, in order."""
    for k in range(len(points)):
        v = points[k]
        x = v & 0xFF
        y = v >> 8
        if x < width and y < height:
            rgb = palette[idx[k]]
            i = (y * width + x) * 3
            buf[i] = (rgb >> 16) & 0xFF
            buf[i + 1] = (rgb >> 8) & 0xFF
            buf[i + 2] = rgb & 0xFF


def glyph(buf, width, height, x, y, g, rgb):
    """A 3 x 5 font glyph (15 bits, bit 14 its top left) in rgb at (x, y), clipped."""
    r = (rgb >> 16) & 0xFF
    gr = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    bit = 1 << 14
    for yy in range(y, y + 5):
        for xx in range(x, x + 3):
            if g & bit and 0 <= xx < width and 0 <= yy < height:
                i = (yy * width + xx) * 3
                buf[i] = r
                buf[i + 1] = gr
                buf[i + 2] = b
            bit >>= 1


def text(buf, width, height, x, y, s, table, rgb):
    """A text in the 3 x 5 font at (x, y), clipped (`table`: font.table(), the bits of every
    ASCII code, 0 for none; those and any other character are a `?`); returns the x after it."""
    for ch in s:
        c = ord(ch)
        g = table[c] if c < 128 else 0
        glyph(buf, width, height, x, y, g if g or c == 32 else table[63], rgb)
        x += 4
    return x


def pawns(buf, width, height, b, n, full, faint, marks, dip):
    """Tac-Tik's pawns (fastplot.pawns' twin): pawn k at (b[4k], b[4k + 1]) in full[colour];
    a stake lights marks[colour] (0xFFFF: none) or dips to faint[colour] where `dip`."""
    for k in range(n):
        j = 4 * k
        c = b[j + 2]
        rgb = full[c]
        if b[j + 3] & 1:
            mark = marks[c]
            if mark != 0xFFFF:
                _put(buf, width, height, mark & 0xFF, mark >> 8, rgb)
            elif dip:
                rgb = faint[c]
        _put(buf, width, height, b[j], b[j + 1], rgb)


def _put(buf, width, height, x, y, rgb):
    if x < width and y < height:
        i = (y * width + x) * 3
        buf[i] = rgb >> 16 & 0xFF
        buf[i + 1] = rgb >> 8 & 0xFF
        buf[i + 2] = rgb & 0xFF


def glyphs(buf, width, height, spec, rgb):
    """A number in one call: the 5-row box spec[0], spec[2] of width spec[1] blacked out, then
    spec[3] glyphs on row spec[2], glyph k at x spec[4 + 2k] with the bits spec[5 + 2k]."""
    y = spec[2]
    x0 = max(0, spec[0])
    x1 = min(width, spec[0] + spec[1])
    y0 = max(0, y)
    y1 = min(height, y + 5)
    if x1 > x0 and y1 > y0:
        fill(buf, width, x0, y0, x1 - x0, y1 - y0, 0)
    for k in range(spec[3]):
        glyph(buf, width, height, spec[4 + 2 * k], y, spec[5 + 2 * k], rgb)


def box(buf, width, store, x, y, w, h, save):
    """Copy a w x h box at (x, y) of a canvas buffer into `store` (save) or back from it."""
    n = w * 3
    for yy in range(h):
        i = ((y + yy) * width + x) * 3
        if save:
            store[yy * n:yy * n + n] = buf[i:i + n]
        else:
            buf[i:i + n] = store[yy * n:yy * n + n]


def fill(buf, width, x, y, w, h, rgb):
    """Fill a w x h box at (x, y) of a canvas buffer with rgb (the box lies inside it)."""
    r = (rgb >> 16) & 0xFF
    g = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    for yy in range(y, y + h):
        i = (yy * width + x) * 3
        for j in range(i, i + 3 * w, 3):
            buf[j] = r
            buf[j + 1] = g
            buf[j + 2] = b


def map_delta(src, prev, out, table, lut, sums):
    """firmware.fastmap.map_delta's twin: map only the pixels that differ from `prev` (the
    canvas as last mapped), copying them into it; sums[0] and sums[1] (canvas bytes that reach
    an LED, LED bytes) kept up to date. Returns 1 if an LED byte changed."""
    ro = lut[256]
    go = lut[257]
    bo = lut[258]
    changed = 0
    for k in range(len(table)):
        i = k * 3
        if src[i] == prev[i] and src[i + 1] == prev[i + 1] and src[i + 2] == prev[i + 2]:
            continue
        led = table[k]
        if led >= 0:
            sums[0] += src[i] + src[i + 1] + src[i + 2] - prev[i] - prev[i + 1] - prev[i + 2]
            j = led * 3
            for at, v in ((j + ro, lut[src[i]]), (j + go, lut[src[i + 1]]),
                          (j + bo, lut[src[i + 2]])):
                if out[at] != v:
                    sums[1] += v - out[at]
                    out[at] = v
                    changed = 1
        prev[i] = src[i]
        prev[i + 1] = src[i + 1]
        prev[i + 2] = src[i + 2]
    return changed


def copy(dst, src):
    dst[:] = src
