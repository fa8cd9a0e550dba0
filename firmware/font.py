"""A 3 x 5 pixel font (digits, A-Z, a few signs) for the menu, scores and card names.

Each glyph is 15 bits, rows top to bottom, 3 bits a row, the high bit on the left.

Letters that look alike at this size are drawn apart (issue 23: KOSMOS, WHO): M is heavy at the
top, W at the bottom, N is an open arch, H has its bar in the middle, K its arms apart, U a
rounded foot (its corner against V's point: the one pair one pixel apart); every other two
letters differ in two pixels at least (tests/firmware/test_fw_font.py).
"""

from array import array

from micropython import const

W = const(3)
H = const(5)
ADVANCE = const(4)

# the font's characters (bytes), each drawn by the pattern at its place in _PATTERNS: a dict
# keyed by them, or a str indexed, would make each a name MicroPython interns for good
CHARS = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ -+:.!?/<>=*#(),'_^"
_PATTERNS = const((  # 0-9, A-Z, then the signs, in the order of CHARS
    0b111101101101111, 0b010110010010111, 0b111001111100111, 0b111001111001111,
    0b101101111001001, 0b111100111001111, 0b111100111101111, 0b111001010010010,
    0b111101111101111, 0b111101111001111, 0b010101111101101, 0b110101110101110,
    0b011100100100011, 0b110101101101110, 0b111100110100111, 0b111100110100100,
    0b011100101101011, 0b101101111101101, 0b111010010010111, 0b001001001101010,
    0b101110100110101, 0b100100100100111, 0b111111101101101, 0b110101101101101,
    0b010101101101010, 0b110101110100100, 0b010101101110011, 0b110101110101101,
    0b011100010001110, 0b111010010010010, 0b101101101101011, 0b101101101101010,
    0b101101101111111, 0b101101010101101, 0b101101010010010, 0b111001010100111,
    0b000000000000000, 0b000000111000000, 0b000010111010000, 0b000010000010000,
    0b000000000000010, 0b010010010000010, 0b111001010000010, 0b001001010100100,
    0b001010100010001, 0b100010001010100, 0b000111000111000, 0b101010101000000,
    0b101111101111101, 0b010100100100010, 0b010001001001010, 0b000000000010100,
    0b010010000000000, 0b000000000000111, 0b010101000000000,
))
_UNKNOWN = const(42)  # the place of "?" in CHARS: the pattern of a character the font lacks


def glyph(ch):
    """The 15-bit pattern of a character (lower case drawn as upper case; unknown -> '?')."""
    c = ord(ch) if len(ch) == 1 else 0
    g = table()[c] if c < 128 else 0
    return g if g or c == 32 else _PATTERNS[_UNKNOWN]


def glyphs():
    """{character: its pattern}: the whole font, made on demand (the tests, the host)."""
    return {chr(c): p for c, p in zip(CHARS, _PATTERNS)}


# the 15-bit glyphs of 0..9, public: a view that writes glyphs its own way (games/tayu/view.py)
# draws its numbers with them
DIGITS = _PATTERNS[:10]


def draw_char(canvas, x, y, ch, rgb):
    draw_glyph(canvas, x, y, glyph(ch), rgb)


def draw_glyph(canvas, x, y, g, rgb):
    """Draw a 15-bit glyph pattern (the canvas's native glyph: a pixel at a time in Python
    cost an RP2040 some 0.6 ms a digit)."""
    canvas.glyph(x, y, g, rgb)


# every ASCII code's glyph (0: none, drawn as '?'), filled at the first text drawn: made here,
# while the heap is fresh, so that drawing a text never allocates (the smallest heap a board
# boots with had no room left for it at its first frame)
_TABLE = array("H", bytes(256))
_FILLED = []


def table():
    """The glyph of every ASCII code, array("H") of 128 (lower case as upper case, 0 where the
    font has none: the text loops draw '?' there): what a text is drawn with in one call
    (Canvas.text)."""
    if not _FILLED:
        t = _TABLE
        for i in range(len(CHARS)):
            c = CHARS[i]
            g = t[c] = _PATTERNS[i]
            if 65 <= c <= 90:  # a letter: its lower case too
                t[c + 32] = g
        _FILLED.append(True)
    return _TABLE


def draw_text(canvas, x, y, text, rgb):
    """Draw text at (x, y) (top-left); returns the x after the last character."""
    return canvas.text(x, y, text, _TABLE if _FILLED else table(), rgb)


def text_width(text):
    return len(text) * ADVANCE - 1 if text else 0


def draw_number(canvas, x, y, value, rgb, right=False):
    """Draw an integer; with right=True, x is the right edge. Allocation-free for small ints."""
    value = int(value)
    neg = value < 0
    if neg:
        value = -value
    digits = 1
    v = value
    while v >= 10:
        v //= 10
        digits += 1
    width = (digits + (1 if neg else 0)) * ADVANCE - 1
    if right:
        x = x - width + 1
    if neg:
        draw_char(canvas, x, y, "-", rgb)
        x += ADVANCE
    p = 1
    for _ in range(digits - 1):
        p *= 10
    while p:
        d = (value // p) % 10
        draw_glyph(canvas, x, y, DIGITS[d], rgb)
        x += ADVANCE
        p //= 10
    return x
