"""`make test`'s two runs at once: the emulated-Pico tier (`make test-pico`) beside the CPython
suite. The board keeps one core busy for about ten minutes and the suite's two workers wait on
MicroPython subprocesses for part of theirs, so together they end sooner than one after the
other (a fresh clone's CI run: 780 to 925 s, against 968). The tier's output is held in
build/test-pico.log and printed after the suite's, then one line names what both runs skipped
(tests/skipped.py). Either run failing fails the whole.

    python -m tests.tiers PYTEST MAKE
"""

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests import skipped as skipped_line

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"


def main(argv):
    pytest, make = argv[1], argv[2]
    BUILD.mkdir(exist_ok=True)
    skipped, log_path = BUILD / "skipped.txt", BUILD / "test-pico.log"
    skipped.unlink(missing_ok=True)
    env = dict(os.environ, LANTERNE_SKIPPED=str(skipped))
    print("the emulated-Pico tier runs beside the suite; its output follows", flush=True)
    with open(log_path, "w", encoding="utf-8") as log:
        # its own session, so that an interrupted `make test` stops the board and its node too
        tier = subprocess.Popen([make, "--no-print-directory", "test-pico"], cwd=ROOT, env=env,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            suite = subprocess.call([pytest], cwd=ROOT, env=env)
            tier_rc = tier.wait()
        except KeyboardInterrupt:
            os.killpg(tier.pid, signal.SIGTERM)
            tier.wait()
            raise
    print(log_path.read_text(encoding="utf-8"), end="", flush=True)
    skipped_line.main(["", str(skipped)])
    return 0 if suite == 0 and tier_rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
