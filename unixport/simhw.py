"""The simulator's board (tests, `lanterne sim`): not shipped to the board (see
firmware/manifest.py); it offers what a firmware.hw backend offers."""


class SimHardware:
    """The simulator's board: `mask` is what the buttons read, `now` is a virtual clock."""

    name = "sim"

    def __init__(self, profile, buf=None):
        self.profile = profile
        self.order = profile.get("color_order", "GRB")
        self.buf = buf if buf is not None else bytearray(profile["led_count"] * 3)
        self.mask = 0
        self.now = 0
        self.frames = 0  # how many frames were pushed to the LEDs
        self.on_show = None  # optional callback(buf) (the terminal simulator draws here)

    out_at = -1  # show() returns with the frame out
    # the bots' secret of every game (App.take_secret): fixed, so that the tests' bots play
    # what the host computes for them; `lanterne sim` sets None (a fresh one each game)
    fixed_secret = 0

    def show(self):
        self.frames += 1
        if self.on_show is not None:
            self.on_show(self.buf)

    def wait_sent(self, cut=False):
        pass

    def busy(self):
        return False

    def read_mask(self):
        return self.mask

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms

    wait_ms = sleep_ms
