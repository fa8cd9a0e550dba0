"""The self-test mode driven with fake button events and a virtual clock (both runtimes): what it
lights, in which order, and what its serial report says was seen and missing."""

from firmware import canvas as canvas_mod
from firmware import ledmap, profile, selftest
from firmware.selftest import DOWN, LEFT, LONG, PRESS, RIGHT, UP, A, B


class FakeApp:
    """The services a mode uses (docs/firmware.md), recording what the mode asked for."""

    def __init__(self, prof):
        self.profile = prof
        self.width = prof["width"]
        self.height = prof["height"]
        self.events = []
        self.redraws = 0
        self.menu = False

    def emit(self, ev, fields):
        self.events.append((ev, fields))

    def redraw(self):
        self.redraws += 1

    def to_menu(self):
        self.menu = True

    def steps(self, step):
        return [f for ev, f in self.events if ev == "selftest" and f["step"] == step]

    def report(self):
        reports = self.steps("report")
        assert len(reports) == 1, reports
        return reports[0]


def small_profile():
    # 4 x 3, serpentine rows from the top-left: LED 4 is at (3, 1), LED 11 at (3, 2)
    return {"name": "t", "kind": "matrix", "width": 4, "height": 3, "led_count": 12,
            "wiring": {"panel_width": 4, "panel_height": 3, "start": "top-left",
                       "direction": "rows", "serpentine": True},
            "pins": {"data": 2, "up": 10, "down": 11, "left": 12, "right": 13, "a": 14, "b": 15},
            "power": {"budget_ma": 500, "ma_per_channel": 20, "idle_ma_per_led": 1}}


def start(prof=None):
    app = FakeApp(prof or small_profile())
    mode = selftest.SelfTest(app)
    cv = canvas_mod.Canvas(app.width, app.height)
    return app, mode, cv


def run_chase(app, mode, t=0, step=50):
    """Tick until the chase has lit every LED; returns the time reached."""
    while mode.step == selftest.LEDS and not mode.paused:
        mode.tick(t)
        t += step
        assert t < 60000, "chase never ended"
    return t


def answer_colours(mode, answers, t):
    for a in answers:
        mode.on_button(a, PRESS, t)
        t += 100
    return t


def press_buttons(mode, buttons, t):
    for b in buttons:
        mode.on_button(b, PRESS, t)
        t += 100
    return t


def test_ranges_compacts_indexes():
    flags = bytearray([1, 1, 0, 1, 0, 0, 1, 1, 1])
    assert selftest.ranges(flags, 1) == "0-1,3,6-8"
    assert selftest.ranges(flags, 0) == "2,4-5"
    assert selftest.ranges(bytearray(3), 1) == ""


