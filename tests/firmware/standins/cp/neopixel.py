"""Stand-in for the Adafruit CircuitPython `neopixel` API (NeoPixel: [] = (r, g, b), show).
Pixels are kept in a bytearray (RGB), so a big panel fits a small test heap."""

instances = []


class NeoPixel:
    def __init__(self, pin, n, bpp=3, brightness=1.0, auto_write=True, pixel_order="GRB"):
        self.pin = pin
        self.n = n
        self.auto_write = auto_write
        self.brightness = brightness
        self.pixel_order = pixel_order
        self.rgb = bytearray(n * 3)
        self.wire = bytearray(n * 3)  # what would go out, in pixel_order
        self.shows = 0
        instances.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, i, rgb):
        j = i * 3
        self.rgb[j] = rgb[0]
        self.rgb[j + 1] = rgb[1]
        self.rgb[j + 2] = rgb[2]
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        j = i * 3
        return (self.rgb[j], self.rgb[j + 1], self.rgb[j + 2])

    def show(self):
        offs = ["RGB".index(c) for c in self.pixel_order]
        for i in range(self.n):
            for c in range(3):
                self.wire[i * 3 + c] = self.rgb[i * 3 + offs[c]]
        self.shows += 1
