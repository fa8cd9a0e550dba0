"""pytest setup: the repository root is importable (shared_rules, firmware, tests helpers)."""

import sys
from pathlib import Path

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
        with open(out, "a", encoding="utf-8") as f:
            f.writelines(r.replace("\n", " ") + "\n" for r in reasons)
