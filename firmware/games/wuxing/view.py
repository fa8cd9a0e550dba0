"""Draws Wuxing duel into a Canvas the way the panel shows it (positions from layout.py).

Théâtre: each island a block in its element's colour (turned tiles dark), Yang's pawns a white
ring, Yin's a black cross, the token strip at the left; the cursor (white corners), the pawn
picked (an amber frame) and its destinations (frames in the colour of the token paid); the
token to give and the end over the board. Chemin: the path, both pawns with their face (a dot
of the other colour in the middle: the Yin-Yang face), the tokens, each seat's card (hidden
until both have chosen) and the hand of the seat choosing (cards it may not play dimmed).

`View` holds what the controller sets; the part that changes only with a move or a choice is
drawn once into a cache and copied for the frames in between (cursor moves), so a frame
allocates nothing and takes a few milliseconds on a Pico.
"""

from micropython import const

from firmware import font

# element colours, wood fire earth metal water: five a deuteranope still tells apart (by
# lightness and blue: tests/firmware/test_fw_wuxing_look.py checks them through a simulation)
ELEMENT_RGB = (0x00AA3C, 0xF01000, 0xE6B400, 0x9696BE, 0x0024F0)
WHITE = const(0xFFFFFF)
BLACK = const(0x000000)
TURNED = const(0x262626)  # a tile turned face down: dark grey, not the gap's black
RED = const(0xFF0000)  # tokens, and the generation (red) link
BLUE = const(0x0050FF)  # tokens, and the domination (blue) link
PICK = const(0xFFB000)  # the pawn picked; the seat to choose
TURN_RGB = const(0xFF6000)  # an island the cursor would turn
GREY = const(0x505050)
HIDDEN_A = const(0xA000A0)  # a card face down: a purple checker (no element's colour)
HIDDEN_B = const(0x280028)
SLOT = const(0x202020)  # no card chosen yet
BADGE = const(0x707070)  # under a seat's pawn sign
LAST_RGB = const(0xFF60A0)  # the last move: pink, apart from the red/blue/amber/white frames
NO_SQ = const(255)

NONE = const(0)
END = const(1)

_cache = []  # the board cache, one buffer reused by every game of this module's life (a new
# game allocates no 3-7 KB block in a heap that may be fragmented by then)


def cache_buf(n):
    if not _cache or len(_cache[0]) != n:
        del _cache[:]
        _cache.append(bytearray(n))
    return _cache[0]


def dim(rgb, shift):
    return (((rgb >> 16) & 0xFF) >> shift) << 16 | (((rgb >> 8) & 0xFF) >> shift) << 8 | (
        (rgb & 0xFF) >> shift)


class View:
    """What the screen shows besides the engine state; set by the controller (cursor,
    selection) and by refresh() once per move."""

    def __init__(self, layout):
        self.lay = layout
        self.theatre = True
        self.board_buf = None
        self.cache_ok = True  # False once the cache found no room: frames go without it
        self.fresh = False
        self.overlay = NONE
        self.winner_text = ""
        self.winner_rgb = WHITE
        self.human = False  # a human acts now: the cursor shows
        # Théâtre
        self.cur = 12  # cursor square (row * 5 + col, row 0 the north)
        self.sel = -1  # the pawn picked, or -1
        self.dest = bytearray(25)  # for the pawn picked: 1 red, 2 blue destination
        self.turning = False
        self.turnable = bytearray(25)
        self.give = False  # the mover can only give a token
        self.give_sel = 0
        self.give_ok = bytearray(2)
        # Chemin
        self.chooser = -1  # the seat choosing now, -1 none
        self.hand = 0  # the hand's cursor: an element
        self.allowed = bytearray(5)
        self.chosen = bytearray(2)  # each seat has chosen (its card stays hidden)
        self.reveal = False  # both cards shown, the duel's result: the move comes next
        self.cards = bytearray(2)  # the revealed cards
        self.rwin = -1  # the duel's winner, -1 nobody
        self.rcol = -1  # the link: 0 red, 1 blue, -1 none (same element)
        # the last move (Théâtre), shown until the next: a dotted pink ring where the pawn
        # came from, a solid one where it went (red dashes in it: it took a pawn there); an
        # island turned: a solid ring. NO_SQ: none.
        self.last_a = NO_SQ
        self.last_b = NO_SQ
        self.last_cap = False
        self.counts = False  # the token counts shown over the board (B), until the next key


# ---- pixels ---------------------------------------------------------------------------------
def frame(canvas, x, y, size, rgb):
    """The ring of a size x size box."""
    for k in range(size):
        canvas.set(x + k, y, rgb)
        canvas.set(x + k, y + size - 1, rgb)
        canvas.set(x, y + k, rgb)
        canvas.set(x + size - 1, y + k, rgb)


