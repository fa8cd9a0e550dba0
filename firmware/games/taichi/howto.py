"""Tai Chi Chuan's how to play on the panel (firmware/howto.py reads PAGES): the goal, the
cards and their symbols, the word entry's keys, the choices. A line: a text of up to 8
characters, or (rgb, text of up to 7) for a colour and what it means. The colours are the
view's (view.py: SYMBOL_RGB; a test holds them the same), written out: the menu shows these
pages without loading the game. The deck is an approximation of the real one (docs/taichi.md)."""

SYMBOL_RGB = (0x3C78FF, 0xE6E6E6, 0xFF5AA0)

PAGES = (
    ("TAI CHI", "WORDS ON", "1ST CARD", "HOLD ALL", "LETTERS"),
    ("DRAW ON", "OR STOP:", "TAKE ONE", "SYMBOL'S", "CARDS"),
    ((SYMBOL_RGB[0], "OMBR"), (SYMBOL_RGB[1], "YINYANG"), (SYMBOL_RGB[2], "LOTUS"),
     "MOST", "WIN"),
    ("UP DOWN:", "LETTER", "<>: SLOT", "A: DONE", "B: DEL"),
    ("?DICT:", "A: RETRY", "OR", "ACCEPT", "IT"),
    ("DECK:", "APPROX", "OF THE", "REAL 45", "CARDS"),
)
