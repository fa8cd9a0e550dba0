"""What the self-test shows on the panel (firmware/selftest.py runs the steps): the chase, the
colours, the button asked for, the words and countdown bar of each step, and the report."""

# pyright: reportAttributeAccessIssue=false
# (a mixin: the self-test mode's fields: the type checker cannot see them)

from micropython import const

from firmware import font
from firmware.buttons import DOWN, LEFT, RIGHT, UP, A

# Steps (selftest.py moves through them; the panel shows each)
LEDS = const(0)
COLOURS = const(1)
BUTTONS = const(2)
DONE = const(3)
HEAD = const(0xFFFFFF)
TRAIL = const(0x000030)  # dim blue: every LED already passed stays lit, within any budget
MARKED = const(0x300000)  # an LED the maker marked dark shows dim red once passed
COLOUR_VALUES = (0xFF0000, 0x00FF00, 0x0000FF)
PROMPT = const(0xFFFFFF)
TEXT = const(0xB0B0B0)  # the words on the panel
GOOD = const(0x00C000)
BAD = const(0xE00000)
HINT = const(0xE07000)
BUTTON_WORDS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
BUTTON_LETTERS = ("U", "D", "L", "R", "A", "B")  # tuples: indexing makes no new string
COLOUR_LETTERS = ("R", "G", "B")
COLOUR_WORDS = ("RED?", "GREEN?", "BLUE?")
# a lane's LEDs while it is lit alone (dim: within any budget), one colour a lane
LANE_COLOURS = (0x300000, 0x003000, 0x000030, 0x302000, 0x300030, 0x003030, 0x202020,
                0x301000)


