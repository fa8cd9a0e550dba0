"""A pretend Pico for host tests: a real `micropython` (unix port) process behind pseudo-terminals.

The board process runs on its own pty (its stdin/stdout/stderr, so the REPL and raw REPL work,
and Ctrl-C interrupts a running program as on a Pico's USB serial). A relay thread copies bytes
between that pty and a second, host-facing pty whose slave path is published as a stable symlink
(like /dev/ttyACM0): the host opens it by path with the real pyserial or mpremote.
- When the board process ends by itself (soft reset, Ctrl-D at the REPL), the board "reboots":
  the process starts again, running `main.py` if its directory has one; the host side stays open,
  as a Pico's USB serial does across a soft reset. A soft reset asked from the raw REPL comes back
  as on a Pico: "soft reboot", no main.py, straight into the raw REPL. As on a Pico, a
  `boot.py` in the board's folder runs first at every boot (the flashed one mounts the code
  bundle).
- `unplug()` kills the process and removes the host-facing pty (the host sees the port vanish);
  `plug()` brings both back at the same path.
"""

import os
import select
import signal
import subprocess
import sys
import termios
import threading
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


RUN_BOOT = "exec(open('boot.py').read())"  # what a Pico does first at every boot


def after_boot(argv):
    """`argv` (a micropython command line) with the board's boot.py run first."""
    if "-c" in argv:  # the boot file first, then the command
        i = argv.index("-c") + 1
        return argv[:i] + [RUN_BOOT + "\n" + argv[i]] + argv[i + 1:]
    if argv[-1].endswith(".py"):  # a script: run after it
        return argv[:-1] + ["-c", f"{RUN_BOOT}\nexec(open({argv[-1]!r}).read())"]
    return argv + ["-i", "-c", RUN_BOOT]  # the REPL


def micropython_exe():
    """The `micropython` executable installed beside this Python."""
    beside = Path(sys.executable).parent / "micropython"
    return str(beside) if beside.exists() else "micropython"


def firmware_app(state_dir, heap=None, bot_delay=100, profile="ref32"):
    """How to start the real firmware app (unixport/main.py) as a Pico runs it: the .mpy
    build of shared_rules/ and firmware/ (tests/mp.py's `mpy_tree()`, compiled as `flash` does)
    on a Pico-sized heap, with the stand-in machine/neopixel. Returns (argv, cwd, env).

    It runs from a launch folder holding links to hardware/ and unixport/ and nothing else, so
    no firmware source beside it can shadow the .mpy build."""
    from tests.mp import PICO_HEAP, mpy_tree

    heap = heap or PICO_HEAP

    launch = Path(state_dir).parent / (Path(state_dir).name + "-launch")
    if not launch.exists():
        tmp = launch.with_name(launch.name + ".new")
        tmp.mkdir(parents=True)
        (tmp / "hardware").symlink_to(ROOT / "hardware")
        (tmp / "unixport").symlink_to(ROOT / "unixport")
        tmp.rename(launch)
    argv = [micropython_exe(), "-X", f"heapsize={heap}", "unixport/main.py", "--profile", profile,
            "--dir", str(state_dir), "--bots", "--bot-delay", str(bot_delay)]
    return argv, launch, {"MICROPYPATH": f"{mpy_tree()}:{ROOT}"}


def hostile_argv(mode):
    """How to start the hostile fake board (tests/host/hostile_board.py): `evil` answers every
    line with hostile event lines, `chatter` sends garbage without end and ignores Ctrl-C."""
    return [sys.executable, str(Path(__file__).with_name("hostile_board.py")), mode]


def _raw(fd, isig=False):
    """Make a terminal transparent (no echo, no line editing, no CR/LF rewriting).

    With isig=True the interrupt character still raises SIGINT, which is how the unix port
    turns Ctrl-C into KeyboardInterrupt for a running program (the Pico does it in its USB stack).
    """
    tty.setraw(fd)
    if isig:
        attrs = termios.tcgetattr(fd)
        attrs[3] |= termios.ISIG
        termios.tcsetattr(fd, termios.TCSANOW, attrs)


