"""Stand-in for the Adafruit CircuitPython `neopixel` API (NeoPixel: [] = (r, g, b), show)."""

instances = []


class NeoPixel:
    def __init__(self, pin, n, bpp=3, brightness=1.0, auto_write=True, pixel_order="GRB"):
        self.pin = pin
        self.n = n
        self.auto_write = auto_write
        self.brightness = brightness
        self.pixel_order = pixel_order
        self.pixels = [(0, 0, 0)] * n
        self.wire = bytearray(n * 3)  # what would go out, in pixel_order
        self.shows = 0
        instances.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, i, rgb):
        self.pixels[i] = rgb
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        return self.pixels[i]

    def show(self):
        order = self.pixel_order
        for i in range(self.n):
            rgb = self.pixels[i]
            for c in range(3):
                self.wire[i * 3 + c] = rgb["RGB".index(order[c])]
        self.shows += 1
