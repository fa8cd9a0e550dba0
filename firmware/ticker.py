"""Scrolling text in a window of the panel: a line too wide for it (a refusal's reason, a menu
value) is shown whole over time. One Ticker is made once and reused; nothing is allocated per
frame (integer arithmetic on the time since `start`).

The text first stands still at the window's left edge (HOLD_MS), then moves one pixel every
STEP_MS until its end reaches the window's right edge, stands still again, and starts over
(`loop`) or stays there (`done()` is then true).
"""

from micropython import const

from firmware import font

HOLD_MS = const(700)
STEP_MS = const(45)


class Ticker:
    def __init__(self):
        self.text = ""
        self.width = 0  # the window's width in pixels
        self.span = 0  # how far the text must move: 0 when it fits
        self.t0 = 0
        self.loop = False
        self.shown = -1  # the offset last drawn (-1: nothing yet)

    def start(self, text, width, now, loop=False):
        """Show `text` (already upper case: the font draws upper case) in a window `width` px
        wide from time `now`."""
        self.text = text
        self.width = width
        span = font.text_width(text) - width
        self.span = span if span > 0 else 0
        self.t0 = now
        self.loop = loop
        self.shown = -1

    def period(self):
        """The time to show the whole text once, holds included."""
        return 2 * HOLD_MS + self.span * STEP_MS

    def offset(self, now):
        """How many pixels the text has moved left at time `now`."""
        span = self.span
        if not span:
            return 0
        t = now - self.t0
        if t < 0:
            t = 0
        if self.loop:
            t %= 2 * HOLD_MS + span * STEP_MS
        t -= HOLD_MS
        if t <= 0:
            return 0
        t //= STEP_MS
        return t if t < span else span

    def done(self, now):
        """The text has been shown whole (and held at its end); always true for a text that
        fits its window."""
        return not self.loop and now - self.t0 >= self.period()

    def moved(self, now):
        """True when the text is at another place than where it was last drawn (a frame is
        due)."""
        return self.span > 0 and self.offset(now) != self.shown

    def draw(self, canvas, x, y, rgb, now):
        """Draw the text in the window that starts at x (clipped to it)."""
        off = self.offset(now)
        self.shown = off
        draw_text_clip(canvas, x - off, y, self.text, rgb, x, x + self.width)


def draw_text_clip(canvas, x, y, text, rgb, lo, hi):
    """Draw text at (x, y) showing only the columns lo <= x < hi (scrolling windows);
    allocation-free like draw_text."""
    for ch in text:
        if x >= hi:
            return
        if x + font.W > lo:
            if x >= lo and x + font.W <= hi:
                font.draw_glyph(canvas, x, y, font.glyph(ch), rgb)
            else:
                g = font.glyph(ch)
                bit = 1 << 14
                for row in range(font.H):
                    for col in range(font.W):
                        if g & bit and lo <= x + col < hi:
                            canvas.set(x + col, y + row, rgb)
                        bit >>= 1
        x += font.ADVANCE
