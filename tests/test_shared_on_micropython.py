"""Runs every shared test file (tests/rules, tests/firmware) under the real MicroPython unix port
with a Pico-sized heap: the same files pytest runs on CPython."""

from pathlib import Path

import pytest

from tests.mp import ROOT, run_shared_tests

FILES = sorted(
    str(p.relative_to(ROOT))
    for d in ("tests/rules", "tests/firmware")
    for p in (ROOT / d).glob("test_*.py")
)


def cases():
    """(file, keyword) to run: a file whole, or, where it says ONE_PROCESS_PER_GAME (a suite
    over every registered game, each game as big as a Pico holds), one process per game
    (its tests named after the game)."""
    from firmware import games

    out = []
    for path in FILES:
        if "\nONE_PROCESS_PER_GAME = True" in (ROOT / path).read_text():
            out.extend((path, "_" + name) for name in games.names())
        else:
            out.append((path, None))
    return out


@pytest.mark.parametrize("path,keyword", cases())
def test_file_passes_on_micropython(path, keyword):
    passed, failed, out = run_shared_tests(path, keyword=keyword)
    assert failed == 0, out
    assert passed > 0, out


def test_runner_reports_failures(tmp_path: Path):
    bad = tmp_path / "test_bad.py"
    bad.write_text("def test_ok():\n    assert 1\n\ndef test_ko():\n    assert 1 == 2, 'boom'\n")
    passed, failed, out = run_shared_tests(str(bad))
    assert (passed, failed) == (1, 1)
    assert "FAIL" in out and "test_ko" in out and "boom" in out
