"""Building a TactikView (view.py): the colours and their dim variants, the glyphs, the
board's fixed layer, the hand's strip and the free pixels. Run once a game at the start: a
board lets it go with the rest of its start's code (App.lean; docs/firmware.md)."""

from array import array

from micropython import const

from firmware import font
from firmware.games.tactik.layout import PAWN_RGB
from firmware.games.tactik.layout_build import chain
from firmware.games.tactik.view import STRIP_H, dim
from shared_rules.tactik.rules import CARDS

HOLE_RGB = const(0x1C1C1C)  # empty track holes alternate two faint greys, so they can be
HOLE2_RGB = const(0x0C0C0C)  # counted even where they touch (one pixel apart)


def build(v, layout):
    """Every field of the TactikView v that draws `layout`."""
    v.layout = layout
    # (arrays: the pawns' native loop reads full and faint, and each colour's stake mark)
    v.full = array("I", [PAWN_RGB[c] for c in layout.colours])
    v.half = [dim(rgb, 2) for rgb in v.full]
    v.faint = array("I", [dim(rgb, 4) for rgb in v.full])
    v.marks = array("H", [m if m >= 0 else 0xFFFF for m in
                          [layout.stake_marks[c] for c in layout.colours]])
    v.ghost = [dim(rgb, 5) for rgb in v.full]
    v.start_rgb = [dim(rgb, 1) for rgb in v.full]
    v.digits = [font.glyph(str(d)) for d in range(10)]
    v.win = [font.glyph(ch) for ch in "WIN"]  # the end: said in the middle, not guessed
    v.give = [font.glyph(ch) for ch in "GIVE"]
    # a card's glyphs in one native call (Canvas.glyphs; _card): no box, up to 6 glyphs
    v.spec = array("h", bytes(2 * (4 + 2 * 6)))
    # each card's glyphs, made once (the hand's line draws them every frame)
    v.card_glyphs = {}
    for card in CARDS:
        v.card_glyphs[card] = [font.glyph(ch) for ch in card]
    # Neighbouring holes one pixel apart alternate two greys (T0, T2… brighter); spaced
    # holes (a wider pitch, a hole board) need no help to be counted.
    v.alternate = layout.pitch == 1 and layout.middle is not None
    # the card just played lies in the middle: one row of its dim colour, copied down
    v.fill = bytearray(3 * layout.middle[2]) if layout.middle is not None else None
    v.fill_rgb = -1  # the colour `fill` holds
    # each colour's turn marker as packed pixels: Canvas.plot draws one in a call
    v.turn_pts = [array("H", layout.turns[colour]) for colour in layout.colours]
    _board(v, layout)
    v.strip_y = _strip_row(layout)
    # no room for the line but a middle of 13 x 13 (ref32 with 6 colours inside the
    # middle's frame, panel48 with 4 over it): the hand of up to 4 cards in a 2 x 2 grid
    # there instead of one card and pips
    m = layout.middle
    v.grid = v.strip_y < 0 and m is not None and m[2] >= 13 and m[3] >= 13
    v.free = _free_pixels(layout)
    v.rim = v.rim_dots = None  # the middle's frame, solid and dotted
    if layout.middle is not None:
        mx, my, mw, mh = layout.middle
        rim = []
        for x in range(mx, mx + mw):
            rim.append((x, my))
            rim.append((x, my + mh - 1))
        for y in range(my + 1, my + mh - 1):
            rim.append((mx, y))
            rim.append((mx + mw - 1, y))
        v.rim = array("H", [x | y << 8 for x, y in rim])
        v.rim_dots = array("H", [x | y << 8 for x, y in rim
                                 if (x & 1 if y in (my, my + mh - 1) else y & 1)])


def _free_pixels(L):
    """A bit per canvas pixel: 1 where the layout lights nothing (no hole, nest, base,
    marker, card LED, nor the middle): where a selection's halo may go. None on a board of
    holes (no pixel between its LEDs). A few hundred bytes, made once."""
    if L.middle is None:
        return None
    w, h = L.width, L.height
    free = bytearray(b"\xff" * ((w * h + 7) // 8))
    for p, _role in chain(L):
        i = (p >> 8) * w + (p & 0xFF)
        free[i >> 3] &= ~(1 << (i & 7))
    mx, my, mw, mh = L.middle
    for y in range(my, my + mh):
        for x in range(mx, mx + mw):
            i = y * w + x
            free[i >> 3] &= ~(1 << (i & 7))
    return free


def _strip_row(L):
    """Where the whole hand shows in a line (the top row of a band STRIP_H tall along the
    panel's foot that holds nothing of the board but turn markers, hidden while the hand
    shows: the hand is in the mover's colour), or -1: then the hand is a row of pips under
    the card in the middle. On ref32 with 4 colours: rows 27-31."""
    if L.middle is None or L.pitch != 1:
        return -1
    y0 = L.height - STRIP_H
    turns = []
    for colour in L.colours:
        turns.extend(L.turns[colour])
    for p, _role in chain(L):
        if p >> 8 >= y0 and p not in turns:
            return -1
    return y0


def _board(v, L):
    """The board's fixed layer as one list of pixels and their colours, drawn in one native
    call a frame (twenty Canvas.plot calls and the start squares' Canvas.set took some 3 ms
    on a Pico): the holes alternately brighter and fainter grey, each colour's start square,
    base and empty nest slots. A few hundred bytes, where a copy of the drawn board would
    take the canvas's 3 KB."""
    pts = array("H")
    idx = bytearray()
    palette = array("I", (HOLE_RGB, HOLE2_RGB))
    track = L.track
    for i in range(len(track)):
        pts.append(track[i])
        idx.append(1 if v.alternate and i & 1 else 0)
    for c in range(len(L.colours)):
        colour = L.colours[c]
        k = len(palette)
        palette.append(v.start_rgb[c])
        palette.append(v.half[c])
        palette.append(v.ghost[c])
        pts.append(track[16 * c])
        idx.append(k)
        for p in L.bases[colour]:
            pts.append(p)
            idx.append(k + 1)
        for p in L.nests[colour]:
            pts.append(p)
            idx.append(k + 2)
    v.board_pts = pts
    v.board_idx = idx
    v.board_rgb = palette
