"""How to play: a game's few pages of text on the panel, stepped with the arrows.

Reached from the menu (its `HELP` row: the help of the game on the game row) and from a game
(hold B, then up or down: `HELP?`, A). The pages are data of the game's own package,
`firmware/games/<game>/howto.py`, `PAGES`: a tuple of pages, each a tuple of lines, so a new
game adds its pages without a line here or in the menu. A line is a text (grey), or a pair
`(rgb, text)`: a block of that colour (what the colour means on the board) and the text after
it. The first line of the first page is the game's name (amber). Lines are upper case in the
3 x 5 font: 8 characters on a 32-wide panel (7 after a colour block), 5 lines a page (a taller
panel shows more); the page dots at the foot say where you are.

Keys: right, down or A the next page (A on the last closes), left or up the one before, B
closes. Imported at its first use, with the pages, and let go when closed (Pages.close: a
game near the heap's edge gets the room back).
"""

import gc
import sys

from firmware import buttons as btn
from firmware import font

ROW_H = 6
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


class Pages:
    """The open help: which game's pages and which page is shown. `button` returns False once
    the help is closed (the caller lets it go and draws its own picture again)."""

    def __init__(self, game, width, height):
        self.game = game
        self.pages = pages_of(game)
        self.page = 0
        self.width = width
        self.lines = (height - 2) // ROW_H

    def close(self):
        """Let the pages' modules go (this one's too): the caller drops this object next."""
        self.pages = ()
        for name in ("firmware.games." + self.game + ".howto", "firmware.howto"):
            if name in sys.modules:
                del sys.modules[name]
                i = name.rfind(".")
                parent = sys.modules.get(name[:i])
                if parent is not None and hasattr(parent, name[i + 1:]):
                    delattr(parent, name[i + 1:])
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
        for i in range(min(len(page), self.lines)):
            line = page[i]
            if isinstance(line, tuple):
                canvas.fill_rect(1, y, 3, 5, line[0])
                font.draw_text(canvas, 5, y, line[1], TEXT_RGB)
            else:
                rgb = TITLE_RGB if (self.page == 0 and i == 0) else TEXT_RGB
                font.draw_text(canvas, 1, y, line, rgb)
            y += ROW_H
        n = len(self.pages)  # the page dots, two LEDs apart, at the foot
        x = (self.width - (2 * n - 1)) // 2
        for k in range(n):
            canvas.set(x + 2 * k, canvas.height - 1, DOT_ON if k == self.page else DOT_RGB)
