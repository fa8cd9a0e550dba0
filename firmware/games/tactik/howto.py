"""Tac-Tik's how to play on the panel (firmware/howto.py reads PAGES): the goal, what the
colours and shapes mean (pictures of the pieces as the board draws them), the keys. A line: a
text of up to 8 characters, (rgb, text of up to 7) for a colour and what it means, or a
picture (rows, palette). The colours are the view's (view.py: SELECT_RGB, NO_USE_RGB, the
track's greys; layout.py: red; a test holds them the same), written out: the menu shows these
pages without loading the game."""

SELECT_RGB = 0x00FFFF
NO_USE_RGB = 0x707070
RED = 0xFF0000
HOLE_RGB = 0x1C1C1C
HOLE2_RGB = 0x0C0C0C

# a stretch of the track: your pawn, the hole it would go to (a cyan cross)
_TRACK = ((
    "...........2.../"
    "010131010102010/"
    "...........2..."
), (HOLE_RGB, HOLE2_RGB, SELECT_RGB, RED), 2)

# the hand's line at the panel's foot: 5 chosen (between the brackets), 10 and 8 of no use
_HAND = ((
    "22.000.22...1..111...000...111/"
    "2..0....2..11..1.1.....0...1.1/"
    "2..000..2...1..1.1...000...111/"
    "2....0..2...1..1.1...0.....1.1/"
    "22.000.22..111.111...000...111"
), (RED, NO_USE_RGB, SELECT_RGB))

PAGES = (
    ("TAC-TIK", "RUN ALL", "4 PAWNS", "ROUND IN", "TO BASE"),
    ("1 OR 10:", "OUT OF", "THE NEST", "LAND ON", "ONE: EAT"),
    ("PARTNER", "ACROSS:", "1ST TEAM", "ALL IN", "WINS"),
    (_HAND, "HAND:", (RED, "PLAYS"), (NO_USE_RGB, "NO USE"), (SELECT_RGB, "CHOSEN")),
    (_TRACK, (RED, "PAWN"), (SELECT_RGB, "GOES TO"), "BLINK:", "CAN MOVE"),
    ("UP/DOWN:", "CARD", "<>: PAWN", "A: PLAY", "B: BACK"),
    ("7: SEVEN", "STEPS", "P: SWAP", "TWO", "PAWNS"),
)
