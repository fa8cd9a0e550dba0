"""Draws Ta Yü into a Canvas the way the panel shows it, positions from the profile's
`layouts.tayu` (ring mode: one LED per square inside a 21 x 21 coast ring; lattice mode: the
(2*19+1)^2 grid where the edges between squares show every exit).

`View` caches what changes only once per move (scores, hand, stack tops...) so that drawing a
frame reads small ints and allocates nothing. The controller owns a View (the host's pictures
build one around a bare state: host/lanterne/render_state.py).
"""

from array import array

from micropython import const

from firmware import font
from shared_rules.tayu import DC, DR, M_PLACE, SIZE, parse_move

NS_RGB = const(0xFF3C96)  # north-south: pink (no blue: the water is blue)
EW_RGB = const(0xFF8000)  # east-west: orange
FLOOD_RGB = const(0xA040FF)
WATER = const(0x0050FF)  # a placed tile's channels (and every exit on the lattice)
WATER2 = const(0x0030B0)  # every other tile's channels: neighbouring tiles stay apart
WATER_LAST = const(0x40B0FF)  # the channels of the tile placed last
DRY = const(0x484034)  # a placed tile's land, where no channel runs
DRY_LAST = const(0x706048)  # the land of the tile placed last
ESTUARY = const(0x90F0FF)
ESTUARY2 = const(0xFFD000)  # an estuary on a double position
DOUBLE = const(0x3A2C00)
GLOW = const(0x002430)  # an empty square an open exit points into (dim teal, not water)
CENTRE = const(0x202020)
LEGAL = const(0x00F000)
LEGAL_EXIT = const(0x90FF90)
ILLEGAL = const(0xF00000)
ILLEGAL_EXIT = const(0xFF9090)
WHITE = const(0xFFFFFF)
GREY = const(0x606060)
YELLOW = const(0xFFC000)
HAND = const(0xC09040)  # the tile in hand when no ghost shows it (a bot's turn)


def dim(rgb, shift):
    return (((rgb >> 16) & 0xFF) >> shift) << 16 | (((rgb >> 8) & 0xFF) >> shift) << 8 | (
        (rgb & 0xFF) >> shift)


def side_rgb(side):
    if side == "NS":
        return NS_RGB
    if side == "EW":
        return EW_RGB
    if side == "flood":
        return FLOOD_RGB
    return GREY


_COUNT_KEYS = ("count_n", "count_e", "count_s", "count_w")

# Overlays
NONE = const(0)
END = const(1)


class View:
    """What the Ta Yü screen shows besides the board: cached per move, set by the controller."""

    def __init__(self, layout):
        self.layout = layout
        self.ring = layout.get("board", {}).get("mode", "ring") == "ring"
        self.bx = layout.get("board", {}).get("x", 0)
        self.by = layout.get("board", {}).get("y", 0)
        self.ns = 0
        self.ew = 0
        self.counts = bytearray(4)  # estuaries on the N, E, S, W coasts (doubles twice)
        self.left = 0
        self.target = -1
        self.phase = "place"
        self.mover_rgb = GREY
        self.last_tid = 0
        self.hand_n = 0
        self.hand_exits = bytearray(2 * 4 * 3)  # [hand slot][direction][cell] exit bits
        self.stacks = bytearray(2)  # per lane: 0 none, 1 plain top, 2 ring top
        self.stacks_on = False
        self.bid = -1
        # set by the controller
        self.ghost = False
        self.gr = 9
        self.gc = 8
        self.gd = 1
        self.glegal = False
        self.gslot = 0  # which hand slot the ghost is
        self.select = -1  # highlighted hand slot (choose) or lane (stacks), -1 none
        self.bid_choice = -1  # bidding: the value the player is about to bid (0 = pass)
        self.overlay = NONE
        self.winner_text = ""
        self.winner_rgb = WHITE
        # the board as last drawn (canvas bytes): it changes only with a move, so the frames
        # between two moves (cursor, ghost, hand) copy it instead of drawing every square
        # again, and a move redraws only the squares it changed (see draw)
        self.board_buf = None
        self.board_fresh = False
        self.board_placed = -1  # tiles placed when board_buf was drawn (-1: never drawn)
        self.last_cells = array("h", (0, 0, 0))  # squares (r * SIZE + c) of the last tile
        self.drawn = array("h", (-1,) * 8)  # the numbers as drawn in the board cache
        self.last_n = 0

    def refresh(self, state):
        """Cache the per-move information of an engine state (allocates; once per move)."""
        self.board_fresh = False
        self.ns, self.ew = state.scores()
        cc = state.coast_counts()
        self.counts[0] = min(255, cc["N"])
        self.counts[1] = min(255, cc["E"])
        self.counts[2] = min(255, cc["S"])
        self.counts[3] = min(255, cc["W"])
        self.left = state.tiles_left()
        self.target = state.target if state.target is not None else -1
        self.phase = state.phase
        self.mover_rgb = side_rgb(state.side_of(state.current_player))
        self.last_tid = state.placed
        hand = state.hand() if not state.is_over() else []
        if state.tile is not None and state.tile not in hand:
            hand = [state.tile]
        if state.tile is not None and len(hand) == 2 and hand[0] != state.tile:
            hand = [hand[1], hand[0]]  # the tile being placed first
        self.hand_n = len(hand)
        he = self.hand_exits
        for slot in range(2):
            for d in range(4):
                for i in range(3):
                    he[(slot * 4 + d) * 3 + i] = 0
            if slot < len(hand):
                for d in range(4):
                    fp = state.footprint(state.move_at(9, 9, d), hand[slot])
                    for i in range(3):
                        he[(slot * 4 + d) * 3 + i] = fp[i][2]
        self.stacks_on = bool(state.flags.get("stacks"))
        self.stacks[0] = 0
        self.stacks[1] = 0
        for lane, ring in state.stack_tops():
            self.stacks["AB".index(lane)] = 2 if ring else 1
        self.bid = state.bid if state.bid is not None else -1
        return hand


