"""Rules engines shared by the board (MicroPython) and the host (CPython).

Every module here is written in the common subset of CPython 3.10+ and MicroPython 1.2x:
no typing imports, no dataclasses, no `random`; chance comes from `shared_rules.rng`.
"""
