"""Stand-in for MicroPython's built-in `neopixel` (same API subset: buf, write, [], fill, n)."""

instances = []


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.writes = 0
        instances.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        off = i * self.bpp
        for j in range(self.bpp):
            self.buf[off + self.ORDER[j]] = v[j]

    def __getitem__(self, i):
        off = i * self.bpp
        return tuple(self.buf[off + self.ORDER[j]] for j in range(self.bpp))

    def fill(self, v):
        for i in range(self.n):
            self[i] = v

    def write(self):
        self.writes += 1
