"""The self-test inside the real app (both runtimes): A held at boot starts it, the LED bytes the
panel receives follow the chain, the colours respect the power budget, and the serial link
carries the report."""

import gc
import json

from firmware import buttons as btn
from firmware import profile
from firmware.app import App
from firmware.link import Link
from firmware.output import channel_offsets
from firmware.store import Store
from unixport.simhw import SimHardware


class MemFS:
    """An empty flash: no save file."""

    def __init__(self):
        self.files = {}

    def read(self, path):
        if path not in self.files:
            raise OSError(2)
        return self.files[path]

    def write(self, path, data):
        self.files[path] = data

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        del self.files[path]

    def exists(self, path):
        return path in self.files


def boot(name, hold_a=True, small=False):
    gc.collect()
    p = profile.find(name)
    if small:  # one 16 x 16 panel: a Pico-sized heap holds only so many apps in one run
        p["wiring"]["tiles_x"] = p["wiring"]["tiles_y"] = 1
        p["width"] = p["height"] = 16
        p["led_count"] = 256
    hw = SimHardware(p)
    lines = []
    app = App(p, hw, link=Link(write=lines.append), store=Store(fs=MemFS()))
    hw.mask = (1 << btn.A) if hold_a else 0
    app.boot()
    return p, hw, app, lines


def run(app, hw, ms, step=10):
    end = hw.now + ms
    while hw.now < end:
        app.step()
        hw.sleep_ms(step)


def press(app, hw, button, hold=100):
    hw.mask = 1 << button
    run(app, hw, hold)
    hw.mask = 0
    run(app, hw, 60)


def events(lines, step=None):
    out = []
    for line in lines:
        obj = json.loads(line)
        if obj["ev"] == "selftest" and (step is None or obj["step"] == step):
            out.append(obj)
    return out


def led_rgb(hw, p, led):
    r, g, b = channel_offsets(p.get("color_order", "GRB"))
    return hw.buf[led * 3 + r], hw.buf[led * 3 + g], hw.buf[led * 3 + b]


def test_hold_a_at_boot_runs_the_whole_self_test():
    p, hw, app, lines = boot("ref32")
    assert app.mode.name == "selftest"
    run(app, hw, 300)  # the maker lets A go: that must not pause the chase
    hw.mask = 0
    run(app, hw, 100, step=20)
    mode = app.mode
    assert not mode.paused
    # part-way through the chase, the LED bytes follow the chain: the head is lit white,
    # every LED before it lit, every LED after it dark
    run(app, hw, 4000, step=50)
    app.frame()
    head = mode.head
    assert 16 < head < 1000
    r, g, b = led_rgb(hw, p, head)
    assert r > 0 and r == g == b
    assert led_rgb(hw, p, head - 1)[2] > 0 and led_rgb(hw, p, head - 1)[0] == 0
    assert led_rgb(hw, p, head + 1) == (0, 0, 0)
    assert led_rgb(hw, p, 1023) == (0, 0, 0)
    run(app, hw, mode.chase_ms, step=100)
    assert mode.paused and mode.passed == 1024
    press(app, hw, btn.A)
    # colours: every LED shows the colour, and the frame stays within the budget
    for c in range(3):
        app.frame()
        for led in (0, 255, 256, 700, 1023):
            rgb = led_rgb(hw, p, led)
            assert rgb[c] > 0 and sum(rgb) == rgb[c], (c, led, rgb)
        assert app.output.last_ma <= p["power"]["budget_ma"]
        press(app, hw, btn.A)
    for b in (btn.UP, btn.DOWN, btn.LEFT, btn.RIGHT, btn.A, btn.B):
        press(app, hw, b)
    reports = events(lines, "report")
    assert len(reports) == 1
    rep = reports[0]
    assert rep["ok"] is True
    assert rep["leds"]["seen"] == "0-1023"
    assert rep["buttons"]["seen"] == ["up", "down", "left", "right", "a", "b"]
    assert [e["colour"] for e in events(lines, "colours")] == ["red", "green", "blue"]
    press(app, hw, btn.A)
    assert app.mode.name == "menu"


def test_a_silent_button_and_the_state_command():
    p, hw, app, lines = boot("ref32")
    hw.mask = 0
    mode = app.mode
    run(app, hw, mode.chase_ms + 200, step=100)
    app.link.feed(b'{"cmd": "state"}\n')
    run(app, hw, 20)
    state = [json.loads(x) for x in lines if '"state"' in x][-1]
    assert state["ev"] == "selftest" and state["state"]["step"] == "leds"
    assert state["state"]["leds"]["lit"] == 1024
    press(app, hw, btn.A)
    for _ in range(3):
        press(app, hw, btn.A)
    press(app, hw, btn.RIGHT)  # asked for up: the up wire goes to the right pin
    run(app, hw, 30000, step=100)  # down never comes: the board keeps asking for it
    assert app.mode.sub == btn.DOWN
    press(app, hw, btn.B, hold=900)  # held: skip it
    for b in (btn.LEFT, btn.RIGHT, btn.A, btn.B):
        press(app, hw, b)
    rep = events(lines, "report")[0]
    assert rep["ok"] is False
    assert rep["buttons"]["wrong"] == {"up": "right"}
    assert rep["buttons"]["missing"] == ["down"]


def test_without_a_held_the_board_boots_to_the_menu():
    p, hw, app, lines = boot("ref32", hold_a=False, small=True)
    assert app.mode.name == "menu"
    assert events(lines) == []
