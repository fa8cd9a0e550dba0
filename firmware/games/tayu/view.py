"""Draws Ta Yü into a Canvas the way the panel shows it, positions from the profile's
`layouts.tayu` (ring mode: one LED per square inside a 21 x 21 coast ring; lattice mode: the
(2*19+1)^2 grid where the edges between squares show every exit).

`View` caches what changes only once per move (scores, hand, stack tops...) so that drawing a
frame reads small ints and allocates nothing. The controller owns a View (the host's pictures
build one around a bare state: host/lanterne/render_state.py).
"""

from array import array

from micropython import const

from firmware.games.tayu.palette import (  # noqa: F401 (the colours, as view.X too)
    CENTRE,
    COUNT_KEYS,
    DOUBLE,
    DRY,
    DRY_LAST,
    END,
    ESTUARY,
    ESTUARY2,
    EW_RGB,
    FLOOD_RGB,
    GLOW,
    GREY,
    HAND,
    ILLEGAL,
    ILLEGAL_EXIT,
    LEGAL,
    LEGAL_EXIT,
    NONE,
    NS_RGB,
    TRAY,
    WATER,
    WATER2,
    WATER_LAST,
    WHITE,
    WHY,
    YELLOW,
    dim,
    side_rgb,
    why_lines,
)
from firmware.games.tayu.panel import (
    draw_numbers,
    draw_overlay,
    draw_panel,
    hand_slots,
)
from shared_rules import native
from shared_rules.tayu import rules as tayu
from shared_rules.tayu.rules import DC, DR, M_PLACE, SIZE

# slots of the coast layer's palette (View.coast_pal): each coast pixel's colour is one
_NS = const(0)  # a north or south coast position, plain
_EW = const(1)  # an east or west one
_EST = const(2)  # an estuary
_EST2 = const(3)  # an estuary at a double position
_DBL = const(4)  # a double position
_NS_EDGE = const(5)  # the lattice's border between the positions, north and south
_EW_EDGE = const(6)  # east and west
_NO_EXITS = bytes(24)  # View.hand_exits cleared
_NONE_KEPT = bytes(9)  # View.hand_ok: no hand box kept
# The ring's squares drawn in native code (fastboard.squares), found at the first drawing:
# [None] where there is none (CPython, a port without native code); tests empty it to
# compare both loops.
_native = []


