"""Button logic with a virtual clock: debounce, auto-repeat, long press (both runtimes)."""

from firmware import buttons as btn


def feed(b, mask, t0, t1, step=5):
    """Hold `mask` from t0 to t1 (exclusive); returns the events seen, copied."""
    got = []
    t = t0
    while t < t1:
        for e in b.update(mask, t):
            got.append(e)
        t += step
    return got


def test_short_press_of_an_arrow_gives_one_press():
    b = btn.Buttons()
    ev = feed(b, 1 << btn.UP, 0, 100) + feed(b, 0, 100, 200)
    assert ev == [(btn.UP, btn.PRESS)]


def test_bounce_shorter_than_debounce_is_ignored():
    b = btn.Buttons()
    ev = []
    t = 0
    for _ in range(10):  # contact chatter: 5 ms on, 5 ms off
        ev += feed(b, 1 << btn.LEFT, t, t + 5)
        ev += feed(b, 0, t + 5, t + 10)
        t += 10
    ev += feed(b, 0, t, t + 100)
    assert ev == []
    ev = feed(b, 1 << btn.LEFT, t + 100, t + 150) + feed(b, 0, t + 150, t + 250)
    assert ev == [(btn.LEFT, btn.PRESS)]


def test_held_arrow_repeats_at_the_documented_rate():
    b = btn.Buttons()
    hold = 2000
    ev = feed(b, 1 << btn.RIGHT, 0, hold, step=1) + feed(b, 0, hold, hold + 100)
    assert ev[0] == (btn.RIGHT, btn.PRESS)
    reps = [e for e in ev if e == (btn.RIGHT, btn.REPEAT)]
    first = btn.DEBOUNCE_MS + btn.REPEAT_DELAY_MS
    expected = 1 + (hold - 1 - first) // btn.REPEAT_EVERY_MS
    assert len(reps) == expected, (len(reps), expected)


def test_a_and_b_short_on_release_long_once_while_held():
    b = btn.Buttons()
    ev = feed(b, 1 << btn.A, 0, 200)
    assert ev == []  # A's short press is known only at release
    ev = feed(b, 0, 200, 300)
    assert ev == [(btn.A, btn.PRESS)]
    ev = feed(b, 1 << btn.B, 300, 300 + btn.LONG_MS + 200)
    assert ev == [(btn.B, btn.LONG)]
    ev = feed(b, 0, 1300, 1400)
    assert ev == []  # no press after a long press


def test_two_buttons_at_once_and_fast_human_taps_are_all_counted():
    b = btn.Buttons()
    ev = feed(b, (1 << btn.UP) | (1 << btn.A), 0, 80) + feed(b, 0, 80, 160)
    assert sorted(ev) == sorted([(btn.UP, btn.PRESS), (btn.A, btn.PRESS)])
    # ten taps at 8 per second (60 ms down, 65 ms up): ten presses, no more, no less
    ev = []
    t = 200
    for _ in range(10):
        ev += feed(b, 1 << btn.DOWN, t, t + 60)
        ev += feed(b, 0, t + 60, t + 125)
        t += 125
    assert ev == [(btn.DOWN, btn.PRESS)] * 10
