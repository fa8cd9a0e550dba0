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

DEBOUNCE_MS = const(20)  # after a change is taken, the line is ignored this long (bounces)
REPEAT_DELAY_MS = const(400)
REPEAT_EVERY_MS = const(120)
LONG_MS = const(700)


class Buttons:
    """Turns raw button samples into events; `update` returns a list it reuses (copy if kept).

    A change of a line is taken at the first sample that shows it, so a press costs no waiting;
    the bounces that follow are ignored for DEBOUNCE_MS, after which the line is read again
    (a release that happened meanwhile is taken then)."""

    def __init__(self):
        self.state = [0] * COUNT  # debounced state
        self.held_mask = 0  # the same as a bit mask (bit i: button i held)
        self.changed_at = [-DEBOUNCE_MS] * COUNT  # when the debounced state last changed
        self.down_at = [0] * COUNT  # when the debounced press began
        self.next_repeat = [0] * COUNT
        self.long_done = [0] * COUNT
        self.events = []
        self.due = None  # when a later update with the same lines may act (None: never)

    def held(self, button):
        return self.state[button] == 1

    # over the complexity ceiling on purpose: one loop over the lines a pass looks at (a call
    # more per line, or a second loop for `due`, costs every pass on a Pico)
    def update(self, mask, now):  # noqa: C901
        """Feed one sample; returns the events `(button, kind)` it produced. A pass with no
        line changed and none held (nearly every pass) returns at once; otherwise only the
        lines that changed or are held are looked at (0.9 ms for all six on a Pico). Sets
        `due`: the earliest time a later call with the same lines can act (a repeat, a long
        press, a line read again after its bounces), None when only a change of a line can."""
        ev = self.events
        if ev:
            del ev[:]
        held = self.held_mask
        if mask == held and not held:
            self.due = None
            return ev
        look = (mask ^ held) | held
        state = self.state
        due = None
        for b in range(COUNT):
            if not (look >> b) & 1:
                continue
            r = (mask >> b) & 1
            if r != state[b]:
                since = now - self.changed_at[b]
                if 0 <= since < DEBOUNCE_MS:
                    # a bounce of the last change (a clock that went back: not one); the line
                    # is read again once the bounces are over
                    t = self.changed_at[b] + DEBOUNCE_MS
                    if due is None or t - due < 0:
                        due = t
                    continue
                state[b] = r
                self.held_mask ^= 1 << b
                self.changed_at[b] = now
                if r:
                    self.down_at[b] = now
                    self.long_done[b] = 0
                    if b < A:
                        ev.append((b, PRESS))
                        self.next_repeat[b] = now + REPEAT_DELAY_MS
                elif b >= A and not self.long_done[b]:
                    ev.append((b, PRESS))
            elif b < A:
                if now - self.next_repeat[b] >= 0:
                    ev.append((b, REPEAT))
                    self.next_repeat[b] = now + REPEAT_EVERY_MS
            elif not self.long_done[b] and now - self.down_at[b] >= LONG_MS:
                self.long_done[b] = 1
                ev.append((b, LONG))
            if state[b]:  # held: its next repeat, or its long press
                if b < A:
                    t = self.next_repeat[b]
                elif not self.long_done[b]:
                    t = self.down_at[b] + LONG_MS
                else:
                    continue
                if due is None or t - due < 0:
                    due = t
        self.due = due
        return ev
