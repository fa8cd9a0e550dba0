"""Where Tai Chi Chuan goes on a panel, worked out from the profile's size (no layout in the
profile). Top to bottom: the status line (the seat to move, the prompt or the verdict, the
deck's count), the visible cards (7 x 11 LEDs each: the letter or letters above the symbol's
shape, the round's first card underlined), the word line (the word being entered, a word
announced), then each seat's pile in its colour (the seat to move underlined, a stake marked).

32 x 32: four cards a row; from a fifth card on the cards become 7 x 6 chips in two rows of
four (the symbol as a pattern under the letters); seats three a band, one band (2-3 players) or
two (4-6, the word line then shares the status line). 48 x 48: six cards a row, two rows, one
band of six seats."""


class Layout:
    def __init__(self, width, height, players):
        big = width >= 48 and height >= 48
        self.width = width
        self.height = height
        self.big = big
        self.pitch = 8  # a card is 7 wide, a gap of 1
        self.per_row = width // self.pitch
        self.card_y = 7 if big else 6
        self.card_h = 11
        self.chips = not big  # 32: more cards than a row holds become chips
        self.rows = 2 if big else 1  # rows of large cards
        self.seat_pitch = 8 if big else 10
        per_band = width // self.seat_pitch
        self.per_band = per_band
        bands = (players + per_band - 1) // per_band
        if big:
            self.word_y = self.card_y + 2 * (self.card_h + 1) + 2  # 33
            self.band_y = (self.height - 6,)
        elif bands == 1:
            self.word_y = 20
            self.band_y = (26,)
        else:
            self.word_y = 0  # the word shares the status line
            self.band_y = (20, 26)
        self.status_y = 0


def layout_for(profile, players):
    return Layout(profile["width"], profile["height"], players)
