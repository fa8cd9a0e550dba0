"""The self-test mode a maker runs to check a new build (hold A at boot, or menu row TEST).

Three steps (a board with LED lanes first lights each lane in turn, its number and GPIO on it,
so a maker sees a swapped data wire at once): every LED lights in chain order (the maker pauses
and marks dark ones), then the whole panel shows red, green and blue in turn (A: looks right,
B: does not), then each button is asked for in turn. Every step and a closing report go out
over serial as `selftest` events, so a maker with a terminal sees which LEDs, colours and
buttons were seen and which were not.

The panel says it too (a matrix at least 32 x 32: `words`): what to press at each step, the time
left where a step goes on by itself (a bar that shrinks), and the findings at the end. The
buttons step waits for a press however long it takes, so a maker who comes back late is not out
of step; a button that does nothing is skipped by holding A or B (the other one when A or B is
the button asked), and the panel says so after HINT_MS.
"""

from array import array

from micropython import const

from firmware import ledmap
from firmware.buttons import DOWN, LEFT, LONG, PRESS, RIGHT, A, B
from firmware.buttons import NAMES as BUTTON_NAMES
from firmware.mode import Mode
from firmware.selftest_panel import (
    BUTTONS,
    COLOURS,
    DONE,
    LEDS,
    SelfTestPanel,
)

STEP_NAMES = ("leds", "colours", "buttons", "done")

CHASE_MS_PER_LED = const(15)  # the whole chase: led_count x this, within the bounds below
CHASE_MIN_MS = const(3000)
CHASE_MAX_MS = const(20000)
ANSWER_MS = const(20000)  # a colour not answered in this time counts as not confirmed
HINT_MS = const(15000)  # a button not pressed in this time: the panel tells how to skip it
LANE_MS = const(2000)  # each lane lit alone this long, before the chase
BOOT_GRACE_MS = const(1500)  # an A released this soon after the start is the boot hold ending
COLOUR_NAMES = ("red", "green", "blue")
WORDS_MIN = const(32)  # a matrix this wide and tall shows the words (smaller: the pictures only)
BLINK_MS = const(1500)  # the end of the chase: words and the whole trail in turn
SKIP_HINTS = ("NOTHING? HOLD A OR B TO SKIP", "NOTHING? HOLD B TO SKIP",
              "NOTHING? HOLD A TO SKIP")

def ranges(flags, value):
    """Indexes i where flags[i] == value, as compact text: "0-3,7,9-10" ("" when none)."""
    parts = []
    n = len(flags)
    i = 0
    while i < n:
        if flags[i] == value:
            j = i
            while j + 1 < n and flags[j + 1] == value:
                j += 1
            parts.append(str(i) if i == j else str(i) + "-" + str(j))
            i = j + 1
        else:
            i += 1
    return ",".join(parts)


