"""Stand-in for MicroPython's `machine` on the unix port and CPython: pins that read as set.

`PRESSED` holds the GPIO numbers of buttons held down (they read 0, as with pull-ups).
"""

PRESSED = set()
created = []


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, pin, mode=-1, pull=-1, value=None):
        self.pin = pin
        self.mode = mode
        self.pull = pull
        self.level = 0 if value is None else value
        created.append(self)

    def value(self, v=None):
        if v is not None:
            self.level = v
            return None
        if self.mode == Pin.IN:
            return 0 if self.pin in PRESSED else 1
        return self.level
