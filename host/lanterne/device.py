"""Finding the board's serial port and talking to its raw REPL (through mpremote's transport).

Every failure a maker can meet (no board, several boards, port busy, board not answering)
becomes a `DeviceError`: click prints it as one clear line and exits with status 1.
"""

import ast
import contextlib
import errno
import io
import sys
import time

import click
import serial
from serial.tools import list_ports

PICO_VID = 0x2E8A  # Raspberry Pi: every RP2040 board running MicroPython reports it

PORT_HELP = ("the board's serial port: a path such as /dev/ttyACM0 or COM5, or 'auto' (the "
             "only Pico plugged in; you are asked if there are several; see `lanterne ports`)")


class DeviceError(click.ClickException):
    """A problem with the board or its port, reported as a single line."""


def port_option(f):
    """The `--port` option every device command shares."""
    return click.option("--port", "-p", default="auto", show_default=True, metavar="PORT",
                        help=PORT_HELP)(f)


def is_pico(info):
    """True when a pyserial port description looks like a Pico running MicroPython."""
    return getattr(info, "vid", None) == PICO_VID


def describe(info):
    """One readable line for a port: path, USB ids, product."""
    parts = [info.device]
    if info.vid is not None:
        parts.append(f"{info.vid:04x}:{info.pid or 0:04x}")
    text = " ".join(x for x in (info.manufacturer, info.product or info.description) if x)
    if text and text != "n/a":
        parts.append(text)
    if info.serial_number:
        parts.append("serial " + info.serial_number)
    return "  ".join(parts)


def available_ports():
    """Serial ports pyserial sees, sorted by path."""
    return sorted(list_ports.comports(), key=lambda p: p.device)


def choose_port(port, ports=None, interactive=None, ask=None):
    """Resolve `--port`: a path is used as given; 'auto' takes the only Pico, asks among several.

    Never picks silently between several boards: without a terminal to ask on it fails instead.
    """
    if port and port != "auto":
        return port
    ports = available_ports() if ports is None else list(ports)
    picos = [p for p in ports if is_pico(p)]
    if not picos:
        if ports:
            others = ", ".join(p.device for p in ports)
            raise DeviceError(
                f"no Pico found (VID 2e8a); other serial ports: {others}; pass --port PATH"
            )
        raise DeviceError("no device found: plug the board in (USB), or pass --port PATH")
    if len(picos) == 1:
        return picos[0].device
    if interactive is None:
        interactive = sys.stdin.isatty()
    if not interactive:
        raise DeviceError(
            "several devices: {}; choose one with --port".format(", ".join(p.device for p in picos))
        )
    click.echo("Several boards are connected:")
    for i, p in enumerate(picos, 1):
        click.echo(f"  {i}. {describe(p)}")
    ask = ask or (lambda: click.prompt("Which one", type=click.IntRange(1, len(picos))))
    return picos[ask() - 1].device


def _port_error(port, exc):
    """Turn an exception from opening a port into a DeviceError with the likely cause."""
    text = str(exc)
    err = getattr(exc, "errno", None)
    if "lock" in text.lower() or err == errno.EBUSY or "busy" in text.lower():
        return DeviceError(f"port {port} is busy: another program (a terminal, Thonny, "
                           "`lanterne log`?) has it open; close it and retry")
    if err == errno.ENOENT or "No such file" in text or "could not open port" in text:
        return DeviceError(f"no device at {port}: is the board plugged in?")
    if err == errno.EACCES or "Permission denied" in text:
        return DeviceError(f"no permission to open {port} (on Linux join the 'dialout' group)")
    return DeviceError(f"cannot open {port}: {text}")


def open_serial(port, timeout=0.2):
    """Open the port with pyserial, exclusively (so two tools never share a board)."""
    try:
        return serial.Serial(port, 115200, timeout=timeout, exclusive=True)
    except (serial.SerialException, OSError) as exc:
        raise _port_error(port, exc) from None


class _Deadline:
    """The transport's serial port with an overall deadline: mpremote's own timeouts count only
    silence, so a port that keeps sending would hold it forever; past the deadline (or after
    `max_bytes` received) every read raises DeviceError."""

    def __init__(self, ser, port):
        self._ser, self._port = ser, port
        self.until, self.what, self.got = None, "", 0

    def start(self, seconds, what, max_bytes=8 << 20):
        self.until, self.what, self.got, self.max_bytes = \
            time.monotonic() + seconds, what, 0, max_bytes
        self.seconds = seconds

    def _check(self):
        if self.until is None:
            return
        if time.monotonic() > self.until or self.got > self.max_bytes:
            self.until = None
            raise DeviceError(f"the device on {self._port} did not finish {self.what} within "
                              f"{self.seconds:g}s (it sends other output or nothing): is it "
                              "running MicroPython? unplug and replug it, then retry")

    def read(self, n=1):
        self._check()
        data = self._ser.read(n)
        self.got += len(data)
        return data

    def inWaiting(self):  # noqa: N802 (pyserial's name, which mpremote calls)
        self._check()
        return self._ser.inWaiting()

    @property
    def in_waiting(self):
        return self.inWaiting()

    def __getattr__(self, name):
        return getattr(self._ser, name)


