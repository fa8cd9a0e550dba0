"""The emulated-Pico tier: the real firmware, flashed with `lanterne flash` over real mpremote, on
rp2040js running MicroPython's rp2 firmware (host/pico/, driven by host/lanterne/emulator.py).
One board per session.

Where node, npm, the MicroPython UF2 or the RP2040 boot ROM are missing (docs/pico.md says where
they are looked for), every test here skips with one line naming what is missing and where to
get it; nothing fails for that reason."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT, ROOT / "host", Path(__file__).resolve().parent):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from lanterne import emulator  # noqa: E402

_why = emulator.missing()


def pytest_collection_modifyitems(config, items):
    if _why:
        mark = pytest.mark.skip(reason="emulated Pico tier skipped: " + _why)
        for item in items:
            if Path(item.path).is_relative_to(Path(__file__).parent):  # this tier's tests only
                item.add_marker(mark)


def pytest_report_header(config):
    return "emulated Pico: " + (_why or "ready")


def pytest_terminal_summary(terminalreporter):
    if _why:  # the one line that says why the tier did not run (even under -q)
        terminalreporter.write_line("emulated Pico tier skipped: " + _why)


@pytest.fixture(scope="session")
def pico(tmp_path_factory):
    """A started emulated Pico wired as the ref32 profile, with nothing flashed yet."""
    from firmware import profile as fprofile

    build = emulator.prepare()
    prof = fprofile.find("ref32", (str(ROOT / "hardware" / "profiles"),))
    board = emulator.EmulatedPico(prof, build=build, workdir=tmp_path_factory.mktemp("pico"))
    board.start()
    yield board
    board.stop()


def lanterne(*args, timeout=600):
    """Run the `lanterne` command as a user would; returns the CompletedProcess."""
    return subprocess.run([sys.executable, "-m", "lanterne", *args], capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT)


@pytest.fixture(scope="session")
def flashed(pico):
    """The board with the firmware flashed once (the flash test checks that step itself)."""
    r = lanterne("flash", "--port", pico.port)
    assert r.returncode == 0, r.stdout + r.stderr
    pico.first_flash = r
    return pico


@pytest.fixture
def at_menu(flashed):
    """The board and its simulator twin both at the boot menu: (serial events, mirror)."""
    import pico_helpers as ph

    events = ph.Events(flashed.port)
    mirror = ph.Mirror()
    try:
        events.ask({"cmd": "menu"}, "menu", pico=flashed)
        mirror.send({"cmd": "menu"})
        yield events, mirror
    finally:
        events.close()
        mirror.close()
