"""The harness's own unit tests (host/pico/test: the WS2812 decoder, the boot ROM and UF2
readers), run with node's test runner."""

import subprocess

from conftest import ROOT
from lanterne import emulator


def test_harness_unit_tests_pass():
    emulator.prepare()  # npm ci, once
    r = subprocess.run(["node", "--test", "test/"], cwd=ROOT / "host" / "pico",
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
