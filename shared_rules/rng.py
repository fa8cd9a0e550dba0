"""Deterministic random generator giving the same stream on CPython and MicroPython.

xorshift32 (Marsaglia 2003) on 32-bit words. Python's `random` differs between the two
runtimes, so every deal, draw and bot choice in `shared_rules` comes from here.
"""

from micropython import const

_MASK = const(0xFFFFFFFF)


class Rng:
    """A seeded 32-bit xorshift generator; `state` is a plain int so it serialises."""

    def __init__(self, seed=0):
        # Spread the seed so that 0, 1, 2 … give unrelated streams; never a zero state.
        s = (int(seed) * 2654435761 + 0x9E3779B9) & _MASK
        self.state = s or 0x6D2B79F5
        for _ in range(4):
            self.next32()

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def below(self, n):
        """A uniform integer in [0, n), by rejection so there is no modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - ((_MASK + 1) % n)
        while True:
            x = self.next32()
            if x <= limit:
                return x % n

    def shuffle(self, items):
        """Fisher–Yates in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def choice(self, items):
        return items[self.below(len(items))]