def _wet(state, b, r, c, t):
    """True if a channel runs through square (r, c) covered by tile t: a tile's channel joins
    its exits along the tile, so it covers the squares from its first exit square to its last."""
    i = r * SIZE + c
    if b[i] & 15:
        return True
    # a middle square (its tile on both sides) is wet when both ends carry an exit
    if 0 < r < SIZE - 1 and state.tile_at(r - 1, c) == t and state.tile_at(r + 1, c) == t:
        return bool(b[i - SIZE] & 15) and bool(b[i + SIZE] & 15)
    if 0 < c < SIZE - 1 and state.tile_at(r, c - 1) == t and state.tile_at(r, c + 1) == t:
        return bool(b[i - 1] & 15) and bool(b[i + 1] & 15)
    return False


def _covered_rgb(state, view, b, r, c):
    """A covered square's colour: water where the channel runs, dim land elsewhere."""
    t = state.tile_at(r, c)
    last = t == view.last_tid
    if _wet(state, b, r, c, t):
        return WATER_LAST if last else (WATER2 if t & 1 else WATER)
    return DRY_LAST if last else DRY


def _targeted(b, r, c):
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


def draw_board(canvas, state, view):
    """Every square and the coasts (the canvas comes cleared)."""
    b = state.cells()
    empty_board = state.placed == 0
    view.last_n = 0
    for k in range(8):  # a cleared canvas: every number to draw
        view.drawn[k] = -1
    for r in range(SIZE):
        for c in range(SIZE):
            if b[r * SIZE + c] or empty_board or _targeted(b, r, c):
                draw_square(canvas, state, view, b, r, c)
    draw_coasts(canvas, state, view, b)


