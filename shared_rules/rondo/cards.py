"""Rondo's 110 cards as data: 94 letters, 10 erasers, 6 jokers (docs/rondo.md, "The cards").

The rules give neither the letter counts nor the values: the default is the F.X. Schmid
edition's table (`fxschmid`, as a play-by-mail adaptation publishes it: cicib.de, "Rondo"); the
option `values=scrabble` keeps the same counts with the French Scrabble values (M at 2; sources
give 2 or 3). A card is written with one character: its letter A-Z, `*` a joker, `-` an eraser.
"""

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
JOKER = "*"
ERASER = "-"
# how many cards of each letter, A to Z (94 in all)
COUNTS = (8, 2, 2, 4, 11, 2, 2, 3, 5, 2, 2, 4, 4, 6, 6, 2, 1, 4, 5, 4, 6, 2, 2, 1, 2, 2)
ERASERS = 10
JOKERS = 6
ERASER_VALUE = -2  # on the holder; a card left in hand at the end costs its value's size
# each value set's points of a letter, A to Z
VALUES = {
    "fxschmid": (2, 5, 7, 5, 1, 7, 5, 5, 2, 8, 7, 5, 5, 3, 3, 5, 10, 2, 3, 3, 2, 8, 8, 10, 10,
                 10),
    "scrabble": (1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 10, 1, 2, 1, 1, 3, 8, 1, 1, 1, 1, 4, 10, 10, 10,
                 10),
}


def deck():
    """The 110 cards as a str, one character a card (its number is its index): the letters
    A to Z as many times as COUNTS says, then the erasers, then the jokers."""
    out = ""
    for i in range(26):
        out += LETTERS[i] * COUNTS[i]
    return out + ERASER * ERASERS + JOKER * JOKERS


def values(name, joker):
    """A dict card character -> its points on the holder, for value set `name` and a joker
    worth `joker`."""
    table = VALUES[name]
    out = {ERASER: ERASER_VALUE, JOKER: joker}
    for i in range(26):
        out[LETTERS[i]] = table[i]
    return out
