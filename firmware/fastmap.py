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


@micropython.viper
def map_delta(src_obj, prev_obj, out: ptr8, table, lut: ptr8, sums) -> int:  # noqa: F821
    """map_frame for the pixels that changed since the last frame only: `prev_obj` holds the
    canvas as last mapped (same length as the canvas), compared 12 bytes (4 pixels) at a time;
    a pixel that differs is mapped (lut, as map_frame) and copied into prev. sums[0] (the
    canvas bytes that reach an LED) and sums[1] (the LED bytes) are kept up to date by the
    differences. Returns 1 if an LED byte changed, else 0. A cursor's move on a 32 x 32 canvas
    costs some 0.2 ms here against 2 ms for map_frame."""
    src = ptr8(src_obj)  # noqa: F821
    prev = ptr8(prev_obj)  # noqa: F821
    s32 = ptr32(src_obj)  # noqa: F821
    p32 = ptr32(prev_obj)  # noqa: F821
    t = ptr16(table)  # noqa: F821
    r = ptr32(sums)  # noqa: F821
    npx = int(len(table))
    chunks = npx >> 2
    ro = lut[256]
    go = lut[257]
    bo = lut[258]
    raw = r[0]
    total = r[1]
    changed = 0
    q = 0
    tail = 0
    while True:
        if q < chunks:
            w = q * 3
            if s32[w] == p32[w] and s32[w + 1] == p32[w + 1] and s32[w + 2] == p32[w + 2]:
                q += 1
                continue
            k = q << 2
            end = k + 4
            q += 1
        elif tail:
            break
        else:  # the pixels after the last whole group of four, one by one
            tail = 1
            k = chunks << 2
            end = npx
        while k < end:
            i = k * 3
            a = src[i]
            b = src[i + 1]
            c = src[i + 2]
            oa = prev[i]
            ob = prev[i + 1]
            oc = prev[i + 2]
            if a != oa or b != ob or c != oc:
                prev[i] = a
                prev[i + 1] = b
                prev[i + 2] = c
                led = t[k]
                if led != 0xFFFF:
                    raw += a + b + c - oa - ob - oc
                    j = led * 3
                    v = lut[a]
                    x = out[j + ro]
                    if v != x:
                        out[j + ro] = v
                        total += v - x
                        changed = 1
                    v = lut[b]
                    x = out[j + go]
                    if v != x:
                        out[j + go] = v
                        total += v - x
                        changed = 1
                    v = lut[c]
                    x = out[j + bo]
                    if v != x:
                        out[j + bo] = v
                        total += v - x
                        changed = 1
            k += 1
    r[0] = raw
    r[1] = total
    return changed


@micropython.viper
def copy(dst, src):
    """dst[:] = src for two bytearrays of one length (no slice object made)."""
    d = ptr8(dst)  # noqa: F821
    s = ptr8(src)  # noqa: F821
    n = int(len(src))
    i = 0
    while i < n:
        d[i] = s[i]
        i += 1