def dotted(canvas, x, y, size, rgb, other=0):
    """The ring of a size x size box, every other LED `rgb`, the others `other` (0: left as
    they are)."""
    e = size - 1
    for k in range(size):
        c = rgb if k & 1 == 0 else other
        if c:
            canvas.set(x + k, y, c)
            canvas.set(x + e - k, y + e, c)
            canvas.set(x, y + e - k, c)
            canvas.set(x + e, y + k, c)


def corners(canvas, x, y, size, rgb):
    """The four corners of a size x size box, two LEDs along each side (no tuple made: the
    cursor is drawn every frame)."""
    e = size - 1
    for k in range(2):
        canvas.set(x + k, y, rgb)
        canvas.set(x + e - k, y, rgb)
        canvas.set(x + k, y + e, rgb)
        canvas.set(x + e - k, y + e, rgb)
        canvas.set(x, y + k, rgb)
        canvas.set(x + e, y + k, rgb)
        canvas.set(x, y + e - k, rgb)
        canvas.set(x + e, y + e - k, rgb)


def pawn(canvas, lay, x, y, seat, face):
    """A pawn on the island at (x, y): Yang a white ring, Yin a black cross; its Yin-Yang face
    a dot of the other colour in the middle."""
    p = lay.pawn
    x += 1
    y += 1
    m = p // 2
    if seat == 0:
        frame(canvas, x, y, p, WHITE)
        if face:
            canvas.set(x + m, y + m, BLACK)
    else:
        for k in range(p):
            canvas.set(x + k, y + m, BLACK)
            canvas.set(x + m, y + k, BLACK)
        if face:
            canvas.set(x + m, y + m, WHITE)


def badge(canvas, lay, x, y, seat):
    """A seat's sign: its pawn on a grey tile."""
    canvas.fill_rect(x, y, lay.isl, lay.isl, BADGE)
    pawn(canvas, lay, x, y, seat, False)


def card(canvas, lay, x, y, e, rgb=-1):
    """An element card (a block of its colour, or `rgb`)."""
    canvas.fill_rect(x, y, lay.isl, lay.isl, ELEMENT_RGB[e] if rgb < 0 else rgb)


def hidden(canvas, lay, x, y):
    """A card face down: a checker of two purples."""
    n = lay.isl
    for yy in range(n):
        for xx in range(n):
            canvas.set(x + xx, y + yy, HIDDEN_A if (xx + yy) & 1 else HIDDEN_B)


def tokens(canvas, lay, st, mover):
    """The strip, read as counts: each seat's red tokens in its left column, its blue ones in
    the right (Yin's at the top, Yang's at the bottom), the centre's four places of each in
    the middle; a token lit, an empty place dark (a dim place read as one more token on the
    LEDs), a dark LED between two tokens; a white bar by the seat to move."""
    t = st.tokens
    tw = lay.tw
    for col in range(2):
        rgb = RED if col == 0 else BLUE
        x = col * tw
        for k in range(2):
            canvas.fill_rect(x, lay.yin_y + k * lay.tp, tw, lay.th, rgb if t[2 + col] > k else 0)
            canvas.fill_rect(x, lay.yang_y + k * lay.tp, tw, lay.th, rgb if t[col] > k else 0)
        for k in range(4):
            canvas.fill_rect(x, lay.centre_y + k * lay.tp, tw, lay.th, rgb if t[4 + col] > k else 0)
    if mover == 1:
        canvas.fill_rect(0, lay.yin_y - 1, 2 * tw, 1, WHITE)
    elif mover == 0:
        canvas.fill_rect(0, lay.yang_y + 2 * lay.tp - 1, 2 * tw, 1, WHITE)


def island_xy(lay, i):
    return island_x(lay, i), island_y(lay, i)


def island_x(lay, i):
    return lay.bx + (i % 5) * lay.step


