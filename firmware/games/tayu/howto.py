"""Ta Yü's how to play on the panel (firmware/howto.py reads PAGES): the goal, what the
colours mean, the keys. A line: a text of up to 8 characters, or (rgb, text of up to 7) for a
colour and what it means. The colours are the view's own (palette.py)."""

from firmware.games.tayu import palette as p

PAGES = (
    ("TA YU", "GROW THE", "RIVERS", "OUT TO", "THE EDGE"),
    ("SCORE:", (p.NS_RGB, "N X S"), (p.EW_RGB, "E X W"), "BIGGER", "WINS"),
    ("RIVER", "MOUTHS:", (p.ESTUARY, "SCORE 1"), (p.ESTUARY2, "GOLD: 2"), (p.WATER_LAST, "LAST")),
    ("THE TILE", "IN HAND:", (p.LEGAL, "FITS"), (p.ILLEGAL, "NO FIT")),
    ("ARROWS:", "MOVE", "A: PLACE", "B: TURN", "HOLD A:"),
    ("HOLD A:", "A PLACE", "IT FITS", "HOLD B:", "UNDO"),
)
