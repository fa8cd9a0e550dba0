"""The 74HC165 chain's reader (firmware/hw/chain.py) on stand-ins for the PIO, the DMA and the
register the DMA counts down in: the ring walked scan by scan, only changed scans handed on,
each with its time, in order; a late pass past the ring's length reads on from the oldest scan
kept; the viper walk (MicroPython) agrees with its Python twin (both runtimes)."""

import sys
from array import array

from firmware.hw import chain as ch

IDLE = 0xBF


class Mem32:
    def __init__(self):
        self.regs = {}

    def __getitem__(self, addr):
        return self.regs.get(addr, 0)

    def __setitem__(self, addr, value):
        self.regs[addr] = value


class Pin:
    OUT = 1
    IN = 0
    PULL_DOWN = 2

    def __init__(self, *args, **kw):
        self.args = args


class Machine:
    Pin = Pin

    def __init__(self):
        self.mem32 = Mem32()


class SM:
    def __init__(self, *args, **kw):
        self.log = []

    def active(self, on=None):
        self.log.append(("active", on))

    def restart(self):
        pass

    def put(self, v):
        self.log.append(("put", v))

    def exec(self, text):
        self.log.append(("exec", text))


class DMA:
    channel = 3

    def pack_ctrl(self, **kw):
        return 0

    def config(self, **kw):
        self.kw = kw


class Rp2:
    DMA = DMA
    StateMachine = SM

    class PIO:
        OUT_LOW = 0
        OUT_HIGH = 1
        SHIFT_LEFT = 0

    @staticmethod
    def asm_pio(**kw):
        return lambda f: f


def make(seats=4):
    m = Machine()
    desc = {"clock": 16, "latch": 17, "data": 18, "seats": [{"side": "bottom"}] * seats}
    c = ch.Chain(desc, m, Rp2())
    return c, m


def write(c, m, scans):
    """The DMA's work: each scan's bytes after those already there; the count goes down."""
    reg = c.reg
    done = ch.START - m.mem32[reg] if reg in m.mem32.regs else 0
    for scan in scans:
        for b in scan:
            c.ring[done & (ch.RING - 1)] = b
            done += 1
    m.mem32[reg] = ch.START - done


def test_the_scanner_is_set_up_for_one_scan_a_millisecond():
    c, m = make(4)
    assert ch.wait_cycles(4) == 131 and ch.wait_cycles(6) == 99
    assert 3 + 2 * 32 + 1 + 131 + 1 == ch.CYCLES
    assert ("put", 31) in c.sm.log and ("put", 131) in c.sm.log
    assert c.dma.kw["count"] == ch.START and c.dma.kw["write"] == c.addr


def test_only_changed_scans_are_taken_in_order_with_their_times():
    c, m = make(4)
    idle = bytes([IDLE] * 4)
    press = bytes([IDLE, IDLE & ~1, IDLE, IDLE])
    write(c, m, [idle] * 10 + [press] * 5 + [idle] * 3)
    masks = bytearray(64 * 4)
    ats = [0] * 64
    n = c.take(masks, ats)
    assert n == 2
    assert bytes(masks[:4]) == press and bytes(masks[4:8]) == idle
    assert ats[0] == c.ticks_add(c.t0, 10)
    assert ats[1] - ats[0] == 5
    assert c.take(masks, ats) == 0  # nothing new
    write(c, m, [idle] * 2)
    assert c.take(masks, ats) == 0


def test_a_pass_later_than_the_ring_reads_on_from_the_oldest_scan_kept():
    c, m = make(4)
    idle = bytes([IDLE] * 4)
    held = bytes([IDLE & ~2, IDLE, IDLE, IDLE])
    kept = ch.RING // 4
    write(c, m, [held] * 10 + [idle] * (kept + 20))  # the press went round the ring
    masks = bytearray(64 * 4)
    ats = [0] * 64
    assert c.take(masks, ats) == 0  # what is kept is idle: the lost press is not made up
    write(c, m, [held])
    assert c.take(masks, ats) == 1