def island_y(lay, i):
    return lay.by + (i // 5) * lay.step


# ---- Théâtre ----------------------------------------------------------------------------------
def draw_theatre_board(canvas, st, v):
    lay = v.lay
    n = lay.isl
    over = st.is_over()
    tokens(canvas, lay, st, -1 if over else st.current_player)
    for i in range(25):
        x, y = island_xy(lay, i)
        if st.turned[i]:
            canvas.fill_rect(x, y, n, n, TURNED)
            continue
        canvas.fill_rect(x, y, n, n, ELEMENT_RGB[st.elem[i]])
        if st.pawn[i]:
            pawn(canvas, lay, x, y, st.pawn[i] - 1, False)
    if v.last_a != NO_SQ:  # where the last move came from: dotted
        dotted(canvas, island_x(lay, v.last_a) - 1, island_y(lay, v.last_a) - 1, n + 2,
               LAST_RGB)
    if v.last_b != NO_SQ:  # where it went: solid, red dashes in it for a pawn taken
        x, y = island_x(lay, v.last_b) - 1, island_y(lay, v.last_b) - 1
        frame(canvas, x, y, n + 2, LAST_RGB)
        if v.last_cap:
            dotted(canvas, x, y, n + 2, RED)


def draw_theatre_marks(canvas, st, v):
    """The cursor, the pawn picked, its destinations (what changes with a press)."""
    lay = v.lay
    n = lay.isl + 2
    if v.sel >= 0:
        for i in range(25):
            d = v.dest[i]
            if d:
                frame(canvas, island_x(lay, i) - 1, island_y(lay, i) - 1, n,
                      RED if d == 1 else BLUE)
        frame(canvas, island_x(lay, v.sel) - 1, island_y(lay, v.sel) - 1, n, PICK)
    x = island_x(lay, v.cur)
    y = island_y(lay, v.cur)
    if v.turning and v.turnable[v.cur]:
        frame(canvas, x - 1, y - 1, n, TURN_RGB)
        canvas.fill_rect(x + 1, y + 1, n - 4, n - 4, TURNED)  # how it will look turned
        corners(canvas, x - 1, y - 1, n, WHITE)
    elif v.cur == v.sel or v.dest[v.cur] and v.sel >= 0:
        corners(canvas, x - 1, y - 1, n, WHITE)  # over the pick's or a destination's ring
    else:  # the cursor: a whole white ring round the island, not to be missed
        frame(canvas, x - 1, y - 1, n, WHITE)


def draw_give(canvas, v):
    """The token to give (no move left): GIVE over the board, red and blue, the one picked
    framed, one the player does not hold dimmed."""
    lay = v.lay
    n = lay.isl
    w = 2 * n + 4 * lay.gap + 4
    w = max(w, font.text_width("GIVE") + 4)
    h = font.H + n + 6
    x0 = lay.bx + (lay.span - w) // 2
    y0 = lay.by + (lay.span - h) // 2
    canvas.fill_rect(x0, y0, w, h, BLACK)
    font.draw_text(canvas, x0 + (w - font.text_width("GIVE")) // 2 + 1, y0 + 1, "GIVE", WHITE)
    y = y0 + font.H + 3
    for col in range(2):
        x = x0 + w // 2 - n - 1 - lay.gap if col == 0 else x0 + w // 2 + 1 + lay.gap
        rgb = RED if col == 0 else BLUE
        canvas.fill_rect(x, y, n, n, rgb if v.give_ok[col] else dim(rgb, 3))
        if v.give_sel == col:
            frame(canvas, x - 1, y - 1, n + 2, WHITE)


# ---- Chemin ---------------------------------------------------------------------------------
def _slot_y(lay, seat):
    return lay.bottom_y if seat == 0 else lay.top_y


def draw_chemin_board(canvas, st, v):
    lay = v.lay
    n = lay.isl
    over = st.is_over()
    tokens(canvas, lay, st, -1)
    for k in range(5):
        y = lay.by + (4 - k) * lay.step
        canvas.fill_rect(lay.px, y, n, n, ELEMENT_RGB[st.path[k]])
    for seat in range(2):
        k = st.pos[seat]
        if k < 5:
            pawn(canvas, lay, lay.px, lay.by + (4 - k) * lay.step, seat, st.face[seat])
        y = _slot_y(lay, seat)
        badge(canvas, lay, lay.badge_x, y, seat)
        if v.chooser == seat and not over:
            frame(canvas, lay.badge_x - 1, y - 1, n + 2, PICK)
        x = lay.cx
        if v.reveal:
            card(canvas, lay, x, y, v.cards[seat])
            if v.rwin == seat:
                frame(canvas, x - 1, y - 1, n + 2, WHITE)
        elif v.chooser == seat:
            pass  # the card under the hand's cursor: drawn with the marks
        elif v.chosen[seat]:
            hidden(canvas, lay, x, y)
        elif not over:
            frame(canvas, x, y, n, SLOT)
        elif st.last[seat] < 5:  # the game is over: the last cards stay shown
            card(canvas, lay, x, y, st.last[seat])
    if v.reveal:
        _duel_line(canvas, v)
    if v.chooser >= 0:
        _hand(canvas, lay, v)


def _hand(canvas, lay, v):
    """The chooser's hand: each card, or the outline, dimmed and struck through, of one not
    playable this round."""
    n = lay.isl
    for e in range(5):
        y = lay.by + e * lay.step
        if v.allowed[e]:
            card(canvas, lay, lay.hx, y, e)
        else:  # not playable this round: its outline, dimmed and struck through
            rgb = dim(ELEMENT_RGB[e], 1)
            frame(canvas, lay.hx, y, n, rgb)
            for k in range(n):
                canvas.set(lay.hx + k, y + n - 1 - k, rgb)


def _duel_line(canvas, v):
    """Between the two cards: a bar in the link's colour (grey for the same element), its
    arrow head at the loser's card."""
    lay = v.lay
    x = lay.cx + lay.isl // 2
    y0 = lay.top_y + lay.isl + 1
    y1 = lay.bottom_y - 2
    rgb = GREY if v.rcol < 0 else (RED if v.rcol == 0 else BLUE)
    for y in range(y0, y1 + 1):
        canvas.set(x, y, rgb)
    if v.rwin >= 0:
        tip = y0 if v.rwin == 0 else y1  # pointing at the loser (Yin's card is on top)
        s = 1 if v.rwin == 0 else -1
        for k in range(1, 3):
            canvas.set(x - k, tip + k * s, rgb)
            canvas.set(x + k, tip + k * s, rgb)


def draw_chemin_marks(canvas, st, v):
    lay = v.lay
    if v.chooser < 0 or v.reveal:
        return
    n = lay.isl
    card(canvas, lay, lay.cx, _slot_y(lay, v.chooser), v.hand)
    y = lay.by + v.hand * lay.step
    frame(canvas, lay.hx - 1, y - 1, n + 2, WHITE if v.allowed[v.hand] else GREY)


def draw_counts(canvas, st, v):
    """The tokens as numbers over the board (B shows them, any key hides them): each seat's
    and the centre's red and blue, `YANG 2 1`, `YIN 1 2`, `MID 0 1`, the counts in their
    tokens' colour."""
    lay = v.lay
    h = 3 * 6 + 1
    y = (lay.height - h) // 2
    canvas.fill_rect(0, y, lay.width, h, BLACK)
    t = st.tokens
    xr = lay.width - 11
    for row in range(3):
        yy = y + 1 + 6 * row
        font.draw_text(canvas, 1, yy, ("YANG", "YIN", "MID")[row], WHITE if row < 2 else GREY)
        k = 2 * (0, 1, 2)[row]
        font.draw_number(canvas, xr, yy, t[k], RED)
        font.draw_number(canvas, xr + 8, yy, t[k + 1], BLUE)


# ---- the whole screen -----------------------------------------------------------------------
def draw_end(canvas, v):
    lay = v.lay
    h = 2 * font.H + 5
    y0 = (lay.height - h) // 2
    canvas.fill_rect(0, y0, lay.width, h, BLACK)
    t = v.winner_text
    i = t.find(" ")
    if i < 0:
        font.draw_text(canvas, (lay.width - font.text_width(t)) // 2, y0 + 2 + (font.H + 1) // 2,
                       t, v.winner_rgb)
        return
    a = t[:i]
    b = t[i + 1:]
    font.draw_text(canvas, (lay.width - font.text_width(a)) // 2, y0 + 2, a, v.winner_rgb)
    font.draw_text(canvas, (lay.width - font.text_width(b)) // 2, y0 + 3 + font.H, b,
                   v.winner_rgb)


def draw(canvas, st, v):
    """The whole Wuxing screen (the canvas comes cleared; the static part comes from the
    cache once drawn)."""
    buf = canvas.buf
    cached = v.board_buf is not None and len(v.board_buf) == len(buf)
    if cached and v.fresh:
        buf[:] = v.board_buf
    else:
        if v.theatre:
            draw_theatre_board(canvas, st, v)
        else:
            draw_chemin_board(canvas, st, v)
        if not cached and v.cache_ok:
            try:
                v.board_buf = cache_buf(len(buf))
            except MemoryError:
                # no room for the cache in a fragmented heap: every frame draws the board
                # itself (slower), rather than every frame failing on the same allocation
                v.cache_ok = False
        if v.board_buf is not None:
            v.board_buf[:] = buf
            v.fresh = True
    if v.overlay == END:
        draw_end(canvas, v)
        return
    if v.counts:
        draw_counts(canvas, st, v)
        return
    if not v.human:
        return
    if v.theatre:
        if v.give:
            draw_give(canvas, v)
        else:
            draw_theatre_marks(canvas, st, v)
    else:
        draw_chemin_marks(canvas, st, v)


def winner_info(st):
    """(winning seat or -1, text, colour) of a finished game."""
    w = st.winner()
    if not w:
        return -1, "DRAW", WHITE
    return w[0], ("YANG WINS" if w[0] == 0 else "YIN WINS"), (WHITE if w[0] == 0 else PICK)
