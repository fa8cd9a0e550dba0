"""The 74HC165 chain's ring walked in native code (viper): firmware/hw/chain.py's `walk`, the
loop a pass runs over every scan since the last (40 scans of 4 bytes in a 40 ms pass).

Imported only by MicroPython (CPython cannot compile viper); chain.py keeps the same loop in
plain Python, and the tests hold both to the same result."""

import micropython


@micropython.viper
def walk(ring: ptr8, last: ptr8, out: ptr8, p: ptr32) -> int:  # noqa: F821 - viper types
    """Scans p[0]..p[1]-1 of `ring` (p[2] bytes each, at (k * p[2] + j) & p[3]) compared with
    `last`; each that differs is copied to `out` (at most p[4]), its number in p[8 + i]; p[0]
    moves on. Returns how many."""
    k = p[0]
    end = p[1]
    n = p[2]
    mask = p[3]
    cap = p[4]
    got = 0
    while k < end and got < cap:
        base = k * n
        changed = 0
        j = 0
        while j < n:
            if ring[(base + j) & mask] != last[j]:
                changed = 1
            j += 1
        if changed:
            j = 0
            o = got * n
            while j < n:
                b = ring[(base + j) & mask]
                last[j] = b
                out[o + j] = b
                j += 1
            p[8 + got] = k
            got += 1
        k += 1
    p[0] = k
    return got


@micropython.viper
def differs(ring: ptr8, last: ptr8, p: ptr32, end: int) -> int:  # noqa: F821 - viper types
    """Scan end-1 of `ring` (p[2] bytes, ring mask p[3]) differs from `last`: 1, else 0."""
    n = p[2]
    mask = p[3]
    base = (end - 1) * n
    j = 0
    while j < n:
        if ring[(base + j) & mask] != last[j]:
            return 1
        j += 1
    return 0
