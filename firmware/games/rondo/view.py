"""Draws Rondo into a Canvas the way the panel shows it (docs/rondo.md, "On the board").

32 x 32, top to bottom: the mover's points in its seat's colour (the hourglass at the top
right, its sand draining), the seats as a strip (the mover's bar tall), the card holder (a
3 x 5 letter a slot, 4 LEDs apart: up to 8 slots on one line, else two lines), under each slot
a mark (magenta: laid by the last play; green: laid now, not yet played; white: the cursor);
with one line, the last turn's points and the deck's cards below it; then the hand of the seat
to play (only on its turn; a pass-the-board prompt while another human looks away), its cursor
under it. Letter cards are white, jokers cyan (the letter they stand for), erasers a red bar,
a card face down a grey block. A wider panel gets the same lines, more slots on a line.

`View` holds what the controller sets (bytearrays filled in place): drawing allocates nothing.
"""

from array import array

from micropython import const

from firmware import font

WHITE = const(0xFFFFFF)
LETTER = const(0xE0E0E0)
JOKER_RGB = const(0x00D0FF)
ERASER_RGB = const(0xFF2000)
FACE_RGB = const(0x606060)
SLOT_RGB = const(0x202020)  # a slot the cursor may lay a card in, empty
FRESH_RGB = const(0xE000E0)  # laid by the last play
TENT_RGB = const(0x00FF40)  # laid now, not yet played
CURSOR_RGB = const(0xFFFFFF)
SAND_RGB = const(0xFFA000)
SAND_LOW = const(0xFF2000)
GLASS_RGB = const(0x303030)
MSG_RGB = const(0xFF4000)
DECK_RGB = const(0x505050)  # the cards left in the deck
DIM_HAND = const(0x404040)
# seat colours, clockwise (six seats)
SEAT_RGB = (0xFF0000, 0x0060FF, 0xFFB000, 0x00C000, 0xC000FF, 0x00C0C0)

# what a display slot holds (View.kind)
K_NONE = const(0)
K_LETTER = const(1)
K_JOKER = const(2)
K_ERASER = const(3)
K_FACE = const(4)
K_OPEN = const(5)  # an end the holder may grow by: empty

# marks under a slot (View.mark)
M_NONE = const(0)
M_FRESH = const(1)
M_TENT = const(2)

# what the hand line shows (View.focus)
F_HAND = const(0)
F_HOLDER = const(1)
F_LETTER = const(2)
F_MENU = const(3)
F_HIDDEN = const(4)
F_WAIT = const(5)  # a bot or the other human: no hand shown
F_LEFT = const(6)  # real cards, at the end: the points left in the seat's hand, entered

NONE = const(0)
END = const(1)

MENU = ("PLAY", "PASS", "SWAP", "HINT")
MENU_REAL = ("PLAY", "PASS", "SWAP", "END")  # real cards: no hint, the table ends the game
SLOTS = const(11)  # a holder of nine slots and its two ends
HAND = const(28)  # a hand (a long run of passes), or the 28 kinds of real cards

_GLASS_TOP = const(((0, 4), (1, 3), (2, 2)))  # the hourglass's top bulb, x from..to per row
SAND_CELLS = const(9)
_GLASS_PTS = const(29)  # its pixels: two rims of 5, two bulbs of 9, the neck
_OFF = const(0xFFFF)  # a pixel off every canvas: not drawn (fastplot skips it)


def dim(rgb, shift):
    return (((rgb >> 16) & 0xFF) >> shift) << 16 | (((rgb >> 8) & 0xFF) >> shift) << 8 | (
        (rgb & 0xFF) >> shift)


