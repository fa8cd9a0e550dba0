"""`lanterne test --device` on the emulated Pico: one shared rules file copied and run end to end
on the board (MicroPython's rp2 port, the runner choosing the board's counts), its summary, its
time on the board's clock and the total."""

import re

from conftest import lanterne

# a small file: the emulator runs slower than real time on a loaded machine
FILE = "tests/rules/test_rng_canon.py"


def test_a_rules_file_passes_on_the_board(pico):
    r = lanterne("test", "--device", "--port", pico.port, FILE, timeout=900)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert "rp2 on " in out, out  # the emulated Pico, not a unix port
    assert re.search(r"^5 passed, 0 failed$", out, re.M), out
    assert re.search(r"^time " + re.escape(FILE) + r" \d+ ms$", out, re.M), out
    line = re.search(r"^ +(\d+\.\d) s  " + re.escape(FILE) + r": 5 passed, 0 failed$", out, re.M)
    assert line, out
    assert re.search(r"^board time: \d+\.\d s for 1 file$", out, re.M), out
    assert out.rstrip().endswith("total: 5 passed, 0 failed"), out
