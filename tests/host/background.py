"""Run `python -m lanterne ...` in the background and wait for what it prints (host tests)."""

import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Background:
    """A lanterne command running in the background, its output lines in a queue."""

    def __init__(self, *args):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "lanterne", *map(str, args)], cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, text, timeout=30):
        """The first new line containing `text` (AssertionError with the output if none)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            self.seen.append(line)
            if text in line:
                return line
        raise AssertionError(f"no {text!r} from lanterne; it said:\n" + "\n".join(self.seen))

    def finish(self, timeout=60):
        """Wait for the end (killing it after `timeout`); returns the exit status."""
        try:
            self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(5)
        time.sleep(0.05)
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return self.proc.returncode
