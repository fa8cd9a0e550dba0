"""Canvas -> LED bytes: the profile's LED map and colour order, brightness and the power limiter.

Every frame is scaled so its estimated current (idle current of every LED plus `ma_per_channel`
per channel at full value) stays within the profile's `power.budget_ma`. Integers and
preallocated buffers only: showing a frame allocates nothing.
"""

# pyright: reportArgumentType=false
# (what the type checker cannot follow here: a bytearray is what viper's ptr8 takes)

import sys
from array import array

from micropython import const

_ORDERS = const(("RGB", "RBG", "GRB", "GBR", "BRG", "BGR"))
# The canvas as last mapped (map_delta's), the number of the Output whose frame it holds, the
# last number given: one buffer for the Outputs of one size made one after another (tests make
# many Apps: a buffer each would leave the heap in pieces); an Output that finds another's
# frame there maps every pixel.
_LAST = [None, 0, 0]


def channel_offsets(order):
    """Where R, G and B go inside one LED's 3 bytes for a colour order like "GRB"."""
    if order not in _ORDERS:
        raise ValueError("unknown colour order: " + str(order))
    return order.index("R"), order.index("G"), order.index("B")


def _lit_offsets(table):
    """array("I") of canvas byte offsets (3 x pixel) of the pixels with an LED, None if all have."""
    if min(table) >= 0:  # (a loop in C: a Python one over 1,024 pixels took a Pico 4 ms of boot)
        return None
    lit = array("I")
    i = 0
    for led in table:
        if led >= 0:
            lit.append(i)
        i += 3
    return lit


def _loops(delta):
    """(map_frame, byte_sum, map_delta, copy): firmware.fastmap's viper loops on MicroPython,
    firmware.plainmap's Python twin and the builtin sum on CPython or a build without native
    code, which maps whole frames (map_delta None) unless `delta` asks for its twin (tests)."""
    if sys.implementation.name == "micropython":
        try:
            from firmware.fastmap import byte_sum, copy, map_delta, map_frame

            return map_frame, byte_sum, (map_delta if delta is not False else None), copy
        except (ImportError, ValueError, SyntaxError):  # a build or port without native code
            pass
    from firmware import plainmap

    return plainmap.map_frame, sum, (plainmap.map_delta if delta else None), plainmap.copy


class Output:
    """Maps a Canvas to an LED byte buffer (`self.buf`, chain order, the given colour order)."""

    def __init__(self, profile, buf=None, order=None, brightness=None, table=None, delta=None):
        """`delta`: map only the pixels that changed since the last frame (map_delta; the
        default where it is native code, MicroPython), False: every pixel every frame."""
        self.profile = profile
        n = profile["led_count"]
        self.led_count = n
        self.buf = buf if buf is not None else bytearray(n * 3)
        power = profile["power"]
        self.budget = power["budget_ma"]
        self.per_channel = power["ma_per_channel"]
        self.idle = power["idle_ma_per_led"] * n
        # canvas pixel -> LED index (-1: none); a caller may pass the one it already built
        if table is None:
            from firmware import ledmap  # (a board lets it go once booted: app.main)

            table = ledmap.build(profile)
        self.table = table
        # canvas byte offsets of the pixels that have an LED, or None when every pixel has one
        # (a hole board's canvas is mostly empty space: its bytes must not count as current)
        self.lit = _lit_offsets(self.table)
        self.ro, self.go, self.bo = channel_offsets(order or profile.get("color_order", "GRB"))
        # value -> scaled value, then where R, G and B go inside an LED (read by fastmap)
        self.lut = bytearray(259)
        self.lut[256] = self.ro
        self.lut[257] = self.go
        self.lut[258] = self.bo
        self.lut_scale = -1
        # the canvas bytes that reach an LED, the LED bytes (map_frame: the first; map_delta
        # keeps both up to date)
        self.sums = array("i", (0, 0))
        self.map_frame, self.byte_sum, self.map_delta, self.copy = _loops(delta)
        # the canvas as last mapped (map_delta compares the next frame with it); `synced`: the
        # canvas buffer whose frame it holds (None until a whole frame was mapped)
        self.prev = None
        pixels = profile["width"] * profile["height"]
        if pixels % 4 or pixels > 10000:  # map_delta's words and its x // 3
            self.map_delta = None
        if self.map_delta is not None:
            if _LAST[0] is None or len(_LAST[0]) != pixels * 3:
                _LAST[0] = bytearray(pixels * 3)
            self.prev = _LAST[0]
        _LAST[2] += 1
        self.number = _LAST[2]
        self.synced = None
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
        if value != self.brightness:
            self.lut_scale = -1  # the next frame takes its scale afresh, every pixel mapped
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
            total = self.byte_sum(canvas.buf)
        else:
            src = canvas.buf
            total = 0
            for i in lit:
                total += src[i] + src[i + 1] + src[i + 2]
        return self.scale_for(total)

    def scale_for(self, total):
        """The scale of a frame whose canvas bytes that reach an LED sum to `total`."""
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
        """Fill self.buf from the canvas; returns the estimated current of the frame in mA.
        Where map_delta runs (MicroPython) only the pixels that changed since the last frame
        are mapped; else one pass when the frame takes the scale of the one before (the usual
        case): the loop that maps the bytes also sums the canvas for the limiter, and only a
        frame that needs another scale is mapped again."""
        src = canvas.buf
        out = self.buf
        table = self.table
        lut = self.lut
        sums = self.sums
        if self.lut_scale < 0:
            self._set_lut(self.frame_scale(canvas))
            self.synced = None
        prev = self.prev
        delta = self.map_delta
        if self.synced is src and delta is not None and _LAST[1] == self.number:  # prev holds this
            # canvas's last frame
            raw = sums[0]
            mapped = delta(src, prev, out, table, lut, sums)
            # the same bytes reach the LEDs (the usual case): the same scale
            scale = self.lut_scale if sums[0] == raw else self.scale_for(sums[0])
            if scale == self.lut_scale:
                self.changed = bool(mapped)
                self.last_scale = scale
                self.last_ma = self.idle + sums[1] * self.per_channel // 255
                return self.last_ma
            mapped &= 1  # another scale: every pixel again (prev holds this frame already)
        else:
            mapped = self.map_frame(src, out, table, lut, sums)
            scale = self.scale_for(sums[0])
        if scale != self.lut_scale:  # brightness changed or the limiter moved: map again
            self._set_lut(scale)
            mapped = self.map_frame(src, out, table, lut, sums) | (mapped & 1)
        self.changed = bool(mapped & 1)  # False: the LEDs already show this frame
        self.last_scale = scale
        self.last_ma = self.idle + (mapped >> 1) * self.per_channel // 255
        if prev is not None and len(src) == len(prev):
            self.copy(prev, src)  # the next frame maps what differs from this one
            sums[1] = mapped >> 1
            self.synced = src
            _LAST[1] = self.number
        return self.last_ma

    def _set_lut(self, scale):
        lut = self.lut
        for v in range(256):
            lut[v] = v * scale // 255  # floor: the frame never exceeds its estimate
        self.lut_scale = scale

    def led_ma(self):
        """Estimated current of what self.buf holds now (recomputed from the LED bytes)."""
        return self.idle + self.byte_sum(self.buf) * self.per_channel // 255
