"""The simulator's board (tests, `lanterne sim`): not shipped to the board (see
firmware/manifest.py); it offers what a firmware.hw backend offers."""


_IDLE = 0xBF  # a 74HC165's byte with nothing pressed: H high, G low, the six pulled up


class SimHardware:
    """The simulator's board: `mask` is what the buttons read, `now` is a virtual clock.

    On a profile with a 74HC165 chain (firmware/seats.py) each seat's chip is a byte in
    `chips` (active low, with its known bits): `press(seat, button, down, at)` changes it and
    keeps a scan stamped `at` (default: now), which `take` hands to the app's SeatButtons in
    order; `chips[i] = 0xFF` is a missing chip (its known bits wrong)."""

    name = "sim"

    def __init__(self, profile, buf=None):
        self.profile = profile
        self.order = profile.get("color_order", "GRB")
        self.buf = buf if buf is not None else bytearray(profile["led_count"] * 3)
        self.mask = 0
        self.now = 0
        self.frames = 0  # how many frames were pushed to the LEDs
        self.on_show = None  # optional callback(buf) (the terminal simulator draws here)
        chain = profile.get("buttons") or {}
        n = len(chain.get("seats") or ()) if chain.get("wiring") == "74hc165" else 0
        self.seats = n
        self.chips = bytearray([_IDLE] * n)
        self.scans = []  # (chips as bytes, at) not yet taken

    def press(self, seat, button, down=True, at=None):
        """Seat `seat`'s button held (or let go), seen by a scan at `at` (ms)."""
        if down:
            self.chips[seat] &= ~(1 << button) & 0xFF
        else:
            self.chips[seat] |= 1 << button
        self.scans.append((bytes(self.chips), self.now if at is None else at))

    def chain_bytes(self):
        """Each chip's byte as a scan reads it (the self-test's check of the known bits)."""
        return bytes(self.chips)

    def take(self, masks, ats):
        """The scans kept since the last call, oldest first (firmware/seats.py)."""
        n = 0
        k = self.seats
        cap = len(ats)
        while self.scans and n < cap:
            chips, at = self.scans.pop(0)
            masks[n * k:(n + 1) * k] = chips
            ats[n] = at
            n += 1
        return n

    out_at = -1  # show() returns with the frame out

    def show(self):
        self.frames += 1
        if self.on_show is not None:
            self.on_show(self.buf)

    def wait_sent(self, cut=False):
        pass

    def busy(self):
        return False

    def read_mask(self):
        if self.seats:  # any seat's button (the boot's held A): the chips, as the scans see them
            m = self.mask
            for b in self.chips:
                if b & 0xC0 == 0x80:
                    m |= ~b & 0x3F
            return m
        return self.mask

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms

    wait_ms = sleep_ms
