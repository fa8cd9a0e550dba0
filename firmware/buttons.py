"""Button logic: debounce, auto-repeat on the arrows, long press on A and B.

Pure logic fed `(raw_mask, now_ms)` (bit i set = button i held), so tests drive it with a
virtual clock and every backend shares it.
"""

from micropython import const

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
COUNT = const(6)
NAMES = ("up", "down", "left", "right", "a", "b")

PRESS = const(0)
REPEAT = const(1)
LONG = const(2)
KIND_NAMES = ("press", "repeat", "long")

DEBOUNCE_MS = const(20)
REPEAT_DELAY_MS = const(400)
REPEAT_EVERY_MS = const(120)
LONG_MS = const(700)


class Buttons:
    """Turns raw button samples into events; `update` returns a list it reuses (copy if kept)."""

    def __init__(self):
        self.raw = [0] * COUNT  # last raw reading per button
        self.raw_since = [0] * COUNT  # when the raw reading last changed
        self.state = [0] * COUNT  # debounced state
        self.down_at = [0] * COUNT  # when the debounced press began
        self.next_repeat = [0] * COUNT
        self.long_done = [0] * COUNT
        self.events = []

    def held(self, button):
        return self.state[button] == 1

    def update(self, mask, now):
        """Feed one sample; returns the events `(button, kind)` it produced."""
        ev = self.events
        del ev[:]
        for b in range(COUNT):
            r = (mask >> b) & 1
            if r != self.raw[b]:
                self.raw[b] = r
                self.raw_since[b] = now
            stable = now - self.raw_since[b] >= DEBOUNCE_MS
            if stable and r != self.state[b]:
                self.state[b] = r
                if r:
                    self.down_at[b] = now
                    self.long_done[b] = 0
                    if b < A:
                        ev.append((b, PRESS))
                        self.next_repeat[b] = now + REPEAT_DELAY_MS
                elif b >= A and not self.long_done[b]:
                    ev.append((b, PRESS))
            elif self.state[b]:
                if b < A:
                    if now - self.next_repeat[b] >= 0:
                        ev.append((b, REPEAT))
                        self.next_repeat[b] = now + REPEAT_EVERY_MS
                elif not self.long_done[b] and now - self.down_at[b] >= LONG_MS:
                    self.long_done[b] = 1
                    ev.append((b, LONG))
        return ev
