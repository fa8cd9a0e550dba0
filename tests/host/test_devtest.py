"""`lanterne test --device`: the shared rules tests copied to and run on a MicroPython unix-port
'board' (Pico-sized heap) behind a pty; the runner's summary and the exit status."""

import re
import shutil

from click.testing import CliRunner
from lanterne.cli import main
from lanterne.devtest import RESULT, run_on_device
from lanterne.flash import ROOT

from firmware import bundlefs


def small_root(tmp_path, test_text):
    """A copy of the runner and shared_rules with one test file of our own."""
    root = tmp_path / "src"
    (root / "tests" / "rules").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "mprunner.py", root / "tests")
    shutil.copytree(ROOT / "shared_rules", root / "shared_rules",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (root / "firmware").mkdir()
    shutil.copy(ROOT / "firmware" / "manifest.py", root / "firmware")  # what the board runs
    shutil.copy(ROOT / "firmware" / "bundlefs.py", root / "firmware")  # how it mounts the code
    (root / "tests" / "rules" / "test_mine.py").write_text(test_text)
    return root


MINE = """from shared_rules.rng import Rng

def test_generator_runs_on_the_board():
    assert 0 <= Rng(3).below(10) < 10

def test_board_is_micropython():
    import sys
    assert sys.implementation.name == "micropython"
"""


def test_passing_tests_on_the_board(repl_board, tmp_path):
    seen = []
    root = small_root(tmp_path, MINE)
    passed, failed, out = run_on_device(str(repl_board.link), root=root, out=seen.append,
                                        show_progress=False)
    assert (passed, failed) == (2, 0), out
    assert b"2 passed, 0 failed" in b"".join(seen)
    # each file timed on the board's own clock, then a table and the total
    assert re.search(rb"^time tests/rules/test_mine.py \d+ ms$", out, re.M), out
    assert re.search(rb"^ +\d+\.\d s  tests/rules/test_mine.py: 2 passed, 0 failed$", out, re.M)
    assert re.search(rb"^board time: \d+\.\d s for 1 file$", out, re.M), out
    # the test file went compiled, like the rules: the board needs no heap to compile it
    assert (repl_board.workdir / "lanterne_tests/tests/rules/test_mine.mpy").exists()
    # the code under test went compiled too, in one bundle (no folder of small files)
    code = bundlefs.Bundle(str(repl_board.workdir / "lanterne_tests/code.bundle"))
    with code.open("shared_rules/rng.mpy", "rb") as f:
        assert f.read(1) == b"M"
    assert not (repl_board.workdir / "lanterne_tests/shared_rules").exists()


def test_a_failure_on_the_board_is_reported(repl_board, tmp_path):
    root = small_root(tmp_path, MINE + "\ndef test_wrong():\n    assert 1 + 1 == 3, 'arith'\n")
    passed, failed, out = run_on_device(str(repl_board.link), root=root, out=lambda b: None,
                                        show_progress=False)
    assert (passed, failed) == (2, 1)
    assert b"FAIL tests/rules/test_mine.py::test_wrong" in out and b"arith" in out


def test_cli_runs_the_repository_rules_tests_on_the_board(repl_board):
    result = CliRunner().invoke(main, ["test", "--device", "--port", str(repl_board.link),
                                       str(ROOT / "tests/rules/test_rng_canon.py")])
    found = RESULT.findall(result.output.encode())
    assert found, result.output
    passed, failed = map(int, found[-1])
    assert passed >= 5 and failed == 0 and result.exit_code == 0, result.output
    copied = repl_board.workdir / "lanterne_tests/tests/rules"
    assert sorted(p.name for p in copied.glob("test_*")) == ["test_rng_canon.mpy"]


def test_local_run_on_the_unix_port(tmp_path):
    result = CliRunner().invoke(main, ["test", "-k", "digest",
                                       str(ROOT / "tests/rules/test_rng_canon.py")])
    assert result.exit_code == 0, result.output
    assert "tests/rules/test_rng_canon.py: 1 passed, 0 failed" in result.output
    assert result.output.rstrip().endswith("total: 1 passed, 0 failed")
    bad = tmp_path / "test_bad.py"
    bad.write_text("def test_ko():\n    assert 1 == 2, 'boom'\n")
    result = CliRunner().invoke(main, ["test", str(bad)])
    assert result.exit_code == 1 and "boom" in result.output and "0 passed, 1 failed" in \
        result.output


def test_a_soft_reset_between_files_gives_each_a_fresh_board(repl_board, tmp_path):
    """As on a real Pico: the board is soft-reset (raw REPL, no main.py) between test files and
    once at the end; nothing a file leaves behind reaches the next."""
    root = small_root(tmp_path, "import __main__\n\ndef test_leave_a_mark():\n"
                                "    __main__.lanterne_mark = 1\n")
    (root / "tests" / "rules" / "test_next.py").write_text(
        "import __main__\n\ndef test_no_mark():\n"
        "    assert not hasattr(__main__, 'lanterne_mark'), 'left over'\n")
    boots = repl_board.boots
    passed, failed, out = run_on_device(str(repl_board.link), root=root, out=lambda b: None,
                                        show_progress=False, fresh=True)
    assert (passed, failed) == (2, 0), out
    assert repl_board.wait_boots(boots + 2) == boots + 2  # between the files, and at the end
    # without the resets the mark survives from one file to the next
    passed, failed, out = run_on_device(str(repl_board.link), root=root, out=lambda b: None,
                                        show_progress=False, fresh=False)
    assert (passed, failed) == (1, 1) and b"left over" in out