class SelfTestPanel:
    """The drawing half of SelfTest: its `draw` and the words of each step. It reads the
    mode's state and its clock helpers (_waiting, _words_shown, _bar_length, _hinting)."""

    def draw(self, canvas):
        buf = canvas.buf
        for i in range(len(buf)):
            buf[i] = 0
        step = self.step
        if step == LEDS and self.lane >= 0:
            self._draw_lane(canvas, buf)
        elif step == LEDS:
            self._draw_chase(canvas, buf)
        elif step == COLOURS:
            rgb = COLOUR_VALUES[self.sub]
            where = self.where
            for i in range(self.led_count):
                _put(buf, where[i], rgb)
            if self.words:
                self._draw_colour_question(canvas)
        elif step == BUTTONS:
            _prompt(canvas, self.sub)
            if self.words:
                self._draw_button_question(canvas)
        elif self.words:
            _frame(canvas, 0x003000 if self.ok else 0x300000)
            self._draw_report(canvas)
        elif self.app.profile.get("kind") == "points":
            where = self.where
            rgb = 0x003000 if self.ok else 0x300000
            for i in range(self.led_count):
                _put(buf, where[i], rgb)  # a board of holes: every hole in the verdict's colour
        else:
            _frame(canvas, 0x003000 if self.ok else 0x300000)

    def _draw_chase(self, canvas, buf):
        """The LED chase: the LEDs passed (those marked dark apart), the lit one, and what A
        and B do while the chase has not reached the bottom band."""
        where = self.where
        missing = self.missing
        for i in range(self.passed):
            _put(buf, where[i], MARKED if missing[i] else TRAIL)
        if self.show_head:
            _put(buf, where[self.head], HEAD)
        elif self.words and self._waiting():
            if self._words_shown(self.now):
                self._draw_go_on(canvas)
        if self.words and self.passed <= self.hint_led and self.passed < self.led_count:
            # the chase has not reached the bottom band yet: what A and B do, there
            y = self.height - 6
            canvas.fill_rect(0, y - 1, self.width, 7, 0)
            font.draw_text(canvas, 0, y, "B: DARK" if self.paused else "A: PAUSE", TEXT)

    def _draw_lane(self, canvas, buf):
        """One lane alone: its LEDs in its colour, and on them `L` and its number over its
        GPIO: the panels that light are the ones its wire reaches."""
        pin, first, count = self.runs[self.lane]
        rgb = LANE_COLOURS[self.lane % len(LANE_COLOURS)]
        where = self.where
        w = self.width
        x0 = w
        y0 = self.height
        x1 = y1 = -1
        for i in range(first, first + count):
            at = where[i]
            _put(buf, at, rgb)
            x = (at // 3) % w
            y = at // 3 // w
            x0 = min(x0, x)
            x1 = max(x1, x)
            y0 = min(y0, y)
            y1 = max(y1, y)
        if x1 - x0 < 10 or y1 - y0 < 10:
            return  # too small for the words: the colour says it
        cx = (x0 + x1 + 1) // 2
        cy = (y0 + y1 + 1) // 2
        font.draw_char(canvas, cx - 3, cy - 6, "L", PROMPT)  # "L1": 7 pixels wide
        font.draw_number(canvas, cx + 3, cy - 6, self.lane + 1, PROMPT, right=True)
        wide = 4 if pin >= 10 else 0  # "GP2": 11 pixels wide, "GP10" 15
        x = cx - 5 - wide // 2
        font.draw_text(canvas, x, cy + 1, "GP", PROMPT)
        font.draw_number(canvas, x + 10 + wide, cy + 1, pin, PROMPT, right=True)

    def _draw_go_on(self, canvas):
        """The end of the chase: A goes on, left steps back; the bar is the time left before the
        colours come by themselves."""
        canvas.fill_rect(0, 0, self.width, 14, 0)
        font.draw_text(canvas, 1, 1, "A: NEXT", TEXT)
        font.draw_text(canvas, 1, 7, "<: BACK", TEXT)
        canvas.fill_rect(0, 13, self._bar_length(self.now), 1, TEXT)

    def _draw_colour_question(self, canvas):
        """The colour's name and the answers cut out of the lit panel (dark letters), the time
        left as the bottom row going dark from the right."""
        font.draw_text(canvas, 1, 1, COLOUR_WORDS[self.sub], 0)
        font.draw_text(canvas, 1, 7, "A YES", 0)
        font.draw_text(canvas, 1, 13, "B NO", 0)
        n = self._bar_length(self.now)
        canvas.fill_rect(n, self.height - 1, self.width - n, 1, 0)

    def _draw_button_question(self, canvas):
        """PRESS and the button's name around its picture, which of the six it is; after
        HINT_MS the top line tells how to skip a button that does nothing."""
        w = self.width
        if self.hint_for == self.sub and self._hinting(self.now):
            self.ticker.draw(canvas, 0, 1, HINT, self.now)
        else:
            if self.seats:  # a chain: the seat asked, S1 for the first
                font.draw_text(canvas, 0, 1, "S", TEXT)
                font.draw_number(canvas, 4, 1, self.seat + 1, TEXT)
            else:
                font.draw_text(canvas, 0, 1, "PRESS", TEXT)
            font.draw_number(canvas, w - 11, 1, self.sub + 1, TEXT)
            font.draw_text(canvas, w - 7, 1, "/6", TEXT)
        name = BUTTON_WORDS[self.sub]
        font.draw_text(canvas, (w - font.text_width(name)) // 2, self.height - 6, name, PROMPT)

    def _draw_report(self, canvas):
        """The findings in five lines inside the verdict's border: TEST OK or FAULTS; LED OK or
        how many LEDs were dark or not reached; COL OK, or the letters R, G, B (green: seen,
        red: not seen, a red dash: not answered); KEY OK, or the six buttons' letters U D L R A
        B (green: seen, a red dash: missing, a red ?: another button came); A MENU."""
        right = self.width - 4  # the right edge of the last letter on the grid from x = 2
        ok = self.ok
        font.draw_text(canvas, 2, 2, "TEST OK" if ok else "FAULTS", GOOD if ok else BAD)
        font.draw_text(canvas, 2, 8, "LED", TEXT)
        bad = 0
        missing = self.missing
        for i in range(self.led_count):
            if missing[i] or i >= self.passed:
                bad += 1
        if bad:
            font.draw_number(canvas, right, 8, bad, BAD, right=True)
        else:
            font.draw_text(canvas, right - 6, 8, "OK", GOOD)
        font.draw_text(canvas, 2, 14, "COL", TEXT)
        answers = self.colour_answer
        if answers[0] == 1 and answers[1] == 1 and answers[2] == 1:
            font.draw_text(canvas, right - 6, 14, "OK", GOOD)
        else:
            x = right - 10
            for c in range(3):
                a = answers[c]
                font.draw_char(canvas, x, 14, COLOUR_LETTERS[c] if a else "-",
                               GOOD if a == 1 else BAD)
                x += font.ADVANCE
        font.draw_text(canvas, 2, 20, "KEY", TEXT)
        got = self.key_view()
        keys_ok = True
        for b in range(6):
            if got[b] != b:
                keys_ok = False
        if keys_ok:
            font.draw_text(canvas, right - 6, 20, "OK", GOOD)
            font.draw_text(canvas, 2, 26, "A MENU", TEXT)
        else:
            x = 2
            for b in range(6):
                g = got[b]
                if g == b:
                    font.draw_char(canvas, x, 26, BUTTON_LETTERS[b], GOOD)
                else:
                    font.draw_char(canvas, x, 26, "?" if g >= 0 else "-", BAD)
                x += font.ADVANCE


def _put(buf, at, rgb):
    buf[at] = (rgb >> 16) & 0xFF
    buf[at + 1] = (rgb >> 8) & 0xFF
    buf[at + 2] = rgb & 0xFF


def _frame(canvas, rgb):
    """A border round the canvas: the end screen's verdict (green all good, red not)."""
    w = canvas.width
    h = canvas.height
    canvas.fill_rect(0, 0, w, 1, rgb)
    canvas.fill_rect(0, h - 1, w, 1, rgb)
    canvas.fill_rect(0, 0, 1, h, rgb)
    canvas.fill_rect(w - 1, 0, 1, h, rgb)


def _prompt(canvas, button):
    """Picture asking for one button: an arrow for up/down/left/right, a bar left (A) or right
    (B) of the middle for A and B."""
    w = canvas.width
    h = canvas.height
    cx = w // 2
    cy = h // 2
    size = (w if w < h else h) // 4
    if size < 1:
        size = 1
    if button <= RIGHT:
        for k in range(size + 1):
            # an arrowhead: row k of the triangle is 2k+1 pixels wide
            for d in range(-k, k + 1):
                if button == UP:
                    canvas.set(cx + d, cy - size + k, PROMPT)
                elif button == DOWN:
                    canvas.set(cx + d, cy + size - k, PROMPT)
                elif button == LEFT:
                    canvas.set(cx - size + k, cy + d, PROMPT)
                else:
                    canvas.set(cx + size - k, cy + d, PROMPT)
    else:
        x = cx - size if button == A else cx + size // 2
        canvas.fill_rect(x, cy - size, (size + 1) // 2, 2 * size + 1,
                         0x00C000 if button == A else 0xC00000)
