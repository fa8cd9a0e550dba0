"""The 74HC165 chain on an RP2040 (issue 35): every seat's buttons scanned by a PIO state
machine a thousand times a second into a DMA ring, read by the app once a loop pass.

The state machine (PIO1's last, 200 kHz: 200 of its cycles a scan) drops the latch (SH/LD)
for one cycle, so every chip loads its eight inputs at the same instant, raises it, then
reads the data pin and raises the clock once per bit, seat 0's H first; every 8 bits go to
the RX FIFO (autopush) and a DMA channel paced by that FIFO writes them, one byte a chip,
into a ring of RING bytes. Nothing waits on the CPU: a loop pass that takes 300 ms loses no
scan (the ring holds RING // seats of them, 512 ms for 4 seats, 341 ms for 6).

Each scan's time is known from its number: scan k was latched k ms after the machine started
(its clock and the timer both come from the crystal). `take` walks the scans since the last
pass (viper: firmware/hw/chainwalk.py; the Python twin `walk` below elsewhere) and hands on
only those in which some chip's byte changed, with their times: what firmware/seats.py's
SeatButtons debounces, seat by seat, in scan order.

The DMA's count starts at START and counts down once a byte: after START bytes (3 days at 4
seats) the channel is started afresh (`restart`), at a pass where nothing is held.
"""

# pyright: reportAttributeAccessIssue=false, reportCallIssue=false, reportArgumentType=false
# pyright: reportUndefinedVariable=false
# (the PIO assembler's names, given by asm_pio; the rp2 stubs' DMA keywords)

import time
from array import array

from micropython import const

from firmware import seats as seatmod

SM_ID = const(7)  # PIO1, state machine 3 (the LED lanes take PIO0, then PIO1 from its first)
SM_HZ = const(200000)  # 125 MHz / 625: an exact divider
CYCLES = const(200)  # a scan every 200 cycles: 1 kHz
RING_BITS = const(11)
RING = const(2048)  # bytes, a power of two (the DMA's write ring), aligned to its size
START = const(0x3FFFFFF0)  # the DMA count: a MicroPython small int (no allocation to read)
RESTART_BELOW = const(0x100000)
_DREQ_PIO1_RX3 = const(15)
_PIO1_RXF3 = const(0x5030002C)
_DMA_BASE = const(0x50000000)
_TRANS_COUNT = const(0x08)  # channel n's TRANS_COUNT: _DMA_BASE + 0x40 * n + 8
_SLOTS = const(10)  # p[]'s header (see take_walk); the changed scans' numbers after it
_RESTART_AT = const(START - RESTART_BELOW)


def program(rp2):
    """The scanner: latch, then per bit read and clock; then wait out the scan. X counts the
    bits (from OSR, loaded once: seats * 8 - 1), Y the wait (loaded once)."""
    PIO = rp2.PIO

    @rp2.asm_pio(sideset_init=PIO.OUT_LOW, set_init=PIO.OUT_HIGH,
                 in_shiftdir=PIO.SHIFT_LEFT, autopush=True, push_thresh=8)
    def hc165():  # noqa: F821 - the names below are the PIO assembler's
        wrap_target()  # noqa: F821
        set(pins, 0).side(0)  # noqa: F821 - latch low: every chip loads its inputs
        mov(x, osr).side(0)  # noqa: F821
        set(pins, 1).side(0)  # noqa: F821 - latch high: shift
        label("bit")  # noqa: F821
        in_(pins, 1).side(0)  # noqa: F821
        jmp(x_dec, "bit").side(1)  # noqa: F821 - clock up: the next bit on the data pin
        mov(x, y).side(0)  # noqa: F821
        label("wait")  # noqa: F821
        jmp(x_dec, "wait").side(0)  # noqa: F821
        wrap()  # noqa: F821

    return hc165


def wait_cycles(seats):
    """Y for a scan of exactly CYCLES: 3 + 2 * bits + 1 + (Y + 1) cycles."""
    return CYCLES - 5 - 2 * 8 * seats


