"""Runs every shared test file (tests/rules, tests/firmware) under the real MicroPython unix port
with a Pico-sized heap: the same files pytest runs on CPython."""

from pathlib import Path

import pytest

from tests.mp import ROOT, run_shared_tests

SHARED = sorted(
    str(p.relative_to(ROOT))
    for d in ("tests/rules", "tests/firmware")
    for p in (ROOT / d).glob("test_*.py")
)


@pytest.mark.parametrize("path", SHARED)
def test_file_passes_on_micropython(path):
    passed, failed, out = run_shared_tests(path)
    assert failed == 0, out
    assert passed > 0, out


def test_runner_reports_failures(tmp_path: Path):
    bad = tmp_path / "test_bad.py"
    bad.write_text("def test_ok():\n    assert 1\n\ndef test_ko():\n    assert 1 == 2, 'boom'\n")
    passed, failed, out = run_shared_tests(str(bad))
    assert (passed, failed) == (1, 1)
    assert "FAIL" in out and "test_ko" in out and "boom" in out
