"""The serial link: JSON Lines over the USB serial port (sys.stdin/sys.stdout on the Pico).

Every line the board sends is one JSON object with the protocol version `v`, a sequence number
`seq` and the event name `ev`. Input is collected in a bounded buffer: an over-long line is
dropped whole and answered with an error; garbage gets an error line; the board never stops.
See docs/protocol.md.
"""

# pyright: reportArgumentType=false
# (what the type checker cannot follow here: a stream's read gives bytes on the board)

import json
import sys

PROTOCOL = 1
MAX_LINE = 512
MAX_DEPTH = 4  # a command's nesting: {"options": {"doubles": [..]}} is 3 deep


def ascii_json(text):
    """JSON text with every non-ASCII character escaped (CPython's json does it already;
    MicroPython's writes UTF-8): what the board sends is plain ASCII on both."""
    if len(text) == len(text.encode()):
        return text
    out = []
    for ch in text:
        c = ord(ch)
        if c < 0x80:
            out.append(ch)
        elif c < 0x10000:
            out.append("\\u%04x" % c)
        else:
            c -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)))
    return "".join(out)


def _stdout_write(text):
    sys.stdout.write(text)
    try:
        sys.stdout.flush()
    except AttributeError:
        pass


class Link:
    """Frames input bytes into commands and formats event lines."""

    def __init__(self, write=None):
        self.write = write or _stdout_write
        self.seq = 0
        self.line = bytearray(MAX_LINE)
        self.n = 0
        self.overflow = False
        # parsed command dicts not yet handled, and (code, message) tuples for input errors,
        # in arrival order so replies come out in the order the host sent its lines
        self.commands = []
        self.sent = 0

    def send(self, ev, fields=None):
        obj = {"v": PROTOCOL, "seq": self.seq, "ev": ev}
        if fields:
            for k in fields:
                obj[k] = fields[k]
        text = ascii_json(json.dumps(obj)) + "\n"  # no room for it: no number used up
        obj = None
        self.seq += 1
        self.sent += 1
        self.write(text)

    def error(self, code, msg, cmd=None):
        fields = {"code": code, "msg": msg}
        if cmd is not None:
            fields["cmd"] = cmd
        self.send("error", fields)

    def feed(self, data):
        """Take raw bytes from the port; complete lines become commands (or error lines)."""
        line = self.line
        for b in data:
            if b == 10 or b == 13:  # \n or \r ends a line
                if self.overflow:
                    self.overflow = False
                    msg = "line longer than %d bytes dropped" % MAX_LINE
                    self.commands.append(("too_long", msg))
                elif self.n:
                    self._parse(bytes(line[: self.n]))
                self.n = 0
            elif self.overflow:
                continue
            elif self.n >= MAX_LINE:
                self.overflow = True
                self.n = 0
            else:
                line[self.n] = b
                self.n += 1

    def _parse(self, raw):
        from firmware import jsonstrict  # imported at the first line, not at boot (Pico time)

        try:
            jsonstrict.check(raw, MAX_DEPTH)  # the same lines pass on both runtimes
        except ValueError as exc:
            self.commands.append(("bad_json", "not a JSON line: " + str(exc)))
            return
        try:
            obj = json.loads(raw.decode())
        except Exception:
            self.commands.append(("bad_json", "not a JSON line"))
            return
        if not isinstance(obj, dict):
            self.commands.append(("bad_json", "a command is a JSON object"))
            return
        cmd = obj.get("cmd")
        if not isinstance(cmd, str):
            self.commands.append(("bad_cmd", "command lacks a string 'cmd'"))
            return
        self.commands.append(obj)

    def pop(self):
        """The oldest pending command (dict) or input error ((code, msg) tuple), or None."""
        if self.commands:
            return self.commands.pop(0)
        return None


class StdinPort:
    """Non-blocking reads from sys.stdin with select.poll (USB serial on the Pico)."""

    def __init__(self, stream=None, limit=256):
        import select

        self.stream = stream or sys.stdin
        self.raw = getattr(self.stream, "buffer", self.stream)
        self.poller = select.poll()
        self.poller.register(self.stream, select.POLLIN)
        self.limit = limit
        self.closed = False
        self.fd = None
        if sys.implementation.name != "micropython":
            # CPython's buffered reader may swallow more than asked, hiding bytes from poll.
            self.fd = self.stream.fileno()

    def waiting(self):
        """True when a byte (or the end of input) waits: MicroPython's ipoll yields into a
        tuple it keeps, where poll() would make a list every pass."""
        if self.fd is not None:
            return bool(self.poller.poll(0))
        for _ in self.poller.ipoll(0):
            return True
        return False

    def read(self):
        """Whatever bytes are waiting now (b"" if none); sets `closed` at end of input."""
        if self.closed or not self.waiting():
            return b""  # an idle pass allocates nothing (a Pico loops some 100 times a second)
        got = bytearray()
        while len(got) < self.limit and self.poller.poll(0):
            if self.fd is not None:
                import os

                chunk = os.read(self.fd, self.limit)
            else:
                chunk = self.raw.read(1)
            if not chunk:
                self.closed = True
                self.poller.unregister(self.stream)
                break
            got.extend(chunk)
        return bytes(got)
