"""Hardware backends with stand-in modules: the rp2 backend (machine.Pin + built-in neopixel)
and the CircuitPython backend (board, digitalio, Adafruit neopixel API) (both runtimes)."""

import gc
import sys

import board_helpers as bh

from firmware import buttons as btn
from firmware import ledmap
from firmware.app import App
from firmware.hw import opening
from firmware.link import Link
from firmware.store import Store

gc.collect()
__import__("firmware.selftest")  # compiled on a tidy heap (a seat's A held at boot starts it)


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
    state = use_standins(bh.UNIXPORT)
    try:
        rp2_backend()
    finally:
        restore(state)


def rp2_backend():
    import machine
    import neopixel

    p = bh.profile.find("ref32")
    board = opening.open_hardware(p, "rp2")
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
    state = use_standins(bh.CP_STANDINS)
    try:
        import digitalio
        import neopixel

        p = bh.profile.find("ref32")
        board = opening.open_hardware(p, "circuitpython")
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
    p["backend"] = "sim"  # the simulator's board is unixport/simhw.py: never on the board
    try:
        opening.open_hardware(p)
    except ValueError as exc:
        assert "sim" in str(exc)
    else:
        raise AssertionError("the simulator's backend is shipped")
    state = use_standins(bh.UNIXPORT)
    try:
        assert opening.detect() == "rp2"  # `machine` imports: MicroPython on a Pico
    finally:
        restore(state)
    try:
        opening.open_hardware(p, "zx81")
    except ValueError as exc:
        assert "zx81" in str(exc)
    else:
        raise AssertionError("unknown backend accepted")


def test_a_computer_with_board_modules_is_not_taken_for_circuitpython():
    # Adafruit-Blinka gives a PC `board` and `digitalio`; only CircuitPython itself is one
    state = use_standins(bh.CP_STANDINS)
    try:
        import board
        import digitalio

        assert board.__name__ == "board" and digitalio.__name__ == "digitalio"
        assert opening.detect() != "circuitpython"
    finally:
        restore(state)


def test_every_seat_s_buttons_are_read_on_a_hole_board():
    # tactik_holes has six buttons at each of four seats (`seat_buttons`) and none in `pins`
    for folder, backend in ((bh.UNIXPORT, "rp2"), (bh.CP_STANDINS, "circuitpython")):
        state = use_standins(folder)
        try:
            seat_buttons(backend)
        finally:
            restore(state)


def seat_buttons(backend):
    import neopixel

    if backend == "rp2":
        import machine as pressed_mod
    else:
        import digitalio as pressed_mod
    p = bh.profile.find("tactik_holes")
    seats = p["seat_buttons"]
    board = opening.open_hardware(p, backend)
    assert board.name == backend
    assert len(board.buttons) == 6 * len(seats) == 24
    assert neopixel.instances[-1].n == p["led_count"]
    assert board.read_mask() == 0
    PRESSED = pressed_mod.PRESSED
    try:
        for seat in seats:  # each seat's every button, alone
            for i in range(6):
                PRESSED.add(seat[btn.NAMES[i]])
                assert board.read_mask() == 1 << i, (backend, seat["seat"], btn.NAMES[i])
                PRESSED.clear()
        # several seats at once: OR-ed; the same button at two seats is one bit
        PRESSED.add(seats[0]["up"])
        PRESSED.add(seats[3]["b"])
        PRESSED.add(seats[2]["a"])
        PRESSED.add(seats[1]["a"])
        assert board.read_mask() == (1 << btn.UP) | (1 << btn.B) | (1 << btn.A)
    finally:
        PRESSED.clear()
    # A held at seat 2 while the board boots starts the self-test, as A does on a panel
    app = App(p, board, link=Link(write=lambda s: None), store=Store(fs=bh.MemFS(), folder=""))
    PRESSED.add(seats[2]["a"])
    try:
        app.boot()
    finally:
        PRESSED.clear()
    assert app.mode.name == "selftest"
