"""Lanterne firmware: the MicroPython application for the Pico (also runs on CPython in the
simulator). `main.py` on the board calls `firmware.app.main()`."""