def test_six_seats_wrap_the_ring_mid_scan():
    c, m = make(6)
    idle = bytes([IDLE] * 6)
    masks = bytearray(64 * 6)
    ats = [0] * 64
    for k in range(2000):
        scan = idle if k % 97 else bytes([IDLE] * 5 + [IDLE & ~(1 << (k % 6))])
        write(c, m, [scan])
        if k % 50 == 0:
            c.take(masks, ats)
    assert c.take(masks, ats) >= 0
    assert c.p[0] == 2000 and c.p[1] == 2000 * 6


def test_the_native_walk_agrees_with_the_python_one():
    if sys.implementation.name != "micropython":
        return
    import uctypes

    from firmware.hw import chainwalk

    ring = bytearray(ch.RING)
    for i in range(ch.RING):
        ring[i] = IDLE if (i * 7) % 13 else IDLE & ~(1 << (i % 6))
    for seats in (4, 6):
        for written, start in ((300 * seats, 3), (5000 * seats, 10), (40 * seats, 40)):
            outs = []
            # the register read by the walk itself: where an address fits p's 32 bits (a Pico,
            # not a 64-bit unix port; the Pico tier's seats tests read the real DMA's count)
            here = array("I", [0])
            fits = uctypes.addressof(here) < 0x80000000
            for native, direct in ((False, False), (True, False), (True, fits)):
                last = bytearray([IDLE] * seats)
                out = bytearray(64 * seats)
                p = array("i", bytes(4 * (10 + 64)))
                p[0] = start
                p[1] = start * seats
                p[2] = seats
                p[3] = ch.RING - 1
                p[4] = 64
                p[5] = ch.START - written
                p[6] = ch.START
                p[7] = ch.RING
                if direct:  # the count read by the viper walk from a register's address
                    count = array("I", [ch.START - written])
                    p[8] = uctypes.addressof(count)
                    p[5] = 12345  # what is read overwrites it
                mod = chainwalk if native else ch
                d = mod.differs(ring, last, p)
                n = mod.take_walk(ring, last, out, p)
                outs.append((d, n, bytes(out), list(p), bytes(last)))
            outs[2][3][8] = 0  # the address differs (when it is read), nothing else may
            assert outs[0] == outs[1] == outs[2], (seats, written)


class QuickBoard:
    """A backend offering the chain's walk to SeatButtons (an rp2 board, where the viper walk
    reads the DMA's count itself: here the twin, given the count the register holds)."""

    def __init__(self, c, m):
        self.take = c.take
        self.stamp = c.stamp

        def walk(ring, last, out, p):
            p[5] = m.mem32[c.reg]
            return c.walk(ring, last, out, p)

        self.quick = (walk, c.ring, c.last, c.p)


def test_seat_buttons_calling_the_walk_themselves_see_what_take_gives():
    from firmware import buttons as btn
    from firmware import seats

    idle = bytes([IDLE] * 4)
    press = bytes([IDLE, IDLE & ~(1 << btn.LEFT), IDLE, IDLE])
    got = []
    for quick in (False, True):
        c, m = make(4)
        sb = seats.SeatButtons(QuickBoard(c, m) if quick else c, 4)
        assert (sb.walk is not None) == quick
        events = []
        write(c, m, [idle] * 3 + [press] * 30)
        events += sb.update(0, c.t0 + 40)
        write(c, m, [idle] * 10)
        events += sb.update(0, c.t0 + 60)
        assert sb.update(0, c.t0 + 61) == []  # nothing new, nothing due
        got.append([(e[0], e[1], e[2], e[3] - c.t0) for e in events])  # each chain its t0
    assert got[0] == got[1] == [(btn.LEFT, btn.PRESS, 1, 3)]


def test_a_count_run_low_starts_the_chain_afresh_on_the_quick_path_too():
    from firmware import seats

    c, m = make(4)
    sb = seats.SeatButtons(QuickBoard(c, m), 4)
    starts = len([x for x in c.sm.log if x == ("put", 31)])
    c.p[1] = c.p[9] + 4  # days of scans: the walk's place past the count's restart point
    c.p[0] = c.p[1] // 4
    m.mem32[c.reg] = ch.START - c.p[1]
    sb.update(0, c.t0 + 5)
    assert len([x for x in c.sm.log if x == ("put", 31)]) == starts + 1
    assert c.p[1] == 0 and c.p[9] > 0
