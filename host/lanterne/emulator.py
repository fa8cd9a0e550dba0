"""The emulated Pico: rp2040js running the unmodified MicroPython rp2 firmware, as a board the
tools open like a real one (a serial port path, GPIO buttons, decoded WS2812 frames).

The harness (node scripts, the UF2, a control-channel client) is not part of this repository; it
is looked for in `--harness DIR`, then `$LANTERNE_PICO_HARNESS`, then `../shared/pico` beside the
repository. It is copied into `build/pico` and its pinned npm packages installed there once.
Everything that is missing (node, npm, the harness, the UF2) is named in one line.
"""

from __future__ import annotations

import contextlib
import filecmp
import importlib.util
import os
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import tty
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "pico"
HARNESS_ENV = "LANTERNE_PICO_HARNESS"
UF2_NAME = "micropython-1.28.0-rpi-pico.uf2"
HARNESS_FILES = ("serve.mjs", "pico.mjs", "bootrom.mjs", "emuctl.py", "package.json", UF2_NAME)
BUTTONS = ("up", "down", "left", "right", "a", "b")


class EmulatorMissing(click.ClickException):
    """Something the emulated Pico needs is not on this machine (one line says what)."""


def harness_candidates(explicit: str | None = None) -> list[Path]:
    """Where the harness is looked for, in order."""
    found = [Path(explicit)] if explicit else []
    if os.environ.get(HARNESS_ENV):
        found.append(Path(os.environ[HARNESS_ENV]))
    found.append(ROOT.parent / "shared" / "pico")
    return found


def find_harness(explicit: str | None = None) -> Path | None:
    """The first candidate folder that holds the harness (serve.mjs), or None."""
    return next((p for p in harness_candidates(explicit) if (p / "serve.mjs").is_file()), None)


def missing(explicit: str | None = None, uf2: str | None = None) -> str | None:
    """What stops the emulated Pico from running here, as one sentence; None when nothing does."""
    lacks = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    harness = find_harness(explicit)
    if harness is None:
        where = ", ".join(str(p) for p in harness_candidates(explicit))
        lacks.append(f"the emulator harness (serve.mjs in {where})")
    elif uf2 is not None and not Path(uf2).is_file():
        lacks.append(f"the firmware image {uf2}")
    elif uf2 is None and not (harness / UF2_NAME).is_file():
        lacks.append(f"the firmware image {harness / UF2_NAME}")
    return ("missing: " + "; ".join(lacks)) if lacks else None


def prepare(explicit: str | None = None, build: Path = BUILD) -> Path:
    """Copy the harness into `build` (only files that differ) and install its npm packages."""
    problem = missing(explicit)
    if problem:
        raise EmulatorMissing("the emulated Pico cannot run: " + problem)
    harness = find_harness(explicit)
    build.mkdir(parents=True, exist_ok=True)
    for name in HARNESS_FILES:
        src, dst = harness / name, build / name
        if src.is_file() and not (dst.is_file() and filecmp.cmp(src, dst, shallow=False)):
            shutil.copyfile(src, dst)
    if not (build / "node_modules" / "rp2040js" / "package.json").is_file():
        r = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent"], cwd=build,
                           capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            raise EmulatorMissing("npm install of the emulator failed: "
                                  + (r.stderr or r.stdout).strip().splitlines()[-1:][0])
    return build


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PtyBridge:
    """The board's USB serial as a pseudo-terminal that stays while the board is plugged in, as
    /dev/ttyACM0 does. The emulator's TCP serial is connected while a program has the pty open
    and dropped when the last one closes it: the emulator reads that as DTR, like a Pico."""

    def __init__(self, link: str, tcp_port: int):
        self.link = link
        self.tcp_port = tcp_port
        self.master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing: bytes pass as they are
        self.name = os.ttyname(slave)
        os.close(slave)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(link)
        os.symlink(self.name, link)
        self.sock = None
        self.stopping = False
        self.thread = threading.Thread(target=self._run, name="pico-pty", daemon=True)
        self.thread.start()

    def _connect(self):
        try:
            self.sock = socket.create_connection(("127.0.0.1", self.tcp_port), timeout=5)
            self.sock.setblocking(False)
        except OSError:
            self.sock = None

    def _drop(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def _run(self):
        poller = select.poll()
        poller.register(self.master, select.POLLIN)
        while not self.stopping:
            events = dict(poller.poll(20))
            opened = not (events.get(self.master, 0) & select.POLLHUP)
            if not opened:  # nobody has the port open: the host side let go (DTR off)
                self._drop()
                time.sleep(0.01)
                continue
            if self.sock is None:
                self._connect()
                if self.sock is None:
                    time.sleep(0.05)
                    continue
                poller.register(self.sock, select.POLLIN)
            if events.get(self.master, 0) & select.POLLIN:
                try:
                    data = os.read(self.master, 4096)
                except OSError:
                    data = b""
                if data:
                    self._send(data)
            try:
                data = self.sock.recv(4096)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:  # the emulator closed the serial (it restarts on a hard reset)
                poller.unregister(self.sock)
                self._drop()
                continue
            self._write_master(data)
        self._drop()

    def _send(self, data):
        try:
            self.sock.sendall(data)
        except (BlockingIOError, OSError):
            self.sock.setblocking(True)
            with contextlib.suppress(OSError):
                self.sock.sendall(data)
            self.sock.setblocking(False)

    def _write_master(self, data):
        while data:
            try:
                n = os.write(self.master, data)
            except OSError:
                return  # the program reading the port closed it meanwhile
            data = data[n:]

    def close(self):
        self.stopping = True
        self.thread.join(timeout=5)
        os.close(self.master)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.link)


