"""Draws a Tac-Tik scene (pawns, highlights, card, turn, the card just played, the exchange,
animation sprites) into a Canvas through a tactik_layout.Layout.

The controller keeps one Scene and updates it when the game or the selection changes; drawing a
frame reads only small ints from preallocated bytearrays, so it allocates nothing.
"""

# pyright: reportAttributeAccessIssue=false
# (a Layout's and a TactikView's fields, set by layout_build and view_build: the type checker
# cannot see them)

from array import array

from micropython import const

from firmware import font
from shared_rules import native
from shared_rules.tactik.rules import CARDS

WHITE = const(0xFFFFFF)
SELECT_RGB = const(0x00FFFF)  # selection highlight: cyan (G+B), the one mix no pawn colour uses
NO_USE_RGB = const(0x707070)  # a card of the hand with no use: grey, still legible
STRIP_H = const(5)  # the hand's strip: one line of the 3 x 5 font
_AROUND = const(((0, -1), (0, 1), (-1, 0), (1, 0)))  # a selection's halo: the free pixels beside it
BLINK_MS = const(250)
GIVE_MS = const(500)  # exchange on a small middle: "GIVE" and the card take turns
SHOW_MS = const(1500)  # the card just played stays in the middle at least this long
STAKE = const(1)  # pawn flag: a stake on its start square
MAX_MARKS = const(64)
MAX_SPRITES = const(8)

# Blink styles for highlighted pixels (`Scene.mark`).
MOVABLE = const(0)  # a pawn the chosen card can move: its colour, then off
SELECTED = const(1)  # the selected pawn: its colour, then cyan
TARGET = const(2)  # the selected use's destination: cyan, then off


_native = []  # the pawns' loop, found at the first frame (load_native)


def load_native():
    """The pawns' loop: fastpawns.pawns on MicroPython, plainmap.pawns elsewhere (and on a port
    without native code); found once, at the first frame."""
    if native.load(_native, "firmware.games.tactik.fastpawns", ("pawns",)) is None:
        from firmware.plainmap import pawns

        _native[0] = pawns
    return _native[0]


def dim(rgb, shift):
    """The colour with every channel shifted right (a darker version of the same hue)."""
    return ((rgb >> 16 & 0xFF) >> shift) << 16 | ((rgb >> 8 & 0xFF) >> shift) << 8 | (
        (rgb & 0xFF) >> shift)


