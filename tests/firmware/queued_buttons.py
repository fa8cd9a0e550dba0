"""The board's buttons with a queue in front: tests and the random-press runs hand the app
`(button, kind)` events directly, delivered on its next loop pass before what the pins say,
inside the app's guard (`inject`; or App(buttons=QueuedButtons()))."""

from firmware import buttons as btn


class QueuedButtons(btn.Buttons):
    def __init__(self):
        btn.Buttons.__init__(self)
        self.queue = []

    def update(self, mask, now):
        events = btn.Buttons.update(self, mask, now)
        if not self.queue:
            return events
        out = self.queue
        self.queue = []
        for e in events:
            out.append(e)
        return out


def inject(app, button, kind):
    """Queue an event for the app's next pass (its buttons become QueuedButtons at the first)."""
    if not isinstance(app.buttons, QueuedButtons):
        app.buttons = QueuedButtons()
    app.buttons.queue.append((button, kind))
