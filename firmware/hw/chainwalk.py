"""The 74HC165 chain's ring walked in native code (viper): firmware/hw/chain.py's `take_walk`
and `differs`, what a loop pass runs over every scan since the last (40 scans of 4 bytes in a
40 ms pass) and what the wait between passes looks at every millisecond.

Imported only by MicroPython (CPython cannot compile viper); chain.py keeps the same loops in
plain Python, and the tests hold both to the same result. No division: ARMv6-M has none."""

import micropython


@micropython.viper
def take_walk(ring: ptr8, last: ptr8, out: ptr8, p: ptr32) -> int:  # noqa: F821 - viper
    """The scans written since the last call (p[6] - p[5] bytes so far: p[5] the DMA's count
    left, read by the caller),
    oldest first; each whose bytes differ from `last` is copied to `out` (at most p[4]), its
    number in p[8 + i]. p[0]: the next scan's number, p[1]: its first byte, p[2]: the seats,
    p[3]: the ring's mask, p[7]: the ring's size (a pass later than that skips to the oldest
    scan kept). Returns how many were copied."""
    written = p[6] - p[5]
    k = p[0]
    kb = p[1]
    n = p[2]
    mask = p[3]
    cap = p[4]
    limit = p[7] - n
    while written - kb > limit:
        kb += n
        k += 1
    got = 0
    while kb + n <= written and got < cap:
        changed = 0
        j = 0
        while j < n:
            if ring[(kb + j) & mask] != last[j]:
                changed = 1
            j += 1
        if changed:
            j = 0
            o = got * n
            while j < n:
                b = ring[(kb + j) & mask]
                last[j] = b
                out[o + j] = b
                j += 1
            p[8 + got] = k
            got += 1
        kb += n
        k += 1
    p[0] = k
    p[1] = kb
    return got


@micropython.viper
def differs(ring: ptr8, last: ptr8, p: ptr32) -> int:  # noqa: F821 - viper types
    """Some scan written since the last take_walk differs from `last`: 1, else 0."""
    written = p[6] - p[5]
    kb = p[1]
    n = p[2]
    mask = p[3]
    if written - kb > p[7] - n:
        return 1  # the ring went round: let the pass look
    while kb + n <= written:
        j = 0
        while j < n:
            if ring[(kb + j) & mask] != last[j]:
                return 1
            j += 1
        kb += n
    return 0
