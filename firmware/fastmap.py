"""Canvas -> LED bytes in native code (viper): the inner loop of `firmware.output` on MicroPython.

Imported only by MicroPython (CPython cannot compile viper); `Output` keeps the same loop in
plain Python for CPython and for a build without native code, and the tests hold both to the
same result. On an RP2040 this turns a 32 x 32 canvas into LED bytes in about a millisecond.
"""

import micropython


@micropython.viper
def map_frame(src: ptr8, out: ptr8, table, lut: ptr8, sums) -> int:  # noqa: F821 - viper types
    """Write lut[canvas byte] into each LED's bytes; `table[pixel]` is its LED (-1: none);
    lut[256..258] are where R, G, B go inside an LED. Returns the sum of the LED bytes times 2,
    plus 1 if any of them changed; sums[0] (an array("i")) gets the sum of the canvas bytes
    mapped (the power limiter's)."""
    t = ptr16(table)  # noqa: F821 - array("h"): -1 reads as 0xFFFF
    raw = 0
    n = int(len(table))
    ro = lut[256]
    go = lut[257]
    bo = lut[258]
    changed = 0
    total = 0
    i = 0
    k = 0
    while k < n:
        led = t[k]
        if led != 0xFFFF:
            j = led * 3
            a = src[i]
            b = src[i + 1]
            c = src[i + 2]
            if (a | b | c) == 0:  # a dark pixel (most of a frame): lut[0] is 0, no sums
                if out[j] | out[j + 1] | out[j + 2]:
                    out[j] = 0
                    out[j + 1] = 0
                    out[j + 2] = 0
                    changed = 1
            else:
                raw += a + b + c
                v = lut[a]
                total += v
                if out[j + ro] != v:
                    out[j + ro] = v
                    changed = 1
                v = lut[b]
                total += v
                if out[j + go] != v:
                    out[j + go] = v
                    changed = 1
                v = lut[c]
                total += v
                if out[j + bo] != v:
                    out[j + bo] = v
                    changed = 1
        i += 3
        k += 1
    r = ptr32(sums)  # noqa: F821
    r[0] = raw
    return total * 2 + changed


@micropython.viper
def byte_sum(buf) -> int:
    """Sum of a bytearray's bytes (the builtin sum() makes an object of every byte: 7 ms for a
    32 x 32 canvas on an RP2040, against well under one here)."""
    p = ptr8(buf)  # noqa: F821
    n = int(len(buf))
    total = 0
    i = 0
    while i < n:
        total += p[i]
        i += 1
    return total



@micropython.viper
def zero(buf):
    """Set every byte of a bytearray whose length is a multiple of 4 to 0, a word at a time
    (Canvas.clear: 0.65 ms for a 32 x 32 canvas in slices on a Pico, some 0.05 ms here)."""
    p = ptr32(buf)  # noqa: F821
    n = int(len(buf)) >> 2
    i = 0
    while i < n:
        p[i] = 0
        i += 1
