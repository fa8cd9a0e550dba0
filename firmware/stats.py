"""The board's own measurements, answered by the `stats` command: heap (free, allocated, the
lowest free seen after a collection), press -> frame time split by stage, loop time, uptime.

Times are microseconds from the board's clock (`time.ticks_us` on MicroPython). Recording a
stage stores small ints in attributes: nothing is allocated in the frame loop.
"""

import gc
import time
from array import array

try:
    _ticks = time.ticks_us
    _diff = time.ticks_diff
except AttributeError:  # CPython (simulator, tests)
    def _ticks():
        return time.perf_counter_ns() // 1000

    def _diff(a, b):
        return a - b

# stage names, in order; `split` below gives each one's microseconds
STAGES = ("state", "draw", "bytes", "write")
_RING = 256  # how many recent move passes the median is taken over


class Stats:
    """Counters the app updates as it runs; `report()` is the `stats` reply."""

    def __init__(self):
        self.boot = _ticks()
        self.ring = array("i", bytes(4 * _RING))  # recent move-pass times, for the median
        self.clear()

    def clear(self):
        """Forget every figure but the uptime (a benchmark starts each scenario afresh)."""
        self.mem_low = -1  # lowest gc.mem_free() seen right after a collection (-1: none yet)
        self.moves = 0  # passes in which a move was made without a button (bot, host)
        self.move_last = -1
        self.move_worst = -1
        self.press_at = -1  # when the pass that saw the press started, while its frame is due
        self.state_at = 0
        self.draw_at = 0
        self.bytes_at = 0
        self.last_split = [0, 0, 0, 0]
        self.last_press = -1
        self.worst_press = -1
        self.presses = 0
        self.loop_last = 0
        self.loop_worst = 0
        self.save_last = -1
        self.save_worst = -1

    # ---- stages of one press -> frame ------------------------------------------------------
    def now(self):
        return _ticks()

    def pressed(self, pass_start):
        """A button event was handled in the pass that began at `pass_start`."""
        if self.press_at < 0:
            self.press_at = pass_start
        self.state_at = _ticks()

    def drawn(self):
        self.draw_at = _ticks()

    def mapped(self):
        self.bytes_at = _ticks()

    def written(self):
        """The frame is out: close the press -> frame measurement if one is open."""
        start = self.press_at
        if start < 0:
            return
        end = _ticks()
        split = self.last_split
        split[0] = _diff(self.state_at, start)
        split[1] = _diff(self.draw_at, self.state_at)
        split[2] = _diff(self.bytes_at, self.draw_at)
        split[3] = _diff(end, self.bytes_at)
        total = _diff(end, start)
        self.last_press = total
        if total > self.worst_press:
            self.worst_press = total
        self.presses += 1
        self.press_at = -1

    def no_frame(self):
        """The press changed nothing on the LEDs: no frame went out for it."""
        self.press_at = -1

    def loop(self, pass_start):
        took = _diff(_ticks(), pass_start)
        self.loop_last = took
        if took > self.loop_worst:
            self.loop_worst = took

    def moved(self, pass_start):
        """A pass made a move on its own (a bot's, or the host's): think, apply, frame, save."""
        took = _diff(_ticks(), pass_start)
        self.ring[self.moves % _RING] = took
        self.moves += 1
        self.move_last = took
        if took > self.move_worst:
            self.move_worst = took

    def saved(self, started):
        took = _diff(_ticks(), started)
        self.save_last = took
        if took > self.save_worst:
            self.save_worst = took

    # ---- heap ------------------------------------------------------------------------------
    def collect(self):
        """Collect the garbage and note how much heap the live data leaves free."""
        gc.collect()
        free = _mem_free()
        if free >= 0 and (self.mem_low < 0 or free < self.mem_low):
            self.mem_low = free
        return free

    def report(self, version):
        free = _mem_free()
        split = self.last_split
        return {
            "fw": version,
            "uptime_ms": _diff(_ticks(), self.boot) // 1000,
            "mem_free": free,
            "mem_alloc": _mem_alloc(),
            "mem_low": self.mem_low,
            "press_us": {"last": self.last_press, "worst": self.worst_press,
                         "count": self.presses,
                         "split": {STAGES[0]: split[0], STAGES[1]: split[1],
                                   STAGES[2]: split[2], STAGES[3]: split[3]}},
            "loop_us": {"last": self.loop_last, "worst": self.loop_worst},
            "move_us": {"last": self.move_last, "worst": self.move_worst, "count": self.moves,
                        "median": self.move_median()},
            "save_us": {"last": self.save_last, "worst": self.save_worst},
        }


    def move_median(self):
        n = self.moves if self.moves < _RING else _RING
        if not n:
            return -1
        recent = sorted(self.ring[:n])
        return recent[n // 2]


def _mem_free():
    try:
        return gc.mem_free()
    except AttributeError:  # CPython has no heap of its own to report
        return -1


def _mem_alloc():
    try:
        return gc.mem_alloc()
    except AttributeError:
        return -1
