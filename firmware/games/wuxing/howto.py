"""Wuxing duel's how to play on the panel (firmware/howto.py reads PAGES): the goal, what the
colours mean, the keys, then Chemin. A line: a text of up to 8 characters, or (rgb, text of up
to 7) for a colour and what it means. The colours are the view's (view.py: RED, BLUE,
ELEMENT_RGB; a test holds them the same), written out: the menu shows these pages without
loading the game."""

RED = 0xFF0000
BLUE = 0x0050FF
ELEMENT_RGB = (0x00AA3C, 0xF01000, 0xE6B400, 0x9696BE, 0x0024F0)

PAGES = (
    ("WUXING", "TAKE THE", "OTHER'S", "PAWNS", "TO WIN"),
    ("ALONG A", "ROW OR", "COLUMN.", "LAND ON", "TO TAKE"),
    ((RED, "FEEDS:"), "PAY RED", (BLUE, "BEATS:"), "PAY BLUE", "A TOKEN"),
    ((ELEMENT_RGB[0], "WOOD"), (ELEMENT_RGB[1], "FIRE"), (ELEMENT_RGB[2], "EARTH"),
     (ELEMENT_RGB[3], "METAL"), (ELEMENT_RGB[4], "WATER")),
    ("ARROWS:", "CURSOR", "A: PICK", "B: BACK", "HOLD A:"),
    ("HOLD A:", "A MOVE", "CHEMIN:", "<>: CARD", "A: PLAY"),
)
