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


def test_a_bouncing_press_counts_once_at_its_first_edge():
    b = btn.Buttons()
    ev = []
    t = 0
    # the contacts chatter for 15 ms when they close (on 2.5 ms, off 2.5 ms) ...
    for _ in range(3):
        ev += feed(b, 1 << btn.LEFT, t, t + 3, step=1)
        if t == 0:
            assert ev == [(btn.LEFT, btn.PRESS)]  # taken at the very first sample
        ev += feed(b, 0, t + 3, t + 5, step=1)
        t += 5
    ev += feed(b, 1 << btn.LEFT, t, 80, step=1)
    # ... and again when they open
    t = 80
    for _ in range(3):
        ev += feed(b, 0, t, t + 3, step=1)
        ev += feed(b, 1 << btn.LEFT, t + 3, t + 5, step=1)
        t += 5
    ev += feed(b, 0, t, 200, step=1)
    assert ev == [(btn.LEFT, btn.PRESS)]
    assert not b.held(btn.LEFT)
    ev = feed(b, 1 << btn.LEFT, 200, 250) + feed(b, 0, 250, 350)
    assert ev == [(btn.LEFT, btn.PRESS)]


def test_a_release_during_the_bounce_window_is_taken_when_it_ends():
    b = btn.Buttons()
    assert feed(b, 1 << btn.A, 0, 10, step=1) == []  # A is known at release
    ev = feed(b, 0, 10, btn.DEBOUNCE_MS - 1, step=1)
    assert ev == [] and b.held(btn.A)  # still inside the window opened by the press
    ev = feed(b, 0, btn.DEBOUNCE_MS - 1, btn.DEBOUNCE_MS + 1, step=1)
    assert ev == [(btn.A, btn.PRESS)] and not b.held(btn.A)


def test_held_arrow_repeats_at_the_documented_rate():
    b = btn.Buttons()
    hold = 2000
    ev = feed(b, 1 << btn.RIGHT, 0, hold, step=1) + feed(b, 0, hold, hold + 100)
    assert ev[0] == (btn.RIGHT, btn.PRESS)
    reps = [e for e in ev if e == (btn.RIGHT, btn.REPEAT)]
    first = btn.REPEAT_DELAY_MS
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


def test_a_clock_that_starts_again_does_not_lock_the_buttons():
    b = btn.Buttons()
    feed(b, 1 << btn.DOWN, 5000, 5060)
    feed(b, 0, 5060, 5100)
    # the same buttons read by a board whose clock restarted (or wrapped) near zero
    ev = feed(b, 1 << btn.DOWN, 0, 60) + feed(b, 0, 60, 120)
    assert ev == [(btn.DOWN, btn.PRESS)]


def test_due_says_when_the_same_lines_can_next_act():
    b = btn.Buttons()
    b.update(0, 0)
    assert b.due is None  # nothing held: only a change of a line can act
    b.update(1 << btn.UP, 10)
    assert b.due == 10 + btn.REPEAT_DELAY_MS  # the arrow's first repeat
    b.update(1 << btn.UP | 1 << btn.A, 20)
    assert b.due == min(10 + btn.REPEAT_DELAY_MS, 20 + btn.LONG_MS)
    b.update(1 << btn.A, 25)  # the arrow let go within its bounces: read again when they end
    assert b.due == 10 + btn.DEBOUNCE_MS
    for t in range(25, 10 + btn.DEBOUNCE_MS):
        assert b.update(1 << btn.A, t) == []
    b.update(1 << btn.A, 10 + btn.DEBOUNCE_MS)
    assert not b.held(btn.UP) and b.due == 20 + btn.LONG_MS
    assert b.update(1 << btn.A, 20 + btn.LONG_MS) == [(btn.A, btn.LONG)]
    assert b.due is None  # its long press is done: only its release acts
