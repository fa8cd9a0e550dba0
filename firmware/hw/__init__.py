"""Hardware access: one small class per backend, chosen by the profile or by what imports.

- "rp2": MicroPython on the Pico (`machine.Pin` with pull-ups; the LEDs sent by a PIO state
  machine fed by DMA while the CPU goes on, or by the built-in `neopixel` where `rp2.DMA` is
  missing);
- "circuitpython": `board`, `digitalio` and the Adafruit `neopixel` API (firmware/hw/circuitpy.py);

The simulator's board (buttons set by the caller, a virtual clock) is not shipped to the board:
it is `unixport/simhw.py`'s SimHardware, which the tests and `lanterne sim` pass to the App.

Buttons: the six in the profile's `pins`, and on a board with a set per seat (`seat_buttons`)
every seat's six, OR-ed into the one mask (any seat's A is A).

Each backend offers `buf` (the LED bytes `Output` writes into), `order` (the colour order `buf`
is in), `show()`, `wait_sent(cut=False)` (returns once `buf` may be written again: the frame in
flight is out, or cut short for a press, and the line has been low long enough to latch it),
`out_at` (after `show()`: the `time.ticks_us()` at which the frame's last bit leaves, -1 when
`show()` returns after it), `busy()` (a frame is still going out),
`read_mask()` (bit i = button i held), `ticks_ms()`, `sleep_ms(ms)` and `wait_ms(ms)` (sleep,
but return early when a button line changes).
"""

# pyright: reportArgumentType=false, reportAttributeAccessIssue=false, reportCallIssue=false
# pyright: reportMissingImports=false, reportUndefinedVariable=false
# (what the type checker cannot follow here: the PIO assembler's names (asm_pio), the CPython
# stand-in's time.monotonic, and the rp2 stubs' Timer without `hard` and their ticks types)

import time
from array import array

from micropython import const

_SIO_GPIO_IN = const(0xD0000004)  # RP2040: every GPIO's input level in one register
_PIO_HZ = const(8000000)  # the WS2812 program takes 10 PIO cycles a bit: 800 kHz
_US_PER_BYTE = const(10)  # 8 bits of 1.25 us
_LATCH_US = const(300)  # the line low between two frames (WS2812B: at least 280 us)
_DMA_BASE = const(0x50000000)  # channel n's registers at + 0x40 n: READ_ADDR + 0, CTRL + 0x10
_MULTI_CHAN_TRIGGER = const(0x50000430)  # DMA: start the channels of a mask on one cycle
_CHAN_ABORT = const(0x50000444)  # DMA: stop the channels of a mask
_DMA_BUSY = const(0x1000000)  # CTRL.BUSY
_PIO_BASE = const(0x50200000)  # PIO0; PIO1 at + 0x100000: CTRL + 0, FSTAT + 4


def _cpython_ms():
    return int(time.monotonic() * 1000)


def _cpython_sleep_ms(ms):
    time.sleep(ms / 1000)


def _ws2812_program(rp2):
    """The WS2812 bit loop (pico-examples' ws2812.pio): a bit is 10 PIO cycles, high for 3 (a 0)
    or 8 (a 1), the rest low; the line stays low while the FIFO waits. Bytes go out MSB first,
    pulled 8 bits at a time: a DMA byte write fills a FIFO word with four copies of the byte,
    and shifting left takes its top 8 bits. Assembled when the backend opens, not at import."""
    PIO = rp2.PIO

    @rp2.asm_pio(sideset_init=PIO.OUT_LOW, out_shiftdir=PIO.SHIFT_LEFT, autopull=True,
                 pull_thresh=8, fifo_join=PIO.JOIN_TX)
    def ws2812():  # noqa: F821 - the names below are the PIO assembler's, given by asm_pio
        wrap_target()  # noqa: F821
        label("bit")  # noqa: F821
        out(x, 1).side(0)[2]  # noqa: F821
        jmp(not_x, "zero").side(1)[1]  # noqa: F821
        jmp("bit").side(1)[4]  # noqa: F821
        label("zero")  # noqa: F821
        nop().side(0)[4]  # noqa: F821
        wrap()  # noqa: F821

    return ws2812


