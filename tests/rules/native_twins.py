"""Helpers for the tests that hold a native loop and its plain-Python twin to the same results
(test_tayu_fastfit.py, test_wuxing_fasttheatre.py): a rules module keeps its native functions
in `_native`, filled once by `load_native()`, all None where there is no native code."""

import sys


def with_each_loop(module, fn, *args):
    """(fn(*args) with the module's native loops where there are some, fn(*args) with its
    Python twins)."""
    saved = list(module._native)
    if not saved:
        module.load_native()
        saved = list(module._native)
    try:
        got = fn(*args)
        module._native[:] = [None] * len(saved)
        plain = fn(*args)
    finally:
        module._native[:] = saved
    return got, plain


def check_load_native(module):
    """load_native() finds the native code exactly on a MicroPython with a native arch."""
    module._native[:] = []
    fn = module.load_native()
    arch = getattr(sys.implementation, "_mpy", 0) >> 10
    if sys.implementation.name == "micropython" and arch:
        assert fn is not None
    else:
        assert fn is None