def take_walk(ring, last, out, p):
    """The Python twin of chainwalk.take_walk: the scans written since the last call, oldest
    first; each whose bytes differ from `last` is copied to `out` (at most p[4]), its number in
    p[_SLOTS + i]. The header: p[0], p[1] the next scan's number and first byte; p[2] the
    seats; p[3] the ring's mask; p[5] the DMA's count left (the twin is given it: only the viper
    walk reads it itself, from the register at address p[8]); p[6] the count at the start;
    p[7] the ring's size; p[9] the scan's first byte past which Chain.stamp starts afresh.
    Returns how many were copied."""
    written = p[6] - p[5]
    k = p[0]
    kb = p[1]
    n = p[2]
    mask = p[3]
    cap = p[4]
    while written - kb > p[7] - n:
        kb += n
        k += 1
    got = 0
    while kb + n <= written and got < cap:
        changed = False
        for j in range(n):
            if ring[(kb + j) & mask] != last[j]:
                changed = True
                break
        if changed:
            for j in range(n):
                b = ring[(kb + j) & mask]
                last[j] = b
                out[got * n + j] = b
            p[_SLOTS + got] = k
            got += 1
        kb += n
        k += 1
    p[0] = k
    p[1] = kb
    return got


def differs(ring, last, p):
    """The Python twin of chainwalk.differs: a scan since the last take differs (1, else 0)."""
    written = p[6] - p[5]
    kb = p[1]
    n = p[2]
    if written - kb > p[7] - n:
        return 1
    while kb + n <= written:
        for j in range(n):
            if ring[(kb + j) & p[3]] != last[j]:
                return 1
        kb += n
    return 0


def _plain_add(a, b):
    return a + b


def _plain_ms():  # CPython's stand-in tests
    return int(time.monotonic() * 1000)


def _walkers():
    """(walk, differs): chainwalk's viper loops on MicroPython, the Python twins elsewhere."""
    import sys

    if sys.implementation.name == "micropython":
        try:
            from firmware.hw import chainwalk

            return chainwalk.take_walk, chainwalk.differs, True
        except (ImportError, ValueError, SyntaxError):
            pass
    return take_walk, differs, False


