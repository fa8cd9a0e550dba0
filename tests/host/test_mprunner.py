"""tests/mprunner.py, the runner of the shared tests under the MicroPython unix port: a test
that fails in any way is counted and named, one that exits too (a SystemExit, as a board's soft
reset stand-in raises), and the others still run."""

from tests.mp import run_shared_tests

FILE = """
def test_passes():
    assert 1 + 1 == 2

def test_fails():
    assert 1 + 1 == 3, "arithmetic"

def test_exits():
    raise SystemExit()

def test_after_the_exit():
    pass
"""


def test_every_failure_is_counted_and_the_rest_runs(tmp_path):
    path = tmp_path / "test_sample.py"
    path.write_text(FILE)
    passed, failed, out = run_shared_tests(str(path), timeout=120)
    assert (passed, failed) == (2, 2), out
    assert "::test_fails: AssertionError: arithmetic" in out
    assert "::test_exits: SystemExit" in out
