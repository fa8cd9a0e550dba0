"""Wuxing duel's how to play on the panel (firmware/howto.py reads PAGES): the goal, what the
colours and shapes mean (pictures of the pieces as the board draws them), the keys, then
Chemin. A line: a text of up to 8 characters, (rgb, text of up to 7) for a colour and what it
means, or a picture (rows, palette). The colours are the view's (view.py: RED, BLUE,
ELEMENT_RGB, WHITE; a test holds them the same), written out: the menu shows these pages
without loading the game."""

RED = 0xFF0000
BLUE = 0x0050FF
WHITE = 0xFFFFFF
ELEMENT_RGB = (0x00AA3C, 0xF01000, 0xE6B400, 0x9696BE, 0x0024F0)

# a Yang pawn (a white ring) on wood, a Yin pawn (a dark cross) on fire
_PAWNS = ((
    "00000..11111/"
    "02220..11.11/"
    "02020..1...1/"
    "02220..11.11/"
    "00000..11111"
), (ELEMENT_RGB[0], ELEMENT_RGB[1], WHITE))

# the two cycles, each element feeding (a red link) or beating (a blue link) the next, round to
# wood again: wood, fire, earth, metal, water; wood, earth, water, fire, metal
_FEEDS = ((
    "000..111..222..333..444..000/"
    "0005511155222553335544455000/"
    "000..111..222..333..444..000"
), ELEMENT_RGB + (RED,))
_BEATS = ((
    "000..222..444..111..333..000/"
    "0005522255444551115533355000/"
    "000..222..444..111..333..000"
), ELEMENT_RGB + (BLUE,))

# a seat's tokens in the strip at the left: red in the left column, blue in the right, each
# token lit, an empty place dark (here 2 red, 1 blue)
_TOKENS = ((
    "01/"
    "01/"
    "../"
    "0./"
    "0."
), (RED, BLUE), 2)

PAGES = (
    ("WUXING", "TAKE THE", "OTHER'S", "PAWNS", "TO WIN"),
    (_PAWNS, "YANG:", "WHITE O", "YIN:", "DARK +"),
    ("ALONG A", "ROW OR", "COLUMN.", "LAND ON", "TO TAKE"),
    ((RED, "FEEDS:"), "PAY RED", (BLUE, "BEATS:"), "PAY BLUE", "A TOKEN"),
    (_FEEDS, (RED, "FEEDS"), _BEATS, (BLUE, "BEATS"), "THE NEXT"),
    (_TOKENS, (RED, "2 RED"), (BLUE, "1 BLUE"), "YIN: TOP"),
    ((ELEMENT_RGB[0], "WOOD"), (ELEMENT_RGB[1], "FIRE"), (ELEMENT_RGB[2], "EARTH"),
     (ELEMENT_RGB[3], "METAL"), (ELEMENT_RGB[4], "WATER")),
    ("ARROWS:", "CURSOR", "A: PICK", "B: BACK", "HOLD A:"),
    ("HOLD A:", "A MOVE", "CHEMIN:", "<>: CARD", "A: PLAY"),
)
