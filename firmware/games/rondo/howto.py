"""Rondo's how to play on the panel (firmware/howto.py reads PAGES): the goal, what the colours
mean, the keys. A line: a text of up to 8 characters, or (rgb, text of up to 7) for a colour
and what it means. The colours are the view's (view.py; written out: the menu shows these
pages without loading the game)."""

JOKER = 0x00D0FF
ERASER = 0xFF2000
FRESH = 0xE000E0
TENT = 0x00FF40
SAND = 0xFFA000

PAGES = (
    ("RONDO", "MAKE A", "NEW WORD", "FROM THE", "ONE HERE"),
    ("COVER,", "ADD ONE", "AT AN", "END, OR", "ERASE"),
    ("KEEP ONE", "LETTER.", "3 OR", "MORE IN", "A WORD"),
    ((JOKER, "JOKER"), (ERASER, "ERASER"), (FRESH, "LAST"), (TENT, "LAID"), (SAND, "TIME")),
    ("<>: CARD", "A: TAKE", "<>: SLOT", "A: LAY", "B: BACK"),
    ("UP: PLAY", "DOWN:", "PASS,", "SWAP,", "HINT"),
)
