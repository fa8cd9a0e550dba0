"""Reads the 3 x 5 font back from a frame's pixels (tests of what the panel says, both
runtimes): a row of text decoded cell by cell, and a scrolling line put together over frames."""

from firmware import font

_CHARS = []


def chars():
    """Glyph pattern -> character (the space is the empty pattern), made once."""
    if not _CHARS:
        table = {}
        for ch in font.glyphs():
            table[font.glyphs()[ch]] = ch
        _CHARS.append(table)
    return _CHARS[0]


def cell(canvas, x, y):
    """The 15-bit pattern of the 3 x 5 cell at (x, y) (any lit pixel is on)."""
    g = 0
    for row in range(font.H):
        for col in range(font.W):
            g <<= 1
            if canvas.get(x + col, y + row):
                g |= 1
    return g


def read_at(canvas, x, y, lo=0, hi=None):
    """The characters in cells x, x+4, ... that lie whole in columns lo..hi-1 ('~' for a
    pattern that is no glyph), outer spaces stripped."""
    hi = canvas.width if hi is None else hi
    table = chars()
    while x < lo:
        x += font.ADVANCE
    out = ""
    while x + font.W <= hi:
        out += table.get(cell(canvas, x, y), "~")
        x += font.ADVANCE
    return out.strip()


def read_row(canvas, y, lo=0, hi=None):
    """The text of row y whatever its horizontal phase: of the four phases, the one that reads
    only glyphs and the most letters."""
    best = ""
    score = -1
    for phase in range(font.ADVANCE):
        text = read_at(canvas, phase, y, lo, hi)
        if "~" in text:
            continue
        n = len(text.replace(" ", ""))
        if n > score:
            best, score = text, n
    return best


def covers(windows, text):
    """True when the windows read over frames (in order) show all of `text`: the first is its
    start, each next one a piece further on that joins what was shown, the last reaches its
    end (a scroll shown whole; a text that fits is one window, itself)."""
    if not windows or not text.startswith(windows[0]):
        return False
    start, end = 0, len(windows[0])
    for w in windows[1:]:
        at = text.find(w, start)
        if at < 0 or at > end:
            return False  # not a piece of the text, or a gap in what was shown
        start = at
        end = max(end, at + len(w))
    return end == len(text)


def frames_allocate(app, ms, step=10):
    """The most bytes one frame allocates while the clock runs `ms` (a scroll moving; the gc
    off around each frame; 0 on CPython, which has no such count)."""
    import gc
    import sys

    worst = 0
    for _ in range(ms // step):
        app.hw.sleep_ms(step)
        if sys.implementation.name != "micropython":
            app.frame()
            continue
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        app.frame()
        used = gc.mem_alloc() - before
        gc.enable()
        worst = max(worst, used)
    return worst
