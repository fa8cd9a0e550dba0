"""How to play: a game's few pages of text and pictures on the panel, stepped with the arrows.

Reached from the menu (its `HELP` row: the help of the game on the game row) and from a game
(hold B, then up or down: `HELP?`, A). The pages are data of the game's own package,
`firmware/games/<game>/howto.py`, `PAGES`: a tuple of pages, each a tuple of lines, so a new
game adds its pages without a line here or in the menu. A line is a text (grey), or a pair
`(rgb, text)`: a block of that colour (what the colour means on the board) and the text after
it, or a triple `(rgb, text, text_rgb)`: the text in a colour too (rgb -1: no block), or a
picture `(rows, palette[, scale])`: pieces drawn as on the board, one LED (or a block of
scale x scale) a character of `rows` (one text, its rows apart by "/": "." dark, "0".."9" and
"a".."f" a colour of `palette`), centred (one text rather than a tuple of rows: fewer objects
for the module's code to build when it is imported). The first line of the first page is the
game's name (amber). Lines are upper case in the 3 x 5 font: 8 characters on a 32-wide panel
(7 after a colour block), 6 LEDs a line, a picture its height and one; a page fills at most
the 31 rows above the page dots at the foot, which say where you are.

From a game (`mode` given), the game may add a first page about the game on the panel now:
its package's `howto_now.py`, `now(mode)`, gives its lines (Ta Yü: each side's coasts and
score as the product of its two counts), made once when the pages open; a module of its
own, which the menu's help never loads; where a game's heap has no room for it, the pages open
without it.

Keys: right, down or A the next page (A on the last closes), left or up the one before, B
closes. Imported at its first use, with the pages, and let go when closed (Pages.close: a
game near the heap's edge gets the room back).
"""

import gc

from micropython import const

from firmware import buttons as btn
from firmware import font
from shared_rules.registry import forget

ROW_H = 6
_HEX = const("0123456789abcdef")  # a picture's characters: the palette's indexes
TITLE_RGB = 0xFFC000
TEXT_RGB = 0xB0B0B0
DOT_RGB = 0x404040
DOT_ON = 0xFFC000
LINES_32 = 5  # text lines a 32-tall panel shows above the page dots


def pages_of(game):
    """The game's PAGES (its package's howto module), or () when it has none."""
    name = "firmware.games." + game + ".howto"
    try:
        mod = __import__(name, None, None, ("PAGES",))
    except ImportError:
        return ()
    return getattr(mod, "PAGES", ())


def now_of(game, mode):
    """The page about the game on the panel now (its howto_now module's `now(mode)`), or
    None."""
    try:
        mod = __import__("firmware.games." + game + ".howto_now", None, None, ("now",))
        return mod.now(mode)
    except ImportError:
        return None
    except MemoryError:  # no room for it on a game's crowded heap: the pages without it
        gc.collect()
        return None


def is_picture(line):
    return isinstance(line, tuple) and isinstance(line[1], tuple)


def line_height(line):
    """The rows a line takes on the panel: a text's 6, a picture's height and one."""
    if is_picture(line):
        return (line[0].count("/") + 1) * scale_of(line) + 1
    return ROW_H


def scale_of(picture):
    return picture[2] if len(picture) > 2 else 1


def picture_width(picture):
    """A picture's width in LEDs."""
    w = picture[0].find("/")
    return (w if w >= 0 else len(picture[0])) * scale_of(picture)


def draw_picture(canvas, x, y, picture):
    """A picture line: each character one LED (an s x s block), "." left dark, "/" the next
    row."""
    rows = picture[0]
    palette = picture[1]
    s = scale_of(picture)
    px = x
    for i in range(len(rows)):
        ch = rows[i]
        if ch == "/":
            px = x
            y += s
            continue
        k = _HEX.find(ch)
        if k >= 0:
            canvas.fill_rect(px, y, s, s, palette[k])
        px += s


class Pages:
    """The open help: which game's pages and which page is shown. `button` returns False once
    the help is closed (the caller lets it go and draws its own picture again)."""

    def __init__(self, game, width, height, mode=None):
        self.game = game
        self.pages = pages_of(game)
        self.first = 0  # the first page of the game's own (after the page about now)
        if mode is not None:
            now = now_of(game, mode)
            if now:
                self.pages = (now,) + tuple(self.pages)
                self.first = 1
        self.page = 0
        self.width = width

    def close(self):
        """Let the pages' modules go (this one's too): the caller drops this object next."""
        self.pages = ()
        for name in ("firmware.games." + self.game + ".howto",
                     "firmware.games." + self.game + ".howto_now", "firmware.howto"):
            forget(name)
        gc.collect()

    def button(self, b, kind):
        """A button: steps or closes; True while the help stays open."""
        if kind != btn.PRESS:
            return kind != btn.LONG or b != btn.B  # a long B closes too
        n = len(self.pages)
        if b == btn.B or n == 0:
            return False
        if b in (btn.RIGHT, btn.DOWN, btn.A):
            if self.page + 1 >= n:
                return b != btn.A  # A on the last page: done
            self.page += 1
        elif b in (btn.LEFT, btn.UP):
            if self.page > 0:
                self.page -= 1
        return True

    def draw(self, canvas):
        canvas.fill_rect(0, 0, self.width, canvas.height, 0)
        if not self.pages:
            font.draw_text(canvas, 1, 1, "NO HELP", TEXT_RGB)
            return
        page = self.pages[self.page]
        y = 1
        foot = canvas.height - 1  # the page dots' row
        for i in range(len(page)):
            line = page[i]
            if y + line_height(line) - 1 > foot:
                break
            if is_picture(line):
                draw_picture(canvas, (self.width - picture_width(line)) // 2, y, line)
            elif isinstance(line, tuple):
                x = 1
                if line[0] >= 0:
                    canvas.fill_rect(1, y, 3, 5, line[0])
                    x = 5
                font.draw_text(canvas, x, y, line[1], line[2] if len(line) > 2 else TEXT_RGB)
            else:
                title = i == 0 and self.page in (0, self.first)
                font.draw_text(canvas, 1, y, line, TITLE_RGB if title else TEXT_RGB)
            y += line_height(line)
        n = len(self.pages)  # the page dots, two LEDs apart, at the foot
        x = (self.width - (2 * n - 1)) // 2
        for k in range(n):
            canvas.set(x + 2 * k, canvas.height - 1, DOT_ON if k == self.page else DOT_RGB)
