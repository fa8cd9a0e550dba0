"""Rp2Hardware's opening (firmware/hw/__init__.py): the pins, the PIO program and the DMA
channels set up, and the backend chosen. Run once a boot: app.main lets this module go once
the hardware is open, so its code (2 KB) is not held through every game on a Pico's heap."""

# pyright: reportArgumentType=false, reportAttributeAccessIssue=false, reportCallIssue=false
# pyright: reportMissingImports=false, reportUndefinedVariable=false
# (what the type checker cannot follow here: the PIO assembler's names (asm_pio) and the
# CPython stand-in's time.monotonic)

import time
from array import array

from micropython import const

_PIO_HZ = const(8000000)  # the WS2812 program takes 10 PIO cycles a bit: 800 kHz
_US_PER_BYTE = const(10)  # 8 bits of 1.25 us
_DMA_BASE = const(0x50000000)  # channel n's registers at + 0x40 n: READ_ADDR + 0, CTRL + 0x10
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


def open_rp2(hw, profile):
    """Rp2Hardware's opening: its pins, its chain of seat buttons (a hole board), its lanes."""
    import machine

    pins = profile["pins"]
    up = machine.Pin.PULL_UP
    from firmware.hw.pins import button_pins  # only the real backends need it (sim: RAM)

    desc = None
    if profile.get("buttons") is not None:  # firmware.seats: loaded only then (boot time)
        from firmware import seats

        desc = seats.chain(profile)
    hw.chain = None
    if desc is not None:  # every seat its own buttons: the 74HC165 chain (hw/chain.py)
        import rp2

        from firmware.hw.chain import Chain

        hw.chain = Chain(desc, machine, rp2)
        hw.seats = len(desc["seats"])
        hw.take = hw.chain.take
        hw.quick = hw.chain.quick_walk()  # SeatButtons' idle pass: the viper walk alone
        hw.stamp = hw.chain.stamp
    wired = button_pins(profile)
    hw.buttons = [machine.Pin(gpio, machine.Pin.IN, up) for gpio, _ in wired]
    hw.bits = [bit for _, bit in wired]
    hw.lines = 0  # the button GPIOs as a mask of the input register
    for gpio, _ in wired:
        hw.lines |= 1 << gpio
    hw.mem32 = getattr(machine, "mem32", None)  # None: the computer port's stand-in
    hw.seen = 0  # the button lines as the last read_mask() saw them
    data = machine.Pin(pins["data"], machine.Pin.OUT)
    n = profile["led_count"]
    hw.dma = None  # the first lane's DMA channel (None: no DMA here, neopixel)
    hw.lanes = []  # (state machine, DMA channel, its bytes of buf) a lane, buffer order
    hw.mask = 0  # the lanes' DMA channels as a mask (started together)
    hw.free_at = 0  # when the line may carry the next frame (time.ticks_us())
    hw.sending = False  # a frame is in flight (or its latch gap is not over)
    hw.timer = None  # the interrupt probe's 1 kHz timer (probe())
    # the probe's figures: last tick (us), longest gap with a frame in flight (us), ticks,
    # ticks with a frame in flight, whether the last tick had one
    hw.gaps = array("i", bytes(20))
    try:
        import rp2

        hw.dma = rp2.DMA()
    except (ImportError, AttributeError):  # no DMA in this MicroPython: neopixel
        if profile.get("lanes"):
            raise ValueError("LED lanes need rp2.DMA (MicroPython 1.22 or later)")
        import neopixel

        hw.np = neopixel.NeoPixel(data, n)
        # NeoPixel.write() sends `buf` as is: we write the wire order straight into it.
        hw.buf = hw.np.buf
    else:
        _open_lanes(hw, profile, rp2, data)
    hw.order = profile.get("color_order", "GRB")
    if not hasattr(time, "ticks_ms"):  # stand-in hardware under CPython (tests)
        hw.ticks_ms = _cpython_ms
        hw.sleep_ms = _cpython_sleep_ms


def _open_lanes(hw, profile, rp2, data):
    """A PIO state machine and a DMA channel per lane (the profile's `lanes`, or its one
    data pin): state machine k of the two PIO blocks, paced by its TX FIFO's DREQ."""
    import machine
    import uctypes

    from firmware.ledmap import lanes

    n = profile["led_count"]
    hw.buf = bytearray(n * 3)
    view = memoryview(hw.buf)
    base = uctypes.addressof(hw.buf)
    program = _ws2812_program(rp2)
    longest = 0
    starts = []  # (a channel's READ_ADDR register, its lane's first byte) a lane
    busy = []  # each lane's DMA CTRL register (its BUSY bit)
    enable = [0, 0]  # each PIO block's state machines of a lane (CTRL.SM_ENABLE bits)
    k = 0
    for pin, first, count in lanes(profile):
        line = data if k == 0 else machine.Pin(pin, machine.Pin.OUT)
        sm = rp2.StateMachine(k, program, freq=_PIO_HZ, sideset_base=line)
        dma = hw.dma if k == 0 else rp2.DMA()
        # DREQ of state machine k's TX FIFO: PIO0's are 0-3, PIO1's 8-11
        dma.config(read=view[first * 3:(first + count) * 3], write=sm, count=count * 3,
                   ctrl=dma.pack_ctrl(size=0, inc_write=False,
                                      treq_sel=k if k < 4 else k + 4))
        hw.lanes.append((sm, dma, view[first * 3:(first + count) * 3]))
        hw.mask |= 1 << dma.channel
        starts.append((_DMA_BASE + 0x40 * dma.channel, base + first * 3))
        busy.append(_DMA_BASE + 0x40 * dma.channel + 0x10)
        enable[k >> 2] |= 1 << (k & 3)
        longest = max(longest, count)
        k += 1
    hw.sm = hw.lanes[0][0]
    # registers written per frame (mem32: a method call costs more than the write)
    hw.starts = tuple(starts)
    hw.busy_regs = tuple(busy)
    hw.blocks = tuple((_PIO_BASE + 0x100000 * b, enable[b]) for b in (0, 1) if enable[b])
    hw.wire_us = longest * 3 * _US_PER_BYTE  # the lanes go out side by side


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
        from firmware.hw import Rp2Hardware

        return Rp2Hardware(profile)
    if name == "circuitpython":  # its own module: a Pico never loads (nor interns) its names
        from firmware.hw.circuitpy import CircuitPythonHardware

        return CircuitPythonHardware(profile)
    raise ValueError("unknown hardware backend: " + str(name))
