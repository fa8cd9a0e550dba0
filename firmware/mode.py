"""Mode: what the app asks of whatever runs on the board (the menu, a game, the self-test), each
hook declared with its default. Its own module so that the modes and the app (firmware/app.py)
import it without importing each other."""


class Mode:
    """Do-nothing defaults for the mode interface (see docs/firmware.md). The app calls
    `press`, `advance`, `paint` and `settle`; a mode fills in `on_button`, `tick`, `draw` (a
    game: firmware/gamemode.py, which puts its long-B question between the two)."""

    name = "mode"
    covers = False  # draw() sets every pixel itself: the app need not clear the canvas first
    # the modules only this mode's start runs (its builders): a lean board lets them go once
    # the mode has started (App.lean)
    start_only = ()

    def __init__(self, app):
        self.app = app

    def on_button(self, button, kind, now_ms):
        """One button event; call app.redraw() if the picture changes."""

    def tick(self, now_ms):
        """Every loop pass; True while animating (a frame every pass)."""
        return False

    def draw(self, canvas):
        """The whole picture into the cleared canvas (not cleared when `covers`); no
        allocation."""

    def press(self, button, kind, now_ms):
        """The app's call for a button event (a game routes its question here)."""
        self.on_button(button, kind, now_ms)

    def advance(self, now_ms):
        """The app's call every loop pass: True if a frame is due."""
        return self.tick(now_ms)

    def paint(self, canvas):
        """The app's call for a frame."""
        self.draw(canvas)

    def searching(self):
        """A bot's search is under way (the loop then runs its next piece sooner)."""
        return False

    def settle(self, later=False):
        """After the pass's frame (`later`: the loop's own call, which leaves a move made in
        this very pass for the next one), before a host command and before the mode changes:
        what a move left to do (a game: its save and events, firmware/gamemode.py)."""

    def command(self, msg):
        raise ValueError("command not available in " + self.name)

    def save_record(self):
        return None

    def leave(self):
        pass