def redraw_after_placement(canvas, state, view):
    """After one more tile: its squares, the empty squares beside it (their glow), the tile
    placed before it (no longer the last) and the coasts (the mover's are lit). False when the
    last move is not that placement (the caller redraws everything)."""
    try:
        mv = parse_move(state.last_move())  # syntax only: it was legal before it was made
    except (ValueError, TypeError):
        return False
    if mv.type != M_PLACE:
        return False
    b = state.cells()
    before = view.last_cells
    n_before = view.last_n
    view.last_n = 0
    for i in range(3):
        r = mv.row + i * DR[mv.dir]
        c = mv.col + i * DC[mv.dir]
        if not (0 <= r < SIZE and 0 <= c < SIZE) or state.tile_at(r, c) != state.placed:
            return False
    for i in range(n_before):
        q = before[i]
        draw_square(canvas, state, view, b, q // SIZE, q % SIZE)
    view.last_n = 0
    for i in range(3):
        r = mv.row + i * DR[mv.dir]
        c = mv.col + i * DC[mv.dir]
        draw_square(canvas, state, view, b, r, c)
        for s in range(4):
            nr = r + DR[s]
            nc = c + DC[s]
            if 0 <= nr < SIZE and 0 <= nc < SIZE and not b[nr * SIZE + nc]:
                draw_square(canvas, state, view, b, nr, nc)
    draw_coasts(canvas, state, view, b)
    return True


def draw_square(canvas, state, view, b, r, c):
    """One square as the board shows it now (over whatever was there): a tile's channel in
    water, its land dim, the glow of an empty square an exit points into, the centre of an
    empty board."""
    v = b[r * SIZE + c]
    rgb = 0
    if v:
        rgb = _covered_rgb(state, view, b, r, c)
        if (rgb == WATER_LAST or rgb == DRY_LAST) and view.last_n < 3:
            view.last_cells[view.last_n] = r * SIZE + c
            view.last_n += 1
    elif _targeted(b, r, c):
        rgb = GLOW
    elif state.placed == 0 and r == 9 and c == 9:
        rgb = CENTRE
    x0 = view.bx
    y0 = view.by
    if view.ring:
        canvas.set(x0 + 1 + c, y0 + 1 + r, rgb)
        return
    # lattice: square (r, c) at (2c+1, 2r+1); the edges between squares show the exits, and
    # inside a tile the channel (between two wet squares) or its land
    px = x0 + 2 * c + 1
    py = y0 + 2 * r + 1
    canvas.set(px, py, rgb)
    if not v:
        return
    last = 2 * SIZE
    t = state.tile_at(r, c)
    wet = rgb == WATER or rgb == WATER2 or rgb == WATER_LAST
    for s in range(4):
        ex = px + DC[s]
        ey = py + DR[s]
        if ex == x0 or ey == y0 or ex == x0 + last or ey == y0 + last:
            continue  # the coast pixel shows the estuary
        if v & (1 << s):
            canvas.set(ex, ey, WATER)
        elif 0 <= r + DR[s] < SIZE and 0 <= c + DC[s] < SIZE and (
                state.tile_at(r + DR[s], c + DC[s]) == t):
            if wet and _wet(state, b, r + DR[s], c + DC[s], t):
                canvas.set(ex, ey, rgb)
            else:
                canvas.set(ex, ey, DRY_LAST if rgb == WATER_LAST or rgb == DRY_LAST else DRY)


def coast_rgb(view, team):
    """A coast's plain colour: lit for the side to move (and for both when the flood moves)."""
    mover = view.mover_rgb
    if mover == team or mover == FLOOD_RGB:
        return dim(team, 1)
    return dim(team, 4)


def draw_coasts(canvas, state, view, b):
    """The coast ring: estuaries, double positions, each side's colour (the mover's lit); and
    the numbers drawn with the board."""
    x0 = view.bx
    y0 = view.by
    ring = view.ring
    last = SIZE + 1 if ring else 2 * SIZE
    ns_plain = coast_rgb(view, NS_RGB)
    ew_plain = coast_rgb(view, EW_RGB)
    if not ring:  # the lattice's border between the coast positions
        ns = dim(ns_plain, 2)
        ew = dim(ew_plain, 2)
        for i in range(last + 1):
            canvas.set(x0 + i, y0, ns)
            canvas.set(x0 + i, y0 + last, ns)
            canvas.set(x0, y0 + i, ew)
            canvas.set(x0 + last, y0 + i, ew)
    for i in range(SIZE):  # coast position i on the four coasts (doubles: same index)
        dbl = state.is_double(i)
        p = 1 + i if ring else 2 * i + 1
        est = ESTUARY2 if dbl else ESTUARY
        ns = DOUBLE if dbl else ns_plain
        ew = DOUBLE if dbl else ew_plain
        canvas.set(x0 + p, y0, est if b[i] & 1 else ns)
        canvas.set(x0 + p, y0 + last, est if b[(SIZE - 1) * SIZE + i] & 4 else ns)
        canvas.set(x0, y0 + p, est if b[i * SIZE] & 8 else ew)
        canvas.set(x0 + last, y0 + p, est if b[i * SIZE + SIZE - 1] & 2 else ew)
    draw_numbers(canvas, view)


def draw_ghost(canvas, view):
    """The tile being placed at the cursor: green where legal, red where not (with its exits)."""
    body = LEGAL if view.glegal else ILLEGAL
    ex_rgb = LEGAL_EXIT if view.glegal else ILLEGAL_EXIT
    d = view.gd
    he = view.hand_exits
    base = (view.gslot * 4 + d) * 3
    for i in range(3):
        r = view.gr + i * DR[d]
        c = view.gc + i * DC[d]
        if view.ring:
            canvas.set(view.bx + 1 + c, view.by + 1 + r, body)
        else:
            px = view.bx + 2 * c + 1
            py = view.by + 2 * r + 1
            canvas.set(px, py, body)
            m = he[base + i]
            for s in range(4):
                if m & (1 << s):
                    canvas.set(px + DC[s], py + DR[s], ex_rgb)
            if i < 2:
                canvas.set(px + DC[d], py + DR[d], body)


def draw_tile(canvas, x, y, w_box, h_box, big, exits, base, d, body, water):
    """A tile of the hand in direction d, centred in a w_box x h_box box at (x, y): its land
    in `body`, its exits in `water`, magnified (`big`) also its channel from the first exit
    square to the last."""
    vertical = d % 2 == 0
    k = 3 if big else 1  # block size of a cell
    step = 3 if big else 2
    cols = 1 if vertical else 3
    rows = 3 if vertical else 1
    w = cols * step + (2 if big else 1)
    h = rows * step + (2 if big else 1)
    ox = x + (w_box - w) // 2
    oy = y + (h_box - h) // 2
    # cell 0 position inside the tile's grid
    r0 = 2 if d == 0 else 0
    c0 = 2 if d == 3 else 0
    lo = 3
    hi = -1
    for i in range(3):
        if exits[base + i]:
            lo = min(lo, i)
            hi = max(hi, i)
    mid = k // 2
    for i in range(3):
        bx = ox + 1 + (c0 + i * DC[d]) * step
        by = oy + 1 + (r0 + i * DR[d]) * step
        canvas.fill_rect(bx, by, k, k, body)
        cx = bx + mid
        cy = by + mid
        if not big:  # 1 px squares: the land, with the exits showing the water
            if i:
                canvas.set(cx - DC[d], cy - DR[d], body)
        elif lo <= i <= hi:  # the channel, back to the previous square's centre
            canvas.set(cx, cy, water)
            if i > lo:
                canvas.set(cx - DC[d], cy - DR[d], water)
                canvas.set(cx - 2 * DC[d], cy - 2 * DR[d], water)
        m = exits[base + i]
        for s in range(4):
            if m & (1 << s):
                canvas.set(cx + DC[s], cy + DR[s], water)
                if big:
                    canvas.set(cx + DC[s] * 2, cy + DR[s] * 2, water)


def _glyph(canvas, x, y, g, rgb):
    """A 15-bit 3 x 5 font glyph written straight into the canvas bytes (clipped): twice as
    fast as pixel by pixel on MicroPython, and the numbers are drawn on every placement."""
    buf = canvas.buf
    w = canvas.width
    h = canvas.height
    r = (rgb >> 16) & 0xFF
    gr = (rgb >> 8) & 0xFF
    b = rgb & 0xFF
    bit = 1 << 14
    for yy in range(y, y + 5):
        for xx in range(x, x + 3):
            if g & bit and 0 <= xx < w and 0 <= yy < h:
                i = (yy * w + xx) * 3
                buf[i] = r
                buf[i + 1] = gr
                buf[i + 2] = b
            bit >>= 1


def draw_num(canvas, x, y, value, rgb, right=False):
    """A number 0..999 in the 3 x 5 font, a narrow 1 in front of 100..199 (so that 3 digits
    fit in 9 px); with right=True, x is the right edge. Allocation-free."""
    n = 1 if value < 10 else 2 if value < 100 else 3
    narrow = n == 3 and value < 200
    if right:
        x -= (8 if narrow else 4 * n - 2)
    if narrow:
        _glyph(canvas, x - 2, y, 0b001001001001001, rgb)  # the narrow 1: a bar
        x += 2
        n = 2
    p = 1 if n == 1 else 10 if n == 2 else 100
    while p:
        _glyph(canvas, x, y, font.DIGITS[(value // p) % 10], rgb)
        x += 4
        p //= 10
    return x


def _score(canvas, e, value, rgb):
    """A side's score right-aligned at `x`, its mark just before it: a 2 x 3 block in the
    side's colour, too wide to be read as a digit (3 digits take the mark's place: a score
    over 99 is rare and the board has no room for both)."""
    if value < 100:
        canvas.fill_rect(e["x"] - (5 if value < 10 else 9), e["y"] + 1, 2, 3, rgb)
    draw_num(canvas, e["x"], e["y"], value, rgb, right=True)


def draw_turn_marker(canvas, e, rgb):
    """Two corners over the hand's box in the colour of the side to move."""
    x = e["x"]
    y = e["y"]
    x2 = x + e.get("w", e.get("size", 11)) - 2
    canvas.fill_rect(x, y, 2, 1, rgb)
    canvas.fill_rect(x2, y, 2, 1, rgb)
    canvas.set(x, y + 1, rgb)
    canvas.set(x2 + 1, y + 1, rgb)


def _clear(canvas, x, y, w, h):
    """Black out a box of the canvas (bytes stored directly: about 3 times faster than pixel
    by pixel on MicroPython, and this runs on every placement)."""
    buf = canvas.buf
    x0 = max(0, x)
    x1 = min(canvas.width, x + w)
    for yy in range(max(0, y), min(canvas.height, y + h)):
        i = (yy * canvas.width + x0) * 3
        for j in range(i, i + 3 * (x1 - x0)):
            buf[j] = 0


def _changed(view, k, value):
    """True (and noted) if number k of the board cache must be drawn again with this value."""
    if view.drawn[k] == value:
        return False
    view.drawn[k] = value
    return True


def draw_numbers(canvas, view):
    """Scores (each with its side's mark), each coast's estuaries, tiles left, the target: they
    change at most once a move, so they are drawn with the board and kept in its cache; a
    number is drawn again (its box cleared first) only when its value changed."""
    lay = view.layout
    shown = view.phase != "bid"  # no score before the flood is known
    e = lay.get("score_ns")
    if e and _changed(view, 0, view.ns if shown else -2):
        _clear(canvas, e["x"] - 9, e["y"], 10, 5)
        if shown:
            _score(canvas, e, view.ns, NS_RGB)
    e = lay.get("score_ew")
    if e and _changed(view, 1, view.ew if shown else -2):
        _clear(canvas, e["x"] - 9, e["y"], 10, 5)
        if shown:
            _score(canvas, e, view.ew, EW_RGB)
    for side in range(4):  # each coast's estuaries where its line ends
        e = lay.get(_COUNT_KEYS[side])
        if e and _changed(view, 2 + side, view.counts[side] if shown else -2):
            right = e.get("right", False)
            _clear(canvas, e["x"] - 6 if right else e["x"], e["y"], 7, 5)
            if shown:
                draw_num(canvas, e["x"], e["y"], view.counts[side],
                         dim(EW_RGB if side & 1 else NS_RGB, 1), right)
    e = lay.get("tiles_left")
    if e and _changed(view, 6, view.left):
        _clear(canvas, e["x"] - 8, e["y"], 9, 5)
        draw_num(canvas, e["x"], e["y"], view.left, GREY, right=True)
    e = lay.get("target")
    if e and _changed(view, 7, view.target):
        right = e.get("right", False)
        _clear(canvas, e["x"] - 6 if right else e["x"], e["y"], 7, 5)
        if view.target >= 0:
            draw_num(canvas, e["x"], e["y"], view.target, FLOOD_RGB, right)


def draw_panel(canvas, state, view):
    """What changes between two moves around the board: the hand (and the turn marker over
    it), the stacks, the bidding."""
    lay = view.layout
    big = view.ring
    bidding = view.phase == "bid"
    taking = view.phase == "take"
    choosing = view.phase == "choose"
    st = lay.get("stacks")
    stacks = st and view.stacks_on
    hide_hand = stacks and taking and st.get("over_hand", False)
    two = choosing and view.hand_n > 1 and "hand_two" in lay  # two tiles fill the hand's box
    e = lay.get("hand")
    if e and view.overlay != END and not bidding and not two:
        draw_turn_marker(canvas, e, view.mover_rgb)
    for slot in range(0 if hide_hand else view.hand_n):
        e = lay.get("hand" if slot == 0 else "hand2")
        if slot == 0 and two:
            e = lay["hand_two"]  # the two tiles to choose from, one above the other
        if not e or (e.get("choose_only", False) and not choosing):
            continue
        size = e.get("size", 11)
        d = view.gd if (slot == view.gslot and view.ghost) else 1
        sel = choosing and view.select == slot
        body = YELLOW if sel else HAND
        if view.ghost and slot == view.gslot:
            body = LEGAL if view.glegal else ILLEGAL
        if choosing and not sel:
            body = dim(HAND, 1)
        draw_tile(canvas, e["x"], e["y"], e.get("w", size), e.get("h", size), big,
                  view.hand_exits, (slot * 4 + d) * 3, d, body, WATER)
    if stacks:
        dx = st.get("dx", 5)
        dy = st.get("dy", 0)
        for lane in range(2):
            x = st["x"] + lane * dx
            y = st["y"] + lane * dy
            top = view.stacks[lane]
            if taking and view.select == lane:
                for i in range(5):
                    canvas.set(x + i, y, YELLOW)
                    canvas.set(x + i, y + 4, YELLOW)
                    canvas.set(x, y + i, YELLOW)
                    canvas.set(x + 4, y + i, YELLOW)
            if top == 2:  # ring: three-sided tile
                canvas.fill_rect(x + 1, y + 1, 3, 3, WHITE)
                canvas.set(x + 2, y + 2, 0)
            elif top == 1:
                canvas.fill_rect(x + 1, y + 1, 3, 3, GREY)
    if bidding:
        e = lay.get("bid")
        if e:
            x = font.draw_text(canvas, e["x"], e["y"], "HI", GREY)
            if view.bid >= 0:
                font.draw_number(canvas, x + 1, e["y"], view.bid, WHITE)
            x2 = e.get("x2", e["x"])
            y2 = e.get("y2", e["y"] + 6)
            if view.bid_choice == 0:
                font.draw_text(canvas, x2, y2, "PASS", YELLOW)
            elif view.bid_choice > 0:
                font.draw_number(canvas, x2, y2, view.bid_choice, YELLOW)


def draw_overlay(canvas, view, width, height):
    if view.overlay == END:
        canvas.fill_rect(0, 0, width, height, 0)
        font.draw_text(canvas, 1, 1, "END", WHITE)
        x = font.draw_text(canvas, 1, 8, "NS", NS_RGB)
        font.draw_number(canvas, x + 1, 8, view.ns, NS_RGB)
        x = font.draw_text(canvas, 1, 14, "EW", EW_RGB)
        font.draw_number(canvas, x + 1, 14, view.ew, EW_RGB)
        font.draw_text(canvas, 1, 21, view.winner_text, view.winner_rgb)


def draw(canvas, state, view):
    """The whole Ta Yü screen for the controller (allocation-free but the board cache, once).
    The canvas comes cleared; the board part is drawn once per move and copied after that."""
    buf = canvas.buf
    cached = view.board_buf is not None and len(view.board_buf) == len(buf)
    if cached and view.board_fresh:
        buf[:] = view.board_buf
    else:
        if cached and view.board_placed >= 0 and state.placed in (view.board_placed,
                                                                  view.board_placed + 1):
            buf[:] = view.board_buf
            if state.placed == view.board_placed:  # a bid, a take: only the mover changed
                draw_coasts(canvas, state, view, state.cells())
            elif not redraw_after_placement(canvas, state, view):
                canvas.clear()
                draw_board(canvas, state, view)
        else:
            draw_board(canvas, state, view)
        if not cached:
            view.board_buf = bytearray(len(buf))
        view.board_buf[:] = buf
        view.board_fresh = True
        view.board_placed = state.placed
    if view.ghost:
        draw_ghost(canvas, view)
    draw_panel(canvas, state, view)
    if view.overlay != NONE:
        draw_overlay(canvas, view, canvas.width, canvas.height)


def winner_info(state):
    """(index into scores or -1 tie or 2 flood, text, colour) of a finished game."""
    w = state.winner()
    if not w:
        return -1, "DRAW", WHITE
    side = state.side_of(w[0])
    if side == "flood":
        return 2, "FLOOD", FLOOD_RGB
    if side == "NS":
        return 0, "NS WIN", NS_RGB
    return 1, "EW WIN", EW_RGB