class Chain:
    """The scanner of a profile's chain (firmware/seats.py): `take` for SeatButtons,
    `read_mask` (any seat's buttons, the newest scan), `bytes()` (the newest scan's raw
    bytes: the self-test's check of the known bits)."""

    def __init__(self, desc, machine, rp2):
        self.n = n = len(desc["seats"])
        self.machine = machine
        self.mem32 = machine.mem32
        self.rp2 = rp2
        self.buf = bytearray(2 * RING)  # the ring lies in it, aligned to RING
        off = 0
        try:
            import uctypes

            addr = uctypes.addressof(self.buf)
            off = (-addr) & (RING - 1)
        except (ImportError, AttributeError):
            addr = 0
        self.addr = addr + off
        self.ring = memoryview(self.buf)[off:off + RING]
        self.last = bytearray(n)
        for j in range(n):
            self.last[j] = 0xBF  # nothing held: what the first scans will say
        self.p = array("i", bytes(4 * (_SLOTS + seatmod.SAMPLES)))
        self.walk, self.differs, self.native = _walkers()
        self.clock = machine.Pin(desc["clock"], machine.Pin.OUT, value=0)
        self.latch = machine.Pin(desc["latch"], machine.Pin.OUT, value=1)
        self.data = machine.Pin(desc["data"], machine.Pin.IN, machine.Pin.PULL_DOWN)
        self.dma = rp2.DMA()
        self.reg = _DMA_BASE + 0x40 * self.dma.channel + _TRANS_COUNT
        import sys

        # p[8]: the count's register, which the viper walk reads itself; 0 where the walk is
        # the Python twin or the DMA a stand-in (tests): take() reads it (mem32) before a walk
        self.p[8] = self.reg if self.native and sys.platform == "rp2" else 0
        # the same as a flag: p[8] read from Python is an address past the small ints, a
        # 32-byte integer allocated at every read (40 a wait_ms: garbage that slowed every
        # allocation of the passes after it)
        self.direct = self.p[8] != 0
        self.sm = rp2.StateMachine(SM_ID, program(rp2), freq=SM_HZ, sideset_base=self.clock,
                                   set_base=self.latch, in_base=self.data)
        self.t0 = 0
        self.ticks_ms = getattr(time, "ticks_ms", _plain_ms)
        self.ticks_add = getattr(time, "ticks_add", _plain_add)
        self.start()

    def start(self):
        """Load the counts, start the DMA then the state machine; scan 0 is now."""
        sm = self.sm
        n = self.n
        sm.active(0)
        sm.restart()
        sm.put(wait_cycles(n))
        sm.exec("pull()")
        sm.exec("mov(y, osr)")
        sm.put(8 * n - 1)
        sm.exec("pull()")
        ctrl = self.dma.pack_ctrl(size=0, inc_read=False, inc_write=True, ring_size=RING_BITS,
                                  ring_sel=True, treq_sel=_DREQ_PIO1_RX3)
        self.dma.config(read=_PIO1_RXF3, write=self.addr, count=START, ctrl=ctrl,
                        trigger=True)
        p = self.p
        p[0] = 0  # the next scan to look at, and its first byte in the DMA's count
        p[1] = 0
        p[2] = n
        p[3] = RING - 1
        p[5] = START  # the DMA's count left, read before each walk
        p[6] = START
        p[7] = RING
        p[4] = seatmod.SAMPLES  # what SeatButtons' arrays hold
        p[9] = _RESTART_AT  # past it, stamp() starts the count afresh
        self.t0 = self.ticks_ms()
        sm.active(1)

    def scanned(self):
        """Scans complete in the ring since the start."""
        left = self.machine.mem32[self.reg]
        return (START - left) // self.n

    def take(self, masks, ats):
        """The changed scans since the last call, oldest first (SeatButtons); a pass so late
        that the ring went round reads on from the oldest scan still in it."""
        p = self.p
        if not self.direct:
            p[5] = self.mem32[self.reg]
        return self.stamp(self.walk(self.ring, self.last, masks, p), ats)

    def quick_walk(self):
        """(walk, ring, last, p) for SeatButtons to call the viper walk itself, where it reads
        the DMA's count (an idle pass: one call, no Python frame of the chain's), then
        `stamp` when it found scans or p[1] passed p[9]; None where take() must read it."""
        return (self.walk, self.ring, self.last, self.p) if self.direct else None

    def stamp(self, got, ats):
        """After a walk that found `got` scans: their times into `ats`; a count run low (days
        of scanning) started afresh. Returns `got`."""
        p = self.p
        if got:
            t0 = self.t0
            add = self.ticks_add
            for i in range(got):
                ats[i] = add(t0, p[_SLOTS + i])
        if p[1] > _RESTART_AT and not self.held():
            self.start()  # days later: the count afresh (a scan or two unseen)
        return got

    def held(self):
        for j in range(self.n):
            if seatmod.pressed(self.last[j]):
                return True
        return False

    def newest(self):
        """The newest complete scan's raw bytes (a missing chip: its known bits wrong)."""
        out = bytearray(self.n)
        end = self.scanned()
        if end <= 0:
            return out
        base = (end - 1) * self.n
        for j in range(self.n):
            out[j] = self.ring[(base + j) & (RING - 1)]
        return out

    def changed(self):
        """The newest scan differs from the last one taken (wait_ms: a press wakes the loop)."""
        p = self.p
        if not self.direct:
            p[5] = self.mem32[self.reg]
        return self.differs(self.ring, self.last, p) == 1

    def read_mask(self):
        m = 0
        for b in self.newest():
            m |= seatmod.pressed(b)
        return m
