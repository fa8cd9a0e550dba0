"""The mode the board falls back on when even the menu finds no room (issue 28: never frozen).

Made as the board boots, once its first frame is out (App.fallback), and kept for the board's
life: switching to it allocates nothing. It says NO ROOM and A: MENU, answers the host's `state`
(mode "rescue"), and tries the menu again at its first loop pass (what failed has let go of its
stack by then, and its garbage is collected), then at each button or after a short wait. A saved
game stays saved: the menu it reaches offers RESUME.
"""

import gc

from micropython import const

from firmware import font
from firmware.mode import Mode

_RETRY_MS = const(1000)  # the menu is tried again this long after the last try
_INK = const(0xFF6000)


class Rescue(Mode):
    """No room for the menu: a two-line notice, a retry, the host still answered."""

    name = "rescue"

    def __init__(self, app):
        Mode.__init__(self, app)
        self.since = -1  # when the menu was last tried (-1: not yet, the next tick tries it)

    def enter(self):
        """The app switches to this mode: the next tick tries the menu."""
        self.since = -1

    def retry(self):
        """Try the menu again (after a collection); this mode stays if it still has no room."""
        gc.collect()
        self.app.to_menu(rescued=True)

    def on_button(self, button, kind, now_ms):
        self.retry()

    def tick(self, now_ms):
        if self.since < 0 or now_ms - self.since >= _RETRY_MS:
            self.since = now_ms
            self.retry()
        return False

    def draw(self, canvas):
        font.draw_text(canvas, 1, 1, "NO ROOM", _INK)
        font.draw_text(canvas, 1, 8, "A:MENU", _INK)

    def command(self, msg):
        if msg.get("cmd") == "state":
            return {"ev": "state", "mode": self.name, "saved": self.app.saved is not None}
        raise ValueError("no room for a game now: the board is back at its menu shortly")
