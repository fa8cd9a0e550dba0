"""The self-test mode driven with fake button events and a virtual clock (both runtimes): what it
lights, in which order, and what its serial report says was seen and missing; on the reference
panel, what it says at each step (the button asked, the time left, the findings)."""

import panel_text

from firmware import canvas as canvas_mod
from firmware import ledmap, profile, selftest, selftest_panel
from firmware.buttons import DOWN, LEFT, LONG, PRESS, RIGHT, UP, A, B


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
        assert cv.get(px % 4, px // 4) == selftest_panel.HEAD
        # every LED before it stays lit dim, every LED after it is dark
        for other in range(12):
            opx = list(table).index(other)
            got = cv.get(opx % 4, opx // 4)
            if other < led:
                assert got == selftest_panel.TRAIL, (led, other, got)
            elif other > led:
                assert got == 0, (led, other, got)


def test_reference_panel_chase_follows_the_serpentine():
    app, mode, cv = start(profile.find("ref32"))
    per_led = mode.chase_ms / 1024
    mode.tick(0)
    mode.tick(int(16 * per_led) + 1)  # LED 16: second row of the first panel, right end
    mode.draw(cv)
    assert mode.head == 16
    assert cv.get(15, 1) == selftest_panel.HEAD
    assert cv.get(14, 1) == 0 and cv.get(0, 1) == 0  # not reached yet
    assert cv.get(15, 0) == selftest_panel.TRAIL and cv.get(16, 0) == 0  # LED 15 lit, 256 not


def test_everything_good_gives_an_ok_report_and_a_green_border():
    app, mode, cv = start()
    mode.on_button(A, LONG, 0)  # the boot hold that started the self-test is ignored
    assert not mode.paused
    t = run_chase(app, mode)
    assert mode.passed == 12 and mode.paused
    mode.draw(cv)
    assert all(cv.get(x, y) == selftest_panel.TRAIL for y in range(3) for x in range(4))
    mode.on_button(A, PRESS, t)
    assert mode.step == selftest.COLOURS
    for c in range(3):
        mode.draw(cv)
        want = selftest_panel.COLOUR_VALUES[c]
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
    assert cv.get(px4 % 4, px4 // 4) == selftest_panel.MARKED
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
    mode.tick(t + 10 * selftest.HINT_MS)  # down never comes: the step waits, it does not drift
    assert mode.sub == DOWN and app.steps("buttons")[-1] == {"step": "buttons", "press": "down"}
    t += 10 * selftest.HINT_MS
    mode.on_button(B, LONG, t)  # held to skip the button that does nothing
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
    assert cv.get(0, 0) == selftest_panel.HEAD and cv.get(2, 2) == selftest_panel.TRAIL
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


# ---------------------------------------------------------------- what the panel says (ref32)

def at_buttons():
    """The reference panel at the buttons step (chase, colours answered)."""
    app, mode, cv = start(profile.find("ref32"))
    t = run_chase(app, mode, step=400)
    mode.on_button(A, PRESS, t)
    t = answer_colours(mode, [A, A, A], t)
    mode.tick(t)
    return app, mode, cv, t


def cut_out(cv):
    """Dark letters cut out of a lit panel, as lit letters on a dark one (to read them)."""
    out = canvas_mod.Canvas(cv.width, cv.height)
    for y in range(cv.height):
        for x in range(cv.width):
            if not cv.get(x, y):
                out.set(x, y, 0xFFFFFF)
    return out


def test_the_panel_names_each_button_and_waits_for_it():
    app, mode, cv, t = at_buttons()
    mode.draw(cv)
    assert panel_text.read_at(cv, 0, 1, 0, 20) == "PRESS"
    assert panel_text.read_at(cv, 21, 1) == "1/6"
    assert panel_text.read_row(cv, 26) == "UP"
    # nobody comes for a long time: still asking for up, no answer recorded, no drift
    t += 5 * selftest.HINT_MS
    assert mode.tick(t) is True  # the skip hint appears: a frame is due
    assert mode.sub == UP and mode.button_got[UP] == -2
    mode.draw(cv)
    assert panel_text.read_at(cv, 0, 1) == "NOTHING?"
    assert cv.get(0, 1) == selftest_panel.HINT or cv.get(1, 1) == selftest_panel.HINT
    assert panel_text.read_row(cv, 26) == "UP"
    assert mode.tick(t) is False  # nothing moved since
    mode.on_button(UP, PRESS, t)  # the maker is back: the press answers the question on show
    assert app.steps("buttons")[-2:] == [{"step": "buttons", "seen": "up"},
                                         {"step": "buttons", "press": "down"}]
    mode.tick(t)
    mode.draw(cv)
    assert panel_text.read_at(cv, 0, 1, 0, 20) == "PRESS"
    assert panel_text.read_at(cv, 21, 1) == "2/6"
    assert panel_text.read_row(cv, 26) == "DOWN"
    names = ["LEFT", "RIGHT", "A", "B"]
    for b in (DOWN, LEFT, RIGHT, A):
        mode.on_button(b, PRESS, t)
        mode.draw(cv)
        assert panel_text.read_row(cv, 26) == names.pop(0)
    mode.tick(t + selftest.HINT_MS)
    assert mode.ticker.text == "NOTHING? HOLD A TO SKIP"  # B asked: A is the one to hold


def test_a_held_a_or_b_skips_a_button_but_not_its_own():
    app, mode, cv, t = at_buttons()
    mode.on_button(A, LONG, t)  # up asked, A held: up does nothing
    assert {"step": "buttons", "missing": "up"} in app.steps("buttons")
    press_buttons(mode, [DOWN, LEFT, RIGHT], t)
    mode.on_button(A, LONG, t)  # A asked and held: A works
    mode.on_button(B, LONG, t)  # B asked and held: B works
    assert app.report()["buttons"] == {"seen": ["down", "left", "right", "a", "b"],
                                       "missing": ["up"], "wrong": {}}


def test_the_colour_question_and_its_countdown():
    app, mode, cv = start(profile.find("ref32"))
    t = run_chase(app, mode, step=400)
    mode.on_button(A, PRESS, t)
    assert mode.tick(t) is True  # the bar is drawn at its full length
    mode.draw(cv)
    assert cv.get(31, 20) == selftest_panel.COLOUR_VALUES[0]
    words = cut_out(cv)
    assert panel_text.read_row(words, 1) == "RED?"
    assert panel_text.read_row(words, 7) == "A YES"
    assert panel_text.read_row(words, 13) == "B NO"
    assert all(cv.get(x, 31) for x in range(32))  # the time left: the whole bottom row
    assert mode.tick(t + 10) is False  # the bar has not moved: no frame
    assert mode.tick(t + selftest.ANSWER_MS // 2) is True
    mode.draw(cv)
    lit = sum(1 for x in range(32) if cv.get(x, 31))
    assert lit == 16, lit
    mode.on_button(A, PRESS, t + selftest.ANSWER_MS // 2)
    mode.tick(t + selftest.ANSWER_MS // 2)
    mode.draw(cv)
    assert panel_text.read_row(cut_out(cv), 1) == "GREEN?"
    assert all(cv.get(x, 31) for x in range(32))  # a new question: the whole time again


def test_the_end_of_the_chase_says_a_goes_on():
    app, mode, cv = start(profile.find("ref32"))
    t = run_chase(app, mode, step=400)
    mode.tick(t)
    mode.draw(cv)
    assert panel_text.read_row(cv, 1) == "A: NEXT"
    assert panel_text.read_row(cv, 7) == "<: BACK"
    assert all(cv.get(x, 13) == selftest_panel.TEXT for x in range(32))
    assert cv.get(0, 20) == selftest_panel.TRAIL  # below the words, the LEDs the chase lit
    mode.tick(t + selftest.ANSWER_MS * 3 // 4)
    mode.draw(cv)
    assert sum(1 for x in range(32) if cv.get(x, 13)) == 8
    assert mode.tick(t + selftest.BLINK_MS) is True  # the words give way to the whole trail
    mode.draw(cv)
    assert panel_text.read_row(cv, 1) == "" and cv.get(1, 1) == selftest_panel.TRAIL
    assert mode.tick(t + selftest.BLINK_MS + 10) is False
    assert mode.tick(t + 2 * selftest.BLINK_MS) is True  # and come back
    mode.draw(cv)
    assert panel_text.read_row(cv, 1) == "A: NEXT"
    mode.on_button(LEFT, PRESS, t + 1)  # stepping back: the words make way for the LEDs
    mode.draw(cv)
    assert panel_text.read_row(cv, 1) == "" and cv.get(1, 1) == selftest_panel.TRAIL


def test_the_chase_says_what_a_and_b_do_where_it_has_not_been_yet():
    app, mode, cv = start(profile.find("ref32"))
    assert mode.hint_led == 512 + 9 * 16  # the band: the third panel's last seven rows on
    mode.tick(0)
    mode.tick(1000)
    mode.draw(cv)
    assert panel_text.read_row(cv, 26) == "A: PAUSE"
    mode.on_button(A, PRESS, selftest.BOOT_GRACE_MS)  # paused: B marks the LED dark
    mode.draw(cv)
    assert panel_text.read_row(cv, 26) == "B: DARK"
    mode.on_button(A, PRESS, selftest.BOOT_GRACE_MS + 10)  # on again, into the band
    t = selftest.BOOT_GRACE_MS + 10
    while mode.passed <= mode.hint_led:
        t += 100
        mode.tick(t)
    mode.draw(cv)
    assert panel_text.read_row(cv, 26) == ""  # the band's LEDs are the chase's now
    assert sum(1 for x in range(32) if cv.get(x, 25)) > 0


def test_the_report_is_on_the_panel():
    app, mode, cv, t = at_buttons()
    press_buttons(mode, [UP, DOWN, LEFT, RIGHT, A, B], t)
    mode.draw(cv)
    rows = [panel_text.read_row(cv, y) for y in (2, 8, 14, 20, 26)]
    assert rows == ["TEST OK", "LED  OK", "COL  OK", "KEY  OK", "A MENU"], rows
    assert cv.get(2, 2) == selftest_panel.GOOD and cv.get(0, 0) == 0x003000


def test_the_faults_are_on_the_panel():
    app, mode, cv = start(profile.find("ref32"))
    t = run_chase(app, mode, step=400)
    mode.on_button(LEFT, PRESS, t)
    mode.on_button(B, PRESS, t)  # the last LED is dark
    mode.on_button(LEFT, PRESS, t)
    mode.on_button(B, PRESS, t)  # and the one before
    mode.on_button(A, PRESS, t)
    t = answer_colours(mode, [A, B], t)
    mode.tick(t + selftest.ANSWER_MS)  # blue unanswered
    mode.on_button(LEFT, PRESS, t)  # up asked, left came
    mode.on_button(A, LONG, t)  # down skipped
    press_buttons(mode, [LEFT, RIGHT, A, B], t)
    mode.draw(cv)
    rows = [panel_text.read_row(cv, y) for y in (2, 8, 14, 20, 26)]
    assert rows == ["FAULTS", "LED   2", "COL RG-", "KEY", "?-LRAB"], rows
    assert cv.get(2, 2) == selftest_panel.BAD and cv.get(0, 0) == 0x300000
    assert cv.get(18, 14) == selftest_panel.GOOD  # R green: red was seen
    assert cv.get(22, 15) == selftest_panel.BAD  # G red: green was not
    assert cv.get(10, 26) == selftest_panel.GOOD and cv.get(2, 26) == selftest_panel.BAD
    assert app.report()["ok"] is False


def test_small_and_hole_boards_keep_to_pictures():
    app, mode, cv = start()  # 4 x 3: no room for words
    assert not mode.words
    prof = {"name": "h", "kind": "points", "width": 3, "height": 3, "led_count": 3,
            "leds": [[2, 2], [0, 0], [1, 2]], "pins": {"data": 2},
            "power": {"budget_ma": 100, "ma_per_channel": 20, "idle_ma_per_led": 1}}
    app, mode, cv = start(prof)
    assert not mode.words
    mode.on_button(B, LONG, 0)  # abandoned: the report is a fault
    mode.draw(cv)
    # every hole in the verdict's colour, the wood between them dark
    assert cv.get(2, 2) == cv.get(0, 0) == cv.get(1, 2) == 0x300000
    assert cv.get(1, 1) == 0


def test_a_board_with_lanes_lights_each_lane_alone_first():
    app, mode, cv = start(profile.find("ref32x4"))
    t = 0
    seen = []
    while mode.lane >= 0:
        mode.tick(t)
        if mode.lane >= 0 and (not seen or seen[-1][0] != mode.lane):
            mode.draw(cv)
            lit = [i for i in range(32 * 32) if cv.get(i % 32, i // 32)]
            seen.append((mode.lane, min(lit), max(lit), len(lit)))
            # the lane's panel lit in its colour, its number and GPIO on it
            x0, y0 = (0, 0) if mode.lane == 0 else (16, 0) if mode.lane == 1 else (
                16, 16) if mode.lane == 2 else (0, 16)
            assert cv.get(x0, y0) == selftest_panel.LANE_COLOURS[mode.lane]
            words = canvas_mod.Canvas(32, 32)  # the white words alone
            for i in lit:
                if cv.get(i % 32, i // 32) == selftest_panel.PROMPT:
                    words.set(i % 32, i // 32, selftest_panel.PROMPT)
            assert panel_text.read_row(words, y0 + 2, x0, x0 + 16) == "L" + str(mode.lane + 1)
            assert panel_text.read_row(words, y0 + 9, x0, x0 + 16) == "GP" + str(2 + mode.lane)
            assert all(x0 <= i % 32 < x0 + 16 and y0 <= i // 32 < y0 + 16 for i in lit)
        t += 100
    assert [s[0] for s in seen] == [0, 1, 2, 3]
    assert t >= 4 * selftest.LANE_MS
    lanes = app.steps("lanes")
    assert [(f["lane"], f["pin"], f["leds"]) for f in lanes] == [
        (1, 2, "0-255"), (2, 3, "256-511"), (3, 4, "512-767"), (4, 5, "768-1023")]
    # then the chase, from LED 0 when the last lane went dark (100 ms ago)
    mode.tick(t + 10)
    assert mode.step == selftest.LEDS and not mode.paused
    assert mode.head == 110 * 1024 // mode.chase_ms
    # a one-wire board has no lanes step
    app, mode, cv = start(profile.find("ref32"))
    mode.tick(0)
    assert mode.lane == -1 and app.steps("lanes") == []
