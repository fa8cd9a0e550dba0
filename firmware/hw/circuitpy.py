"""The CircuitPython backend (firmware/hw/__init__.py's open_hardware): `board`, `digitalio`
buttons with pull-ups and the Adafruit `neopixel` strip. Its own module, imported only there."""

# pyright: reportMissingImports=false, reportCallIssue=false, reportAttributeAccessIssue=false
# (Adafruit's board, digitalio and neopixel, and CircuitPython's time.monotonic_ns: another
# runtime's API than the MicroPython stubs the type checker reads)

import time


class CircuitPythonHardware:
    """CircuitPython: `digitalio` buttons with pull-ups, the Adafruit `neopixel.NeoPixel` strip."""

    name = "circuitpython"
    out_at = -1

    def __init__(self, profile):
        import board
        import digitalio
        import neopixel

        from firmware.hw.pins import button_pins

        pins = profile["pins"]
        self.buttons = []
        self.bits = []
        for gpio, bit in button_pins(profile):
            d = digitalio.DigitalInOut(getattr(board, "GP%d" % gpio))
            d.direction = digitalio.Direction.INPUT
            d.pull = digitalio.Pull.UP
            self.buttons.append(d)
            self.bits.append(bit)
        self.count = profile["led_count"]
        self.pixels = neopixel.NeoPixel(
            getattr(board, "GP%d" % pins["data"]), self.count, brightness=1.0,
            auto_write=False, pixel_order=profile.get("color_order", "GRB"),
        )
        # We hand the strip RGB values; the Adafruit library applies the pixel order.
        self.buf = bytearray(self.count * 3)
        self.order = "RGB"
        if not hasattr(time, "monotonic_ns"):  # stand-ins under the MicroPython unix port
            self.ticks_ms = time.ticks_ms

    def show(self):
        buf = self.buf
        px = self.pixels
        for i in range(self.count):
            j = i * 3
            px[i] = (buf[j], buf[j + 1], buf[j + 2])
        px.show()

    def wait_sent(self, cut=False):
        pass

    def busy(self):
        return False

    def read_mask(self):
        m = 0
        bits = self.bits
        i = 0
        for d in self.buttons:
            if not d.value:
                m |= bits[i]
            i += 1
        return m

    def ticks_ms(self):
        return time.monotonic_ns() // 1000000

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)

    wait_ms = sleep_ms
