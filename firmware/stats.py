"""The board's own measurements, answered by the `stats` command (firmware/stats_reply.py):
heap (free, allocated, the lowest free seen after a collection), press -> frame time split by
stage, loop, move and save times, uptime.

Times are microseconds from the board's clock (`time.ticks_us` on MicroPython). Every figure
lives in one preallocated array of ints, so recording one allocates nothing in the frame loop.
"""

# pyright: reportAttributeAccessIssue=false
# (what the type checker cannot follow here: time.perf_counter_ns: the CPython stand-in's)

import gc
import time
from array import array

from micropython import const

_PERIOD = const(0x3FFFFFFF)  # times wrap at 2**30 us (18 min), as on the Pico


_US = getattr(time, "ticks_us", None)  # None on CPython (simulator, tests)


def ticks():
    if _US is not None:
        return _US() & _PERIOD
    return (time.perf_counter_ns() // 1000) & _PERIOD


# the same clock with no call of ours around it (MicroPython's ticks_us wraps at 2**30 too): a
# window this short (reading the seats' chain) is not to be measured with the ruler's own cost
raw_ticks = _US if _US is not None else ticks


def diff(a, b):
    """a - b in microseconds across the wrap (both within half a period of each other)."""
    return ((a - b + 0x20000000) & _PERIOD) - 0x20000000


# indexes into Stats.v: the marks of the press being measured (_P_AT < 0: none open) ...
_P_AT = const(0)
_STATE_AT = const(1)
DRAW_AT = const(2)
WAIT_AT = const(3)  # the frame before it was out: the LED buffer could be written
BYTES_AT = const(4)
# ... the last press's stages (state, draw, wait, bytes, write), then last / worst figures
SPLIT = const(5)
STAGES = const(5)
PRESS = const(10)
LOOP = const(13)
MOVE = const(15)
SAVE = const(18)
MEM_LOW = const(20)
# ... the marks of the loop pass under way (after its input, host, advance, frame, settle), then
# the worst pass's time in each of its six stages (the sixth: the sweep)
_PASS_AT = const(21)
PASS_SPLIT = const(26)
# ... a bot's whole turn: last, worst, count, total in ms (from its pause's start, when its
# search begins, to the end of the pass that made its move and showed it)
THINK = const(32)
_SIZE = const(36)
RECENT = const(64)  # move passes kept, for the host's median


class Stats:
    """Counters the app updates as it runs (stats_reply.report() reads them)."""

    def __init__(self):
        self.boot = ticks()
        self.v = array("i", bytes(4 * _SIZE))
        self.recent = array("i", bytes(4 * RECENT))  # ring of the latest move-pass times
        self.clear()
        self.skip = False

    def clear(self):
        """Forget every figure but the uptime (a benchmark starts each scenario afresh). The
        loop pass under way began before: what it still times is not counted."""
        v = self.v
        for i in range(_SIZE):
            v[i] = -1
        v[PRESS + 2] = v[MOVE + 2] = v[THINK + 2] = v[THINK + 3] = 0  # counts, total
        self.skip = True

    def now(self):
        return ticks()

    def mark(self, at):
        """Note the time of a stage of the press being measured (_STATE_AT, DRAW_AT...)."""
        self.v[at] = ticks()

    def pressing(self):
        """A press waits for its frame."""
        return self.v[_P_AT] >= 0

    def pressed(self, pass_start):
        """A button event was handled in the pass that began at `pass_start`."""
        v = self.v
        if v[_P_AT] < 0:
            v[_P_AT] = pass_start
        v[_STATE_AT] = ticks()

    def written(self, shown=True, end=-1):
        """The frame is out (or, shown=False, the press changed no LED): close the press.
        `end`: when its last bit leaves (the backend's `out_at`: a frame sent by DMA is still
        going out when this is called), -1 for now."""
        v = self.v
        start = v[_P_AT]
        if start < 0:
            return
        v[_P_AT] = -1
        if not shown:
            return
        end = ticks() if end < 0 else end & _PERIOD
        v[SPLIT] = diff(v[_STATE_AT], start)
        v[SPLIT + 1] = diff(v[DRAW_AT], v[_STATE_AT])
        v[SPLIT + 2] = diff(v[WAIT_AT], v[DRAW_AT])
        v[SPLIT + 3] = diff(v[BYTES_AT], v[WAIT_AT])
        v[SPLIT + 4] = diff(end, v[BYTES_AT])
        self._took(PRESS, diff(end, start))
        v[PRESS + 2] += 1

    def stage(self, i):
        """The loop pass under way is through its stage `i`: 0 its input, 1 the host's
        commands, 2 the mode's advance, 3 the frame, 4 the settle (the sweep ends it)."""
        self.v[_PASS_AT + i] = ticks()

    def took(self, which, since):
        """A loop pass (LOOP), a move made without a button (MOVE), a save (SAVE) or a bot's
        turn (THINK) began at `since` and is over now."""
        if self.skip:  # it began before the figures were cleared
            if which == LOOP:
                self.skip = False
            return
        end = ticks()
        took = diff(end, since)
        v = self.v
        if which == LOOP and took > v[LOOP + 1]:  # the worst pass so far: where it went
            at = since
            for i in range(5):
                mark = v[_PASS_AT + i]
                v[PASS_SPLIT + i] = diff(mark, at)
                at = mark
            v[PASS_SPLIT + 5] = diff(end, at)
        self._took(which, took)
        if which == MOVE:
            self.recent[v[MOVE + 2] % RECENT] = took
            v[MOVE + 2] += 1
        elif which == THINK:
            v[THINK + 2] += 1
            v[THINK + 3] += took // 1000

    def _took(self, at, took):
        v = self.v
        v[at] = took
        if took > v[at + 1]:
            v[at + 1] = took

    def collect(self):
        """Collect the garbage and note how much heap the live data leaves free."""
        gc.collect()
        free = mem("mem_free")
        v = self.v
        if free >= 0 and (v[MEM_LOW] < 0 or free < v[MEM_LOW]):
            v[MEM_LOW] = free


def mem(name):
    """gc.mem_free() / gc.mem_alloc(), or -1 on CPython (no heap of its own to report)."""
    f = getattr(gc, name, None)
    return f() if f is not None else -1
