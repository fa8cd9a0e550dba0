"""Lanterne host tool: flash, log, replay, watch and simulate the LED game board."""

__version__ = "0.1.0"
