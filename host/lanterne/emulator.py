"""The emulated Pico: rp2040js running the unmodified MicroPython rp2 firmware, as a board the
tools open like a real one (a serial port path, GPIO buttons, decoded WS2812 frames).

The harness is ours, in `host/pico/` (node scripts over the npm package rp2040js, pinned by its
package-lock.json and installed there with `npm ci` the first time a board starts). What it runs
is not ours and not in the repository: MicroPython's rp2 firmware and the RP2040's boot ROM. Each
is looked for in this order (docs/pico.md):

1. the file given to the command (`lanterne sim --pico FILE.uf2`; `uf2=`/`bootrom=` here),
2. the file named by $LANTERNE_PICO_UF2 / $LANTERNE_PICO_BOOTROM,
3. the user cache folder (`platformdirs.user_cache_dir("lanterne")/pico`),
4. a local copy in `shared/pico` beside the repository's folder.

Everything that is missing (node, npm, the firmware, the boot ROM) is named in one line that
says where to get it.
"""

from __future__ import annotations

import contextlib
import json
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
import platformdirs

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ROOT / "host" / "pico"  # serve.mjs and its package.json / package-lock.json
BUILD = ROOT / "build" / "pico"  # the running boards' folders (their pty and log)
LOCAL_COPY = ROOT.parent / "shared" / "pico"
UF2_ENV, BOOTROM_ENV = "LANTERNE_PICO_UF2", "LANTERNE_PICO_BOOTROM"
# MicroPython v1.28.0 for the Raspberry Pi Pico: micropython.org names its download
# RPI_PICO-<date>-v1.28.0.uf2; a local build may be named micropython-1.28.0-rpi-pico.uf2
UF2_NAME = "micropython-1.28.0-rpi-pico.uf2"
UF2_GLOBS = (UF2_NAME, "RPI_PICO-*-v1.28.0.uf2")
UF2_URL = "https://micropython.org/download/RPI_PICO/"
# The RP2040 B1 boot ROM: the 16 KiB binary, or rp2040js's demo/bootrom.ts that holds it as
# words (serve.mjs reads either)
BOOTROM_GLOBS = ("rp2040-bootrom.bin", "bootrom.ts", "bootrom.mjs")
BOOTROM_URL = "https://github.com/wokwi/rp2040js/blob/main/demo/bootrom.ts"
BUTTONS = ("up", "down", "left", "right", "a", "b")


class EmulatorMissing(click.ClickException):
    """Something the emulated Pico needs is not on this machine (one line says what)."""


def cache_dir() -> Path:
    """The user cache folder the firmware and the boot ROM are looked for in (step 3)."""
    return Path(platformdirs.user_cache_dir("lanterne")) / "pico"


def _find(explicit: str | None, env: str, globs: tuple[str, ...]) -> tuple[Path | None, str]:
    """The first file found in the search order, and where it was looked for (for the
    message). A file given explicitly (option or environment) is the only one tried."""
    for given in (explicit, os.environ.get(env)):
        if given:
            return (Path(given) if Path(given).is_file() else None), str(given)
    for folder in (cache_dir(), LOCAL_COPY):
        for pattern in globs:
            hits = sorted(folder.glob(pattern)) if folder.is_dir() else []
            if hits:
                return hits[-1], str(folder)
    return None, f"{cache_dir()} or {LOCAL_COPY}"


def find_uf2(explicit: str | None = None) -> Path | None:
    """MicroPython's rp2 firmware for the Pico, found in the search order (or None)."""
    return _find(explicit, UF2_ENV, UF2_GLOBS)[0]


def find_bootrom(explicit: str | None = None) -> Path | None:
    """The RP2040 boot ROM, found in the search order (or None)."""
    return _find(explicit, BOOTROM_ENV, BOOTROM_GLOBS)[0]


def missing(uf2: str | None = None, bootrom: str | None = None) -> str | None:
    """What stops the emulated Pico from running here, as one line; None when nothing does."""
    lacks = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    found, where = _find(uf2, UF2_ENV, UF2_GLOBS)
    if found is None:
        lacks.append(f"the firmware image {where}" if (uf2 or os.environ.get(UF2_ENV)) else
                     f"MicroPython 1.28.0 for the Pico ({UF2_URL}: RPI_PICO-…-v1.28.0.uf2)")
    found, where = _find(bootrom, BOOTROM_ENV, BOOTROM_GLOBS)
    if found is None:
        lacks.append(f"the boot ROM {where}" if (bootrom or os.environ.get(BOOTROM_ENV)) else
                     f"the RP2040 boot ROM ({BOOTROM_URL})")
    if not lacks:
        return None
    line = "missing: " + "; ".join(lacks)
    if len(lacks) > sum(shutil.which(t) is None for t in ("node", "npm")):
        line += f"; the files go in {cache_dir()} (docs/pico.md)"
    return line