class View:
    """What the screen shows besides the engine state; set by the controller."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.per_line = (width + 1) // font.ADVANCE  # slots on one holder line
        self.glyphs = [font.glyph(chr(65 + i)) for i in range(26)]
        self.g_eraser = font.glyph("-")
        self.g_face = font.glyph("#")
        self.g_star = font.glyph("*")
        self.ch = bytearray(SLOTS)  # a slot's letter (A-Z as 65..90), 0 for none
        self.kind = bytearray(SLOTS)
        self.mark = bytearray(SLOTS)
        self.count = 0  # display slots in use
        self.slot_cur = -1  # the holder's cursor (a display slot), -1: none
        self.hand = bytearray(HAND)  # the cards: 65..90 letters, 42 a joker, 45 an eraser
        self.used = bytearray(HAND)  # 1: laid now (dimmed)
        self.hand_n = 0
        self.hand_cur = 0
        self.focus = F_WAIT
        self.menu = 0
        self.seat = 0  # the seat to play
        self.players = 2
        self.scores = [0] * 6
        self.points_text = bytearray(8)  # the last turn's points, "+13", in glyph codes
        self.msg = bytearray(8)  # a refusal's short reason, shown on the hand line
        self.msg_n = 0
        self.glass = -1  # sand cells left in the top bulb (0..SAND_CELLS), -1: no hourglass
        self.low = False
        self.overlay = NONE
        self.winner = bytearray(8)
        self.winner_n = 0
        self.winner_rgb = WHITE
        self.deck = 0
        self.real = False  # real cards: the hand line picks any kind of card
        self.left_n = 0  # F_LEFT: the points entered
        # the frame's part that changes only with refresh() (the points, the seats, the
        # holder's letters), drawn once and copied for the frames in between (cursor moves)
        self.cache = bytearray(width * height * 3)
        self.cached = False
        # the hourglass as pixels and their colours, remade when its sand moves (draw_glass)
        self.glass_pts = array("H", [_OFF] * _GLASS_PTS)
        self.glass_idx = bytearray(_GLASS_PTS)
        self.glass_pal = array("I", [GLASS_RGB, SAND_RGB, SAND_LOW])
        self.glass_key = -1
        # the hand line's glyphs in one call (Canvas.glyphs: no box, x and bits per glyph)
        self.hand_spec = array("h", [0] * (4 + 2 * HAND))


def _slot_xy(v, i):
    n = v.count
    per = v.per_line
    if n <= per:
        x0 = (v.width - (n * font.ADVANCE - 1)) // 2
        return x0 + i * font.ADVANCE, 9
    first = (n + 1) // 2
    if i < first:
        x0 = (v.width - (first * font.ADVANCE - 1)) // 2
        return x0 + i * font.ADVANCE, 9
    x0 = (v.width - ((n - first) * font.ADVANCE - 1)) // 2
    return x0 + (i - first) * font.ADVANCE, 17


def draw_holder(canvas, v):
    """The holder's letters (the static part)."""
    for i in range(v.count):
        x, y = _slot_xy(v, i)
        k = v.kind[i]
        if k == K_LETTER:
            rgb = TENT_RGB if v.mark[i] == M_TENT else LETTER
            canvas.glyph(x, y, v.glyphs[v.ch[i] - 65], rgb)
        elif k == K_JOKER:
            canvas.glyph(x, y, v.glyphs[v.ch[i] - 65], JOKER_RGB)
        elif k == K_ERASER:
            canvas.fill_rect(x, y + 2, 3, 1, ERASER_RGB)
        elif k == K_FACE:
            canvas.fill_rect(x, y, 3, 5, FACE_RGB)
        elif k == K_OPEN:
            canvas.fill_rect(x, y, 3, 5, SLOT_RGB)


def draw_marks(canvas, v):
    """The marks under the slots: the cursor, the cards laid last, the cards laid now."""
    for i in range(v.count):
        x, y = _slot_xy(v, i)
        m = v.mark[i]
        if i == v.slot_cur:
            canvas.fill_rect(x, y + 6, 3, 1, CURSOR_RGB)
        elif m == M_FRESH:
            canvas.fill_rect(x, y + 6, 3, 1, FRESH_RGB)
        elif m == M_TENT:
            canvas.fill_rect(x + 1, y + 6, 1, 1, TENT_RGB)


def _glass_pixels(v):
    """The hourglass's pixels for v.glass sand cells in the top bulb: its rims, the sand in
    the top bulb (lying at its bottom, the neck's row first), the neck while it runs, the
    sand fallen into the bottom bulb (from its floor up)."""
    x0 = v.width - 5
    pts = v.glass_pts
    idx = v.glass_idx
    sand = 2 if v.low else 1
    top = v.glass
    j = 0
    for x in range(5):
        pts[j] = x0 + x
        pts[j + 1] = (x0 + x) | 8 << 8
        idx[j] = idx[j + 1] = 0
        j += 2
    for rows, cells in (((2, 1, 0), top), ((0, 1, 2), SAND_CELLS - top)):
        k = 0
        for r in rows:
            a, b = _GLASS_TOP[r]
            y = 1 + r if rows[0] == 2 else 7 - r
            for x in range(a, b + 1):
                pts[j] = (x0 + x) | y << 8 if k < cells else _OFF
                idx[j] = sand
                k += 1
                j += 1
    pts[j] = (x0 + 2) | 4 << 8
    idx[j] = sand if 0 < top < SAND_CELLS else 0
    v.glass_key = top * 2 + (sand - 1)


def draw_glass(canvas, v):
    """The hourglass at the top right: 5 x 9, its sand draining from the top bulb (one native
    call: a pixel at a time, it cost an RP2040 a millisecond of every frame)."""
    if v.glass < 0:
        return
    if v.glass_key != v.glass * 2 + (1 if v.low else 0):
        _glass_pixels(v)
    canvas.plot_colours(v.glass_pts, v.glass_idx, v.glass_pal)


def draw_top(canvas, v):
    """The mover's points in its seat's colour; the seats' strip under them."""
    seat = v.seat
    font.draw_number(canvas, 0, 0, v.scores[seat], SEAT_RGB[seat % 6])
    for s in range(v.players):
        c = SEAT_RGB[s % 6]
        if s == seat:
            canvas.fill_rect(s * 4, 6, 3, 2, c)
        else:
            canvas.fill_rect(s * 4, 7, 3, 1, dim(c, 2))