def test_chase_lights_leds_in_chain_order():
    app, mode, cv = start()
    table = ledmap.build(app.profile)
    per_led = mode.chase_ms // 12
    for led in range(12):
        mode.tick(led * per_led)
        mode.draw(cv)
        assert mode.head == led
        px = list(table).index(led)
        assert cv.get(px % 4, px // 4) == selftest.HEAD
        # every LED before it stays lit dim, every LED after it is dark
        for other in range(12):
            opx = list(table).index(other)
            got = cv.get(opx % 4, opx // 4)
            if other < led:
                assert got == selftest.TRAIL, (led, other, got)
            elif other > led:
                assert got == 0, (led, other, got)


def test_reference_panel_chase_follows_the_serpentine():
    app, mode, cv = start(profile.find("ref32"))
    per_led = mode.chase_ms / 1024
    mode.tick(0)
    mode.tick(int(16 * per_led) + 1)  # LED 16: second row of the first panel, right end
    mode.draw(cv)
    assert mode.head == 16
    assert cv.get(15, 1) == selftest.HEAD
    assert cv.get(14, 1) == 0 and cv.get(0, 1) == 0  # not reached yet
    assert cv.get(15, 0) == selftest.TRAIL and cv.get(16, 0) == 0  # LED 15 lit, 256 not


def test_everything_good_gives_an_ok_report_and_a_green_border():
    app, mode, cv = start()
    mode.on_button(A, LONG, 0)  # the boot hold that started the self-test is ignored
    assert not mode.paused
    t = run_chase(app, mode)
    assert mode.passed == 12 and mode.paused
    mode.draw(cv)
    assert all(cv.get(x, y) == selftest.TRAIL for y in range(3) for x in range(4))
    mode.on_button(A, PRESS, t)
    assert mode.step == selftest.COLOURS
    for c in range(3):
        mode.draw(cv)
        want = selftest.COLOUR_VALUES[c]
        assert all(cv.get(x, y) == want for y in range(3) for x in range(4)), c
        mode.on_button(A, PRESS, t)
    assert mode.step == selftest.BUTTONS
    assert app.steps("buttons")[-1] == {"step": "buttons", "press": "up"}
    press_buttons(mode, [UP, DOWN, LEFT, RIGHT, A, B], t)
    rep = app.report()
    assert rep["ok"] is True
    assert rep["leds"] == {"count": 12, "lit": 12, "seen": "0-11", "missing": "",
                           "not_reached": ""}
    assert rep["colours"] == {"red": "seen", "green": "seen", "blue": "seen"}
    assert rep["buttons"] == {"seen": ["up", "down", "left", "right", "a", "b"],
                              "missing": [], "wrong": {}}
    mode.draw(cv)
    assert cv.get(0, 0) == 0x003000 and cv.get(1, 1) == 0
    assert not app.menu
    mode.on_button(A, PRESS, t + 1000)
    assert app.menu


def test_marked_dark_leds_and_a_broken_chain_are_reported():
    app, mode, cv = start()
    per_led = mode.chase_ms // 12
    mode.tick(0)
    t = 6 * per_led
    mode.tick(t)
    assert mode.head == 6
    mode.on_button(A, PRESS, t)  # pause
    mode.tick(9 * per_led)
    assert mode.head == 6  # paused: the chase does not move
    mode.on_button(LEFT, PRESS, t)
    mode.on_button(LEFT, PRESS, t)
    mode.on_button(B, PRESS, t)  # LED 4 is dark
    for _ in range(4):
        mode.on_button(RIGHT, PRESS, t)  # to LED 8
    mode.draw(cv)
    table = list(ledmap.build(app.profile))
    px4 = table.index(4)
    assert cv.get(px4 % 4, px4 // 4) == selftest.MARKED
    mode.on_button(DOWN, PRESS, t)  # the chain stops working from LED 8 on
    assert {"step": "leds", "dark": 4} in app.steps("leds")
    assert {"step": "leds", "chain_ends_before": 8} in app.steps("leds")
    t += 100
    mode.on_button(A, PRESS, t)
    t = answer_colours(mode, [A, A, A], t)
    press_buttons(mode, [UP, DOWN, LEFT, RIGHT, A, B], t)
    rep = app.report()
    assert rep["ok"] is False
    assert rep["leds"]["missing"] == "4,8-11"
    assert rep["leds"]["seen"] == "0-3,5-7"
    mode.draw(cv)
    assert cv.get(0, 0) == 0x300000


def test_a_mark_can_be_undone():
    app, mode, cv = start()
    mode.tick(0)
    t = selftest.BOOT_GRACE_MS
    mode.on_button(A, PRESS, t)
    mode.on_button(B, PRESS, t + 10)
    assert {"step": "leds", "dark": 0} in app.steps("leds")
    mode.on_button(B, PRESS, t + 20)
    assert {"step": "leds", "lit": 0} in app.steps("leds")
    assert mode.missing[0] == 0


def test_releasing_the_boot_hold_does_not_pause():
    app, mode, cv = start()
    mode.tick(0)
    mode.on_button(A, PRESS, selftest.BOOT_GRACE_MS - 1)  # A let go soon after boot
    assert not mode.paused
    mode.on_button(A, PRESS, selftest.BOOT_GRACE_MS)
    assert mode.paused


def test_colour_answers_and_timeouts():
    app, mode, cv = start()
    t = run_chase(app, mode)
    mode.on_button(A, PRESS, t)
    mode.on_button(A, PRESS, t)  # red fine
    mode.on_button(B, PRESS, t)  # green is not green: colour order?
    mode.tick(t + selftest.ANSWER_MS - 1)
    assert mode.step == selftest.COLOURS
    mode.tick(t + selftest.ANSWER_MS)  # blue never answered
    assert mode.step == selftest.BUTTONS
    t += selftest.ANSWER_MS
    press_buttons(mode, [UP, DOWN, LEFT, RIGHT, A, B], t)
    rep = app.report()
    assert rep["colours"] == {"red": "seen", "green": "not seen", "blue": "unanswered"}
    assert rep["ok"] is False


def test_wrong_and_missing_buttons():
    app, mode, cv = start()
    t = run_chase(app, mode)
    mode.on_button(A, PRESS, t)
    t = answer_colours(mode, [A, A, A], t)
    mode.on_button(LEFT, PRESS, t)  # asked for up, got left: swapped wires
    mode.tick(t + selftest.BUTTON_MS)  # down never comes
    t += selftest.BUTTON_MS
    assert {"step": "buttons", "missing": "down"} in app.steps("buttons")
    assert {"step": "buttons", "expected": "up", "got": "left"} in app.steps("buttons")
    mode.on_button(LEFT, PRESS, t)
    mode.on_button(RIGHT, PRESS, t)
    mode.on_button(A, LONG, t)  # a long press counts as a press
    mode.on_button(B, PRESS, t)
    rep = app.report()
    assert rep["buttons"] == {"seen": ["left", "right", "a", "b"], "missing": ["down"],
                              "wrong": {"up": "left"}}
    assert rep["ok"] is False


def test_button_prompts_draw_something_different_for_each_button():
    app, mode, cv = start(profile.find("ref32"))
    mode.step = selftest.BUTTONS
    seen = []
    for b in range(6):
        mode.sub = b
        mode.draw(cv)
        pic = bytes(cv.buf)
        assert sum(pic) > 0
        assert pic not in seen
        seen.append(pic)


def test_long_b_aborts_and_still_reports():
    app, mode, cv = start()
    mode.tick(0)
    mode.tick(1000)
    mode.on_button(B, LONG, 1000)
    rep = app.report()
    assert rep["aborted"] is True and rep["ok"] is False
    assert rep["leds"]["not_reached"] != ""
    assert mode.step == selftest.DONE


def test_leaving_early_reports_once():
    app, mode, cv = start()
    mode.tick(0)
    mode.leave()
    mode.leave()
    assert app.report()["aborted"] is True


def test_end_of_chase_goes_on_by_itself_when_a_is_broken():
    app, mode, cv = start()
    t = run_chase(app, mode)
    mode.tick(t + selftest.ANSWER_MS)
    assert mode.step == selftest.COLOURS


def test_state_command_and_hole_board():
    # a points profile (LEDs only where holes are): the chase walks them in chain order
    prof = {"name": "h", "kind": "points", "width": 3, "height": 3, "led_count": 3,
            "leds": [[2, 2], [0, 0], [1, 2]], "pins": {"data": 2},
            "power": {"budget_ma": 100, "ma_per_channel": 20, "idle_ma_per_led": 1}}
    app, mode, cv = start(prof)
    mode.tick(0)
    mode.tick(mode.chase_ms // 3 + 1)
    mode.draw(cv)
    assert cv.get(0, 0) == selftest.HEAD and cv.get(2, 2) == selftest.TRAIL
    assert cv.get(1, 2) == 0 and cv.get(1, 1) == 0
    state = mode.command({"cmd": "state"})
    assert state["state"]["step"] == "leds" and state["state"]["leds"]["lit"] == 2
    try:
        mode.command({"cmd": "move"})
    except ValueError as exc:
        assert "state" in str(exc)
    else:
        raise AssertionError("unsupported command accepted")
    assert mode.save_record() is None
