"""The logical picture a scene draws into: width x height RGB pixels in one preallocated
bytearray. Colours are ints 0xRRGGBB (small ints on MicroPython: no allocation).

Scenes draw here; `firmware.output` maps the canvas to the LED chain of the profile.
"""

import sys

from micropython import const

BLACK = const(0x000000)
_ZERO = bytes(256)
_plot = []  # the plot loop, found at its first use: fastplot's viper one on MicroPython
_zero = []  # fastmap.zero (native, loaded at boot with the LED map loop) or None


def plot_loop(which=0):
    """firmware.fastplot.plot (native) on MicroPython, else firmware.plainmap.plot; which=1:
    their plot_colours, 2: their glyph, 3: their box, 4: their fill, 5: their glyphs, 6: their
    text."""
    return (_plot or _load_plot())[which]


def _load_plot():
    """_plot filled at the first draw. (The methods below index it themselves: a call of
    plot_loop() cost an emulated Pico 23 us, a call of a viper loop 10 to 30.)"""
    mod = None
    if sys.implementation.name == "micropython":
        try:
            from firmware import fastplot as mod
        except (ImportError, ValueError, SyntaxError):  # a port without native code
            mod = None
    if mod is None:
        from firmware import plainmap as mod
    _plot.append(mod.plot)
    _plot.append(mod.plot_colours)
    _plot.append(mod.glyph)
    _plot.append(mod.box)
    _plot.append(mod.fill)
    _plot.append(mod.glyphs)
    _plot.append(mod.text)
    return _plot


def _native_zero():
    if sys.implementation.name == "micropython":
        try:
            from firmware.fastmap import zero

            return zero
        except (ImportError, ValueError, SyntaxError):  # a port without native code
            pass
    return None


class Canvas:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.buf = bytearray(width * height * 3)

    def clear(self, rgb=BLACK):
        if rgb == BLACK:
            if not _zero:
                _zero.append(_native_zero())
            buf = self.buf
            if _zero[0] is not None and len(buf) & 3 == 0:
                _zero[0](buf)
                return
            # slice stores from a small zero block: hundreds of times faster than a Python
            # loop on a Pico, and nothing allocated (sizes are multiples of 256 here)
            n = len(buf)
            i = 0
            while i + 256 <= n:
                buf[i:i + 256] = _ZERO
                i += 256
            if i < n:
                buf[i:n] = _ZERO[: n - i]
        else:
            self.fill_rect(0, 0, self.width, self.height, rgb)

    def set(self, x, y, rgb):
        """Set one pixel; off-canvas coordinates are ignored (scenes may clip freely)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            i = (y * self.width + x) * 3
            buf = self.buf
            buf[i] = (rgb >> 16) & 0xFF
            buf[i + 1] = (rgb >> 8) & 0xFF
            buf[i + 2] = rgb & 0xFF

    def plot(self, points, rgb, start=0, step=1):
        """Set the pixels points[start::step] (an array("H") of packed x | y << 8) to rgb."""
        (_plot or _load_plot())[0](self.buf, self.width, self.height, points, start, step, rgb)

    def plot_colours(self, points, idx, palette):
        """Set pixel points[k] to palette[idx[k]] (array("I") of 0xRRGGBB) for every k, in
        order: a later point over an earlier one."""
        (_plot or _load_plot())[1](self.buf, self.width, self.height, points, idx, palette)

    def glyph(self, x, y, g, rgb):
        """A 3 x 5 font glyph (15 bits, bit 14 its top left; font.glyph) at (x, y), clipped."""
        (_plot or _load_plot())[2](self.buf, self.width, self.height, x, y, g, rgb)

    def text(self, x, y, text, table, rgb):
        """A text in the 3 x 5 font at (x, y), clipped, in one call (`table`: font.table());
        returns the x after it."""
        return (_plot or _load_plot())[6](self.buf, self.width, self.height, x, y, text, table,
                                            rgb)

    def glyphs(self, spec, rgb):
        """A number's glyphs and the box blacked out under them, in one call (spec: an
        array("h"), as fastplot.glyphs reads it)."""
        (_plot or _load_plot())[5](self.buf, self.width, self.height, spec, rgb)

    def box(self, x, y, w, h, store, save):
        """Copy the w x h box at (x, y) into the bytearray `store` (save) or back from it; a
        box not wholly on the canvas is not copied (False)."""
        if x < 0 or y < 0 or x + w > self.width or y + h > self.height:
            return False
        (_plot or _load_plot())[3](self.buf, self.width, store, x, y, w, h, 1 if save else 0)
        return True

    def get(self, x, y):
        i = (y * self.width + x) * 3
        buf = self.buf
        return (buf[i] << 16) | (buf[i + 1] << 8) | buf[i + 2]

    def fill_rect(self, x, y, w, h, rgb):
        """Fill a box (clipped), in native code on MicroPython (fastplot.fill: the tiles, the
        numbers' boxes and the cards of a frame)."""
        # (no min() or max(): a builtin's call cost an emulated Pico 8 us, four a box)
        x0 = x if x > 0 else 0
        x1 = x + w
        if x1 > self.width:
            x1 = self.width
        y0 = y if y > 0 else 0
        y1 = y + h
        if y1 > self.height:
            y1 = self.height
        if x1 > x0 and y1 > y0:
            (_plot or _load_plot())[4](self.buf, self.width, x0, y0, x1 - x0, y1 - y0, rgb)