def prepare(build: Path = BUILD) -> Path:
    """Install the harness's pinned npm packages (`npm ci` in host/pico, once per lock file) and
    return the folder the boards run in."""
    lacks = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if lacks:
        raise EmulatorMissing("the emulated Pico cannot run: missing: " + "; ".join(lacks))
    lock = HARNESS / "package-lock.json"
    stamp = HARNESS / "node_modules" / ".lanterne-lock.json"  # the lock file installed
    if not (stamp.is_file() and stamp.read_bytes() == lock.read_bytes()):
        r = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=HARNESS,
                           capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            last = ((r.stderr or r.stdout).strip().splitlines() or ["(no output)"])[-1]
            raise EmulatorMissing(f"npm ci in {HARNESS} failed: {last}")
        stamp.write_bytes(lock.read_bytes())
    build.mkdir(parents=True, exist_ok=True)
    return build


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ControlError(RuntimeError):
    """The emulated board refused a control request (its answer's error)."""


class Control:
    """The board's control channel (serve.mjs): one JSON request a line, one answer a line.
    Every time is simulated ms on the board's time line, which keeps counting across resets."""

    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = 600.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.file = self.sock.makefile("rw", encoding="utf-8", newline="\n")

    def call(self, **request) -> dict:
        self.file.write(json.dumps(request) + "\n")
        self.file.flush()
        line = self.file.readline()
        if not line:
            raise ControlError("the emulated Pico closed its control channel")
        answer = json.loads(line)
        if not answer.get("ok"):
            raise ControlError(answer.get("error", answer))
        return answer

    def press(self, button: str) -> dict:
        return self.call(press=button)

    def release(self, button: str) -> dict:
        return self.call(release=button)

    def tap(self, button: str, ms: float = 80, after_ms: float = 0) -> dict:
        """Hold `button` down `ms`, let go, wait `after_ms`: {"pressed_ms", "released_ms"}."""
        return self.call(tap=button, ms=ms, after_ms=after_ms)

    def tap_then_reset(self, button: str, ms: float, reset_after_ms: float) -> dict:
        """Tap `button`, then a hard reset `reset_after_ms` after its release, both on the
        simulated time line (a separate reset request lands late on a busy machine):
        {"pressed_ms", "released_ms", "reset_at_ms"}."""
        return self.call(tap=button, ms=ms, reset_after_ms=reset_after_ms)

    def press_seq(self, seq: list, ms: float = 80, after_ms: float = 0) -> dict:
        """Presses at given delays on the time line (`[["s2.a", 0], ["s1.a", 0.7]]`: seat 2's
        A, then seat 1's 0.7 ms later), each held `ms`: {"pressed_ms": [...], "released_ms"}."""
        return self.call(press_seq=seq, ms=ms, after_ms=after_ms)

    def chip_missing(self, seat: int, missing: bool = True) -> dict:
        """Take seat `seat`'s 74HC165 out of the chain (or put it back)."""
        return self.call(chip_missing=seat, missing=missing)

    def frame_info(self) -> dict:
        """The last latched frame: {"n", "t_ms", "frame": [[r, g, b], ...] or None}."""
        return self.call(frame=True)

    def frame(self):
        return self.frame_info()["frame"]

    def frames_since(self, k: int, wait_ms: float | None = None) -> dict:
        """{"n", "count", "frames": [...]}: the frames after number `k` still kept, waiting up to
        `wait_ms` for one when there is none yet."""
        return self.call(frames_since=k, **({"wait_ms": wait_ms} if wait_ms else {}))

    def stats(self) -> dict:
        return self.call(stats=True)

    def time_ms(self) -> float:
        return self.call(time_ms=True)["time_ms"]

    def wait_ms(self, ms: float) -> float:
        """Return once `ms` of simulated time has passed (the time line then)."""
        return self.call(wait_ms=ms)["time_ms"]

    def gpio(self, n: int) -> dict:
        return self.call(gpio=n)

    def reset(self) -> dict:
        """Hard reset (the RUN pin); returns once done: {"resets", "reset_at_ms"}."""
        return self.call(reset=True)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.file.close()
            self.sock.close()


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