class View:
    """What the Ta Yü screen shows besides the board: cached per move, set by the controller."""

    def __init__(self, layout, canvas=None):
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
        self.hand_later = False  # a placement's frame: the hand comes in the next one
        self.gr = 9
        self.gc = 8
        self.gd = 1
        self.glegal = False
        self.gslot = 0  # which hand slot the ghost is
        self.select = -1  # highlighted hand slot (choose) or lane (stacks), -1 none
        self.bid_choice = -1  # bidding: the value the player is about to bid (0 = pass)
        self.overlay = NONE
        self.why = why_lines("")  # the WHY overlay's two lines (set by the controller)
        self.winner_text = ""
        self.end_ns = ""  # the end's score lines, each side's product with its factors
        self.end_ew = ""
        self.winner_rgb = WHITE
        # the board as last drawn (canvas bytes): it changes only with a move, so the frames
        # between two moves (cursor, ghost, hand) copy it instead of drawing every square
        # again, and a move redraws only the squares it changed (see draw)
        self.board_buf = None
        self.board_fresh = False
        self.board_placed = -1  # tiles placed when board_buf was drawn (-1: never drawn)
        self.last_cells = array("H", (0, 0, 0))  # squares (r * SIZE + c) of the last tile
        # the squares a placement redraws (the last tile's before it, its own, the empty
        # squares its exits point into) and the squares' colours, as ring_squares reads them
        self.sq = array("H", (0,) * 20)
        self.sq_pal = array("I", (WATER, WATER2, WATER_LAST, DRY, DRY_LAST, GLOW, CENTRE))
        self.drawn = array("h", (-1,) * 9)  # the numbers (and the tray) as in the board cache
        self.doubles = None  # bytearray: 1 at the coast positions that are doubles (draw_coasts)
        # the coast ring as one layer drawn by a native call: its pixels (packed x | y << 8),
        # each one's palette slot (made with the board, updated by a placement on a coast)
        self.coast_pts = None
        self.coast_idx = None
        self.coast_pal = array("I", (0,) * 7)
        # the hand's first box as drawn this move, one per thing it can show (panel.py)
        self.hand_slots = None  # nine memoryviews of one buffer (make_buffers)
        self.hand_box = array("h", (0, 0, 0, 0))  # x, y, w, h on the canvas (w 0: none)
        self.hand_ok = bytearray(9)  # 1: that box is kept
        self.hand_next = -1  # the box to keep once drawn (-1: none)
        self.last_n = 0
        if canvas is not None:
            self.make_buffers(canvas)

    def make_buffers(self, canvas):
        """The board's cache and the hand's boxes, made once a game: at its start, on the heap
        its start has just tidied (made later, they meet a fragmented heap); without a canvas
        here, at the first frame."""
        self.board_buf = bytearray(len(canvas.buf))
        e = self.layout.get("hand")
        if e:
            hand_slots(canvas, self, e)

    def refresh(self, state, later=False):
        """Cache the per-move information of an engine state (allocates; once per move);
        `later`: the hand's tiles and the stacks wait for refresh_hand (a move's first frame
        shows the board and its numbers only)."""
        self.board_fresh = False
        self.hand_ok[:] = _NONE_KEPT
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
        hand = _hand_of(state)
        self.hand_n = len(hand)  # the tray under the hand shows with the numbers
        if not later:
            self.refresh_hand(state, hand)

    def refresh_hand(self, state, hand=None):
        """The hand's tiles (their exits by direction), the stack tops and the bid; `hand`:
        _hand_of(state), when the caller has it."""
        if hand is None:
            hand = _hand_of(state)
        he = self.hand_exits
        he[:] = _NO_EXITS
        t = memoryview(tayu._tables)  # each kind's exits by direction and cell (as footprint)
        for slot in range(min(2, len(hand))):
            k = hand[slot]
            k = k if isinstance(k, int) else tayu.kind_index(k)
            he[slot * 12:slot * 12 + 12] = t[k * 12:k * 12 + 12]
        self.stacks_on = bool(state.flags.get("stacks"))
        self.stacks[0] = 0
        self.stacks[1] = 0
        for lane, ring in state.stack_tops():
            self.stacks["AB".index(lane)] = 2 if ring else 1
        self.bid = state.bid if state.bid is not None else -1


def _hand_of(state):
    """The tiles the hand shows: the player to move's, the tile being placed first."""
    hand = state.hand() if not state.is_over() else []
    if state.tile is not None and state.tile not in hand:
        hand = [state.tile]
    if state.tile is not None and len(hand) == 2 and hand[0] != state.tile:
        hand = [hand[1], hand[0]]
    return hand


def load_native():
    """fastboard.squares on MicroPython, None elsewhere (and on a port without native code);
    kept in _native (once: a game's start asks, else the first drawing)."""
    return native.load(_native, "firmware.games.tayu.fastboard", ("squares",))


def ring_squares(canvas, state, view, n):
    """Draw view.sq[0..n-1] (every square when n < 0) of a ring board in one call: native on
    MicroPython, squares.ring_squares elsewhere. Notes the last tile's squares it draws."""
    fn = _native[0] if _native else load_native()
    if fn is None:
        from firmware.games.tayu.squares import ring_squares as fn
    view.last_n = fn(canvas.buf, canvas.width, canvas.height, view.bx + 1, view.by + 1,
                     state.cells(), state.tile_ids(), view.sq, n, view.sq_pal, view.last_tid,
                     state.placed, view.last_cells, view.last_n)


