"""Hardware access: one small class per backend, chosen by the profile or by what imports
(firmware/hw/opening.py: open_hardware, and the rp2 backend's setup, run once a boot).

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

from micropython import const

_SIO_GPIO_IN = const(0xD0000004)  # RP2040: every GPIO's input level in one register
_US_PER_BYTE = const(10)  # 8 bits of 1.25 us
_LATCH_US = const(300)  # the line low between two frames (WS2812B: at least 280 us)
_MULTI_CHAN_TRIGGER = const(0x50000430)  # DMA: start the channels of a mask on one cycle
_CHAN_ABORT = const(0x50000444)  # DMA: stop the channels of a mask
_DMA_BUSY = const(0x1000000)  # CTRL.BUSY


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
        """Open the pins, the PIO state machines and the DMA channels (firmware/hw/opening.py:
        run once a boot, then let go by app.main)."""
        from firmware.hw import opening

        opening.open_rp2(self, profile)

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
