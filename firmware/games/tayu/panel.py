"""Ta Yü's pieces around the board (games/tayu/view.py draws the board itself): a tile in the
hand, the numbers (scores, estuaries with the leads that tie them to their coasts, tiles left,
the target) in the 3 x 5 font written straight into the canvas bytes, the tray under the hand,
the hand, stacks and bidding panel, the END overlay.

Drawn through view.py (its draw calls these); both take their colours from palette.py.
"""

from array import array

from firmware import font
from firmware.games.tayu.palette import (
    COUNT_KEYS,
    END,
    EW_RGB,
    FLOOD_RGB,
    GREY,
    HAND,
    ILLEGAL,
    LEGAL,
    NS_RGB,
    TRAY,
    WATER,
    WHITE,
    WHY,
    YELLOW,
    dim,
)
from shared_rules.tayu.rules import DC, DR


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


_SPEC = array("h", bytes(20))  # draw_num's box and glyphs, for one Canvas.glyphs call


def draw_num(canvas, x, y, value, rgb, right=False, tight=False, cx=0, cw=0):
    """A number 0..999 in the 3 x 5 font, a narrow 1 in front of 100..199 (so that 3 digits
    fit in 9 px) and, `tight`, of 10..19 (2 digits in 5 px); with right=True, x is the right
    edge; `cw` > 0: the box of cw x 5 px at (cx, y) blacked out first. One native call on a
    Pico (Canvas.glyphs): the tiles left change on every placement. Allocation-free."""
    n = 1 if value < 10 else 2 if value < 100 else 3
    narrow = value < 200 if n == 3 else tight and 9 < value < 20
    if right:
        x -= 4 * n - (4 if narrow else 2)
    sp = _SPEC
    sp[0] = cx
    sp[1] = cw
    sp[2] = y
    k = 0
    if narrow:
        sp[4] = x - 2
        sp[5] = 0b001001001001001  # the narrow 1: a bar
        k = 1
        x += 2
        n -= 1
    p = 1 if n == 1 else 10 if n == 2 else 100
    while p:
        sp[4 + 2 * k] = x
        sp[5 + 2 * k] = font.DIGITS[(value // p) % 10]
        k += 1
        x += 4
        p //= 10
    sp[3] = k
    canvas.glyphs(sp, rgb)
    return x


def _width(value, w):
    """How many pixels draw_num takes for a value (tight: a box narrower than 7 px)."""
    if value < 10:
        return 3
    if value < 20 and w < 7:
        return 5
    return 7 if value < 100 else 9 if value < 200 else 11


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
    """Black out a box of the canvas (clipped; native on MicroPython)."""
    canvas.fill_rect(x, y, w, h, 0)


def _changed(view, k, value):
    """True (and noted) if number k of the board cache must be drawn again with this value."""
    if view.drawn[k] == value:
        return False
    view.drawn[k] = value
    return True


def _tray(canvas, view, lay, shown):
    """The tray under the hand, drawn again when it comes or goes (or a count reaches onto
    it): the numbers beside it are then drawn again too."""
    e = lay.get("tray")
    if e:
        # a count wider than its box may reach onto the tray: then the tray and the numbers are
        # drawn again on each move (a rare game), in the order of a full drawing
        wide = 0
        for side in range(4):
            c = lay.get(COUNT_KEYS[side])
            if shown and c and _width(view.counts[side], c.get("w", 7)) > c.get("w", 7):
                wide = 1
        on = shown and (view.hand_n > 0 or view.phase == "take")
        if _changed(view, 8, 1 if on else 0) or wide:
            canvas.fill_rect(e["x"], e["y"], e["w"], e["h"], TRAY if on else 0)
            for k in range(2, 8):  # the numbers next to it drawn again over its edge
                view.drawn[k] = -1


def _count(canvas, view, e, side, shown):
    """One coast's estuaries (layout element `e`), drawn again when the count changed."""
    if e and _changed(view, 2 + side, view.counts[side] if shown else -2):
        right = e.get("right", False)
        w = e.get("w", 7)  # the box cleared: 5 px holds 0..19 (a narrow 1 for 10..19)
        _clear(canvas, e["x"] - w + 1 if right else e["x"], e["y"], w, 5)
        rgb = dim(EW_RGB if side & 1 else NS_RGB, 1)
        lead = e.get("lead")  # its coast line going on past the ring's corner to it
        if lead:
            canvas.fill_rect(lead[0], lead[1], lead[2], lead[3], rgb if shown else 0)
        if shown:
            draw_num(canvas, e["x"], e["y"], view.counts[side], rgb, right, w < 7)


def draw_numbers(canvas, view):
    """Scores (each with its side's mark), each coast's estuaries, tiles left, the target, the
    tray under the hand: they change at most once a move, so they are drawn with the board and
    kept in its cache; a number is drawn again (its box cleared first) only when its value
    changed."""
    lay = view.layout
    shown = view.phase != "bid"  # no score before the flood is known
    _tray(canvas, view, lay, shown)
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
    for side in range(4):  # each coast's estuaries where its coast line, lead on, ends
        _count(canvas, view, lay.get(COUNT_KEYS[side]), side, shown)
    e = lay.get("tiles_left")
    if e and _changed(view, 6, view.left):
        draw_num(canvas, e["x"], e["y"], view.left, GREY, True, False, e["x"] - 8, 9)
    e = lay.get("target")
    if e and _changed(view, 7, view.target):
        right = e.get("right", False)
        cx = e["x"] - 6 if right else e["x"]
        if view.target >= 0:
            draw_num(canvas, e["x"], e["y"], view.target, FLOOD_RGB, right, False, cx, 7)
        else:
            _clear(canvas, cx, e["y"], 7, 5)


def _hand_key(view):
    # what the hand's first box shows besides the move's own (tile, mover): the ghost's
    # direction and legality (0-7), or no ghost on it (8)
    if not view.ghost or view.gslot:
        return 8
    return view.gd * 2 + (1 if view.glegal else 0)


def _hand_from_cache(canvas, view, e, hidden):
    """The hand's first box (turn marker and tile) copied from an earlier frame of this move
    that showed the same: 1 (a press of an arrow then redraws only the ghost); else 0, and the
    box is kept once drawn (view.hand_next). The boxes are the move's (view.refresh), their
    buffer the game's (hand_slots); nothing is allocated here."""
    view.hand_next = -1
    if hidden or view.phase != "place" or view.hand_n < 1:
        return 0
    key = _hand_key(view)
    if not view.hand_box[2]:
        return 0  # no box on the canvas to keep
    if view.hand_ok[key]:
        b = view.hand_box
        canvas.box(b[0], b[1], b[2], b[3], view.hand_slots[key], False)
        return 1
    view.hand_next = key
    return 0


def hand_slots(canvas, view, e):
    """What the hand's first box covers on the canvas (the box and the tile centred in it, a
    magnified tile being 11 pixels long, wider than ref32's box of 9, clipped), and its nine
    kept boxes (one per _hand_key) in one buffer."""
    size = e.get("size", 11)
    w = e.get("w", size)
    h = e.get("h", size)
    ext = 11 if view.ring else 7
    x = min(e["x"], e["x"] + (w - ext) // 2)
    y = min(e["y"], e["y"] + (h - ext) // 2)
    w = max(e["x"] + w, x + ext) - x
    h = max(e["y"] + h, y + ext) - y
    if x < 0:
        w += x
        x = 0
    if y < 0:
        h += y
        y = 0
    w = max(0, min(w, canvas.width - x))
    h = max(0, min(h, canvas.height - y))
    view.hand_box[0] = x
    view.hand_box[1] = y
    view.hand_box[2] = w if h else 0
    view.hand_box[3] = h
    n = w * h * 3
    try:
        pix = memoryview(bytearray(9 * n))
        view.hand_slots = [pix[i * n:(i + 1) * n] for i in range(9)]
    except MemoryError:
        # no block that large on this heap: this game's frames draw the box every time
        view.hand_slots = ()
        view.hand_box[2] = 0


def _hand_to_cache(canvas, view):
    key = view.hand_next
    b = view.hand_box
    if canvas.box(b[0], b[1], b[2], b[3], view.hand_slots[key], True):
        view.hand_ok[key] = 1


def _stacks(canvas, view, st, taking):
    """The two stack tops (layout element `st`), the one chosen framed while taking."""
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
    first = 0
    if e and view.hand_slots is None:
        hand_slots(canvas, view, e)  # a View made without a canvas (View.make_buffers)
    if e and view.overlay != END and not bidding and not two:
        first = _hand_from_cache(canvas, view, e, hide_hand)
        if not first:
            draw_turn_marker(canvas, e, view.mover_rgb)
    else:
        view.hand_next = -1
    for slot in range(first, 0 if hide_hand else view.hand_n):
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
        if slot == 0 and view.hand_next >= 0:  # the box as drawn, kept for the next frames
            _hand_to_cache(canvas, view)
    if stacks:
        _stacks(canvas, view, st, taking)
    if bidding and lay.get("bid"):
        _bidding(canvas, view, lay["bid"])


def _bidding(canvas, view, e):
    """The bidding (layout element `e`): the highest bid so far, the bid or PASS chosen."""
    x = font.draw_text(canvas, e["x"], e["y"], "HI", GREY)
    if view.bid >= 0:
        font.draw_number(canvas, x + 1, e["y"], view.bid, WHITE)
    x2 = e.get("x2", e["x"])
    y2 = e.get("y2", e["y"] + 6)
    if view.bid_choice == 0:
        font.draw_text(canvas, x2, y2, "PASS", YELLOW)
    elif view.bid_choice > 0:
        font.draw_number(canvas, x2, y2, view.bid_choice, YELLOW)


def draw_why(canvas, view, width, height):
    """Why the red ghost cannot go there: two lines on a black band over the half of the
    board away from the ghost (it stays in view), the ghost's red as its edge."""
    a, b = view.why
    h = 2 * 6 + 3
    top = view.by + 1 + (view.gr if view.ring else 2 * view.gr)
    y = 0 if top >= height // 2 else height - h
    canvas.fill_rect(0, y, width, h, 0)
    canvas.fill_rect(0, y if y else h - 1, width, 1, ILLEGAL)
    ty = y + (2 if y else 1)
    font.draw_text(canvas, 1, ty, a, WHITE)
    font.draw_text(canvas, 1, ty + 6, b, WHITE)


def draw_overlay(canvas, view, width, height):
    if view.overlay == WHY:
        draw_why(canvas, view, width, height)
    if view.overlay == END:
        canvas.fill_rect(0, 0, width, height, 0)
        font.draw_text(canvas, 1, 1, "END", WHITE)
        font.draw_text(canvas, 1, 8, view.end_ns, NS_RGB)  # NS4X5=20: the factors too
        font.draw_text(canvas, 1, 14, view.end_ew, EW_RGB)
        font.draw_text(canvas, 1, 21, view.winner_text, view.winner_rgb)
