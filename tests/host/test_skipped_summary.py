"""`make test` ends with one line naming what it skipped (tests/skipped.py, tests/conftest.py)."""

import subprocess
import sys
from pathlib import Path

from tests.skipped import line

ROOT = Path(__file__).resolve().parents[2]


def test_one_line_with_each_reason_and_its_count():
    assert line([]) == "skipped: nothing"
    said = line(["no node", "no chromium", "no node", ""])
    assert said == "skipped 3: no node (2); no chromium (1)"
    assert "\n" not in line(["a reason\nover two lines"])


def test_a_pytest_run_ends_with_the_line_and_writes_the_reasons(tmp_path):
    test = tmp_path / "test_some.py"
    test.write_text("import pytest\n\ndef test_a():\n    pytest.skip('no board here')\n\n"
                    "def test_b():\n    pytest.skip('no board here')\n\ndef test_c():\n"
                    "    pass\n")
    out = tmp_path / "skipped.txt"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-o", "addopts=-q", "-p",
         "no:cacheprovider", "-p", "tests.conftest", "--rootdir", str(tmp_path), str(test)],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
        env={"LANTERNE_SKIPPED": str(out), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    assert "skipped 2: no board here (2)" in lines, proc.stdout
    assert out.read_text().splitlines() == ["no board here", "no board here"]
    proc = subprocess.run([sys.executable, "-m", "tests.skipped", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout == "skipped 2: no board here (2)\n"
