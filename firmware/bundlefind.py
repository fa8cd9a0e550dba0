"""The code bundle's index searched in native code (viper): firmware/bundlefs.py's Bundle.find,
what every import's lookup runs (its Python loop took a Pico 0.9 ms a module found, forty of
them before the first frame). Loaded from the bundle once it is mounted (bundlefs.load_search);
bundlefs keeps the same loop in plain Python, and the tests hold both to the same lines.
Imported only by MicroPython (CPython cannot compile viper)."""

import micropython


@micropython.viper
def search(idx: ptr8, size: int, starts: ptr16, count: int, key: ptr8, n: int) -> int:  # noqa: F821
    """Bundle.find's binary search, step for step; no read outside the index's `size` bytes,
    whatever its starts say."""
    lo = 0
    hi = count
    llo = 0
    lhi = 0
    while lo < hi:
        mid = (lo + hi) >> 1
        at = starts[mid]
        if at < 1:
            return -1  # a damaged start (the Python loop finds no file there either)
        j = llo
        if lhi < j:
            j = lhi
        while j < n and at + j < size and idx[at + j] == key[j]:
            j += 1
        if at + j >= size:
            return -1  # past the end: damaged (an index ends with a newline)
        if j == n:
            if idx[at + n] == 32:
                if idx[at - 1] == 10:
                    return at - 1
                return -1
            hi = mid
            lhi = j
        elif idx[at + j] < key[j]:
            lo = mid + 1
            llo = j
        else:
            hi = mid
            lhi = j
    return -1
