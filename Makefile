# Lanterne — every target sets up what it needs; nothing relies on a hand-made install.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HEAP   ?= 190k

.PHONY: help setup play test lint bench fuzz hardware clean

help:
	@echo "make play      set up, then play on the simulated 32x32 board in this terminal"
	@echo "make test      set up, then lint and run the whole suite (CPython + MicroPython)"
	@echo "make bench     benchmarks on CPython and the MicroPython unix port"
	@echo "make fuzz      the serial-protocol fuzz at length, on CPython and MicroPython"
	@echo "make hardware  rebuild the generated documents and pictures in hardware/"

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(BIN)/lanterne sim

lint: $(STAMP)
	$(BIN)/ruff check .

test: $(STAMP) lint
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python -m tests.bench --heap $(HEAP)

fuzz: $(STAMP)
	$(BIN)/python -m tests.fuzz

hardware: $(STAMP)
	$(BIN)/python -m lanterne.hardware_docs

clean:
	rm -rf $(VENV) build *.egg-info
