"""Stand-in for CircuitPython's `board`: pin objects GP0..GP29."""


class _Pin:
    def __init__(self, n):
        self.id = n

    def __repr__(self):
        return "board.GP%d" % self.id


for _n in range(30):
    globals()["GP%d" % _n] = _Pin(_n)
