"""Ta Yü's squares drawn in native code (viper) where the board is a ring (one LED a square):
view.py's ring_squares, what a placement's frame and every full drawing of the board run
(a Python draw_square cost a Pico 0.2 to 0.6 ms a square, a dozen after each placement).
squares.py keeps the same loop in plain Python (ring_squares), and
tests/firmware/test_fw_tayu_ring.py holds both to the same pixels.
Imported only by MicroPython (CPython cannot compile viper)."""

import micropython


@micropython.viper
def squares(buf: ptr8, width: int, height: int, ox: int, oy: int, b: ptr8, tid: ptr8,  # noqa: F821
            sq: ptr16, n: int, pal: ptr32, last_tid: int, placed: int,  # noqa: F821
            last: ptr16, last_n: int) -> int:  # noqa: F821
    """Draw squares sq[0..n-1] (all 361 when n < 0) at (ox + col, oy + row): a tile's channel
    in water (the last tile's lighter, every other tile's darker), its land dim, an empty square
    an exit points into glowing, the centre of an empty board; pal holds WATER, WATER2,
    WATER_LAST, DRY, DRY_LAST, GLOW, CENTRE. The squares of the last tile drawn are noted in
    last[last_n..2]; returns the new count."""
    k = 0
    count = n if n >= 0 else 361
    while k < count:
        i = sq[k] if n >= 0 else k
        k += 1
        r = i // 19
        c = i - r * 19
        v = b[i]
        rgb = 0
        if v:
            t = tid[i]
            wet = v & 15
            if not wet:
                # a middle square (its tile on both sides) is wet when both ends carry an exit
                if r > 0 and r < 18 and tid[i - 19] == t and tid[i + 19] == t:
                    if b[i - 19] & 15:
                        wet = b[i + 19] & 15
                elif c > 0 and c < 18 and tid[i - 1] == t and tid[i + 1] == t:
                    if b[i - 1] & 15:
                        wet = b[i + 1] & 15
            if t == last_tid:
                rgb = pal[2] if wet else pal[4]
                if last_n < 3:
                    last[last_n] = i
                    last_n += 1
            elif wet:
                rgb = pal[1] if t & 1 else pal[0]
            else:
                rgb = pal[3]
        elif ((r > 0 and (b[i - 19] & 4)) or (r < 18 and (b[i + 19] & 1))
              or (c > 0 and (b[i - 1] & 2)) or (c < 18 and (b[i + 1] & 8))):
            rgb = pal[5]
        elif placed == 0 and i == 180:
            rgb = pal[6]
        x = ox + c
        y = oy + r
        if x >= 0 and x < width and y >= 0 and y < height:
            j = (y * width + x) * 3
            buf[j] = (rgb >> 16) & 0xFF
            buf[j + 1] = (rgb >> 8) & 0xFF
            buf[j + 2] = rgb & 0xFF
    return last_n
