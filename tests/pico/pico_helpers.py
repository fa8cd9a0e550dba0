"""Helpers for the emulated-Pico tests: the board's serial events read in the background, GPIO
presses, and a mirror: the same firmware on the host simulator, fed the same presses, whose LED
bytes the emulated board's decoded WS2812 frames must equal."""

import json
import threading
import time

from lanterne.sim import Simulator
from lanterne.stream import BoardLink

from firmware import buttons as btn

SHORT_MS = 80
LONG_MS = btn.LONG_MS + 200


class Events:
    """Every line the board sends, read by a thread into `lines` (parsed objects)."""

    def __init__(self, port):
        self.link = BoardLink(port, reconnect=True).open(wait=10)
        self.lines = []
        self.lock = threading.Lock()
        self.stopping = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self.stopping:
            line = self.link.readline(timeout=0.2)
            if line is not None and line.obj is not None:
                with self.lock:
                    self.lines.append(line.obj)

    def send(self, cmd):
        self.link.send(cmd)

    def ask(self, cmd, ev, pico=None, timeout=300.0):
        """Send a command and return the `ev` event that answers it (counted before sending,
        so a fast answer is not mistaken for an old one)."""
        count = len(self.of(ev)) + 1
        self.send(cmd)
        return self.wait(ev, count=count, timeout=timeout, pico=pico)

    def of(self, ev):
        with self.lock:
            return [o for o in self.lines if o.get("ev") == ev]

    def wait(self, ev, count=1, timeout=300.0, pico=None):
        """The `count`th `ev` event, waiting up to `timeout` wall seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.of(ev)
            if len(got) >= count:
                return got[count - 1]
            errors = [o for o in self.of("error") if o.get("code") not in ("bad_arg", "illegal")]
            assert not errors, (errors, self.lines[-25:])  # what led to it, too
            if pico is not None:
                pico.ctl.wait_ms(50)
            else:
                time.sleep(0.05)
        raise AssertionError(f"no {ev} #{count} within {timeout} s; got {self.lines[-5:]}")

    def until(self, done, pico, timeout=300.0):
        """Wait until `done()` is true (the board's lines are read meanwhile)."""
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, f"gave up waiting; got {self.lines[-5:]}"
            pico.ctl.wait_ms(50)

    def close(self):
        self.stopping = True
        self.thread.join(timeout=5)
        self.link.close()


def tap(pico, name, hold_ms=SHORT_MS, after_ms=150):
    """Press a button for `hold_ms` simulated ms, then let the board show the result."""
    pico.ctl.tap(name, ms=hold_ms, after_ms=after_ms)


def chain_rgb(sim):
    """The simulator's LED bytes in chain order as [[r, g, b], ...], as the emulator decodes
    the WS2812 wire (the profile's colour order undone)."""
    out = sim.app.output
    buf = sim.hw.buf
    return [[buf[i + out.ro], buf[i + out.go], buf[i + out.bo]] for i in range(0, len(buf), 3)]


class Mirror:
    """The firmware on the host simulator, fed the same presses as the emulated board."""

    def __init__(self, profile="ref32", seed=None, state_dir=None):
        self.sim = Simulator(profile, state_dir=state_dir, seed=seed)
        self.sim.boot()

    def tap(self, name, hold_ms=SHORT_MS):
        """`a`, or on a board with seats `s2.a` (seat 2's A)."""
        from lanterne.sim_board import parse_script

        code = parse_script(name)[0][1]
        self.sim.press(code, hold_ms)

    def send(self, cmd):
        self.sim.app.link.feed(json.dumps(cmd).encode() + b"\n")
        self.sim.advance(20)

    def settle(self):
        self.sim.settle(max_ms=120000)

    def frame(self):
        return chain_rgb(self.sim)

    def close(self):
        self.sim.close()


def differing(a, b):
    """How many LEDs differ between two chain-order frames (and the first few)."""
    diff = [i for i, (x, y) in enumerate(zip(a, b)) if list(x) != list(y)]
    return len(diff) + abs(len(a) - len(b)), diff[:5]


def settled_frame(pico, quiet_ms=400, timeout_ms=60000):
    """The board's frame once it has stopped changing for `quiet_ms` simulated ms."""
    spent = 0
    info = pico.frame_info()
    while spent < timeout_ms:
        pico.ctl.wait_ms(quiet_ms)
        spent += quiet_ms
        now = pico.frame_info()
        if now["n"] == info["n"]:
            return now["frame"]
        info = now
    raise AssertionError("the board's frames never settled")


def frames_seen(pico, ms=1500):
    """The distinct frames the board shows over the next `ms` simulated ms (blinks included)."""
    n0 = pico.frame_info()
    seen = {_key(n0["frame"])}
    pico.ctl.wait_ms(ms)
    for f in pico.frames_since(n0["n"]):
        seen.add(_key(f["frame"]))
    return seen


def mirror_frames_seen(mirror, ms=1500):
    """The distinct frames the simulator shows over the next `ms` virtual ms."""
    seen = {_key(mirror.frame())}
    hw = mirror.sim.hw
    hw.on_show = lambda buf: seen.add(_key(mirror.frame()))
    try:
        mirror.sim.advance(ms)
    finally:
        hw.on_show = None
    return seen


def _key(frame):
    return tuple(tuple(px) for px in frame)


_TAYU = {"cmd": "new", "game": "tayu", "options": {"players": 2}, "seed": 1}


def same_menu(pico, events, mirror):
    """Both boards at the boot menu with the same past, whatever an earlier test left on the
    board's flash: a Ta Yu game saved, then the menu (which opens on RESUME, remembers Ta Yu,
    and whose START asks NEW? first)."""
    events.ask(_TAYU, "new", pico=pico)
    events.ask({"cmd": "menu"}, "menu", pico=pico)
    same_menu_mirror(mirror)


def same_menu_mirror(mirror):
    """The simulator's half of same_menu."""
    mirror.send(_TAYU)
    mirror.send({"cmd": "menu"})


def start_from_menu(pico, events, mirror, presses):
    """Choose in the boot menu with `presses` (the last one starts the game) on both boards."""
    count = len(events.of("new")) + 1
    for name in presses:
        tap(pico, name)
    new = events.wait("new", count=count, pico=pico)
    mirror_start(mirror, new, presses)
    return new


def mirror_start(mirror, new, presses):
    """The simulator's half of start_from_menu: the same presses, the board's `new` seed."""
    mirror.sim.app.seed = new["seed"]  # the board seeds a menu game from its clock
    for name in presses:
        mirror.tap(name)
    assert mirror.sim.app.mode.name == new["game"]


def same_frame(pico, mirror, events=None):
    """The board's settled frame is the simulator's, pixel for pixel."""
    mirror.settle()
    board = settled_frame(pico)
    n, first = differing(board, mirror.frame())
    assert n == 0, f"{n} LEDs differ from the simulator, first at {first}" + (
        "" if events is None else f"; the board's last lines: {events.lines[-6:]}")
