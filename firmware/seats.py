"""Seats: a board whose every seat has its own six buttons (issue 35), told apart.

A profile's optional `buttons` says how the buttons are wired (hardware/ADDING_A_PROFILE.md):
absent, or `{"wiring": "parallel"}`, the six in `pins` (every seat's set wired in parallel:
the board cannot tell seats apart, and every existing board works as before); or a 74HC165
chain, one chip per seat, latched at once and shifted over three wires:

    "buttons": {"wiring": "74hc165", "clock": 16, "latch": 17, "data": 18,
                "seats": [{"side": "bottom"}, {"side": "left"}, {"side": "top"}, {"side": "right"}]}

Seat i is the i-th chip from the Pico's data pin. Each chip's inputs A..F are up, down, left,
right, A, B (to ground, pulled up: a press reads 0), G is tied to ground and H to +3.3 V: the
known bits that tell a chip that answers from a missing or miswired one (`known_ok`).

`SeatButtons` turns the chain's scans into events `(button, kind, seat, at)`: each seat's six
buttons debounced on their own (firmware.buttons.Buttons' rules, all seats in one native loop a
scan: `feed`, firmware/seatfeed.py), every scan the backend
kept since the last pass fed in the order it was taken, so of two presses the earlier scan's
comes first, and each event carries its scan's time `at` (ms). A parallel board's events stay
`(button, kind)`: the app reads a missing seat as -1, "any seat".
"""

from array import array

from micropython import const

from firmware import buttons as btn

SIDES = ("bottom", "left", "top", "right")  # quarter turns, clockwise seen from above
KNOWN_MASK = const(0xC0)  # G (bit 6) tied low, H (bit 7) tied high
KNOWN_BITS = const(0x80)
BUTTON_BITS = const(0x3F)
SAMPLES = const(64)  # changed scans taken in one pass at most (the rest: the newest state)
PRESSES = const(8)  # the latest presses kept for the `stats` reply: seat, button, scan time
_STRIDE = const(32)  # a seat's words of debounce state (feed: five a button, held, due)
_HEAD = const(8)  # feed's header words before its events
_CAP = const(64)  # events one feed may write: 8 seats x 6 buttons fit
_BIAS = const(65536)  # added to the times feed keeps (seatfeed.feed: no word is negative)

# the arrows clockwise (as seen by a player at the bottom): up, right, down, left
_CW = (btn.UP, btn.RIGHT, btn.DOWN, btn.LEFT)
_CW_INDEX = const((0, 2, 3, 1))  # a button's place in _CW (UP, DOWN, LEFT, RIGHT)


def chain(profile):
    """The profile's 74HC165 chain (its `buttons`), or None on a parallel board."""
    b = profile.get("buttons")
    if not b or b.get("wiring", "parallel") == "parallel":
        return None
    return b


def sides(profile):
    """Each seat's quarter turn (0 bottom, 1 left, 2 top, 3 right); () on a parallel board."""
    c = chain(profile)
    if c is None:
        return ()
    return tuple(SIDES.index(s.get("side", "bottom")) for s in c["seats"])


def check(profile):
    """ValueError naming what is wrong with a `buttons` description (profile.check's part)."""
    b = profile.get("buttons")
    if b is None:
        return
    if not isinstance(b, dict):
        raise ValueError("profile buttons must be an object")
    wiring = b.get("wiring", "parallel")
    if wiring == "parallel":
        return
    if wiring != "74hc165":
        raise ValueError("profile buttons wiring must be parallel or 74hc165")
    used = [profile["pins"].get("data")]
    for key in ("clock", "latch", "data"):
        g = b.get(key)
        if not isinstance(g, int) or not 0 <= g <= 28 or g in used:
            raise ValueError("profile buttons need a GPIO of their own for '" + key + "'")
        used.append(g)
    seats = b.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        raise ValueError("profile buttons need 1 to 8 seats")
    for s in seats:
        if not isinstance(s, dict) or s.get("side", "bottom") not in SIDES:
            raise ValueError("a seat's side must be one of " + ", ".join(SIDES))


def turn(button, quarter):
    """An arrow pressed at a seat `quarter` turns clockwise from the bottom, as the panel
    reads it (the player's up is away from them); other buttons stay."""
    if button > btn.RIGHT or not quarter:
        return button
    return _CW[(_CW_INDEX[button] + quarter) % 4]


def player_at(quarters, seat, players):
    """The player (0..players-1) at a seat of the chain, -1 for nobody: seat i is player i
    when there are as many seats as players; two players sit face to face (bottom, top);
    otherwise the first seats are the players'."""
    if seat < 0 or seat >= len(quarters):
        return -1
    if players == len(quarters):
        return seat
    if players == 2:
        q = quarters[seat]
        return 0 if q == 0 else 1 if q == 2 else -1
    return seat if seat < players else -1