def literal(out, what):
    """A Python literal the board printed (bytes), parsed safely; DeviceError on garbage."""
    text = out.decode("utf-8", errors="replace").strip()
    try:
        if len(text) > 4 << 20:
            raise ValueError("too long")
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        shown = repr(text[:60]) + ("…" if len(text) > 60 else "")
        raise DeviceError(f"the device answered {what} with garbage: {shown}") from None


class Board:
    """A connection to the board's raw REPL: run code, read and write files.

    Entering the raw REPL first interrupts whatever program runs (Ctrl-C), never soft-resets
    (so it also works against the MicroPython unix port, where a soft reset ends the process).
    Every step has an overall deadline; mpremote's own messages are kept off the terminal.
    """

    def __init__(self, port, repl_timeout=5.0):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        self.port = port
        open_serial(port).close()  # a precise error (missing, busy, no permission) first
        try:
            self.t = SerialTransport(port, baudrate=115200, timeout=repl_timeout)
        except TransportError as exc:
            raise _port_error(port, exc) from None
        except (serial.SerialException, OSError) as exc:
            raise _port_error(port, exc) from None
        self.clock = self.t.serial = _Deadline(self.t.serial, port)
        # twice: a Ctrl-C can go unheard (a board busy importing its code from the bundle:
        # firmware/bundlefs.py), and the second attempt sends another
        for attempt in (1, 2):
            try:
                with self.step(repl_timeout, "entering the raw REPL"):
                    self.t.enter_raw_repl(soft_reset=False, timeout_overall=repl_timeout)
                return
            except (TransportError, serial.SerialException, OSError, DeviceError):
                if attempt == 1:
                    continue
                self.t.close()
                raise DeviceError(
                    f"the device on {port} does not answer the raw REPL (a running program was "
                    "interrupted with Ctrl-C first): is it running MicroPython? unplug and "
                    "replug it, then retry"
                ) from None

    @contextlib.contextmanager
    def step(self, seconds, what):
        """One exchange with the board, to be over within `seconds` (else DeviceError)."""
        self.clock.start(seconds, what)
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # mpremote prints what it got
                yield
        finally:
            self.clock.until = None

    def exec(self, code, timeout=30):
        """Run code on the board; returns its stdout bytes, raises DeviceError on an exception."""
        from mpremote.transport import TransportError

        try:
            with self.step(timeout, "running a command"):
                out, err = self.t.exec_raw(code, timeout=timeout)
        except (TransportError, serial.SerialException, OSError) as exc:
            raise DeviceError(f"lost the device on {self.port}: {exc}") from None
        if err:
            last = err.decode(errors="replace").strip().splitlines()[-1:]
            raise DeviceError("the device reported: %s" % (last[0] if last else "error"))
        return out

    def eval(self, expr):
        """Evaluate a Python literal expression on the board and return its value."""
        return literal(self.exec(f"print(repr({expr}))"), expr)

    def stream(self, code, on_output, timeout=None):
        """Run code, handing its output to on_output(bytes) as it arrives; returns stderr text."""
        from mpremote.transport import TransportError

        try:
            self.t.exec_raw_no_follow(code)  # (no overall deadline: tests run for long)
            _, err = self.t.follow(timeout, data_consumer=on_output)
        except (TransportError, serial.SerialException, OSError) as exc:
            raise DeviceError(f"lost the device on {self.port}: {exc}") from None
        return err.decode(errors="replace")

    def read_file(self, path):
        """Contents of a file on the board, or None if it does not exist."""
        out = self.exec(
            f"try:\n f=open({path!r},'rb');d=f.read();f.close();print(repr(d))\n"
            "except OSError:\n print('None')"
        )
        data = literal(out, "reading " + path)
        if not isinstance(data, (bytes, type(None))):
            raise DeviceError(f"the device answered reading {path} with garbage")
        return data

    def write_file(self, path, data, progress=None):
        """Write bytes to a file on the board (parent folder must exist)."""
        from mpremote.transport import TransportError

        try:
            with self.step(60 + len(data) / 1000, "writing " + path):
                self.t.fs_writefile(path, data, chunk_size=512, progress_callback=progress)
        except TransportError as exc:
            raise DeviceError(f"cannot write {path} on the device: {exc}") from None
        except OSError as exc:
            if "ENOSPC" in str(exc) or getattr(exc, "errno", None) == errno.ENOSPC:
                raise DeviceError(f"not enough flash space on the device writing {path}") \
                    from None
            raise DeviceError(f"cannot write {path} on the device: {exc}") from None

    def raw_soft_reset(self):
        """Soft-reset from the raw REPL (a fresh heap; main.py is not run) and stay in it."""
        from mpremote.transport import TransportError

        try:
            with self.step(15, "a soft reset"):
                self.t.enter_raw_repl(soft_reset=True)
        except (TransportError, serial.SerialException, OSError) as exc:
            raise DeviceError(f"the device on {self.port} did not come back from a soft "
                              f"reset: {exc}") from None

    def soft_reset(self):
        """Leave the raw REPL and soft-reset: the board restarts and runs main.py."""
        self.t.exit_raw_repl()
        time.sleep(0.05)
        self.t.serial.write(b"\x04")
        self.t.serial.flush()

    def close(self):
        try:
            if self.t.in_raw_repl:
                self.t.exit_raw_repl()
        except (serial.SerialException, OSError):
            pass
        try:
            self.t.close()
        except (serial.SerialException, OSError):
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
