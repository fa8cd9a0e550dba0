"""What a test run skipped, in one line: `make test` ends with it (tests/conftest.py collects
each pytest run's skip reasons; with LANTERNE_SKIPPED=FILE it also appends them to FILE, and
`python -m tests.skipped FILE` says the runs' together, the CPython suite's and the emulated
Pico tier's).

    skipped 17: emulated Pico tier skipped: no node (16); no chromium/chromedriver ... (1)
"""

import sys


def reason_of(report):
    """A skipped test report's reason, without pytest's "Skipped: " prefix."""
    longrepr = report.longrepr
    text = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    return text[len("Skipped: "):] if text.startswith("Skipped: ") else text


def line(reasons):
    """One line naming every reason, the most frequent first, each with its count."""
    reasons = [r.strip().replace("\n", " ") for r in reasons if r.strip()]
    if not reasons:
        return "skipped: nothing"
    counts = {}
    for r in reasons:
        counts[r] = counts.get(r, 0) + 1
    order = sorted(counts, key=lambda r: (-counts[r], r))
    return f"skipped {len(reasons)}: " + "; ".join(f"{r} ({counts[r]})" for r in order)


def main(argv):
    try:
        with open(argv[1], encoding="utf-8") as f:
            reasons = f.read().splitlines()
    except FileNotFoundError:
        reasons = []
    print(line(reasons))


if __name__ == "__main__":
    main(sys.argv)
