"""Ta Yü's how to play on the panel (firmware/howto.py reads PAGES): the goal, what the
colours and shapes mean (pictures of the pieces as the board draws them), the keys. A line: a
text of up to 8 characters, (rgb, text of up to 7) for a colour and what it means, or a
picture (rows, palette). The colours are the view's own (palette.py). From a game, howto_now.py
adds a first page: each side's score as the product of its two coasts' counts, and whose side
you are."""

from micropython import const

from firmware.games.tayu import palette as p

# the coasts of the side to move as the board lights them, the river's pieces
_NSC = const(0x7F1E4B)  # palette.dim(NS_RGB, 1)
_EWC = const(0x7F4000)  # palette.dim(EW_RGB, 1)

# a coast with two river mouths (one on a double position: gold), the rivers behind them,
# an open end glowing
_MOUTHS = ((
    "000100000020000/"
    "..434....434.../"
    "..434....434.../"
    "..43333333334../"
    "..444444434444./"
    "........5......"
), (_NSC, p.ESTUARY, p.ESTUARY2, p.WATER, p.DRY, p.GLOW), 2)

# the board's four coasts: north and south pink, west and east orange
_COASTS = ((
    ".000000000./"
    "1.........1/"
    "1.........1/"
    "1.........1/"
    ".000000000."
), (_NSC, _EWC), 2)

# the tile in hand on the board: green where it fits, red where not (its exits lighter)
_GHOSTS = ((
    ".1.......3./"
    "000.....222/"
    "..1.....3.."
), (p.LEGAL, p.LEGAL_EXIT, p.ILLEGAL, p.ILLEGAL_EXIT), 2)

PAGES = (
    ("TA YU", "GROW THE", "RIVERS", "OUT TO", "THE EDGE"),
    (_MOUTHS, (p.ESTUARY, "MOUTH 1"), (p.ESTUARY2, "GOLD 2"), (p.GLOW, "OPEN")),
    (_COASTS, (p.NS_RGB, "N X S"), (p.EW_RGB, "E X W"), "BIG WINS"),
    (_GHOSTS, (p.LEGAL, "FITS"), (p.ILLEGAL, "NO FIT"), "A ON RED", "SAYS WHY"),
    ("ARROWS:", "MOVE", "A: PLACE", "B: TURN", "HOLD A:"),
    ("HOLD A:", "A PLACE", "IT FITS", "HOLD B:", "UNDO"),
)
