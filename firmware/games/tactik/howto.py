"""Tac-Tik's how to play on the panel (firmware/howto.py reads PAGES): the goal, what the
colours mean, the keys. A line: a text of up to 8 characters, or (rgb, text of up to 7) for a
colour and what it means. The colours are the view's (view.py: SELECT_RGB; a test holds
them the same), written out: the menu shows these pages without loading the game."""

SELECT_RGB = 0x00FFFF

PAGES = (
    ("TAC-TIK", "RUN ALL", "4 PAWNS", "ROUND IN", "TO BASE"),
    ("1 OR 10:", "OUT OF", "THE NEST", "LAND ON", "ONE: EAT"),
    ("PARTNER", "ACROSS:", "1ST TEAM", "ALL IN", "WINS"),
    ((SELECT_RGB, "CHOSEN"), "BLINK:", "CAN MOVE", "MIDDLE:", "THE CARD"),
    ("UP/DOWN:", "CARD", "<>: PAWN", "A: PLAY", "B: BACK"),
    ("7: SEVEN", "STEPS", "P: SWAP", "TWO", "PAWNS"),
)