def known_ok(byte):
    """A chip's byte holds its known bits (G low, H high): the chip is there and wired."""
    return byte & KNOWN_MASK == KNOWN_BITS


def pressed(byte):
    """The six buttons held in a chip's byte (active low) as a Buttons mask; a chip whose
    known bits are wrong reads as nothing held (a missing chip is no storm of presses)."""
    if byte & KNOWN_MASK != KNOWN_BITS:
        return 0
    return ~byte & BUTTON_BITS


def feed(st, raw, fed, p):  # noqa: C901 - the Python twin of one native loop
    """The Python twin of firmware.seatfeed.feed (its docstring says the layout): one scan
    (raw[p[2] - 1], or p[2] = 0: the masks as last fed) at time p[1] for every seat, with the
    rules of firmware.buttons.Buttons."""
    seats, at, off, o, cap = p[0], p[1], p[2], p[3], p[4]
    for seat in range(seats):
        mask = pressed(raw[off - 1 + seat]) if off > 0 else fed[seat]
        base = seat * _STRIDE
        word = st[base + 30]
        if mask == fed[seat] and (not word & 0x100 or at - st[base + 31] < 0):
            continue
        p[7] += 1
        fed[seat] = mask
        held = word & 0xFF
        due = None
        if mask != held or held:
            look = (mask ^ held) | held
            for b in range(btn.COUNT):
                if not (look >> b) & 1:
                    continue
                f = base + b * 5
                r = (mask >> b) & 1
                kind = -1
                if r != st[f]:
                    since = at - st[f + 1]
                    if 0 <= since < btn.DEBOUNCE_MS:  # read again once its bounces are over
                        t = st[f + 1] + btn.DEBOUNCE_MS
                        if due is None or t - due < 0:
                            due = t
                        continue
                    st[f] = r
                    held ^= 1 << b
                    st[f + 1] = at
                    if r:
                        st[f + 2] = at
                        st[f + 4] = 0
                        if b < btn.A:
                            kind = btn.PRESS
                            st[f + 3] = at + btn.REPEAT_DELAY_MS
                    elif b >= btn.A and not st[f + 4]:
                        kind = btn.PRESS
                elif b < btn.A:
                    if at - st[f + 3] >= 0:
                        kind = btn.REPEAT
                        st[f + 3] = at + btn.REPEAT_EVERY_MS
                elif not st[f + 4] and at - st[f + 2] >= btn.LONG_MS:
                    st[f + 4] = 1
                    kind = btn.LONG
                if kind >= 0 and o < cap:
                    p[_HEAD + o] = b | (kind << 4) | (seat << 8)
                    o += 1
                if st[f]:  # held: its next repeat, or its long press
                    if b < btn.A:
                        t = st[f + 3]
                    elif not st[f + 4]:
                        t = st[f + 2] + btn.LONG_MS
                    else:
                        continue
                    if due is None or t - due < 0:
                        due = t
        st[base + 30] = held | (0 if due is None else 0x100)
        st[base + 31] = due or 0
    p[3] = o
    soonest = None
    for seat in range(seats):
        if st[seat * _STRIDE + 30] & 0x100:
            t = st[seat * _STRIDE + 31]
            if soonest is None or t - soonest < 0:
                soonest = t
    p[5] = 0 if soonest is None else 1
    p[6] = soonest or 0


def _feeder():
    """seatfeed's viper loop on MicroPython, the twin above elsewhere."""
    import sys

    if sys.implementation.name == "micropython":
        try:
            from firmware import seatfeed

            return seatfeed.feed
        except (ImportError, ValueError, SyntaxError):
            pass
    return feed