class SelfTest(SelfTestPanel, Mode):
    """The self-test as a mode (see docs/firmware.md): LEDs, colour channels, buttons, report."""

    name = "selftest"

    def __init__(self, app):
        self.app = app
        profile = app.profile
        self.width = app.width
        self.height = app.height
        n = profile["led_count"]
        self.led_count = n
        table = ledmap.build(profile)
        # where[i] = canvas byte offset of LED i (its pixel's R byte)
        if len(table) * 3 < 65536:
            where = array("H", bytes(2 * n))  # no list of n ints on the way: Pico heap
        else:
            where = array("i", bytes(4 * n))
        hint_from = (self.height - 7) * self.width  # the bottom band, where the chase hint goes
        hint_led = n  # the first LED of the chain under that band
        for px in range(len(table)):
            led = table[px]
            if led >= 0:
                where[led] = px * 3
                if px >= hint_from and led < hint_led:
                    hint_led = led
        self.where = where
        self.hint_led = hint_led
        # a board with lanes lights each one alone first (its pin, first LED, LED count)
        self.runs = ledmap.lanes(profile) if profile.get("lanes") else ()
        self.lane = 0 if self.runs else -1  # the lane lit now, -1 once the chase runs
        self.lane_at = -1  # when the lanes began to light
        self.missing = bytearray(n)  # 1 = the maker marked this LED dark
        chase = n * CHASE_MS_PER_LED
        if chase < CHASE_MIN_MS:
            chase = CHASE_MIN_MS
        if chase > CHASE_MAX_MS:
            chase = CHASE_MAX_MS
        self.chase_ms = chase
        self.colour_answer = bytearray(3)  # 0 not answered, 1 seen, 2 not seen
        # every seat its own buttons (firmware/seats.py): each seat asked for its six in turn
        self.seats = len(getattr(app, "quarters", ()))
        self.seat = 0  # the seat asked (a chain), 0 on a parallel board
        self.chain_ok = bytearray(self.seats)  # 1: the seat's chip answers its known bits
        self.check_chain()
        # -2 not asked, -1 timed out, else what came: seat * 6 + button
        self.button_got = [-2 for _ in range(6 * max(1, self.seats))]
        self.step = LEDS
        self.sub = 0  # colour or button being asked
        self.head = 0  # LED the chase is on
        self.passed = 0  # LEDs the chase has lit so far
        self.paused = False
        self.run_from = 0  # chase restarted at (head, time)
        self.run_at = -1
        self.asked_at = -1
        self.show_head = True
        self.started_at = None
        self.now = 0  # the last time the mode was told (draw has no clock of its own)
        self.bar = -1  # the countdown bar's length last drawn (-1: none)
        self.words = (profile.get("kind", "matrix") == "matrix" and self.width >= WORDS_MIN
                      and self.height >= WORDS_MIN)
        self.ticker = None  # a firmware.ticker.Ticker for the skip hint, made when first needed
        self.hint_for = -1  # the button the hint in the ticker is for
        self.aborted = False
        self.reported = False
        self.ok = False
        self._emit("leds", {"count": n,
                            "ask": "A pause/resume; paused: left/right step, B mark dark, "
                                   "down chain ends here; A at the end continues"})

    # ---------------------------------------------------------------- the chain of seats
    def check_chain(self):
        """Each seat's 74HC165 read once: its known bits (G low, H high) say it is there and
        wired; reported at once (`chain`) and in the closing report."""
        if not self.seats:
            return
        from firmware import seats

        raw = getattr(self.app.hw, "chain_bytes", None)
        got = raw() if raw is not None else None
        missing = []
        for i in range(self.seats):
            ok = got is not None and i < len(got) and seats.known_ok(got[i])
            self.chain_ok[i] = 1 if ok else 0
            if not ok:
                missing.append(i)
        self._emit("chain", {"seats": self.seats, "missing": missing})

    def key_view(self):
        """For the panel: per button, what came (the button itself when every seat's came)."""
        got = self.button_got
        if not self.seats:
            return got
        out = [0, 1, 2, 3, 4, 5]
        for i in range(len(got)):
            if got[i] != i:
                out[i % 6] = got[i] if got[i] < 0 else 6  # 6: another button or seat
        return out

    def _name(self, code):
        """A button's name in the report: `up`, or on a chain `s1.up` (seat 1's)."""
        if not self.seats:
            return BUTTON_NAMES[code]
        return "s" + str(code // 6) + "." + BUTTON_NAMES[code % 6]

    def _ask(self):
        """The next button asked, over serial."""
        if self.seats:
            self._emit("buttons", {"press": BUTTON_NAMES[self.sub], "seat": self.seat})
        else:
            self._emit("buttons", {"press": BUTTON_NAMES[self.sub]})

    # ---------------------------------------------------------------- serial
    def _emit(self, step, fields):
        fields["step"] = step
        self.app.emit("selftest", fields)

    def report(self):
        """The findings so far as one dict (also what the closing serial line carries)."""
        n = self.led_count
        shown = bytearray(n)
        for i in range(self.passed):
            shown[i] = 1
        for i in range(n):
            if self.missing[i]:
                shown[i] = 2
        colours = {}
        ok = True
        for c in range(3):
            a = self.colour_answer[c]
            colours[COLOUR_NAMES[c]] = ("seen", "not seen", "unanswered")[a - 1 if a else 2]
            ok = ok and a == 1
        seen = []
        missing = []
        wrong = {}
        for b in range(len(self.button_got)):
            got = self.button_got[b]
            if got == b:
                seen.append(self._name(b))
            elif got >= 0:
                wrong[self._name(b)] = self._name(got)
            else:
                missing.append(self._name(b))
        ok = ok and not missing and not wrong and self.passed == n
        dark = ranges(self.missing, 1)
        ok = ok and not dark and not self.aborted
        r = {
            "leds": {"count": n, "lit": self.passed, "seen": ranges(shown, 1),
                     "missing": dark, "not_reached": ranges(shown, 0)},
            "colours": colours,
            "buttons": {"seen": seen, "missing": missing, "wrong": wrong},
            "aborted": self.aborted,
            "ok": ok,
        }
        if self.seats:
            bad = [i for i in range(self.seats) if not self.chain_ok[i]]
            r["chain"] = {"seats": self.seats, "missing": bad}
            r["ok"] = ok and not bad
        return r

    def _finish(self):
        self.step = DONE
        if not self.reported:
            self.reported = True
            r = self.report()
            self.ok = r["ok"]
            self._emit("report", r)
        self.app.redraw()

    # ---------------------------------------------------------------- steps
    def _lanes_tick(self, now):
        """Each lane alone for LANE_MS, in profile order, then the chase. True: a frame is due."""
        if self.lane_at < 0:
            self.lane_at = now
            self._emit_lane()
            return True
        k = (now - self.lane_at) // LANE_MS
        if k == self.lane:
            return False
        if k >= len(self.runs):
            self.lane = -1
            self.run_at = now
            self.run_from = 0
            return True
        self.lane = k
        self._emit_lane()
        return True

    def _emit_lane(self):
        pin, first, count = self.runs[self.lane]
        self._emit("lanes", {"lane": self.lane + 1, "of": len(self.runs), "pin": pin,
                             "leds": "%d-%d" % (first, first + count - 1)})

    def _chase_done(self):
        self.passed = self.led_count
        self.head = self.led_count - 1
        self.paused = True
        self.show_head = False

    def _to_colours(self, now):
        self.step = COLOURS
        self.sub = 0
        self.asked_at = now
        self._emit("colours", {"colour": COLOUR_NAMES[0],
                               "ask": "A if every LED shows it, B if not"})
        self.app.redraw()

    def _answer_colour(self, answer, now):
        self.colour_answer[self.sub] = answer
        self.sub += 1
        self.asked_at = now
        if self.sub < 3:
            self._emit("colours", {"colour": COLOUR_NAMES[self.sub],
                                   "ask": "A if every LED shows it, B if not"})
        else:
            self._to_buttons(now)
        self.app.redraw()

    def _to_buttons(self, now):
        self.step = BUTTONS
        self.sub = 0
        self.seat = 0
        self.asked_at = now
        self._skip_missing_seats()
        if self.step == BUTTONS:
            self._ask()

    def _skip_missing_seats(self):
        """A seat whose chip does not answer has its six recorded as missing unasked."""
        while self.seats and self.seat < self.seats and not self.chain_ok[self.seat]:
            for b in range(6):
                self.button_got[self.seat * 6 + b] = -1
            self.seat += 1
        if self.seats and self.seat >= self.seats:
            self._finish()

    def _hinting(self, now):
        """The skip hint is due: the button asked has not come for HINT_MS."""
        return self.step == BUTTONS and now - self.asked_at >= HINT_MS

    def _start_hint(self, now):
        if self.ticker is None:
            from firmware.ticker import Ticker

            self.ticker = Ticker()
        hint = SKIP_HINTS[2 if self.sub == B else 1 if self.sub == A else 0]
        self.ticker.start(hint, self.width, now, loop=True)
        self.hint_for = self.sub

    def _answer_button(self, got, now):
        """What came for the button asked: `got` a button of the seat asked (or, on a chain,
        seat * 6 + button from another seat), -1 for nothing."""
        base = self.seat * 6
        asked = base + self.sub
        code = got if got < 0 else base + got if got < 6 else got - 6
        self.button_got[asked] = code
        if code == asked:
            self._emit("buttons", {"seen": self._name(asked)})
        elif code >= 0:
            self._emit("buttons", {"expected": self._name(asked), "got": self._name(code)})
        else:
            self._emit("buttons", {"missing": self._name(asked)})
        self.sub += 1
        self.asked_at = now
        if self.sub >= 6 and self.seats:
            self.sub = 0
            self.seat += 1
            self._skip_missing_seats()
            if self.step != BUTTONS:
                return
            if self.seat < self.seats:
                self._ask()
                self.app.redraw()
                return
        if self.sub < 6 and (not self.seats or self.seat < self.seats):
            self._ask()
        else:
            self._finish()
        self.app.redraw()

    # ---------------------------------------------------------------- the mode interface
    def on_button(self, button, kind, now_ms):
        if self.started_at is None:
            self.started_at = now_ms
        self.now = now_ms
        step = self.step
        if step == LEDS:
            self._leds_button(button, kind, now_ms)
        elif step == COLOURS:
            if kind == PRESS and button == A:
                self._answer_colour(1, now_ms)
            elif kind == PRESS and button == B:
                self._answer_colour(2, now_ms)
            elif kind == LONG and button == B:
                self.aborted = True
                self._finish()
        elif step == BUTTONS:
            seat = getattr(self.app, "seat", -1)
            if self.seats and seat >= 0 and seat != self.seat:
                if kind == PRESS:  # another seat's button: the chain's order or wiring
                    self._answer_button(6 + seat * 6 + button, now_ms)
                return
            if kind == LONG and button != self.sub:
                self._answer_button(-1, now_ms)  # held to skip a button that does nothing
            elif kind == PRESS or kind == LONG:
                self._answer_button(button, now_ms)
        elif step == DONE:
            if kind == PRESS and button == A:
                self.app.to_menu()

    def _leds_button(self, button, kind, now):
        n = self.led_count
        self.asked_at = now
        if kind == LONG:
            if button == B:
                self.aborted = True
                self._finish()
            return  # a LONG A is the boot hold that started the self-test
        if self.lane >= 0:
            return  # the lanes light by themselves
        if button == A and kind == PRESS:
            if now - self.started_at < BOOT_GRACE_MS:
                return  # releasing the A that was held at boot to start the self-test
            if self.paused and self.passed >= n:
                self._to_colours(now)
                return
            self.paused = not self.paused
            if not self.paused:
                self.run_from = self.head
                self.run_at = now
        elif not self.paused:
            return
        else:
            self._paused_button(button, kind, n)
        self.app.redraw()

    def _paused_button(self, button, kind, n):
        """The chase paused: LEFT/RIGHT step the lit LED, B marks it dark or lit, DOWN says
        the chain ends before it."""
        if button == LEFT:
            self.show_head = True
            if self.head > 0:
                self.head -= 1
        elif button == RIGHT:
            self.show_head = True
            if self.head < n - 1:
                self.head += 1
                if self.head + 1 > self.passed:
                    self.passed = self.head + 1
        elif button == B and kind == PRESS:
            self.missing[self.head] ^= 1
            self._emit("leds", {"dark" if self.missing[self.head] else "lit": self.head})
        elif button == DOWN and kind == PRESS:
            for i in range(self.head, n):
                self.missing[i] = 1
            self._emit("leds", {"chain_ends_before": self.head})
            self._chase_done()

    def tick(self, now_ms):
        if self.started_at is None:
            self.started_at = now_ms
        self.now = now_ms
        step = self.step
        if step == LEDS:
            if self.lane >= 0:
                return self._lanes_tick(now_ms)
            if self.paused:
                if self.passed >= self.led_count and now_ms - self.asked_at >= ANSWER_MS:
                    self._to_colours(now_ms)  # A may be the broken part: go on anyway
                    return True
                return self._countdown(now_ms)
            if self.run_at < 0:
                self.run_at = now_ms
                self.run_from = 0
            n = self.led_count
            head = self.run_from + (now_ms - self.run_at) * n // self.chase_ms
            if head >= n:
                self._chase_done()
                self.asked_at = now_ms
                self._emit("leds", {"lit": n, "ask": "A continues; left steps back"})
                self.app.redraw()
                return False
            self.head = head
            if head + 1 > self.passed:
                self.passed = head + 1
            return True
        if step == COLOURS:
            if now_ms - self.asked_at >= ANSWER_MS:
                self._answer_colour(0, now_ms)
                return True
            return self._countdown(now_ms)
        if step == BUTTONS and self.words and self._hinting(now_ms):
            if self.hint_for != self.sub:
                self._start_hint(now_ms)
                return True
            return self.ticker.moved(now_ms)
        return False

    def _waiting(self):
        """The step waits for an answer that comes by itself after ANSWER_MS: the end of the
        chase (A goes on) or a colour."""
        if self.step == COLOURS:
            return True
        return (self.step == LEDS and self.paused and not self.show_head
                and self.passed >= self.led_count)

    def _bar_length(self, now):
        left = ANSWER_MS - (now - self.asked_at)
        if left <= 0:
            return 0
        return (self.width * left + ANSWER_MS - 1) // ANSWER_MS

    def _words_shown(self, now):
        """At the end of the chase the words give way to the whole trail every other
        BLINK_MS (the maker looks for dark LEDs under them too)."""
        return self.step != LEDS or ((now - self.asked_at) // BLINK_MS) % 2 == 0

    def _countdown(self, now):
        """True when the countdown bar has a new length or the words come or go (a frame is
        due)."""
        if not self._waiting():
            return False
        n = self._bar_length(now) * 2 + (1 if self._words_shown(now) else 0)
        if n != self.bar:
            self.bar = n
            return True
        return False

    def command(self, msg):
        if msg.get("cmd") == "state":
            r = self.report()
            r["step"] = STEP_NAMES[self.step]
            return {"ev": "selftest", "step": "state", "state": r}
        raise ValueError("the self-test takes only 'state'")

    def save_record(self):
        return None

    def leave(self):
        if not self.reported:
            self.aborted = True
            self.reported = True
            self._emit("report", self.report())