class Rp2Hardware:
    """MicroPython on the RP2040: buttons to ground with pull-ups, WS2812 on `pins.data`.

    The LEDs: a PIO state machine makes the WS2812 bits and a DMA channel, paced by its FIFO,
    feeds it `buf`, so `show()` returns at once and the loop goes on (buttons, serial, the next
    move) with interrupts on while the frame goes out (30.7 ms for 1024 LEDs). `buf` is the
    only LED buffer: `wait_sent()` (before the next frame is written into it) waits for the
    frame in flight and the latch gap after it. Where `rp2.DMA` is missing (MicroPython before
    1.22) the built-in `neopixel` sends `buf` with interrupts off until it is out."""

    name = "rp2"
    out_at = -1
    seats = 0  # a 74HC165 chain's seats (firmware/hw/chain.py), 0 for buttons on GPIOs

    def __init__(self, profile):
        import machine

        pins = profile["pins"]
        up = machine.Pin.PULL_UP
        from firmware.hw.pins import button_pins  # only the real backends need it (sim: RAM)

        desc = None
        if profile.get("buttons") is not None:  # firmware.seats: loaded only then (boot time)
            from firmware import seats

            desc = seats.chain(profile)
        self.chain = None
        if desc is not None:  # every seat its own buttons: the 74HC165 chain (hw/chain.py)
            import rp2

            from firmware.hw.chain import Chain

            self.chain = Chain(desc, machine, rp2)
            self.seats = len(desc["seats"])
            self.take = self.chain.take
            self.quick = self.chain.quick_walk()  # SeatButtons' idle pass: the viper walk alone
            self.stamp = self.chain.stamp
        wired = button_pins(profile)
        self.buttons = [machine.Pin(gpio, machine.Pin.IN, up) for gpio, _ in wired]
        self.bits = [bit for _, bit in wired]
        self.lines = 0  # the button GPIOs as a mask of the input register
        for gpio, _ in wired:
            self.lines |= 1 << gpio
        self.mem32 = getattr(machine, "mem32", None)  # None: the computer port's stand-in
        self.seen = 0  # the button lines as the last read_mask() saw them
        data = machine.Pin(pins["data"], machine.Pin.OUT)
        n = profile["led_count"]
        self.dma = None  # the first lane's DMA channel (None: no DMA here, neopixel)
        self.lanes = []  # (state machine, DMA channel, its bytes of buf) a lane, buffer order
        self.mask = 0  # the lanes' DMA channels as a mask (started together)
        self.free_at = 0  # when the line may carry the next frame (time.ticks_us())
        self.sending = False  # a frame is in flight (or its latch gap is not over)
        self.timer = None  # the interrupt probe's 1 kHz timer (probe())
        # the probe's figures: last tick (us), longest gap with a frame in flight (us), ticks,
        # ticks with a frame in flight, whether the last tick had one
        self.gaps = array("i", bytes(20))
        try:
            import rp2

            self.dma = rp2.DMA()
        except (ImportError, AttributeError):  # no DMA in this MicroPython: neopixel
            if profile.get("lanes"):
                raise ValueError("LED lanes need rp2.DMA (MicroPython 1.22 or later)")
            import neopixel

            self.np = neopixel.NeoPixel(data, n)
            # NeoPixel.write() sends `buf` as is: we write the wire order straight into it.
            self.buf = self.np.buf
        else:
            self._open_lanes(profile, rp2, data)
        self.order = profile.get("color_order", "GRB")
        if not hasattr(time, "ticks_ms"):  # stand-in hardware under CPython (tests)
            self.ticks_ms = _cpython_ms
            self.sleep_ms = _cpython_sleep_ms

    def _open_lanes(self, profile, rp2, data):
        """A PIO state machine and a DMA channel per lane (the profile's `lanes`, or its one
        data pin): state machine k of the two PIO blocks, paced by its TX FIFO's DREQ."""
        import machine
        import uctypes

        from firmware.ledmap import lanes

        n = profile["led_count"]
        self.buf = bytearray(n * 3)
        view = memoryview(self.buf)
        base = uctypes.addressof(self.buf)
        program = _ws2812_program(rp2)
        longest = 0
        starts = []  # (a channel's READ_ADDR register, its lane's first byte) a lane
        busy = []  # each lane's DMA CTRL register (its BUSY bit)
        enable = [0, 0]  # each PIO block's state machines of a lane (CTRL.SM_ENABLE bits)
        k = 0
        for pin, first, count in lanes(profile):
            line = data if k == 0 else machine.Pin(pin, machine.Pin.OUT)
            sm = rp2.StateMachine(k, program, freq=_PIO_HZ, sideset_base=line)
            dma = self.dma if k == 0 else rp2.DMA()
            # DREQ of state machine k's TX FIFO: PIO0's are 0-3, PIO1's 8-11
            dma.config(read=view[first * 3:(first + count) * 3], write=sm, count=count * 3,
                       ctrl=dma.pack_ctrl(size=0, inc_write=False,
                                          treq_sel=k if k < 4 else k + 4))
            self.lanes.append((sm, dma, view[first * 3:(first + count) * 3]))
            self.mask |= 1 << dma.channel
            starts.append((_DMA_BASE + 0x40 * dma.channel, base + first * 3))
            busy.append(_DMA_BASE + 0x40 * dma.channel + 0x10)
            enable[k >> 2] |= 1 << (k & 3)
            longest = max(longest, count)
            k += 1
        self.sm = self.lanes[0][0]
        # registers written per frame (mem32: a method call costs more than the write)
        self.starts = tuple(starts)
        self.busy_regs = tuple(busy)
        self.blocks = tuple((_PIO_BASE + 0x100000 * b, enable[b]) for b in (0, 1) if enable[b])
        self.wire_us = longest * 3 * _US_PER_BYTE  # the lanes go out side by side

    def show(self):
        """Send `buf`: every lane's DMA channel started at once and returning at once (the
        caller waited for the frame before, wait_sent()), or through neopixel, returning when
        it is out."""
        if self.dma is None:
            self.sending = True  # for the probe: its tick held off until now sees the frame
            self.np.write()
            return
        self.wait_sent()  # the line is free already when the app asked (one call: cheap)
        mem = self.mem32
        for reg, bits in self.blocks:  # the state machines on: an empty FIFO keeps a line low
            mem[reg] |= bits
        for reg, first in self.starts:  # each channel back at its lane's first byte (the count
            mem[reg] = first  # reloads at the start)
        now = time.ticks_us()
        mem[_MULTI_CHAN_TRIGGER] = self.mask  # the lanes start on the same cycle
        self.sending = True
        self.out_at = time.ticks_add(now, self.wire_us)  # the last bit leaves
        self.free_at = time.ticks_add(self.out_at, _LATCH_US)

    def wait_sent(self, cut=False):
        """Return once the frame in flight is out and the line has been low for the latch gap:
        `buf` may then be written. The state machine stops in between (it keeps the line low).
        `cut`: a press is waiting for its frame, so a frame still going out (an animation's) is
        cut short: the DMA stops, the FIFO's few bytes go out, and after the latch gap the
        press's frame follows (the LEDs past the cut show it 30 ms later, not the old one)."""
        if not self.sending or self.dma is None:
            self.sending = False
            return
        mem = self.mem32
        if cut and self._flowing():
            mem[_CHAN_ABORT] = self.mask  # every lane's DMA stops
            while self._flowing():  # the FIFOs' last bytes: at most 8, 80 us
                pass
            self.free_at = time.ticks_add(time.ticks_us(), _US_PER_BYTE + _LATCH_US)
        left = time.ticks_diff(self.free_at, time.ticks_us())
        if left > 0:
            time.sleep_us(left)
        while self._flowing():  # never longer than a byte here
            pass
        for reg, bits in self.blocks:  # the state machines off (their lines stay low)
            mem[reg] &= ~bits
        self.sending = False

    def _flowing(self):
        """A lane's DMA channel is still busy, or a lane's FIFO still holds bytes."""
        mem = self.mem32
        for reg in self.busy_regs:
            if mem[reg] & _DMA_BUSY:
                return True
        for reg, bits in self.blocks:  # FSTAT.TXEMPTY (bits 24-27) of every lane's machine
            if (mem[reg + 4] >> 24) & bits != bits:
                return True
        return False

    def busy(self):
        """A frame is still going out (or its latch gap is not over)."""
        return self.sending and self.dma is not None and time.ticks_diff(
            self.free_at, time.ticks_us()) > 0

    def probe(self, on):
        """Start (or stop) the interrupt probe: a hard timer at 1 kHz noting the longest gap
        between two of its ticks while a frame is in flight. Interrupts held off show as a
        gap: the neopixel path's is the whole frame, the DMA path's about the tick (1 ms)."""
        import machine

        if self.timer is not None:
            self.timer.deinit()
            self.timer = None
        if on:
            g = self.gaps
            for i in range(5):
                g[i] = 0
            self.timer = machine.Timer(freq=1000, callback=self._tick, hard=True)

    def _tick(self, _timer):
        """The probe's tick, in the timer interrupt: allocates nothing."""
        g = self.gaps
        now = time.ticks_us()
        flight = self.sending and (self.dma is None or time.ticks_diff(self.free_at, now) > 0)
        if g[2] and (flight or g[4]):
            gap = time.ticks_diff(now, g[0])
            if gap > g[1]:
                g[1] = gap
            g[3] += 1
        g[0] = now
        g[2] += 1
        g[4] = 1 if flight else 0

    def chain_bytes(self):
        """A 74HC165 chain's newest scan, a byte a seat (the self-test's check); None."""
        return self.chain.newest() if self.chain is not None else None

    def read_mask(self):
        if self.chain is not None:
            return self.chain.read_mask()
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

    def relaunch(self):
        """Restart MicroPython with a clean heap (firmware/relaunch.py): a soft reset, which
        stops the PIO, DMA and timers and leaves USB and the flash alone; boot.py and main.py
        run again. Raises SystemExit, which no handler of the firmware takes."""
        self.wait_sent()  # the frame in flight out before its state machine stops
        time.sleep_ms(20)  # the USB host takes the last line (the `relaunch` event) first
        import machine

        machine.soft_reset()

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
        chain = self.chain
        for _ in range(ms):
            time.sleep_ms(1)
            if mem[_SIO_GPIO_IN] & lines != start:
                return
            if chain is not None and chain.changed():
                return
            if self.sending and self.dma is not None and time.ticks_diff(
                    self.free_at, time.ticks_us()) <= 0:
                self.wait_sent()  # the frame is out: stop the state machine


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
    if name == "rp2":
        return Rp2Hardware(profile)
    if name == "circuitpython":  # its own module: a Pico never loads (nor interns) its names
        from firmware.hw.circuitpy import CircuitPythonHardware

        return CircuitPythonHardware(profile)
    raise ValueError("unknown hardware backend: " + str(name))