def draw_board(canvas, state, view):
    """Every square and the coasts (the canvas comes cleared)."""
    b = state.cells()
    view.last_n = 0
    for k in range(9):  # a cleared canvas: every number (and the tray) to draw
        view.drawn[k] = -1
    if view.ring:
        ring_squares(canvas, state, view, -1)
    else:
        from firmware.games.tayu.squares import draw_square, targeted

        empty_board = state.placed == 0
        for r in range(SIZE):
            for c in range(SIZE):
                if b[r * SIZE + c] or empty_board or targeted(b, r, c):
                    draw_square(canvas, state, view, b, r, c)
    build_coasts(state, view, b)
    draw_coasts(canvas, state, view, b)


def redraw_after_placement(canvas, state, view):
    """After one more tile: the tile placed before it (no longer the last), its squares, the
    empty squares its exits point into (their glow) and the coasts (the mover's are lit).
    False when the last move is not that placement (the caller redraws everything)."""
    mv = state.last_played()
    if mv is None or mv.type != M_PLACE:
        return False
    b = state.cells()
    tid = state.tile_ids()
    for i in range(3):
        r = mv.row + i * DR[mv.dir]
        c = mv.col + i * DC[mv.dir]
        if not (0 <= r < SIZE and 0 <= c < SIZE) or tid[r * SIZE + c] != state.placed:
            return False
    sq = view.sq
    n = view.last_n
    sq[0:n] = view.last_cells[0:n]
    for i in range(3):
        r = mv.row + i * DR[mv.dir]
        c = mv.col + i * DC[mv.dir]
        sq[n] = r * SIZE + c
        n += 1
        if view.coast_pts is not None:  # else draw_coasts makes the layer from this board
            coast_cell(view, b, r, c)
        ex = b[r * SIZE + c]
        for s in range(4):
            # an empty square glows once an exit points into it: only the new tile's exits
            # can change that (the squares it covered are drawn above)
            if ex & (1 << s):
                nr = r + DR[s]
                nc = c + DC[s]
                if 0 <= nr < SIZE and 0 <= nc < SIZE and not b[nr * SIZE + nc]:
                    sq[n] = nr * SIZE + nc
                    n += 1
    view.last_n = 0
    if view.ring:
        ring_squares(canvas, state, view, n)
    else:
        from firmware.games.tayu.squares import draw_square

        for k in range(n):
            draw_square(canvas, state, view, b, sq[k] // SIZE, sq[k] % SIZE)
    draw_coasts(canvas, state, view, b)
    return True


def coast_rgb(view, team):
    """A coast's plain colour: lit for the side to move (and for both when the flood moves)."""
    mover = view.mover_rgb
    if mover == team or mover == FLOOD_RGB:
        return dim(team, 1)
    return dim(team, 4)


def _coast_slot(view, b, side, i):
    """The palette slot of coast position i on a side (0 N, 1 S, 2 W, 3 E)."""
    q = (i, (SIZE - 1) * SIZE + i, i * SIZE, i * SIZE + SIZE - 1)[side]
    wet = b[q] & (1, 4, 8, 2)[side]
    if view.doubles[i]:
        return _EST2 if wet else _DBL
    if wet:
        return _EST
    return _NS if side < 2 else _EW


def build_coasts(state, view, b):
    """The coast layer from the board: every pixel of the ring and its slot (a full redraw)."""
    x0 = view.bx
    y0 = view.by
    ring = view.ring
    last = SIZE + 1 if ring else 2 * SIZE
    if view.doubles is None:  # which coast positions are doubles: fixed for a game
        dbl = view.doubles = bytearray(SIZE)
        for i in range(SIZE):
            dbl[i] = 1 if state.is_double(i) else 0
    pts = []
    idx = bytearray()

    def put(x, y, slot):
        ok = 0 <= x < 255 and 0 <= y < 255  # off the canvas: a point the plot skips
        pts.append(x | y << 8 if ok else 0xFFFF)
        idx.append(slot)

    if not ring:  # the lattice's border between the coast positions (under them)
        for i in range(last + 1):
            put(x0 + i, y0, _NS_EDGE)
            put(x0 + i, y0 + last, _NS_EDGE)
            put(x0, y0 + i, _EW_EDGE)
            put(x0 + last, y0 + i, _EW_EDGE)
    view.coast_at = len(idx)
    for i in range(SIZE):
        p = 1 + i if ring else 2 * i + 1
        put(x0 + p, y0, 0)
        put(x0 + p, y0 + last, 0)
        put(x0, y0 + p, 0)
        put(x0 + last, y0 + p, 0)
        for side in range(4):
            idx[-4 + side] = _coast_slot(view, b, side, i)
    view.coast_pts = array("H", pts)
    view.coast_idx = idx


def coast_cell(view, b, r, c):
    """A square newly covered: the coast positions beside it (an estuary may open there)."""
    at = view.coast_at
    idx = view.coast_idx
    if r == 0:
        idx[at + c * 4] = _coast_slot(view, b, 0, c)
    if r == SIZE - 1:
        idx[at + c * 4 + 1] = _coast_slot(view, b, 1, c)
    if c == 0:
        idx[at + r * 4 + 2] = _coast_slot(view, b, 2, r)
    if c == SIZE - 1:
        idx[at + r * 4 + 3] = _coast_slot(view, b, 3, r)


def draw_coasts(canvas, state, view, b):
    """The coast ring: estuaries, double positions, each side's colour (the mover's lit), in
    one native call over the coast layer (76 Canvas.set calls took 4 ms on a Pico, and the
    coasts are drawn again after every placement: the mover's light up); then the numbers."""
    if view.coast_pts is None:
        build_coasts(state, view, b)
    pal = view.coast_pal
    pal[_NS] = coast_rgb(view, NS_RGB)
    pal[_EW] = coast_rgb(view, EW_RGB)
    pal[_EST] = ESTUARY
    pal[_EST2] = ESTUARY2
    pal[_DBL] = DOUBLE
    pal[_NS_EDGE] = dim(pal[_NS], 2)
    pal[_EW_EDGE] = dim(pal[_EW], 2)
    canvas.plot_colours(view.coast_pts, view.coast_idx, pal)
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


def draw(canvas, state, view):
    """The whole Ta Yü screen for the controller (allocation-free but the board cache, once).
    Every pixel is set (the app does not clear the canvas first): the board part is drawn
    once per move and copied after that."""
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
            canvas.clear()
            draw_board(canvas, state, view)
        if not cached:
            view.board_buf = bytearray(len(buf))
        view.board_buf[:] = buf
        view.board_fresh = True
        view.board_placed = state.placed
    if view.ghost:
        draw_ghost(canvas, view)
    if not view.hand_later:
        draw_panel(canvas, state, view)
    if view.overlay != NONE:
        draw_overlay(canvas, view, canvas.width, canvas.height)


def end_lines(state):
    """The end's two score lines: `NS 4X5=20`, `EW3X6=18` (the product and its factors, the
    coasts' counts; a space after the side where it fits), or `NS 120` where that is wider
    than the panel's 8 characters."""
    cc = state.coast_counts()
    ns, ew = state.scores()
    out = []
    for side, a, b, v in (("NS", cc["N"], cc["S"], ns), ("EW", cc["E"], cc["W"], ew)):
        t = "%s %dX%d=%d" % (side, a, b, v)
        if len(t) > 8:
            t = t[:2] + t[3:] if len(t) == 9 else "%s %d" % (side, v)
        out.append(t)
    return out[0], out[1]


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


# The pieces around the board (hand, numbers, panel, overlay): panel.py, which reads the
# colours above, so it is imported once they are defined.