class Scene:
    """What to show, filled by the controller and read by TactikView.draw. Pixels are packed
    (x | y << 8) as in layout.py; pawns, marks and sprites live in bytearrays."""

    def __init__(self, layout):
        self.layout = layout
        n = len(layout.colours)
        self.pawns = bytearray(4 * 4 * n)  # per pawn: x, y, colour index, flags
        self.npawns = 0
        self.taken = None  # the state's pos and stakes the pawns were taken from (show_state)
        self.mover = -1  # colour index of the seat to move (its first colour), -1 for none
        self.turn = []  # colour indexes whose turn markers light (two in individual games)
        self.card = ""  # card code shown in the middle ("" for none)
        self.glyphs = [0, 0]
        self.nglyphs = 0
        self.card_bad = False
        self.steps = -1  # 7x1 steps still to place, -1 when not splitting
        self.hand = ()  # card codes of the hand shown (virtual deck), () for none
        self.hand_sel = -1
        self.hand_ok = bytearray(8)  # 1: that card of the hand has a use (or may be given)
        self.marks = bytearray(4 * MAX_MARKS)  # x, y, style, colour index
        self.nmarks = 0
        self.sprites = bytearray(3 * MAX_SPRITES)  # x, y, colour index (drawn last)
        self.nsprites = 0
        self.winners = ()  # colour indexes of the winning team, () while playing
        self.busy = False  # a bot is thinking: the turn marker pulses
        self.give_to = -1  # exchange phase: colour index of the partner the card goes to
        self.give_at = 0  # when the exchange's card last showed first (a press: at once)
        self.played = [0, 0]  # glyphs of the card just played, shown a moment in the middle
        self.nplayed = 0  # 0: none shown
        self.played_card = ""
        self.played_colour = 0  # colour index of the player who played it
        self.played_bad = False  # a discard (the card had no use)
        # where the pawns of the last move ended (up to 4: a 7x1 moves several), blinking
        # white (a white pawn: faint) while its card shows, until the next move starts
        self.last_px = array("H", (0, 0, 0, 0))
        self.last_c = bytearray(4)
        self.nlast = 0

    def show_state(self, st):
        """The pawns of an engine state, taken again only when they moved since (a card press
        moves none, and taking them costs 3.7 ms at 6 players on a Pico)."""
        key = bytes(st.pos) + bytes(st.stake)
        if key != self.taken:
            self.set_positions(st.positions())
            self.taken = key

    def set_positions(self, positions):
        """Take `state.positions()` ({colour: [locations]}) as pixels (nest pawns fill slots)."""
        self.taken = None  # not known to be a state's (show_state)
        L = self.layout
        b = self.pawns
        k = 0
        for c in range(len(L.colours)):
            colour = L.colours[c]
            slot = 0
            for loc in positions.get(colour, ()):
                if loc == "N":
                    p = L.nests[colour][slot]
                    slot += 1
                else:
                    p = L.where(colour, loc)
                b[k] = p & 0xFF
                b[k + 1] = p >> 8
                b[k + 2] = c
                b[k + 3] = STAKE if loc[-1] == "*" else 0
                k += 4
        self.npawns = k // 4

    def pawn_at(self, p):
        """Index of the pawn drawn at packed pixel p, or -1."""
        b = self.pawns
        x, y = p & 0xFF, p >> 8
        for i in range(self.npawns):
            if b[4 * i] == x and b[4 * i + 1] == y:
                return i
        return -1

    def hide_pawn_at(self, p):
        """Drop the pawn drawn at packed pixel p (it is being animated as a sprite)."""
        i = self.pawn_at(p)
        if i < 0:
            return False
        last = self.npawns - 1
        b = self.pawns
        self.taken = None
        b[4 * i:4 * i + 4] = b[4 * last:4 * last + 4]
        self.npawns = last
        return True

    def set_card(self, card, bad=False):
        self.card = card or ""
        self.card_bad = bad
        n = 0
        for ch in self.card:
            if n < 2:
                self.glyphs[n] = font.glyph(ch)
            n += 1
        self.nglyphs = min(n, 2)

    def show_played(self, k, colour, bad=False):
        """Show card CARDS[k] as just played by colour index `colour` (until nplayed = 0)."""
        card = CARDS[k]
        n = 0
        for ch in card:
            if n < 2:
                self.played[n] = font.glyph(ch)
            n += 1
        self.nplayed = min(n, 2)
        self.played_card = card
        self.played_colour = colour
        self.played_bad = bad

    def clear_marks(self):
        self.nmarks = 0

    def mark(self, p, style, colour=0):
        if self.nmarks >= MAX_MARKS:
            return
        k = 4 * self.nmarks
        m = self.marks
        m[k] = p & 0xFF
        m[k + 1] = p >> 8
        m[k + 2] = style
        m[k + 3] = colour
        self.nmarks += 1

    def clear_sprites(self):
        self.nsprites = 0

    def sprite(self, p, colour):
        if self.nsprites >= MAX_SPRITES:
            return
        k = 3 * self.nsprites
        s = self.sprites
        s[k] = p & 0xFF
        s[k + 1] = p >> 8
        s[k + 2] = colour
        self.nsprites += 1


