"""The board's firmware on a computer: main.py runs it on the MicroPython unix port (or
CPython) with the stand-in `machine` and `neopixel` beside it; simhw.py is the simulator's
board the tests and `lanterne sim` use (none of it is shipped to the board)."""
