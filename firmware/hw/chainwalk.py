"""The 74HC165 chain's ring walked in native code (viper): firmware/hw/chain.py's `take_walk`
and `differs`, what a loop pass runs over every scan since the last (40 scans of 4 bytes in a
40 ms pass) and what the wait between passes looks at every millisecond.

Imported only by MicroPython (CPython cannot compile viper); chain.py keeps the same loops in
plain Python, and the tests hold both to the same result. No division: ARMv6-M has none."""

import micropython


@micropython.viper
def take_walk(ring: ptr8, last: ptr8, out: ptr8, p: ptr32) -> int:  # noqa: F821 - viper
    """The scans written since the last call (p[6] - p[5] bytes so far: p[5] the DMA's count
    left, read here from the register at address p[8], or given by the caller when p[8] is
    0), oldest first; each whose bytes differ from `last` is copied to
    `out` (at most p[4]), its number in p[10 + i]. 4 seats: the unchanged scans skipped a word
    at a time. p[0]: the next scan's number, p[1]: its first byte, p[2]: the seats,
    p[3]: the ring's mask, p[7]: the ring's size (a pass later than that skips to the oldest
    scan kept). Returns how many were copied."""
    if p[8]:
        p[5] = ptr32(p[8])[0]  # noqa: F821 - the count, read in the walk's own call
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
    r32 = ptr32(ring)  # noqa: F821 - a 4-seat scan is one aligned word of the ring
    last32 = ptr32(last)  # noqa: F821 - and `last` a 4-byte bytearray (word aligned)
    wmask = mask >> 2
    while got < cap:
        if n == 4:  # the unchanged scans skipped a word at a time
            want = last32[0]
            while kb + 4 <= written and r32[(kb >> 2) & wmask] == want:
                kb += 4
                k += 1
        if kb + n > written:
            break
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
            p[10 + got] = k
            got += 1
        kb += n
        k += 1
    p[0] = k
    p[1] = kb
    return got


@micropython.viper
def differs(ring: ptr8, last: ptr8, p: ptr32) -> int:  # noqa: F821 - viper types
    """Some scan written since the last take_walk differs from `last`: 1, else 0 (p[5] read
    from p[8] as take_walk does)."""
    if p[8]:
        p[5] = ptr32(p[8])[0]  # noqa: F821
    written = p[6] - p[5]
    kb = p[1]
    n = p[2]
    mask = p[3]
    if written - kb > p[7] - n:
        return 1  # the ring went round: let the pass look
    if n == 4:  # a word a scan
        r32 = ptr32(ring)  # noqa: F821
        want = ptr32(last)[0]  # noqa: F821
        wmask = mask >> 2
        while kb + 4 <= written:
            if r32[(kb >> 2) & wmask] != want:
                return 1
            kb += 4
        return 0
    while kb + n <= written:
        j = 0
        while j < n:
            if ring[(kb + j) & mask] != last[j]:
                return 1
            j += 1
        kb += n
    return 0
