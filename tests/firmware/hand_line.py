"""Reading Tac-Tik's hand line off a frame (the tests of both runtimes): the cards at the
panel's foot, their colours, which one is between the cyan brackets."""

from firmware import font
from firmware.games.tactik import view as tactik_view


def text_at(canvas, x, y, text, rgb):
    """True if `text` is drawn at (x, y) in the 3 x 5 font: its pixels rgb, the gaps not."""
    for ch in text:
        g = font.glyph(ch)
        bit = 1 << 14
        for row in range(5):
            for col in range(3):
                lit = canvas.get(x + col, y + row) == rgb
                if lit != bool(g & bit):
                    return False
                bit >>= 1
        x += 4
    return True


def find_text(canvas, box, text, rgb):
    """Where `text` is drawn in colour rgb inside box (x, y, w, h), else None."""
    mx, my, mw, mh = box
    for y in range(my, my + mh - 4):
        for x in range(mx, mx + mw - 4 * len(text) + 2):
            if text_at(canvas, x, y, text, rgb):
                return (x, y)
    return None


def strip(s):
    """The hand's line as [(card, colour, bracketed)], read off the frame."""
    canvas = s.app.canvas
    y = s.mode.view.strip_y
    cols = []
    for x in range(canvas.width):
        lit = [canvas.get(x, y + r) for r in range(5) if canvas.get(x, y + r)]
        cols.append(lit[0] if lit else 0)
    out = []
    x = 0
    bracket = False
    while x < len(cols):
        c = cols[x]
        if c == tactik_view.SELECT_RGB:
            bracket = not bracket if cols[x + 1] != tactik_view.SELECT_RGB else bracket
            x += 1
            continue
        if not c:
            x += 1
            continue
        card = ""
        while x < len(cols) and cols[x] and cols[x] != tactik_view.SELECT_RGB:
            g = 0
            for row in range(5):
                for col in range(3):
                    g = g << 1 | (1 if canvas.get(x + col, y + row) else 0)
            card += next(ch for ch in font.GLYPHS if font.GLYPHS[ch] == g)
            x += 4
        out.append((card, c, bracket))
    return out