def _load_emuctl(build: Path):
    spec = importlib.util.spec_from_file_location("lanterne_emuctl", build / "emuctl.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class EmulatedPico:
    """One emulated board wired as `profile` says (LED data pin, LED count, the six buttons).

    `port` is a pseudo-terminal path that pyserial and mpremote open as they open /dev/ttyACM0;
    `ctl` is the control channel (press/release/tap, frames, simulated time, reset)."""

    def __init__(self, profile: dict, build: Path = BUILD, uf2: str | None = None,
                 speed: str = "max", workdir: Path | None = None):
        self.profile = profile
        self.build = Path(build)
        self.uf2 = Path(uf2) if uf2 else self.build / UF2_NAME
        self.speed = speed
        # a folder of its own (its pty and log) unless given: two boards at once never share
        # a port path (a bench beside `lanterne sim --pico`, say)
        self.own_workdir = workdir is None
        if workdir is None:
            (self.build / "run").mkdir(parents=True, exist_ok=True)
            workdir = tempfile.mkdtemp(prefix="board-", dir=self.build / "run")
        self.workdir = Path(workdir)
        self.port = str(self.workdir / "ttyPICO")
        self.log_path = self.workdir / "serve.log"
        self.ctl = None
        self.bridge = None
        self._procs: list[subprocess.Popen] = []

    def wiring(self) -> list[str]:
        """serve.mjs arguments for the profile's pins (the six buttons, the LED chain)."""
        pins = self.profile["pins"]
        buttons = ",".join(f"{name}={pins[name]}" for name in BUTTONS if name in pins)
        return ["--pin-leds", str(pins["data"]), "--leds", str(self.profile["led_count"]),
                "--buttons", buttons]

    def start(self, timeout: float = 60.0) -> EmulatedPico:
        """Start the board and its serial pty; returns once USB is up and the pty exists."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        tcp, ctl = _free_port(), _free_port()
        log = open(self.log_path, "w")  # noqa: SIM115 - owned by the child for its lifetime
        self._procs.append(subprocess.Popen(
            ["node", str(self.build / "serve.mjs"), "--firmware", str(self.uf2), "--tcp", str(tcp),
             "--ctl", str(ctl), "--speed", self.speed, *self.wiring()],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
        log.close()
        self.bridge = PtyBridge(self.port, tcp)
        emuctl = _load_emuctl(self.build)
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.ctl = emuctl.EmuCtl(port=ctl, timeout=600.0)
                break
            except OSError:
                if self._procs[0].poll() is not None or time.monotonic() > deadline:
                    self.stop(keep_log=True)
                    raise EmulatorMissing("the emulated Pico did not start; see "
                                          + str(self.log_path)) from None
                time.sleep(0.1)
        while not (self.ctl.stats().get("usb_up") and os.path.exists(self.port)):
            if time.monotonic() > deadline:
                self.stop(keep_log=True)
                raise EmulatorMissing("the emulated Pico's USB serial did not come up; see "
                                      + str(self.log_path))
            self.ctl.wait_ms(50)
        return self

    def stop(self, keep_log: bool = False) -> None:
        """End the board and the pty relay (and remove its own folder, unless its log is
        kept to say why it did not start)."""
        if self.ctl is not None:
            self.ctl.close()
            self.ctl = None
        if self.bridge is not None:
            self.bridge.close()
            self.bridge = None
        for p in reversed(self._procs):
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                    p.wait(timeout=10)
                except (ProcessLookupError, subprocess.TimeoutExpired):
                    os.killpg(p.pid, signal.SIGKILL)
        self._procs.clear()
        if self.own_workdir and not keep_log:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self) -> EmulatedPico:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # ---- resetting and reading the LEDs --------------------------------------------------------
    def reset(self, timeout: float = 60.0) -> None:
        """Hard reset (the RUN pin): flash is kept, the core and RAM start afresh."""
        before = self.ctl.stats()["resets"]
        self.ctl.reset()
        deadline = time.monotonic() + timeout
        while self.ctl.stats()["resets"] == before:
            if time.monotonic() > deadline:
                raise EmulatorMissing("the emulated Pico did not reset")
            time.sleep(0.01)
        # serve.mjs stamps frames with the new core's clock, which starts at 0 at the reset,
        # while buttons and time_ms keep counting across resets: its log says where it restarted
        for line in reversed(self.log_path.read_text().splitlines()):
            if "hard reset" in line and " at sim " in line:
                self.reset_at_ms = float(line.rsplit(" at sim ", 1)[1].split()[0])
                break

    reset_at_ms = 0.0  # simulated ms at the last hard reset

    def _stamp(self, frames: list[dict]) -> list[dict]:
        for f in frames:
            if f.get("t_ms") is not None:
                f["t_ms"] += self.reset_at_ms
        return frames

    def frame_info(self) -> dict:
        """The latest frame: {"n", "t_ms" (the buttons' clock), "frame": [[r, g, b], ...]}."""
        return self._stamp([self.ctl.frame_info()])[0]

    def frames_since(self, k: int, wait_ms: int | None = None) -> list[dict]:
        """Frames after number `k` still in the emulator's ring (waiting up to `wait_ms` simulated
        ms for one), each {"n", "t_ms", "frame"}."""
        return self._stamp(self.ctl.frames_since(k, wait_ms=wait_ms)["frames"])
