"""Ta Yü's squares drawn in Python, what a board on a Pico seldom loads: a lattice board's
(panels of 48 px and more: a square every other pixel, the exits on the edges between them;
view.py's draw_board) and the ring's plain twin of fastboard.squares (CPython, a port without
native code; tests/firmware/test_fw_tayu_ring.py holds both to the same pixels). Kept out of
view.py: a 32 px board draws its ring natively and never needs them."""

from micropython import const

from firmware.games.tayu.palette import (
    CENTRE,
    DRY,
    DRY_LAST,
    GLOW,
    WATER,
    WATER2,
    WATER_LAST,
)
from shared_rules.tayu.rules import DC, DR, SIZE

_CENTRE = const(180)  # the centre square, 9 * SIZE + 9


def is_wet(tid, b, i, r, c, t):
    """True if a channel runs through square i (row r, column c) covered by tile t: a tile's
    channel joins its exits along the tile, so it covers the squares from its first exit
    square to its last."""
    if b[i] & 15:
        return True
    # a middle square (its tile on both sides) is wet when both ends carry an exit
    if 0 < r < SIZE - 1 and tid[i - SIZE] == t and tid[i + SIZE] == t:
        return bool(b[i - SIZE] & 15) and bool(b[i + SIZE] & 15)
    if 0 < c < SIZE - 1 and tid[i - 1] == t and tid[i + 1] == t:
        return bool(b[i - 1] & 15) and bool(b[i + 1] & 15)
    return False


def targeted(b, r, c):
    """True if an exit of a neighbouring covered square points into empty square (r, c)."""
    i = r * SIZE + c
    if r > 0 and b[i - SIZE] & 4:
        return True
    if r < SIZE - 1 and b[i + SIZE] & 1:
        return True
    if c > 0 and b[i - 1] & 2:
        return True
    if c < SIZE - 1 and b[i + 1] & 8:
        return True
    return False


def ring_squares(buf, width, height, ox, oy, b, tid, sq, n, pal, last_tid, placed, last,
                 last_n):
    """fastboard.squares in plain Python, step for step (view.ring_squares: the twin CPython
    runs)."""
    for k in range(n if n >= 0 else SIZE * SIZE):
        i = sq[k] if n >= 0 else k
        r = i // SIZE
        c = i - r * SIZE
        rgb = 0
        if b[i]:
            t = tid[i]
            wet = is_wet(tid, b, i, r, c, t)
            if t == last_tid:
                rgb = pal[2] if wet else pal[4]
                if last_n < 3:
                    last[last_n] = i
                    last_n += 1
            elif wet:
                rgb = pal[1] if t & 1 else pal[0]
            else:
                rgb = pal[3]
        elif targeted(b, r, c):
            rgb = pal[5]
        elif placed == 0 and i == _CENTRE:
            rgb = pal[6]
        x = ox + c
        y = oy + r
        if 0 <= x < width and 0 <= y < height:
            j = (y * width + x) * 3
            buf[j] = (rgb >> 16) & 0xFF
            buf[j + 1] = (rgb >> 8) & 0xFF
            buf[j + 2] = rgb & 0xFF
    return last_n


def draw_square(canvas, state, view, b, r, c):
    """One square of the lattice as the board shows it now (over whatever was there), at
    (2c+1, 2r+1); the edges between squares show the exits, and inside a tile the channel
    (between two wet squares) or its land. (The ring's: ring_squares.)"""
    tid = state.tile_ids()
    i = r * SIZE + c
    v = b[i]
    t = tid[i]
    rgb = 0
    if v:
        last = t == view.last_tid
        wet = is_wet(tid, b, i, r, c, t)
        if wet:
            rgb = WATER_LAST if last else (WATER2 if t & 1 else WATER)
        else:
            rgb = DRY_LAST if last else DRY
        if last and view.last_n < 3:
            view.last_cells[view.last_n] = i
            view.last_n += 1
    elif targeted(b, r, c):
        rgb = GLOW
    elif state.placed == 0 and i == _CENTRE:
        rgb = CENTRE
    x0 = view.bx
    y0 = view.by
    px = x0 + 2 * c + 1
    py = y0 + 2 * r + 1
    canvas.set(px, py, rgb)
    if not v:
        return
    last = 2 * SIZE
    wet = rgb == WATER or rgb == WATER2 or rgb == WATER_LAST
    for s in range(4):
        ex = px + DC[s]
        ey = py + DR[s]
        if ex == x0 or ey == y0 or ex == x0 + last or ey == y0 + last:
            continue  # the coast pixel shows the estuary
        if v & (1 << s):
            canvas.set(ex, ey, WATER)
        elif 0 <= r + DR[s] < SIZE and 0 <= c + DC[s] < SIZE and tid[i + DR[s] * SIZE + DC[s]] == t:
            if wet and is_wet(tid, b, i + DR[s] * SIZE + DC[s], r + DR[s], c + DC[s], t):
                canvas.set(ex, ey, rgb)
            else:
                canvas.set(ex, ey, DRY_LAST if rgb == WATER_LAST or rgb == DRY_LAST else DRY)
