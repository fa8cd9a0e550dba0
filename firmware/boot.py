# Flashed as /boot.py, run at every reset: the code bundle mounted and the built-ins made known
# (bundlefs.boot, compiled: this file's source is compiled at every reset, 11 ms of a Pico for
# the 25 lines it once held).
try:
    import bundlefs

    bundlefs.boot()
except Exception as exc:  # noqa: BLE001 (whatever it is, the board must still boot)
    print("lanterne: the code bundle cannot be used:", exc)
