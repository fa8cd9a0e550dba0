"""pytest setup: the repository root is importable (shared_rules, firmware, tests helpers), and
each test starts with what earlier tests left alive out of the collector's way."""

import gc
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "host"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


def pytest_terminal_summary(terminalreporter):
    """The run's skips in one last line (reasons and counts, even under -q), and appended to
    the file LANTERNE_SKIPPED names: `make test` says its two runs' skips together at its end."""
    import os

    from tests.skipped import line, reason_of

    reasons = [reason_of(r) for r in terminalreporter.stats.get("skipped", [])]
    terminalreporter.write_line(line(reasons))
    out = os.environ.get("LANTERNE_SKIPPED")
    if out:
        os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
        with open(out, "a", encoding="utf-8") as f:  # one write: the other run appends too
            f.write("".join(r.replace("\n", " ") + "\n" for r in reasons))


@pytest.fixture(autouse=True)
def _earlier_objects_frozen():
    """What the worker holds when a test starts is moved to CPython's permanent generation
    (gc.freeze), after a collection. The firmware calls gc.collect() as a board does, thousands
    of times in a fuzz or random-press test, and each call walked every object the worker held:
    late in a suite the 20,000-line fuzz took 431 s instead of 27. The test's own objects are
    collected as before."""
    gc.collect()
    gc.freeze()
    yield
