"""Canvas -> LED bytes: the profile's LED map and colour order, brightness and the power limiter.

Every frame is scaled so its estimated current (idle current of every LED plus `ma_per_channel`
per channel at full value) stays within the profile's `power.budget_ma`. Integers and
preallocated buffers only: showing a frame allocates nothing.
"""

from array import array

from firmware import ledmap

_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")


def channel_offsets(order):
    """Where R, G and B go inside one LED's 3 bytes for a colour order like "GRB"."""
    if order not in _ORDERS:
        raise ValueError("unknown colour order: " + str(order))
    return order.index("R"), order.index("G"), order.index("B")


def _lit_offsets(table):
    """array("I") of canvas byte offsets (3 x pixel) of the pixels with an LED, None if all have."""
    for led in table:
        if led < 0:
            break
    else:
        return None
    lit = array("I")
    i = 0
    for led in table:
        if led >= 0:
            lit.append(i)
        i += 3
    return lit


class Output:
    """Maps a Canvas to an LED byte buffer (`self.buf`, chain order, the given colour order)."""

    def __init__(self, profile, buf=None, order=None, brightness=None, table=None):
        self.profile = profile
        n = profile["led_count"]
        self.led_count = n
        self.buf = buf if buf is not None else bytearray(n * 3)
        power = profile["power"]
        self.budget = power["budget_ma"]
        self.per_channel = power["ma_per_channel"]
        self.idle = power["idle_ma_per_led"] * n
        # canvas pixel -> LED index (-1: none); a caller may pass the one it already built
        self.table = table if table is not None else ledmap.build(profile)
        # canvas byte offsets of the pixels that have an LED, or None when every pixel has one
        # (a hole board's canvas is mostly empty space: its bytes must not count as current)
        self.lit = _lit_offsets(self.table)
        self.ro, self.go, self.bo = channel_offsets(order or profile.get("color_order", "GRB"))
        self.lut = bytearray(256)
        self.lut_scale = -1
        br = profile.get("brightness", {})
        self.min_brightness = br.get("min", 1)
        self.max_brightness = br.get("max", 255)
        self.brightness = 0
        self.set_brightness(brightness if brightness is not None else br.get("default", 40))
        self.last_ma = 0
        self.last_scale = 0
        self.changed = False

    def set_brightness(self, value):
        """Brightness 0..255, clamped to the profile's min/max."""
        value = int(value)
        if value < self.min_brightness:
            value = self.min_brightness
        if value > self.max_brightness:
            value = self.max_brightness
        self.brightness = value
        return value

    def estimate_ma(self, channel_sum, scale):
        """Estimated current (mA) of a frame with canvas byte sum channel_sum at scale/255."""
        return self.idle + (channel_sum * scale // 255) * self.per_channel // 255

    def frame_scale(self, canvas):
        """The scale (0..255) this canvas is shown at: brightness, lowered to fit the budget.
        Only canvas bytes that reach an LED count (a hole board's canvas is mostly empty)."""
        lit = self.lit
        if lit is None:
            total = sum(canvas.buf)
        else:
            src = canvas.buf
            total = 0
            for i in lit:
                total += src[i] + src[i + 1] + src[i + 2]
        scale = self.brightness
        if self.estimate_ma(total, scale) > self.budget:
            room = self.budget - self.idle
            if room <= 0 or total == 0:
                return 0
            # largest scale whose estimate fits: total*scale*pc/255/255 <= room
            scale = room * 255 * 255 // (total * self.per_channel)
            while scale > 0 and self.estimate_ma(total, scale) > self.budget:
                scale -= 1
        return scale

    def render(self, canvas):
        """Fill self.buf from the canvas; returns the estimated current of the frame in mA."""
        scale = self.frame_scale(canvas)
        lut = self.lut
        if scale != self.lut_scale:
            for v in range(256):
                lut[v] = v * scale // 255  # floor: the frame never exceeds its estimate
            self.lut_scale = scale
        src = canvas.buf
        out = self.buf
        table = self.table
        ro = self.ro
        go = self.go
        bo = self.bo
        i = 0
        changed = False
        for led in table:
            if led >= 0:
                j = led * 3 + ro
                v = lut[src[i]]
                if out[j] != v:
                    out[j] = v
                    changed = True
                j += go - ro
                v = lut[src[i + 1]]
                if out[j] != v:
                    out[j] = v
                    changed = True
                j += bo - go
                v = lut[src[i + 2]]
                if out[j] != v:
                    out[j] = v
                    changed = True
            i += 3
        self.changed = changed  # False: the LEDs already show this frame
        self.last_scale = scale
        self.last_ma = self.idle + sum(out) * self.per_channel // 255
        return self.last_ma

    def led_ma(self):
        """Estimated current of what self.buf holds now (recomputed from the LED bytes)."""
        return self.idle + sum(self.buf) * self.per_channel // 255
