"""Draws Tai Chi Chuan into a Canvas the way the panel shows it (positions from layout.py).

A card: a box tinted with its symbol's colour, its letter (or both letters of a double card)
in white above its symbol drawn as a SHAPE (the Ombrelle an umbrella, the Yin Yang a circle half
filled, the Lotus a flower), so a colour-blind player reads the symbol by its shape. The round's
first card is underlined; the card turned last has a white corner (the last move's card). The
status line: the seat to move (its colour and number), then the prompt, the choice under the
cursor (`<DRAW>`) or a verdict, and the deck's count at the right. The word line: the word being
entered (firmware/wordentry.py), a word announced (green: the board took it; amber: the
players overruled the dictionary; red: refused, with the reason in the status line) or the
last move. The seats: each seat's colour and its pile's count; the seat to move underlined,
the seats in a challenge marked with a white stake.

`View` holds what the controller sets; `draw` allocates nothing.
"""

from micropython import const

from firmware import font

SYMBOL_RGB = (0x3C78FF, 0xE6E6E6, 0xFF5AA0)  # ombrelle blue, yin yang white, lotus pink
# each symbol a 5 x 5 shape, 25 bits, the top left the highest
SHAPES = (
    0b0111011111001000010001100,  # ombrelle: a dome, its shaft, a hooked handle
    0b0111011001110011100101110,  # yin yang: a circle, its left half filled
    0b0010010101111110111000100,  # lotus: petals round a heart, a stem
)
# a chip's symbol: a row of 7 under its letters (a pattern as well as a colour)
CHIP_ROWS = (0b1010101, 0b1100110, 0b1111111)
SEAT_RGB = (0xFF2020, 0x2060FF, 0xFFC000, 0x20C040, 0xD040FF, 0x00D0D0)
WHITE = const(0xFFFFFF)
GREY = const(0x606060)
DIM = const(0x303030)
GREEN = const(0x20FF40)
RED = const(0xFF2020)
AMBER = const(0xFFA000)
YELLOW = const(0xFFFF40)
CURSOR = const(0xFFFF00)

# the word line
LINE_NONE = const(0)
LINE_ENTRY = const(1)  # the word entry
LINE_WORD = const(2)  # view.word in view.word_rgb
LINE_SET = const(3)  # view.word (a count) and the symbol view.sym: cards taken

NONE = const(0)  # overlay (gamemode: OVERLAY_NONE, OVERLAY_END)
END = const(1)


class View:
    """What the screen shows besides the engine state; set by the controller."""

    def __init__(self, layout):
        self.lay = layout
        self.overlay = NONE
        self.prompt = ""  # the status line's text (a constant text: no allocation)
        self.prompt_rgb = WHITE
        self.seat = -1  # the seat shown in the status line (the seat to move), -1 none
        self.line = LINE_NONE
        self.word = ""
        self.word_rgb = GREEN
        self.sym = 0
        self.entry = None  # the WordEntry while a word is entered
        self.card_cursor = -1  # PICK: the card under the cursor
        self.race = bytearray(6)  # 1: the seat is in the challenge (2: staked a card)
        self.winner_text = ""
        self.winner_rgb = WHITE
        self.blink = True


def dim(rgb, shift):
    return (((rgb >> 16) & 0xFF) >> shift) << 16 | (((rgb >> 8) & 0xFF) >> shift) << 8 | (
        (rgb & 0xFF) >> shift)


def shape(canvas, x, y, sym, rgb):
    """The symbol's 5 x 5 shape at (x, y)."""
    bits = SHAPES[sym]
    bit = 1 << 24
    for r in range(5):
        for c in range(5):
            if bits & bit:
                canvas.set(x + c, y + r, rgb)
            bit >>= 1


def letters(canvas, x, y, text, rgb):
    """A card's letters in a 7-wide box: one centred, two side by side."""
    if len(text) == 1:
        canvas.glyph(x + 2, y, font.glyph(text), rgb)
    else:
        canvas.glyph(x, y, font.glyph(text[0]), rgb)
        canvas.glyph(x + 4, y, font.glyph(text[1]), rgb)


def card(canvas, x, y, c):
    """A large card (7 x 11): its letters above its symbol's shape, on its symbol's tint."""
    sym = c[1]
    canvas.fill_rect(x, y, 7, 11, dim(SYMBOL_RGB[sym], 2))
    letters(canvas, x, y, c[0], WHITE)
    shape(canvas, x + 1, y + 6, sym, SYMBOL_RGB[sym])


def chip(canvas, x, y, c, head):
    """A small card (7 x 6): its letters in its symbol's colour (white for the round's first
    card), its symbol's pattern below."""
    sym = c[1]
    rgb = SYMBOL_RGB[sym]
    letters(canvas, x, y, c[0], WHITE if head else rgb)
    bits = CHIP_ROWS[sym]
    for k in range(7):
        if bits & (1 << (6 - k)):
            canvas.set(x + k, y + 5, rgb)


