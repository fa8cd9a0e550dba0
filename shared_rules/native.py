"""Where a module's native loops come from: a rules or view module keeps its native functions
(viper or native code, MicroPython only) in a list `_native`, filled once by its load_native(),
all None where there is no native code (CPython, a port without a native emitter); the
module's plain-Python twins stand in for them then (tests/rules/native_twins.py)."""

import sys


def load(cache, module, names):
    """Fill `cache` (a module's `_native`), once, with the functions `names` of the native
    module `module` (a dotted name), or as many Nones where it cannot be loaded; returns the
    first."""
    if not cache:
        fns = None
        if sys.implementation.name == "micropython":
            try:
                m = __import__(module, None, None, names)
                fns = [getattr(m, n) for n in names]
            except (ImportError, ValueError, SyntaxError, AttributeError):
                fns = None  # a port without native code
        cache.extend(fns or [None] * len(names))
    return cache[0]
