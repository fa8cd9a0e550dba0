"""Stand-in for CircuitPython's `digitalio`: inputs read False while their pin is in PRESSED."""

PRESSED = set()


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None

    @property
    def value(self):
        return self.pin.id not in PRESSED