def draw_cards(canvas, state, v):
    lay = v.lay
    row = state.row
    n = len(row)
    if n == 0:
        return
    large = lay.per_row * lay.rows
    small = not (n <= large or not lay.chips)
    cap = 2 * lay.per_row if small else large
    skip = n - cap if n > cap else 0  # the round's first card stays, then the last ones
    for slot in range(min(n, cap)):
        i = 0 if slot == 0 else slot + skip
        x = (slot % lay.per_row) * lay.pitch
        if small:
            y = lay.card_y + (slot // lay.per_row) * 6
            chip(canvas, x, y, state.cards[row[i]], i == 0)
            h = 6
        else:
            y = lay.card_y + (slot // lay.per_row) * (lay.card_h + 1)
            card(canvas, x, y, state.cards[row[i]])
            h = lay.card_h
        if i == 0 and not small:  # the round's first card: underlined
            for k in range(7):
                canvas.set(x + k, y + h, WHITE)
        if i == n - 1 and n > 1:  # the card turned last: a white corner
            canvas.set(x + 6, y, WHITE)
        if i + 1 == v.card_cursor:
            frame(canvas, x - 1 if x else 0, y, 8 if x else 7, h, CURSOR)


def frame(canvas, x, y, w, h, rgb):
    for k in range(w):
        canvas.set(x + k, y - 1, rgb)
        canvas.set(x + k, y + h, rgb)
    for k in range(h):
        canvas.set(x, y + k, rgb)
        canvas.set(x + w - 1, y + k, rgb)


def draw_status(canvas, state, v):
    lay = v.lay
    y = lay.status_y
    x = 0
    if v.seat >= 0:
        canvas.fill_rect(0, y, 2, 5, SEAT_RGB[v.seat])
        font.draw_number(canvas, 3, y, v.seat + 1, SEAT_RGB[v.seat])
        x = 8
    end = font.draw_text(canvas, x, y, v.prompt, v.prompt_rgb)
    deck = len(state.pile)
    w = 7 if deck > 9 else 3
    if end + 1 < lay.width - w and len(state.row) >= lay.per_row:
        font.draw_number(canvas, lay.width - 1, y, deck, GREY, True)


def draw_deck(canvas, state, v):
    """The deck face down in the cards' row, its count on it, where no card is (else its count
    is in the status line)."""
    lay = v.lay
    if len(state.row) >= lay.per_row or state.is_over():
        return
    x = (lay.per_row - 1) * lay.pitch
    y = lay.card_y
    canvas.fill_rect(x, y, 7, lay.card_h, DIM)
    n = len(state.pile)
    font.draw_number(canvas, x + 6 if n > 9 else x + 4, y + 3, n, GREY, True)


def draw_word(canvas, v):
    lay = v.lay
    y = lay.word_y
    if v.line == LINE_ENTRY and v.entry is not None:
        v.entry.draw(canvas, 0, y, lay.width, WHITE, GREEN, CURSOR, v.blink)
    elif v.line == LINE_WORD:
        text = v.word
        if font.text_width(text) > lay.width:  # the word's end: the part a long word adds
            text = text[len(text) - (lay.width + 1) // font.ADVANCE:]
        font.draw_text(canvas, 0, y, text, v.word_rgb)
    elif v.line == LINE_SET:
        x = font.draw_text(canvas, 0, y, v.word, v.word_rgb)
        shape(canvas, x + 1, y, v.sym, SYMBOL_RGB[v.sym])


def draw_seats(canvas, state, v):
    lay = v.lay
    held = state.won
    for s in range(state.players):
        band = s // lay.per_band
        if band >= len(lay.band_y):
            break
        y = lay.band_y[band]
        x = (s % lay.per_band) * lay.seat_pitch
        rgb = SEAT_RGB[s]
        canvas.fill_rect(x, y, 2, 5, rgb)
        font.draw_number(canvas, x + 3, y, len(held[s]), rgb)
        if v.race[s]:  # in the challenge: a white stake on its bar (the challenged: a dot)
            canvas.set(x, y, WHITE)
            if v.race[s] == 2:
                canvas.set(x + 1, y, WHITE)
                canvas.set(x, y + 1, WHITE)
                canvas.set(x + 1, y + 1, WHITE)
        if s == state.current_player and not state.is_over():
            for k in range(lay.seat_pitch - 1):
                canvas.set(x + k, y + 5, WHITE if v.blink or k < 2 else DIM)


def draw_end(canvas, state, v):
    lay = v.lay
    y = lay.word_y if lay.word_y else lay.card_y + 2
    canvas.fill_rect(0, y - 1, lay.width, 7, 0)
    font.draw_text(canvas, 0, y, v.winner_text, v.winner_rgb)


def draw(canvas, state, v):
    canvas.clear()
    draw_cards(canvas, state, v)
    draw_deck(canvas, state, v)
    draw_seats(canvas, state, v)
    if v.lay.word_y != v.lay.status_y:
        draw_status(canvas, state, v)
        draw_word(canvas, v)
    elif v.line != LINE_NONE and v.prompt == "":
        draw_word(canvas, v)
    else:
        draw_status(canvas, state, v)
    if v.overlay == END:
        draw_end(canvas, state, v)


def winner_info(state):
    """(the `end` event's winner: a seat, or None for a tie; the end screen's text; its
    colour)."""
    won = state.winner()
    if not won:
        return None, "", WHITE
    if len(won) == 1:
        s = won[0]
        return s, "P%d WINS" % (s + 1), SEAT_RGB[s]
    return None, "TIE", WHITE
