"""Flashed as /boot.py: MicroPython runs it at every reset, into main.py or into the raw REPL the
host tools use alike, so the code bundle (bundlefs.py) is mounted before anything imports, and
the built-in modules the code imports are found at once."""

try:
    import bundlefs

    why = bundlefs.mount()
    if why is not None and not why.startswith("no "):  # no bundle: the files are imported
        print("lanterne: the code bundle cannot be used:", why)
    del why, bundlefs
except Exception as exc:  # noqa: BLE001 (whatever it is, the board must still boot)
    print("lanterne: the code bundle cannot be used:", exc)

# MicroPython looks for an extensible built-in module (os, time, json...) on every folder of
# sys.path before taking its own, at every import of it, one inside a function too: 8.7 ms of a
# Pico each time. Its u-name is the built-in itself; known to sys.modules, it is found at once.
# (`machine` on a Pico only: the unix port's stand-in for it is a file, unixport/machine.py.)
import sys  # noqa: E402

for _name in ("os", "time", "json", "array", "select", "binascii", "hashlib", "io", "deflate") + (
        ("machine",) if sys.platform == "rp2" else ()):
    try:
        sys.modules[_name] = __import__("u" + _name)
    except ImportError:  # a port without it
        pass
del sys, _name
