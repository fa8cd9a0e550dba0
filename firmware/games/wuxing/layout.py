"""Where Wuxing duel goes on a panel, worked out from the profile's size (no layout in the
profile): the largest islands that fit beside the token strip. 32 x 32: 5 x 5 LED islands a
1-LED gap apart, tokens 1 x 2 LEDs; 48 x 48: 7 x 7 islands 2 LEDs apart, tokens 2 x 3.

Théâtre: the token strip at the left (Yin's tokens at the top, the centre's in the middle,
Yang's at the bottom; red tokens in its left column, blue in its right), the 5 x 5 islands to
its right. Chemin: the same strip, the path as a column of 5 islands (Yang's end at the
bottom), Yin's card (top) and Yang's (bottom) in the middle with the duel between them, and the
hand of the seat choosing as a column of 5 cards at the right edge."""


class Layout:
    def __init__(self, width, height):
        big = width >= 48 and height >= 48
        self.width = width
        self.height = height
        self.isl = 7 if big else 5  # an island's (and a card's) side
        self.gap = 2 if big else 1
        self.step = self.isl + self.gap
        self.tw = 2 if big else 1  # a token's width and height, and the pitch between tokens
        self.th = 3 if big else 2
        self.tp = self.th + 1
        span = 5 * self.isl + 4 * self.gap
        self.span = span
        strip = 2 * self.tw + 1
        # Théâtre: the board right of the strip, centred in what is left
        self.bx = strip + (width - strip - span) // 2
        self.by = (height - span) // 2
        # the strip: Yin's 2 tokens level with the top island, Yang's with the bottom one,
        # the centre's 4 in the middle
        self.yin_y = self.by
        self.yang_y = self.by + span - (2 * self.tp - 1)
        self.centre_y = (height - (4 * self.tp - 1)) // 2
        self.pawn = self.isl - 2  # the pawn's glyph: 3 x 3 or 5 x 5 inside the island
        # Chemin
        self.px = strip + self.gap  # the path's column
        self.hx = width - self.isl  # the hand's column (cards as tall as islands)
        self.badge_x = self.px + self.isl + 2 * self.gap  # each seat's sign, left of its card
        self.cx = self.badge_x + self.isl + 2 * self.gap  # the two played cards' column
        self.top_y = self.by  # Yin's card
        self.bottom_y = self.by + span - self.isl  # Yang's card


def layout_for(profile):
    return Layout(profile["width"], profile["height"])
