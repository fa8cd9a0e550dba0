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
            card += next(ch for ch in font.glyphs() if font.glyphs()[ch] == g)
            x += 4
        out.append((card, c, bracket))
    return out


def _cell_pixels(card):
    """The lit pixels of a card in a grid cell 6 wide, as (x, y) from the cell's corner: 10
    and 12 with a narrow 1, -4 with a 2-LED dash, a digit or P in the font, centred."""
    last = font.glyph(card[-1])
    if len(card) == 1:
        w = 3
    else:
        w = 6 if card == "-4" else 5
    x0 = (6 - w) // 2
    lit = set()
    if card == "-4":
        lit.add((x0, 2))
        lit.add((x0 + 1, 2))
    elif len(card) == 2:
        for r in range(5):
            lit.add((x0, r))
    gx = x0 + w - 3
    bit = 1 << 14
    for row in range(5):
        for col in range(3):
            if last & bit:
                lit.add((gx + col, row))
            bit >>= 1
    return lit


def grid(s):
    """The hand as a 2 x 2 grid in the middle (no room for the line): [(card, colour,
    underlined in cyan)] read off the frame, in the hand's order."""
    from shared_rules.tactik.rules import CARDS

    canvas = s.app.canvas
    mx, my, mw, mh = s.mode.layout.middle
    x0 = mx + (mw - 13) // 2
    y0 = my + (mh - 13) // 2
    out = []
    for i in range(4):
        cx = x0 + (i & 1) * 7
        cy = y0 + (i >> 1) * 7
        lit = {}
        for y in range(5):
            for x in range(6):
                rgb = canvas.get(cx + x, cy + y)
                if rgb:
                    lit[(x, y)] = rgb
        if not lit:
            continue
        colours = set(lit.values())
        assert len(colours) == 1, colours
        card = [c for c in CARDS if _cell_pixels(c) == set(lit)]
        assert len(card) == 1, (i, sorted(lit))
        under = [canvas.get(cx + x, cy + 5) for x in range(6)]
        out.append((card[0], colours.pop(), under == [tactik_view.SELECT_RGB] * 6))
    return out