class PtyBoard:
    """A micropython process reachable through a serial-port path; see the module docstring."""

    def __init__(self, workdir, link, argv=None, env=None, reboot=True, cwd=None, main_argv=None):
        self.workdir = Path(workdir)
        self.link = Path(link)
        self.argv = argv  # None: boot like a Pico (main.py if present, else the REPL)
        self.main_argv = main_argv  # how to run main.py (default: micropython -i main.py)
        self.env = dict(os.environ)
        self.env.setdefault("MICROPYPATH", ":.frozen")
        if env:
            self.env.update(env)
        self.reboot = reboot
        self.cwd = Path(cwd) if cwd else self.workdir
        self.proc = None
        self.boots = 0
        self._host_master = self._host_slave = self._dev_master = None
        self._stop = threading.Event()
        self._thread = None
        self._lock = threading.Lock()
        self.ready = threading.Event()  # set at the first byte the current boot writes
        self.raw_mode = False  # the host last asked for the raw REPL (Ctrl-A), not left it
        self._enter_raw = False

    # -- life cycle -------------------------------------------------------------------------
    def _boot_argv(self, repl_only=False):
        if self.argv is not None:
            argv = list(self.argv)
        elif not repl_only and (self.workdir / "main.py").exists():
            argv = list(self.main_argv or [micropython_exe(), "-i", "main.py"])
        else:
            argv = [micropython_exe()]
        return after_boot(argv) if (self.workdir / "boot.py").exists() else argv

    def _spawn(self, repl_only=False):
        master, slave = os.openpty()
        _raw(slave, isig=True)
        self.proc = subprocess.Popen(
            self._boot_argv(repl_only), stdin=slave, stdout=slave, stderr=slave, cwd=self.cwd,
            env=self.env, close_fds=True, start_new_session=True,
            preexec_fn=lambda: __import__("fcntl").ioctl(0, termios.TIOCSCTTY, 0),
        )
        os.close(slave)
        self._dev_master = master
        self.ready.clear()
        self.boots += 1

    def plug(self):
        """Power the board and publish its serial port at self.link."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        master, slave = os.openpty()
        _raw(slave)
        self._host_master, self._host_slave = master, slave
        os.set_blocking(master, False)  # see _write_all
        tmp = self.link.with_name(self.link.name + ".new")
        if tmp.is_symlink():
            tmp.unlink()
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self.link)
        self._spawn()
        self._stop.clear()
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()
        self.wait_ready()
        return self

    def wait_ready(self, timeout=20):
        """Wait until the board has printed something (its banner, or the firmware's hello).

        The `micropython` of this environment is a CPython wrapper: a Ctrl-C sent while it is
        still starting would kill the wrapper instead of interrupting MicroPython.
        """
        if not self.ready.wait(timeout):
            raise TimeoutError(f"the board printed nothing within {timeout}s")

    def wait_boots(self, n, timeout=15):
        """Wait until the board has booted n times in all (reboots happen in the background)."""
        deadline = time.monotonic() + timeout
        while self.boots < n and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.boots

    def unplug(self):
        """Cut the power: kill the process and make the port disappear."""
        self._stop.set()
        if self._thread:
            self._thread.join(5)
        self._kill()
        if self.link.is_symlink():
            self.link.unlink()
        for fd in (self._host_master, self._host_slave):
            if fd is not None:
                os.close(fd)
        self._host_master = self._host_slave = None

    close = unplug

    def __enter__(self):
        return self.plug()

    def __exit__(self, *exc):
        self.unplug()

    def _kill(self):
        with self._lock:
            if self.proc and self.proc.poll() is None:
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(5)
            if self._dev_master is not None:
                os.close(self._dev_master)
                self._dev_master = None

    # -- relay ----------------------------------------------------------------------------
    def _relay(self):
        while not self._stop.is_set():
            with self._lock:
                dev = self._dev_master
            fds = [self._host_master] + ([dev] if dev is not None else [])
            try:
                ready, _, _ = select.select(fds, [], [], 0.05)
            except (OSError, ValueError):
                ready = []
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    data = b""
                if fd == self._host_master:
                    for b in data:
                        if b in (1, 2):
                            self.raw_mode = b == 1
                    if data and dev is not None:
                        self._write_all(dev, data)
                elif data:
                    self.ready.set()
                    self._write_all(self._host_master, data)
                    if self._enter_raw and data.rstrip().endswith(b">>>"):
                        self._enter_raw = False
                        self._write_all(dev, b"\r\x01")
                else:
                    self._board_ended()
            if dev is None or (self.proc and self.proc.poll() is not None and dev not in ready):
                # the process died without us reading its EOF yet: drain then reboot
                if self.proc and self.proc.poll() is not None:
                    self._drain_and_end()

    def _drain_and_end(self):
        with self._lock:
            dev = self._dev_master
        if dev is not None:
            while True:
                r, _, _ = select.select([dev], [], [], 0)
                if not r:
                    break
                try:
                    data = os.read(dev, 4096)
                except OSError:
                    break
                if not data:
                    break
                self._write_all(self._host_master, data)
        self._board_ended()

    def _board_ended(self):
        """The process exited (soft reset): start it again, or stay off."""
        with self._lock:
            if self._stop.is_set():
                return
            if self.proc:
                try:
                    self.proc.wait(5)
                except subprocess.TimeoutExpired:
                    return
            if self._dev_master is not None:
                os.close(self._dev_master)
                self._dev_master = None
            if not self.reboot:
                return
            if self.raw_mode:
                # a Pico soft-reset from the raw REPL says so and comes back in the raw REPL
                # without running main.py: mpremote counts on it
                self._write_all(self._host_master, b"MPY: soft reboot\r\n")
                self._spawn(repl_only=True)
                self._enter_raw = True
            else:
                self._spawn()

    def _write_all(self, fd, data):
        """Write everything unless the board is being unplugged (a host that stopped reading
        a board that keeps sending must not hold the relay, nor unplug(), forever)."""
        while data and not self._stop.is_set():
            try:
                n = os.write(fd, data)
            except BlockingIOError:
                time.sleep(0.001)
                continue
            except OSError:
                return
            data = data[n:]
