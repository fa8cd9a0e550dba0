"""The 45 cards of Tai Chi Chuan: one or two letters and a symbol each.

The real deck's list is not published. APPROX is an approximation (docs/taichi.md): letters
weighted by how often French words start with them and hold them, the rare letters paired on
four double cards (Q/Z, as the rules' own RAMEQUIN example needs; J/Y, seen on a photo; K/W;
X/H), 15 cards of each symbol. An owner replaces it with the real deck by giving the engine a
deck text in the same format (the `deck` option): one card a line, its letters then its symbol,
`#` starting a comment. Every card is checked; the first bad line is refused with its number
and its reason.
"""

SYMBOLS = ("ombrelle", "yinyang", "lotus")
MIN_CARDS = 10  # a deck text with fewer cards than this makes no game
MAX_CARDS = 90

APPROX = """# Tai Chi Chuan, an approximation of the 45 cards (the real list is not published)
E ombrelle
E yinyang
E lotus
E ombrelle
E yinyang
A lotus
A ombrelle
A yinyang
S lotus
S ombrelle
S yinyang
I lotus
I ombrelle
I yinyang
T lotus
T ombrelle
T yinyang
N lotus
N ombrelle
N yinyang
R lotus
R ombrelle
R yinyang
U lotus
U ombrelle
L yinyang
L lotus
O ombrelle
O yinyang
D lotus
D ombrelle
C yinyang
C lotus
M ombrelle
M yinyang
P lotus
P ombrelle
B yinyang
F lotus
G ombrelle
V yinyang
Q/Z lotus
J/Y ombrelle
K/W yinyang
X/H lotus
"""


def parse(text):
    """The cards of a deck text: a tuple of (letters, symbol number), letters "S" or "QZ";
    ValueError naming the first bad line and why."""
    if not isinstance(text, str):
        raise ValueError("a deck is a text")
    cards = []
    line_no = 0
    for line in text.split("\n"):
        line_no += 1
        cut = line.find("#")
        if cut >= 0:
            line = line[:cut]
        words = [w for w in line.replace("\t", " ").replace("\r", " ").split(" ") if w]
        if not words:
            continue
        where = "deck line " + str(line_no) + ": "
        if len(words) != 2:
            raise ValueError(where + "a card is its letters and its symbol")
        letters = words[0].replace("/", "")
        if not 1 <= len(letters) <= 2 or letters[:1] == letters[1:] or \
                len(words[0]) - len(letters) > (len(letters) - 1):
            raise ValueError(where + "a card has one letter or two different ones (Q/Z)")
        for ch in letters:
            if not "A" <= ch <= "Z":
                raise ValueError(where + "a card's letters are capitals A-Z")
        if words[1] not in SYMBOLS:
            raise ValueError(where + "unknown symbol (ombrelle, yinyang or lotus)")
        cards.append((letters, SYMBOLS.index(words[1])))
        if len(cards) > MAX_CARDS:
            raise ValueError(where + "more than " + str(MAX_CARDS) + " cards")
    if len(cards) < MIN_CARDS:
        raise ValueError("a deck needs at least " + str(MIN_CARDS) + " cards")
    return tuple(cards)


def card_name(card):
    """A card as players read it: "Q/Z lotus"."""
    return "/".join(card[0]) + " " + SYMBOLS[card[1]]
