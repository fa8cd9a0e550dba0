"""The board's JSON-lines serial link seen from the host (docs/protocol.md): read lines with a
timeout, send commands, and survive the board being unplugged and plugged back in."""

import json
import time
from datetime import datetime, timezone

import serial

from lanterne.device import DeviceError, open_serial
from lanterne.untrusted import json_object


def now_iso():
    """Host wall-clock time, UTC, to the millisecond (the timestamp of every logged line)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def parse(text):
    """A board line as a dict, or None when it is not a sane JSON object (kept raw by callers):
    the size and nesting depth are checked before it is parsed (lanterne.untrusted)."""
    return json_object(text)


REPLY = {"resume": "new"}  # the event answering a command, when it is not named after it


class Line:
    """One line received: host time, the raw text, and the parsed object (None if not JSON)."""

    __slots__ = ("t", "text", "obj")

    def __init__(self, t, text, obj):
        self.t, self.text, self.obj = t, text, obj

    @property
    def ev(self):
        return self.obj.get("ev") if self.obj else None


class BoardLink:
    """A serial connection to the board that can reconnect.

    `on_status(kind, message)` hears about "disconnected" / "reconnected" / "waiting".
    With reconnect=False a lost port raises DeviceError instead.
    """

    def __init__(self, port, reconnect=True, on_status=None, retry=0.3):
        self.port = port
        self.reconnect = reconnect
        self.on_status = on_status or (lambda kind, msg: None)
        self.retry = retry
        self.ser = None
        self.buf = b""
        self.connects = 0

    def open(self, wait=None):
        """Open the port; while it is missing wait for it (up to `wait` s; None: forever)."""
        deadline = None if wait is None else time.monotonic() + wait
        announced = False
        while True:
            try:
                self.ser = open_serial(self.port, timeout=0.1)
                self.buf = b""
                self.connects += 1
                if self.connects > 1:
                    self.on_status("reconnected", f"reconnected: the board is back on {self.port}")
                return self
            except DeviceError as exc:
                if not self.reconnect and self.connects == 0 and wait is None:
                    raise
                if self.connects == 0 and "no device at" not in str(exc):
                    raise  # busy, no permission...: waiting would not help
                if deadline is not None and time.monotonic() > deadline:
                    raise
                if not announced:
                    self.on_status("waiting", f"waiting for {self.port}… (Ctrl-C to stop)")
                    announced = True
                time.sleep(self.retry)

    def close(self):
        if self.ser is not None:
            try:
                self.ser.close()
            except (OSError, serial.SerialException):
                pass
            self.ser = None

    def _lost(self, exc):
        self.close()
        if not self.reconnect:
            raise DeviceError(f"lost the board on {self.port}: {exc}") from None
        self.on_status("disconnected", f"disconnected: the board on {self.port} went away; "
                                       "waiting for it to come back")
        self.open()

    def send(self, obj):
        """Write one command line (a dict, or text sent as is)."""
        data = obj if isinstance(obj, str) else json.dumps(obj, separators=(",", ":"))
        try:
            self.ser.write(data.encode() + b"\n")
            self.ser.flush()
        except (OSError, serial.SerialException) as exc:
            self._lost(exc)

    def readline(self, timeout=None):
        """The next complete line as a Line, or None after `timeout` seconds (None: wait on)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            for sep in (b"\n", b"\r"):
                if sep in self.buf:
                    break
            else:
                sep = None
            if sep is not None:
                raw, self.buf = self.buf.split(sep, 1)
                text = raw.decode("utf-8", errors="replace").strip("\r\n")
                if not text.strip():
                    continue
                return Line(now_iso(), text, parse(text))
            if deadline is not None and time.monotonic() >= deadline:
                return None
            try:
                chunk = self.ser.read(4096)
            except (OSError, serial.SerialException, TypeError) as exc:
                self._lost(exc)
                continue
            if chunk:
                self.buf += chunk
                if len(self.buf) > 1 << 20:  # a runaway line: keep it as raw text
                    line, self.buf = self.buf, b""
                    return Line(now_iso(), line.decode("utf-8", "replace"), None)

    def request(self, cmd, want=None, timeout=5.0, skip=None):
        """Send a command and return the first reply event (`want`, or any 'error'/reply).

        Lines that are not the reply are given to `skip(line)` if provided.
        """
        self.send(cmd)
        name = cmd.get("cmd") if isinstance(cmd, dict) else None
        expect = want or REPLY.get(name, name)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.readline(timeout=max(0.0, deadline - time.monotonic()))
            if line is None:
                break
            if line.obj and (line.ev == "error" or expect is None or line.ev == expect):
                return line
            if skip:
                skip(line)
        raise DeviceError(f"no reply from the board on {self.port} within {timeout:g}s")