class TactikView:
    """Draws a Scene; colours and their dim variants are computed once here."""

    def __init__(self, layout):
        from firmware.games.tactik import view_build  # (a board lets it go: App.lean)

        view_build.build(self, layout)

    def _halo(self, canvas, x, y, rgb):
        """The free pixels beside (x, y), up, down, left and right: a selection several LEDs
        wide, where the board has room for it."""
        free = self.free
        w = canvas.width
        h = canvas.height
        for dx, dy in _AROUND:
            px = x + dx
            py = y + dy
            if 0 <= px < w and 0 <= py < h:
                i = py * w + px
                if free[i >> 3] & (1 << (i & 7)):
                    canvas.set(px, py, rgb)

    def draw(self, canvas, scene, now_ms, clear=True):
        on = (now_ms // BLINK_MS) & 1 == 0
        if clear:
            canvas.clear()
        # The board: holes alternately brighter and fainter grey, start squares and bases
        # tinted with their colour (start squares brightest), empty nest slots fainter still:
        # one native call (see _board).
        canvas.plot_colours(self.board_pts, self.board_idx, self.board_rgb)
        # Pawns; a stake (flag STAKE) lights its marker outside the start square (matrix) or
        # dips briefly every second on boards without one. One native call (a Python loop over
        # 24 pawns took an emulated Pico 1.1 ms a frame).
        (_native[0] if _native else load_native())(
            canvas.buf, canvas.width, canvas.height, scene.pawns, scene.npawns, self.full,
            self.faint, self.marks, (now_ms // BLINK_MS) & 3 == 3)
        # The last move's pawns: their colour, then white, while its card shows.
        if scene.nplayed and not on:
            for i in range(scene.nlast):
                p = scene.last_px[i]
                c = scene.last_c[i]
                canvas.set(p & 0xFF, p >> 8, WHITE if self.full[c] != WHITE else self.faint[c])
        self._draw_marks(canvas, scene, on)
        s = scene.sprites
        for i in range(scene.nsprites):
            k = 3 * i
            canvas.set(s[k], s[k + 1], self.full[s[k + 2]])
        self._draw_status(canvas, scene, now_ms, on)

    def _draw_marks(self, canvas, scene, on):
        """The highlights: pawns that can move blink, the selected one and its destination
        light the free pixels beside them too."""
        m = scene.marks
        for i in range(scene.nmarks):
            k = 4 * i
            style = m[k + 2]
            if style == MOVABLE:
                canvas.set(m[k], m[k + 1], self.full[m[k + 3]] if on else 0)
            elif style == SELECTED:
                canvas.set(m[k], m[k + 1], self.full[m[k + 3]] if on else SELECT_RGB)
                if not on and self.free is not None:
                    self._halo(canvas, m[k], m[k + 1], SELECT_RGB)
            elif on:
                canvas.set(m[k], m[k + 1], SELECT_RGB)
                if self.free is not None:  # the destination: a cyan cross, not one LED
                    self._halo(canvas, m[k], m[k + 1], SELECT_RGB)

    def _draw_winners(self, canvas, scene, now_ms):
        """Celebration: the winners' colours flash on their bases and turn markers, and chase
        round the middle, WIN in it."""
        L = self.layout
        k = now_ms // 150
        for j in range(len(scene.winners)):
            c = scene.winners[j]
            rgb = self.full[c] if (k + j) & 1 else WHITE
            for p in L.turns[L.colours[c]]:
                canvas.set(p & 0xFF, p >> 8, rgb)
            for p in L.bases[L.colours[c]]:
                canvas.set(p & 0xFF, p >> 8, rgb)
        c = scene.winners[k % len(scene.winners)]
        self._frame(canvas, self.full[c], (k >> 1) & 1)
        if L.middle is not None:  # WIN in the middle, in the winners' colour of the moment
            mw = L.middle[2]
            s = L.font_scale if 11 * L.font_scale <= mw else 1
            if 11 * s <= mw:
                self._card(canvas, self.win, 3, -1, c, s=s)

    def _draw_status(self, canvas, scene, now_ms, on):
        L = self.layout
        mover = scene.mover
        if scene.winners:
            self._draw_winners(canvas, scene, now_ms)
            return
        if mover >= 0:
            for c in scene.turn:
                canvas.plot(self.turn_pts[c], self.faint[c] if scene.busy and not on
                            else self.full[c])
        if L.middle is None:
            self._draw_card_leds(canvas, scene, on)
        elif scene.nplayed:
            # the card lies on the middle filled with its player's colour, dimmed: one row
            # made, then copied down
            c = scene.played_colour
            mx, my, mw, mh = L.middle
            row = self.fill
            rgb = dim(self.full[c], 3)
            if rgb != self.fill_rgb:  # made again only for another player's colour
                for i in range(0, 3 * mw, 3):
                    row[i] = rgb >> 16
                    row[i + 1] = rgb >> 8 & 0xFF
                    row[i + 2] = rgb & 0xFF
                self.fill_rgb = rgb
            buf = canvas.buf
            for y in range(my, my + mh):
                i = 3 * (y * canvas.width + mx)
                buf[i:i + 3 * mw] = row
            self._card(canvas, scene.played, scene.nplayed, -1, c,
                       self.half[c] if scene.played_bad else -1)
        elif mover < 0:
            return
        elif scene.give_to >= 0:
            self._draw_give(canvas, scene, now_ms)
        else:
            self._draw_middle(canvas, scene)

    def _frame(self, canvas, rgb, dotted=0):
        """The middle's frame (dotted: every other pixel)."""
        L = self.layout
        if L.middle is not None:
            canvas.plot(self.rim_dots if dotted else self.rim, rgb)
        if L.card_leds:
            for card in CARDS:
                p = L.card_leds[card]
                canvas.set(p & 0xFF, p >> 8, rgb if not dotted else 0)

    def _card(self, canvas, glyphs, n, y, c, strike=-1, steps=-1, s=0, rgb=-1):
        """n glyphs centred in the middle in colour index c, or in `rgb` (y -1: centred too;
        s: scale, 0 the layout's); crossed out (no use) by a line of colour `strike` behind
        them."""
        mx, my, mw, mh = self.layout.middle
        s = s or self.layout.font_scale
        width = (n * 4 - 1) * s
        if steps >= 0:
            width += 5 * s
        x = mx + (mw - width) // 2
        if y < 0:
            y = my + (mh - 5 * s) // 2
        if rgb < 0:
            rgb = self.full[c]
        if strike >= 0:  # behind the card, which stays whole
            canvas.fill_rect(x - s, y + 2 * s, width + 2 * s, s, strike)
        if s == 1 and n <= 6:  # one native call for the glyphs (one each: 0.3 ms of a Pico)
            spec = self.spec
            spec[1] = 0  # no box under them
            spec[2] = y
            spec[3] = n
            for i in range(n):
                spec[4 + 2 * i] = x
                spec[5 + 2 * i] = glyphs[i]
                x += 4
            canvas.glyphs(spec, rgb)
        else:
            for i in range(n):
                self._glyph(canvas, x, y, glyphs[i], rgb, s)
                x += 4 * s
        if steps >= 0:
            x += s
            self._glyph(canvas, x, y, self.digits[steps % 10], WHITE, s)

    def _draw_middle(self, canvas, scene):
        mx, my, mw, mh = self.layout.middle
        mover = scene.mover
        if self.grid and 1 < len(scene.hand) <= 4 and scene.steps < 0:
            if mw >= 15 and mh >= 15:  # its frame says if the chosen card has a use
                self._frame(canvas, self.faint[mover] if scene.card_bad else self.half[mover],
                            1 if scene.card_bad else 0)
            self._grid(canvas, scene)
            return
        # A card with a use in a solid frame of its player's colour; a card with no use weaker
        # and another shape: a faint dotted frame, the card dimmer and crossed out by a faint
        # line through its middle row, behind it (it stays readable: a crossed 0 is no 8).
        # Steady: nothing blinks for it.
        if scene.card_bad:  # dimmer but legible: half its colour (a quarter was too faint)
            faint = self.faint[mover]
            self._frame(canvas, faint, 1)
            self._card(canvas, scene.glyphs, scene.nglyphs, -1, mover, faint, scene.steps,
                       rgb=self.start_rgb[mover])
        else:
            self._frame(canvas, self.half[mover])
            self._card(canvas, scene.glyphs, scene.nglyphs, -1, mover, -1, scene.steps)
        self._hand(canvas, scene)

    def _hand(self, canvas, scene):
        """The whole hand at a glance: every card in a line at the panel's foot (strip_y),
        those with a use in the mover's colour, those without in a legible grey, the selected
        one between cyan brackets, [10], a shape nobody can miss (and no colour to tell); where
        the board has no room for the line, the pips under the middle."""
        nh = len(scene.hand)
        y = self.strip_y
        if not nh:
            return
        if y < 0:
            self._pips(canvas, scene)
            return
        w = canvas.width
        canvas.fill_rect(0, y, w, STRIP_H, 0)
        hand = scene.hand
        sel = scene.hand_sel
        total = 6  # the brackets: 2 LEDs and a gap on each side of the selected card
        for i in range(nh):
            total += 4 * len(hand[i]) - 1  # each card's glyphs
        gap = 3  # between cards: wider than between a card's two glyphs (5 10, not 510)
        while gap > 1 and total + gap * (nh - 1) > w:
            gap -= 1
        total += gap * (nh - 1)
        first = 0
        while total > w and first < sel:  # too long: start nearer the selection
            total -= 4 * len(hand[first]) - 1 + gap
            first += 1
        x = (w - total) // 2 if total <= w else 0
        mover = scene.mover
        for i in range(first, nh):
            card = hand[i]
            cw = 4 * len(card) - 1
            ok = scene.hand_ok[i] if i < len(scene.hand_ok) else 1
            rgb = self.full[mover] if ok else NO_USE_RGB
            if i == sel:
                self._bracket(canvas, x, y, 1)
                x += 3
                self._bracket(canvas, x + cw + 1, y, -1)
            gl = self.card_glyphs[card]
            for k in range(len(gl)):
                if x + 3 <= w:
                    canvas.glyph(x, y, gl[k], rgb)
                x += 4
            x += gap - 1 + (3 if i == sel else 0)  # (the glyph loop stepped one LED past)

    def _grid(self, canvas, scene):
        """The whole hand in the middle, 2 x 2 (no room for the line): each card in a cell
        6 LEDs wide (10 and 12 with a narrow 1, -4 with a short dash), those with a use in
        the mover's colour, those without in the legible grey, the selected one underlined by
        a cyan bar as wide as its cell (a shape, not only a colour)."""
        mx, my, mw, mh = self.layout.middle
        hand = scene.hand
        x0 = mx + (mw - 13) // 2
        y0 = my + (mh - 13) // 2
        # (looked up once: this runs at every frame of a turn, blinking ones too, and a press
        # that comes during one waits for it)
        oks = scene.hand_ok
        nok = len(oks)
        full = self.full[scene.mover]
        card_glyphs = self.card_glyphs
        glyph = canvas.glyph
        fill = canvas.fill_rect
        for i in range(len(hand)):
            card = hand[i]
            cx = x0 + (i & 1) * 7
            cy = y0 + (i >> 1) * 7
            rgb = full if i >= nok or oks[i] else NO_USE_RGB
            gl = card_glyphs[card]
            if len(gl) == 1:  # 3 wide, centred
                glyph(cx + 1, cy, gl[0], rgb)
            elif card == "-4":  # a short dash: 6 wide
                fill(cx, cy + 2, 2, 1, rgb)
                glyph(cx + 3, cy, gl[1], rgb)
            else:  # 10, 12: a narrow 1, 5 wide
                fill(cx, cy, 1, 5, rgb)
                glyph(cx + 2, cy, gl[1], rgb)
            if i == scene.hand_sel:
                fill(cx, cy + 5, 6, 1, SELECT_RGB)

    def _bracket(self, canvas, x, y, side):
        """A cyan bracket STRIP_H tall at column x, its ticks toward `side` (1: "[", -1: "]")."""
        canvas.fill_rect(x if side > 0 else x + 1, y, 1, STRIP_H, SELECT_RGB)
        canvas.set(x + 1 if side > 0 else x, y, SELECT_RGB)
        canvas.set(x + 1 if side > 0 else x, y + STRIP_H - 1, SELECT_RGB)

    def _pips(self, canvas, scene):
        """The hand: one pip per card on the bottom edge of the middle, the chosen one cyan,
        dark between them (the frame stops there: they stay apart from it and countable)."""
        nh = len(scene.hand)
        if nh:
            mx, my, mw, mh = self.layout.middle
            px = mx + (mw - (2 * nh - 1)) // 2
            py = my + mh - 1
            canvas.fill_rect(px - 1, py, 2 * nh + 1, 1, 0)
            for i in range(nh):
                canvas.set(px + 2 * i, py, SELECT_RGB if i == scene.hand_sel
                           else self.half[scene.mover])

    def _draw_give(self, canvas, scene, now_ms):
        """Exchange: "GIVE" in the giver's colour under a bar of the partner's colour (to
        whom), above the card chosen, or taking turns with it on a small middle (from
        scene.give_at: the card first)."""
        mx, my, mw, mh = self.layout.middle
        cs = self.layout.font_scale
        s = 1 if 15 * cs > mw else cs  # "GIVE" is 15 font pixels wide
        canvas.fill_rect(mx, my, mw, 1, self.full[scene.give_to])
        n = scene.nglyphs
        y = -1
        if n and self.strip_y >= 0 and scene.hand:
            n = 0  # the hand's line shows the card chosen: GIVE stays, steady, with it
        if n and mh >= 5 * (s + cs) + 4:  # room for both: GIVE above the card
            y = my + 2
            self._card(canvas, scene.glyphs, n, y + 5 * s + 1, scene.mover)
        elif n and mh >= 5 * (s + 1) + 3:  # both, the card at the font's own size
            y = my + (mh - 5 * (s + 1) - 1 + 1) // 2
            self._card(canvas, scene.glyphs, n, y + 5 * s + 1, scene.mover, s=1)
        elif n and not ((now_ms - scene.give_at) // GIVE_MS) & 1:  # else they take turns,
            # the card first from the last press (the moment it is chosen it shows)
            y = -2
            self._card(canvas, scene.glyphs, n, -1, scene.mover)
        if y > -2:
            self._card(canvas, self.give, 4, y, scene.mover, s=s)
        self._hand(canvas, scene)

    def _glyph(self, canvas, x, y, g, rgb, s):
        bit = 1 << 14
        if s == 1:  # one native call (Canvas.glyph) instead of a Canvas.set per pixel
            canvas.glyph(x, y, g, rgb)
            return
        for row in range(5):
            for col in range(3):
                if g & bit:
                    if s == 1:
                        canvas.set(x + col, y + row, rgb)
                    else:
                        canvas.fill_rect(x + col * s, y + row * s, s, s, rgb)
                bit >>= 1

    def _draw_card_leds(self, canvas, scene, on):
        """Hole board: one LED per card kind (engraved beside it) and seven 7x1 step LEDs; the
        card just played lights in its player's colour (until the next move starts)."""
        L = self.layout
        if scene.nplayed:
            c = scene.played_colour
            p = L.card_leds[scene.played_card]
            canvas.set(p & 0xFF, p >> 8, self.full[c])
            return
        mover = scene.mover
        if mover < 0 or not L.card_leds:
            return
        for card in scene.hand:
            p = L.card_leds[card]
            canvas.set(p & 0xFF, p >> 8, self.faint[mover])
        if scene.card:  # the chosen card: steady in full colour; with no use weaker, a
            p = L.card_leds[scene.card]  # quarter of it, and blinking (another shape in time)
            if scene.card_bad:
                canvas.set(p & 0xFF, p >> 8, self.half[mover] if on else 0)
            else:
                canvas.set(p & 0xFF, p >> 8, self.full[mover])
        for i in range(len(L.step_leds)):
            p = L.step_leds[i]
            canvas.set(p & 0xFF, p >> 8, self.full[mover] if i < scene.steps else 0)