def _code_glyph(v, c):
    if 65 <= c <= 90:
        return v.glyphs[c - 65]
    if c == 42:
        return v.g_star
    if c == 45:
        return v.g_eraser
    if 48 <= c <= 57:
        return font.DIGITS[c - 48]
    if c == 43:
        return font.glyph("+")
    return 0


def draw_codes(canvas, v, x, y, codes, n, rgb):
    for i in range(n):
        canvas.glyph(x + i * font.ADVANCE, y, _code_glyph(v, codes[i]), rgb)


def draw_hand(canvas, v):
    y = 25
    if v.msg_n:
        draw_codes(canvas, v, 0, y, v.msg, v.msg_n, MSG_RGB)
        return
    f = v.focus
    if f == F_WAIT:
        return
    if f == F_HIDDEN:  # pass the board: the seat's number, and A to see the hand
        rgb = SEAT_RGB[v.seat % 6]
        font.draw_number(canvas, 0, y, v.seat + 1, rgb)
        canvas.glyph(8, y, v.glyphs[0], WHITE)
        canvas.glyph(12, y, font.glyph("?"), WHITE)
        return
    if f == F_LEFT:  # the seat's number, then the points left in its hand
        rgb = SEAT_RGB[v.seat % 6]
        font.draw_number(canvas, 0, y, v.seat + 1, rgb)
        canvas.glyph(4, y, font.glyph("-"), rgb)
        font.draw_number(canvas, v.width - 1, y, v.left_n, WHITE, True)
        canvas.fill_rect(v.width - 3, y + 6, 3, 1, CURSOR_RGB)
        return
    if f == F_MENU:
        t = MENU_REAL[v.menu] if v.real else MENU[v.menu]
        for i in range(len(t)):
            canvas.glyph(i * font.ADVANCE, y, v.glyphs[ord(t[i]) - 65], WHITE)
        canvas.fill_rect(0, y + 6, len(t) * font.ADVANCE - 1, 1, CURSOR_RGB)
        return
    per = v.per_line
    start = 0
    if v.hand_n > per and v.hand_cur >= per:
        start = v.hand_cur - per + 1
    sp = v.hand_spec  # the plain letters, in one call after the loop (no box under them)
    sp[1] = 0
    sp[2] = y
    k = 0
    for j in range(min(per, v.hand_n - start)):
        i = start + j
        c = v.hand[i]
        x = j * font.ADVANCE
        if v.used[i]:
            canvas.glyph(x, y, _code_glyph(v, c), DIM_HAND)
        elif c == 42:
            canvas.glyph(x, y, v.g_star, JOKER_RGB)
        elif c == 45:
            canvas.glyph(x, y, v.g_eraser, ERASER_RGB)
        else:
            sp[4 + 2 * k] = x
            sp[5 + 2 * k] = _code_glyph(v, c)
            k += 1
        if i == v.hand_cur and f in (F_HAND, F_HOLDER, F_LETTER):
            canvas.fill_rect(x, y + 6, 3, 1, CURSOR_RGB if f == F_HAND else TENT_RGB)
    sp[3] = k
    if k:
        canvas.glyphs(sp, LETTER)


def draw_end(canvas, v):
    """The end: every seat's points, one line each (the winners' in their colours)."""
    canvas.clear()
    for s in range(v.players):
        rgb = SEAT_RGB[s % 6]
        y = s * 5 + (0 if v.players > 5 else 2)
        if v.players > 5:
            y = s * 5 + 1
        font.draw_number(canvas, 0, y, s + 1, rgb)
        font.draw_number(canvas, v.width - 1, y, v.scores[s], rgb, True)


def draw_static(canvas, v):
    draw_top(canvas, v)
    draw_holder(canvas, v)
    if v.count <= v.per_line and v.points_text[0]:
        n = 0
        while n < 8 and v.points_text[n]:
            n += 1
        draw_codes(canvas, v, 0, 17, v.points_text, n, FRESH_RGB)
    if v.count <= v.per_line and not v.real:  # (real cards: the deck is the table's)
        font.draw_number(canvas, v.width - 1, 17, v.deck, DECK_RGB, True)


def draw(canvas, st, v):
    """The whole Rondo screen (the canvas comes cleared): the static part from the cache once
    drawn (View.cached, which the controller's refresh() clears), then the marks, the
    hourglass and the hand line."""
    if v.overlay == END:
        draw_end(canvas, v)
        return
    buf = canvas.buf
    if v.cached and len(v.cache) == len(buf):
        buf[:] = v.cache
    else:
        draw_static(canvas, v)
        if len(v.cache) == len(buf):
            v.cache[:] = buf
            v.cached = True
    draw_marks(canvas, v)
    draw_glass(canvas, v)
    draw_hand(canvas, v)
