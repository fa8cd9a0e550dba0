"""Rondo's how to play on the panel (firmware/howto.py reads PAGES): the goal, what the colours
mean (pictures of the holder and the hourglass as the view draws them), the keys. A line: a
text of up to 8 characters, (rgb, text of up to 7) for a colour and what it means, or a
picture (rows, palette). The colours are the view's (view.py; written out: the menu shows these
pages without loading the game)."""

JOKER = 0x00D0FF
ERASER = 0xFF2000
FRESH = 0xE000E0
TENT = 0x00FF40
SAND = 0xFFA000

LETTER = 0xE0E0E0
GLASS = 0x303030

# the holder's MERE: the joker's E (cyan) under the mark of the last play (magenta), the last E
# laid now, not yet played (a green dot): view.py's draw_holder and draw_marks
_HOLDER = ((
    "000.111.00..000/"
    "000.1...0.0.0../"
    "0.0.11..00..00./"
    "0.0.1...0.0.0../"
    "0.0.111.0.0.000/"
    ".............../"
    "....222......3."
), (LETTER, JOKER, FRESH, TENT))

# the hourglass half run out (view.py's draw_glass): the top bulb's sand falls to the bottom
_GLASS = ((
    "00000/"
    "...../"
    ".111./"
    "..1../"
    "..1../"
    "...../"
    "...../"
    "11111/"
    "00000"
), (GLASS, SAND))

PAGES = (
    ("RONDO", "MAKE A", "NEW WORD", "FROM THE", "ONE HERE"),
    ("COVER,", "ADD ONE", "AT AN", "END, OR", "ERASE"),
    ("KEEP ONE", "LETTER.", "3 OR", "MORE IN", "A WORD"),
    ((JOKER, "JOKER"), (ERASER, "ERASER"), (FRESH, "LAST"), (TENT, "LAID"), (SAND, "TIME")),
    (_HOLDER, (JOKER, "JOKER"), (FRESH, "LAST"), (TENT, "LAID")),
    (_GLASS, (SAND, "1 MIN"), "A TURN"),
    ("<>: CARD", "A: TAKE", "<>: SLOT", "A: LAY", "B: BACK"),
    ("UP: PLAY", "DOWN:", "PASS,", "SWAP,", "HINT"),
)