class SeatButtons:
    """Events of a chain of seats from the backend's scans (see the module doc).

    The backend offers `seats` and `take(masks, ats)`: the scans in which some chip's byte
    changed since the last call, oldest first, each as `seats` bytes in `masks` and its time
    (ms, the board's ticks_ms) in `ats`; it returns how many (at most SAMPLES). `update`
    feeds them, then the pass's own time (repeats and long presses), and returns the events;
    the list is reused (copy if kept)."""

    def __init__(self, hw, seats):
        self.hw = hw
        self.take = hw.take
        # a chain whose viper walk reads the DMA's count itself (firmware/hw/chain.py: quick_walk):
        # update calls it directly, an idle pass one native call; else take() does it all
        quick = getattr(hw, "quick", None)
        self.walk, self.ring, self.last, self.cp = quick or (None, None, None, None)
        self.stamp = getattr(hw, "stamp", None)
        self.seats = seats
        self.feeder = _feeder()
        # each seat's buttons debounced (feed): 32 words a seat, every button released
        self.st = array("i", bytes(4 * _STRIDE * seats))
        for i in range(seats * btn.COUNT):  # changed long ago (a first press is no bounce)
            self.st[(i // btn.COUNT) * _STRIDE + (i % btn.COUNT) * 5 + 1] = _BIAS - btn.DEBOUNCE_MS
        self.fed = bytearray(seats)  # the mask each seat was last given
        self.p = array("i", bytes(4 * (_HEAD + _CAP)))
        self.p[0] = seats
        self.p[4] = _CAP
        self.masks = bytearray(SAMPLES * seats)
        self.ats = [0] * SAMPLES
        # when the pass's own time next matters with no new scan (a repeat, a long press, a
        # line read again after its bounces: the soonest due of the seats); None: never
        self.due = None
        self.events = []
        self.none = []  # what a pass with nothing to do returns (never filled)
        # the `stats` reply's figures: reading the chain in a pass (last, worst, total, passes,
        # passes over 0.2 ms; then the same total and passes of the passes with nothing to do;
        # us) and the latest presses (seat, button, scan time)
        self.times = array("i", bytes(28))
        self.idle = False  # the last update found nothing to do (no scan changed, none due)
        self.presses = array("i", bytes(12 * PRESSES))
        self.count = 0

    def held(self, button):
        st = self.st
        for seat in range(self.seats):
            if st[seat * _STRIDE + button * 5]:
                return True
        return False

    def feed(self, off, at):
        """One scan (its bytes at masks[off - 1]; 0: the masks as last fed) at time `at` (ms,
        0..2**30): every seat's events, seat by seat (a seat is asked only when its buttons
        changed since it was last asked, or its due has come)."""
        p = self.p
        p[1] = at + _BIAS
        p[2] = off
        p[3] = 0
        self.feeder(self.st, self.masks, self.fed, p)  # pyright: ignore[reportArgumentType]
        ev = self.events
        for i in range(p[3]):
            w = p[_HEAD + i]
            b = w & 0xF
            kind = (w >> 4) & 0xF
            seat = w >> 8
            ev.append((b, kind, seat, at))
            if kind == btn.PRESS:
                j = (self.count % PRESSES) * 3
                self.presses[j] = seat
                self.presses[j + 1] = b
                self.presses[j + 2] = at
                self.count += 1

    def update(self, mask, now):
        """The events since the last pass (`mask` is ignored: the scans are the backend's).
        Nearly every pass has none: that path is one viper call in a frame small enough for
        the C stack (a MicroPython function of more than 11 words of arguments, locals and
        stack takes its frame from the heap at every call, dearer as garbage piles up)."""
        n = self.walk(self.ring, self.last, self.masks, self.cp) if self.walk else -1
        if n or self.cp[1] > self.cp[9] or (self.due is not None and now - self.due >= 0):
            return self.busy(n, now)
        self.idle = True
        return self.none

    def busy(self, n, now):
        """update's pass with scans to take (n of them; -1: the backend's take() walks), a
        count to restart or a due come: their events."""
        ev = self.events
        if ev:
            del ev[:]
        if n < 0:
            n = self.take(self.masks, self.ats)
        else:  # the scans' times, and a count run low started afresh
            n = self.stamp(n, self.ats)  # pyright: ignore[reportOptionalCall]
        due = self.due
        if not n and (due is None or now - due < 0):
            self.idle = True
            return ev
        self.idle = False
        k = self.seats
        for i in range(n):
            self.feed(i * k + 1, self.ats[i])
        due = self.soonest()
        if due is not None and now - due >= 0:  # the pass's own time: repeats, long presses
            self.feed(0, now)
            due = self.soonest()
        self.due = due
        return ev

    def soonest(self):
        """The soonest due of the seats' buttons, as the last feed left it (None: none)."""
        p = self.p
        return p[6] - _BIAS if p[5] else None

    def asked(self):
        """How many times a seat was asked (fed a mask) so far: the tests' count."""
        return self.p[7]

    def took(self, us):
        """The app's pass spent `us` reading the chain (the `stats` reply's input_us)."""
        t = self.times
        t[0] = us
        if us > t[1]:
            t[1] = us
        if t[2] < 0x3FFFFFFF - us:
            t[2] += us
            t[3] += 1
            if us > 200:
                t[4] += 1
            if self.idle:
                t[5] += us
                t[6] += 1

    def clear(self):
        """The `stats` figures afresh (the host's `reset`)."""
        for i in range(7):
            self.times[i] = 0
        self.count = 0

    def figures(self, reply):
        """The `stats` reply's `input_us` and `seat_presses` (oldest first)."""
        t = self.times
        reply["input_us"] = {"last": t[0], "worst": t[1], "passes": t[3], "over_200": t[4],
                             "mean": t[2] // t[3] if t[3] > 0 else -1, "idle_passes": t[6],
                             "idle_mean": t[5] // t[6] if t[6] > 0 else -1}
        k = self.count
        r = self.presses
        reply["seat_presses"] = [[r[(i % PRESSES) * 3 + j] for j in range(3)]
                                 for i in range(k - PRESSES if k > PRESSES else 0, k)]