class EmulatedPico:
    """One emulated board wired as `profile` says (LED data pin, LED count, the six buttons).

    `port` is a pseudo-terminal path that pyserial and mpremote open as they open /dev/ttyACM0;
    `ctl` is the control channel (press/release/tap, frames, simulated time, reset)."""

    def __init__(self, profile: dict, build: Path = BUILD, uf2: str | None = None,
                 bootrom: str | None = None, speed: str = "max", workdir: Path | None = None,
                 fs_image: str | None = None):
        self.profile = profile
        self.fs_image = fs_image  # a filesystem saved by ctl save_flash, loaded at start
        self.build = Path(build)
        self.uf2 = find_uf2(uf2)
        self.bootrom = find_bootrom(bootrom)
        if self.uf2 is None or self.bootrom is None:
            raise EmulatorMissing("the emulated Pico cannot run: " + missing(uf2, bootrom))
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
        self.ctl: Control | None = None
        self.bridge = None
        self.reset_at_ms = 0.0  # simulated ms (the time line) at the last hard reset
        self._procs: list[subprocess.Popen] = []

    def wiring(self) -> list[str]:
        """serve.mjs arguments for the profile's pins (the six buttons, the LED chain: its data
        pin, or every lane's, each decoded on its own)."""
        pins = self.profile["pins"]
        buttons = ",".join(f"{name}={pins[name]}" for name in BUTTONS if name in pins)
        lanes = self.profile.get("lanes") or [{"pin": pins["data"]}]
        args = ["--pin-leds", ",".join(str(lane["pin"]) for lane in lanes),
                "--leds", str(self.profile["led_count"]), "--buttons", buttons]
        chain = self.profile.get("buttons") or {}
        if chain.get("wiring") == "74hc165":  # every seat its own 74HC165 (host/pico/hc165.mjs)
            args += ["--chain", f"clock={chain['clock']},latch={chain['latch']},"
                                f"data={chain['data']},seats={len(chain['seats'])}"]
        return args

    def start(self, timeout: float = 60.0) -> EmulatedPico:
        """Start the board and its serial pty; returns once USB is up and the pty exists."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        tcp, ctl = _free_port(), _free_port()
        log = open(self.log_path, "w")  # noqa: SIM115 - owned by the child for its lifetime
        self._procs.append(subprocess.Popen(
            ["node", str(HARNESS / "serve.mjs"), "--firmware", str(self.uf2),
             "--bootrom", str(self.bootrom), "--tcp", str(tcp), "--ctl", str(ctl),
             "--speed", self.speed, *self.wiring(),
             *(["--fs-image", str(self.fs_image)] if self.fs_image else []),
             "--parent", "stdin"],  # the board ends with this program, even one killed
            stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
        log.close()
        self.bridge = PtyBridge(self.port, tcp)
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.ctl = Control(ctl)
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
    def reset(self) -> None:
        """Hard reset (the RUN pin): flash is kept, the core and RAM start afresh. The board's
        time line (frames, presses, waits) carries on; `reset_at_ms` is where it restarted."""
        self.reset_at_ms = self.ctl.reset()["reset_at_ms"]

    def tap_then_reset(self, button: str, ms: float, reset_after_ms: float) -> dict:
        """Tap `button`, then a hard reset `reset_after_ms` simulated ms after its release
        (ctl.tap_then_reset: the delay holds whatever this machine is doing)."""
        got = self.ctl.tap_then_reset(button, ms, reset_after_ms)
        self.reset_at_ms = got["reset_at_ms"]
        return got

    def frame_info(self) -> dict:
        """The latest frame: {"n", "t_ms" (the buttons' clock), "frame": [[r, g, b], ...]}."""
        return self.ctl.frame_info()

    def frames_since(self, k: int, wait_ms: int | None = None) -> list[dict]:
        """Frames after number `k` still in the emulator's ring (waiting up to `wait_ms` simulated
        ms for one), each {"n", "t_ms", "frame"}."""
        return self.ctl.frames_since(k, wait_ms=wait_ms)["frames"]
