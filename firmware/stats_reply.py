"""The `stats` reply, built from firmware.stats' counters. Kept apart from the counters, which
run every loop pass: this is loaded only when the host asks, and let go once it has answered."""

from firmware.stats import (
    LOOP,
    MEM_LOW,
    MOVE,
    PASS_SPLIT,
    PRESS,
    RECENT,
    SAVE,
    SPLIT,
    THINK,
    diff,
    mem,
    ticks,
)


def report(stats, version, hw=None, buttons=None):
    """The reply; with `hw`'s interrupt probe running (`{"cmd": "stats", "probe": true}`) also
    `irq_us`: the longest gap between two ticks of its 1 kHz timer while a frame was in flight
    (1000 when no interrupt was held off), its ticks, and those with a frame in flight. The
    heap is measured after a collection (some 20 ms on a Pico: a host's question, not a
    press's)."""
    import gc

    gc.collect()  # mem_free counts what is free, not the garbage since the last collection
    v = stats.v
    n = v[MOVE + 2]
    first = n - RECENT if n > RECENT else 0
    reply = {
        "fw": version,
        "uptime_ms": diff(ticks(), stats.boot) // 1000,
        "mem_free": mem("mem_free"),
        "mem_alloc": mem("mem_alloc"),
        "mem_low": v[MEM_LOW],
        "press_us": {"last": v[PRESS], "worst": v[PRESS + 1], "count": v[PRESS + 2],
                     "split": {"state": v[SPLIT], "draw": v[SPLIT + 1], "wait": v[SPLIT + 2],
                               "bytes": v[SPLIT + 3], "write": v[SPLIT + 4]}},
        "loop_us": {"last": v[LOOP], "worst": v[LOOP + 1],
                    "worst_split": {"input": v[PASS_SPLIT], "host": v[PASS_SPLIT + 1],
                                    "advance": v[PASS_SPLIT + 2], "frame": v[PASS_SPLIT + 3],
                                    "settle": v[PASS_SPLIT + 4], "sweep": v[PASS_SPLIT + 5]}},
        "move_us": {"last": v[MOVE], "worst": v[MOVE + 1], "count": n,
                    "recent": [stats.recent[i % RECENT] for i in range(first, n)]},
        "save_us": {"last": v[SAVE], "worst": v[SAVE + 1]},
        "think_us": {"last": v[THINK], "worst": v[THINK + 1], "count": v[THINK + 2],
                     "total_ms": v[THINK + 3]},
        "irq_us": _probe(hw),
    }
    if getattr(buttons, "presses", None) is not None:  # every seat its own buttons
        buttons.figures(reply)
        reply["ticks_ms"] = hw.ticks_ms()
    return reply


def _probe(hw):
    g = getattr(hw, "gaps", None)
    if g is None or getattr(hw, "timer", None) is None:
        return None
    return {"worst_gap": g[1], "ticks": g[2], "in_flight": g[3]}
