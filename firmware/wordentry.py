"""Word entry with six buttons, for any word game (Tai Chi Chuan, Rondo): a row of letter slots
and a cursor.

- up / down: the letter under the cursor, through a wheel of the 26 letters whose order is
  worked out for this word: the letters the game says the word needs and that the word does
  not hold yet come first (Tai Chi Chuan: the cards turned; Rondo: the hand), then the others
  by how often they occur in French. An empty slot takes the wheel's first letter (up) or its
  last (down). Held, the arrow repeats.
- right: the next slot (a new empty one after the last letter; not past an empty slot).
- left: the slot before (never into the fixed prefix: the round's first letter; a first letter
  with an alternative, a double card's, takes the cursor and up/down swaps it).
- A: the word is done (DONE): `word()` gives it.
- B: the letter under the cursor goes (the letters after it close up); on an empty slot, the
  one before it goes; with nothing but the prefix left, the entry is cancelled (CANCEL).

Everything is preallocated: a key allocates nothing (the wheel's order is refilled in place),
`draw` allocates nothing; only `word()` makes a text, once, when the word is done. A word
takes about (its letters' places on the wheel + 1) presses a letter: the needed letters are
one or two presses away, the common vowels a few more.
"""

from micropython import const

from firmware import buttons as btn
from firmware import font

MAX_LEN = const(15)  # the longest word taken (the word sets' longest useful words fit)

# the result of a key
NONE = const(0)  # nothing changed
CHANGED = const(1)  # the word or the cursor changed: draw it again
DONE = const(2)  # A: the word is entered
CANCEL = const(3)  # B with nothing to delete: the player gives up the entry

# the letters by how often they occur in French text (Wikipedia's table, accents folded)
FREQ = b"EASINTRULODCPMVQFBGHJXYZWK"

EMPTY = const(0)


