"""pytest setup: the repository root is importable (shared_rules, firmware, tests helpers)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "host"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))
