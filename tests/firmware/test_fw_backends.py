"""Hardware backends with stand-in modules: the rp2 backend (machine.Pin + built-in neopixel)
and the CircuitPython backend (board, digitalio, Adafruit neopixel API) (both runtimes)."""

import sys

import board_helpers as bh

from firmware import buttons as btn
from firmware import hw, ledmap
from firmware.app import App
from firmware.link import Link
from firmware.store import Store


def use_standins(folder):
    """Make `folder`'s board, digitalio, machine and neopixel the importable ones; returns
    what to give to `restore`."""
    saved = {}
    for name in ("board", "digitalio", "neopixel", "machine"):
        saved[name] = sys.modules.pop(name, None)
    sys.path.insert(0, folder)
    return folder, saved


def restore(state):
    folder, saved = state
    sys.path.remove(folder)
    for name in saved:
        sys.modules.pop(name, None)
        if saved[name] is not None:
            sys.modules[name] = saved[name]


def test_rp2_backend_reads_pull_up_buttons_and_writes_the_strip():
    state = use_standins(bh.STANDINS)
    try:
        rp2_backend()
    finally:
        restore(state)


def rp2_backend():
    import machine
    import neopixel

    p = bh.profile.find("ref32")
    board = hw.open_hardware(p, "rp2")
    assert board.name == "rp2"
    pins = [pin.pin for pin in board.buttons]
    assert pins == [p["pins"][n] for n in btn.NAMES]
    assert all(pin.mode == machine.Pin.IN and pin.pull == machine.Pin.PULL_UP
               for pin in board.buttons)
    assert board.read_mask() == 0
    machine.PRESSED.add(p["pins"]["b"])
    machine.PRESSED.add(p["pins"]["up"])
    try:
        assert board.read_mask() == (1 << btn.B) | (1 << btn.UP)
    finally:
        machine.PRESSED.clear()
    strip = neopixel.instances[-1]
    assert strip.n == p["led_count"] and board.buf is strip.buf
    # the app on this backend: a frame goes out once, in GRB order, at the right LED
    lines = []
    app = App(p, board, link=Link(write=lines.append), store=Store(fs=bh.MemFS(), folder=""))
    app.boot()
    writes = strip.writes
    app.step()
    assert strip.writes == writes + 1
    app.step()
    assert strip.writes == writes + 1  # nothing changed: no frame sent
    app.canvas.clear()
    app.canvas.set(5, 20, 0x00FF00)
    app.output.render(app.canvas)
    led = ledmap.build(p)[20 * 32 + 5]
    assert strip.buf[led * 3] > 0 and strip.buf[led * 3 + 1] == 0  # G first on the wire


def test_circuitpython_backend_through_the_adafruit_api():
    state = use_standins(bh.STANDINS + "/cp")
    try:
        import digitalio
        import neopixel

        p = bh.profile.find("ref32")
        board = hw.open_hardware(p, "circuitpython")
        assert board.name == "circuitpython" and board.order == "RGB"
        strip = neopixel.instances[-1]
        assert strip.pixel_order == "GRB" and strip.auto_write is False
        assert strip.brightness == 1.0 and strip.n == p["led_count"]
        assert board.read_mask() == 0
        digitalio.PRESSED.add(p["pins"]["a"])
        assert board.read_mask() == 1 << btn.A
        digitalio.PRESSED.clear()
        app = App(p, board, link=Link(write=lambda s: None),
                  store=Store(fs=bh.MemFS(), folder=""))
        app.set_brightness(255)
        app.canvas.set(0, 0, 0x102030)
        app.output.render(app.canvas)
        board.show()
        assert strip.shows == 1 and strip[0] == (0x10, 0x20, 0x30)
        assert bytes(strip.wire[0:3]) == bytes([0x20, 0x10, 0x30])  # GRB on the wire
    finally:
        restore(state)


def test_backend_chosen_by_the_profile_or_what_imports():
    p = dict(bh.profile.find("ref32"))
    p["backend"] = "sim"
    assert hw.open_hardware(p).name == "sim"
    state = use_standins(bh.STANDINS)
    try:
        assert hw.detect() == "rp2"  # `machine` imports: MicroPython on a Pico
    finally:
        restore(state)
    try:
        hw.open_hardware(p, "zx81")
    except ValueError as exc:
        assert "zx81" in str(exc)
    else:
        raise AssertionError("unknown backend accepted")