class WordEntry:
    """One word being entered: `letters` (ASCII capitals, EMPTY after the last), `length`,
    the cursor `pos`, the fixed prefix's length `fixed`, and the wheel's order."""

    def __init__(self, max_len=MAX_LEN):
        self.max_len = max_len
        self.letters = bytearray(max_len)
        self.length = 0
        self.pos = 0
        self.fixed = 0
        self.order = bytearray(26)  # the wheel, refilled in place for the slot under the cursor
        self.wanted = bytearray(26)  # how many of each letter (A=0) the game says the word needs
        self.alts = bytearray(26)  # a double card's other letter + 1 (Q/Z: Q <-> Z), 0: none
        self.seen = bytearray(26)  # scratch: counts while the order is worked out
        self.active = False
        self.alt0 = EMPTY  # the first letter's alternative (a double first card), or EMPTY
        self.glyphs = [font.glyph(chr(65 + i)) for i in range(26)]  # A-Z: drawn without a text

    # ---- setting up ---------------------------------------------------------------------------
    def start(self, prefix, wanted=(), alt0=""):
        """A new word beginning with `prefix` (a text of capitals, fixed: the cursor never goes
        into it), the cursor on the empty slot after it. `wanted`: the letters the word needs
        besides the prefix, one text a card ("T", "QZ" for a double card: either letter),
        first on the wheel while the word lacks them. `alt0`: another first letter (a double
        first card): the cursor may go to the first slot, where up/down swaps the two."""
        self.alt0 = ord(alt0) if alt0 else EMPTY
        n = 0
        for ch in prefix:
            if n < self.max_len:
                self.letters[n] = ord(ch)
                n += 1
        for i in range(n, self.max_len):
            self.letters[i] = EMPTY
        self.length = n
        self.fixed = n
        self.pos = n if n < self.max_len else n - 1
        w = self.wanted
        a = self.alts
        for i in range(26):
            w[i] = 0
            a[i] = 0
        for card in wanted:
            k = ord(card[0]) - 65
            if 0 <= k < 26:
                w[k] += 1
                if len(card) > 1:
                    j = ord(card[1]) - 65
                    if 0 <= j < 26:
                        a[k] = j + 1
                        a[j] = k + 1
        self.active = True
        self.reorder()

    def set_word(self, text):
        """Show `text` (capitals) as the word, the cursor after it: a word said aloud and typed
        on a keyboard, or a bot's word, in the same row."""
        n = 0
        for ch in text:
            if n < self.max_len and "A" <= ch <= "Z":
                self.letters[n] = ord(ch)
                n += 1
        for i in range(n, self.max_len):
            self.letters[i] = EMPTY
        self.length = n
        self.pos = n if n < self.max_len else n - 1

    def reorder(self):
        """The wheel for the slot under the cursor: the wanted letters the other slots do not
        hold yet (a double card's either letter counts), then the rest by FREQ. In place."""
        seen = self.seen
        w = self.wanted
        for i in range(26):
            seen[i] = w[i]
        for i in range(1, self.length):  # the first letter is the round's own: not counted
            if i == self.pos:
                continue
            k = self.letters[i] - 65
            if 0 <= k < 26:
                if seen[k]:
                    seen[k] -= 1
                elif self.alts[k] and seen[self.alts[k] - 1]:
                    seen[self.alts[k] - 1] -= 1
        order = self.order
        n = 0
        for ch in FREQ:  # wanted and missing first, in FREQ's order
            k = ch - 65
            if seen[k] or (self.alts[k] and seen[self.alts[k] - 1]):
                order[n] = ch
                n += 1
        for ch in FREQ:
            k = ch - 65
            if not (seen[k] or (self.alts[k] and seen[self.alts[k] - 1])):
                order[n] = ch
                n += 1

    # ---- keys ---------------------------------------------------------------------------------
    def button(self, button, kind):
        """A key (firmware/buttons.py): NONE, CHANGED, DONE or CANCEL. Arrows repeat when held;
        A and B act on a press."""
        if not self.active:
            return NONE
        if button == btn.UP or button == btn.DOWN:
            return self.turn(1 if button == btn.UP else -1)
        if button == btn.RIGHT:
            if self.pos < self.length and self.pos + 1 < self.max_len:
                self.pos += 1
                self.reorder()
                return CHANGED
            return NONE
        if button == btn.LEFT:
            if self.pos > self.fixed or (self.pos == 1 and self.alt0 != EMPTY):
                self.pos -= 1
                self.reorder()
                return CHANGED
            return NONE
        if kind != btn.PRESS:
            return NONE
        if button == btn.A:
            return DONE if self.length > 0 else NONE
        if button == btn.B:
            return self.delete()
        return NONE

    def turn(self, step):
        """Up (+1) or down (-1): the next letter of the wheel in the slot under the cursor."""
        p = self.pos
        order = self.order
        cur = self.letters[p]
        if p < self.fixed:  # the first letter: its alternative, back and forth
            if self.alt0 != EMPTY:
                self.letters[p] = self.alt0
                self.alt0 = cur
            return CHANGED
        if cur == EMPTY:
            nxt = order[0] if step > 0 else order[25]
            self.length = p + 1  # the empty slot is the one after the last letter
        else:
            nxt = order[(_index(order, cur) + step) % 26]
        self.letters[p] = nxt
        return CHANGED

    def delete(self):
        """B: the letter under the cursor goes (on an empty slot, the one before); CANCEL with
        only the prefix left."""
        p = self.pos
        if p < self.fixed:
            return CANCEL
        if self.letters[p] == EMPTY or p >= self.length:
            if p <= self.fixed:
                return CANCEL
            p -= 1
            self.pos = p
        if p < self.fixed:
            return CANCEL
        ls = self.letters
        for i in range(p, self.max_len - 1):
            ls[i] = ls[i + 1]
        ls[self.max_len - 1] = EMPTY
        self.length -= 1
        if self.pos > self.length:
            self.pos = self.length
        self.reorder()
        return CHANGED

    # ---- reading ------------------------------------------------------------------------------
    def word(self):
        """The word entered, a text of capitals (allocated: once, when it is done)."""
        return bytes(self.letters[:self.length]).decode()

    def draw(self, canvas, x, y, width, rgb, fixed_rgb, cursor_rgb, blink=True):
        """The word in the 3 x 5 font from (x, y), at most `width` pixels: the letters around the
        cursor when the word is longer; the prefix in `fixed_rgb`, the cursor's slot underlined
        in `cursor_rgb` (its letter in it too, `blink` False hides the line). No allocation."""
        fits = (width + 1) // font.ADVANCE
        first = 0
        if self.pos >= fits:
            first = self.pos - fits + 1
        for i in range(first, min(self.max_len, first + fits)):
            cx = x + (i - first) * font.ADVANCE
            ch = self.letters[i]
            here = i == self.pos
            if ch != EMPTY:
                c = cursor_rgb if here else (fixed_rgb if i < self.fixed else rgb)
                canvas.glyph(cx, y, self.glyphs[ch - 65], c)
            if here and blink:
                for k in range(3):
                    canvas.set(cx + k, y + 5, cursor_rgb)
            if ch == EMPTY and not here:
                break


def _index(order, ch):
    for i in range(len(order)):
        if order[i] == ch:
            return i
    return 0
