"""Tai Chi Chuan's how to play on the panel (firmware/howto.py reads PAGES): the goal, the
cards and their symbols (pictures of their shapes as the view draws them), the word entry's
keys, the choices. A line: a text of up to 8 characters, (rgb, text of up to 7) for a colour
and what it means, or a picture (rows, palette). The colours are the
view's (view.py: SYMBOL_RGB; a test holds them the same), written out: the menu shows these
pages without loading the game. The deck is an approximation of the real one (docs/taichi.md)."""

SYMBOL_RGB = (0x3C78FF, 0xE6E6E6, 0xFF5AA0)

# the three symbols' 5 x 5 shapes on a large card (view.py: SHAPES), side by side
_SYMBOLS = ((
    ".000...111....2../"
    "00000.11..1.2.2.2/"
    "..0...11..1.22222/"
    "..0...11..1..222./"
    ".00....111....2.."
), SYMBOL_RGB)

# a small card's symbol: a row of 7 under its letters (view.py: CHIP_ROWS), the three in turn
_CHIPS = ("0.0.0.0.11..11..2222222", SYMBOL_RGB)

PAGES = (
    ("TAI CHI", "WORDS ON", "1ST CARD", "HOLD ALL", "LETTERS"),
    ("DRAW ON", "OR STOP:", "TAKE ONE", "SYMBOL'S", "CARDS"),
    (_SYMBOLS, (SYMBOL_RGB[0], "OMBR"), (SYMBOL_RGB[1], "YINYANG"), (SYMBOL_RGB[2], "LOTUS"),
     "MOST WIN"),
    ("SMALL", "CARDS:", _CHIPS, "THE SAME", "SYMBOLS"),
    ("UP DOWN:", "LETTER", "<>: SLOT", "A: DONE", "B: DEL"),
    ("?DICT:", "A: RETRY", "OR", "ACCEPT", "IT"),
    ("DECK:", "APPROX", "OF THE", "REAL 45", "CARDS"),
)
