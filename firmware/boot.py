"""Flashed as /boot.py: MicroPython runs it at every reset, into main.py or into the raw REPL the
host tools use alike, so the code bundle (bundlefs.py) is mounted before anything imports."""

try:
    import bundlefs

    why = bundlefs.mount()
    if why is not None and not why.startswith("no "):  # no bundle: the files are imported
        print("lanterne: the code bundle cannot be used:", why)
    del why, bundlefs
except Exception as exc:  # noqa: BLE001 (whatever it is, the board must still boot)
    print("lanterne: the code bundle cannot be used:", exc)
