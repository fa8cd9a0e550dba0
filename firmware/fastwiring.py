"""The LED map's builder in native code (viper): firmware/ledmap.py's fill for a "rows" wiring,
run when the board builds its map at boot and let go once it has (ledmap.build): 1.2 KB of a
Pico's heap that no game needs. Imported only by MicroPython (CPython cannot compile viper);
ledmap keeps the same loop in plain Python, and tests/firmware/test_ledmap.py holds both to the
same map."""

import micropython


@micropython.viper
def fill_rows(table, w: int, h: int, q: ptr32):  # noqa: F821 - viper types
    """firmware/ledmap.py's _fill_matrix for a "rows" wiring in native code (its Python loop
    took a Pico 12 ms of boot): table[y * w + x] = the LED of canvas pixel (x, y). q: panel
    width, panel height, tiles across, start right, start bottom, serpentine, tiles chained
    serpentine, reversed tiles turned, then each panel's first LED."""
    t = ptr16(table)  # noqa: F821 - array("h"): every index fits 15 bits
    pw = q[0]
    ph = q[1]
    tiles_x = q[2]
    right = q[3]
    bottom = q[4]
    serpentine = q[5]
    snake = q[6]
    rotate = q[7]
    ty = 0
    py0 = 0  # y's row inside its panel, before the turns
    y = 0
    while y < h:
        back = 0  # this row of tiles is chained right to left
        if snake != 0 and (ty & 1) != 0:
            back = 1
        turned = 0  # ... and its tiles turned half round
        if back != 0 and rotate != 0:
            turned = 1
        py = py0
        if turned != 0:
            py = ph - 1 - py
        if bottom != 0:
            py = ph - 1 - py
        odd = 0  # this panel row runs back
        if serpentine != 0 and (py & 1) != 0:
            odd = 1
        flip = turned ^ odd
        if right != 0:
            flip ^= 1
        k = y * w
        x0 = 0
        tx = 0
        while x0 < w:
            run = w - x0
            if run > pw:
                run = pw
            tile = ty * tiles_x + tx
            if back != 0:
                tile = ty * tiles_x + tiles_x - 1 - tx
            v = q[8 + tile] + py * pw
            i = k + x0
            end = i + run
            if flip != 0:
                v += pw - 1
                while i < end:
                    t[i] = v
                    v -= 1
                    i += 1
            else:
                while i < end:
                    t[i] = v
                    v += 1
                    i += 1
            x0 += run
            tx += 1
        y += 1
        py0 += 1
        if py0 == ph:
            py0 = 0
            ty += 1
