"""Hardware access: one small class per backend, chosen by the profile or by what imports.

- "rp2": MicroPython on the Pico (`machine.Pin` with pull-ups, the built-in `neopixel`);
- "circuitpython": `board`, `digitalio` and the Adafruit `neopixel` API;

The simulator's board (buttons set by the caller, a virtual clock) is not shipped to the board:
it is `unixport/simhw.py`'s SimHardware, which the tests and `lanterne sim` pass to the App.

Buttons: the six in the profile's `pins`, and on a board with a set per seat (`seat_buttons`)
every seat's six, OR-ed into the one mask (any seat's A is A).

Each backend offers `buf` (the LED bytes `Output` writes into), `order` (the colour order `buf`
is in), `show()`, `read_mask()` (bit i = button i held), `ticks_ms()`, `sleep_ms(ms)` and
`wait_ms(ms)` (sleep, but return early when a button line changes).
"""

import time

from micropython import const

_SIO_GPIO_IN = const(0xD0000004)  # RP2040: every GPIO's input level in one register


def _cpython_ms():
    return int(time.monotonic() * 1000)


def _cpython_sleep_ms(ms):
    time.sleep(ms / 1000)


class Rp2Hardware:
    """MicroPython on the RP2040: buttons to ground with pull-ups, WS2812 on `pins.data`."""

    name = "rp2"

    def __init__(self, profile):
        import machine
        import neopixel

        pins = profile["pins"]
        up = machine.Pin.PULL_UP
        from firmware.hw.pins import button_pins  # only the real backends need it (sim: RAM)

        wired = button_pins(profile)
        self.buttons = [machine.Pin(gpio, machine.Pin.IN, up) for gpio, _ in wired]
        self.bits = [bit for _, bit in wired]
        self.lines = 0  # the button GPIOs as a mask of the input register
        for gpio, _ in wired:
            self.lines |= 1 << gpio
        self.mem32 = getattr(machine, "mem32", None)  # None: the computer port's stand-in
        self.seen = 0  # the button lines as the last read_mask() saw them
        data = machine.Pin(pins["data"], machine.Pin.OUT)
        self.np = neopixel.NeoPixel(data, profile["led_count"])
        # NeoPixel.write() sends `buf` as is: we write the wire order straight into it.
        self.buf = self.np.buf
        self.order = profile.get("color_order", "GRB")
        if not hasattr(time, "ticks_ms"):  # stand-in hardware under CPython (tests)
            self.ticks_ms = _cpython_ms
            self.sleep_ms = _cpython_sleep_ms

    def show(self):
        self.np.write()

    def read_mask(self):
        mem = self.mem32
        if mem is not None:  # noted first: a change after this wakes wait_ms at once
            self.seen = mem[_SIO_GPIO_IN] & self.lines
        m = 0
        bits = self.bits
        i = 0
        for p in self.buttons:
            if not p.value():
                m |= bits[i]
            i += 1
        return m

    def ticks_ms(self):
        return time.ticks_ms()

    def sleep_ms(self, ms):
        time.sleep_ms(ms)

    def wait_ms(self, ms):
        """Sleep up to `ms`, but return within a millisecond of a button line changing since
        the last read_mask(), so a press is handled at once instead of at the next loop pass.
        Watching costs one register read a millisecond."""
        mem = self.mem32
        if mem is None:
            self.sleep_ms(ms)
            return
        lines = self.lines
        start = self.seen  # what the last pass acted on: a press during that pass counts too
        for _ in range(ms):
            time.sleep_ms(1)
            if mem[_SIO_GPIO_IN] & lines != start:
                return


class CircuitPythonHardware:
    """CircuitPython: `digitalio` buttons with pull-ups, the Adafruit `neopixel.NeoPixel` strip."""

    name = "circuitpython"

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


BACKENDS = {"rp2": Rp2Hardware, "circuitpython": CircuitPythonHardware}


def detect():
    """The backend this runtime supports: rp2 if `machine` imports, circuitpython on
    CircuitPython itself (a PC may have `board` and `digitalio` too: Adafruit-Blinka), else
    "sim": no board here (a computer passes unixport/simhw.py's SimHardware to the App)."""
    import sys

    try:
        import machine  # noqa: F401

        return "rp2"
    except ImportError:
        pass
    if sys.implementation.name == "circuitpython":
        return "circuitpython"
    return "sim"


def open_hardware(profile, backend=None):
    """Open the backend named by the argument, else by the profile's "backend", else detected."""
    name = backend or profile.get("backend") or detect()
    if name not in BACKENDS:
        raise ValueError("unknown hardware backend: " + str(name))
    return BACKENDS[name](profile)
