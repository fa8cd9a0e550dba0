"""CPython stand-in for MicroPython's built-in `micropython` module: the firmware and the rules
write module constants as `X = const(...)`, which MicroPython folds at compile time. Installed
with the host tools (pyproject.toml), never flashed; MicroPython's own module always wins."""


def const(value):
    """The value itself (on MicroPython a compile-time constant)."""
    return value


def native(fn):
    """The function itself (on MicroPython compiled to machine code, its frame on the C stack)."""
    return fn
