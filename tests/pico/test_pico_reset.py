"""A hard reset on the emulated Pico keeps one time line: the new chip's clock starts at 0 (the
board's ticks_ms restarts, as a Pico's does), but frames, presses and waits read the harness's
clock, which keeps counting, so a frame drawn after the reset is stamped after it."""


def test_frames_after_a_hard_reset_are_stamped_on_the_same_time_line(flashed):
    n0 = flashed.frame_info()["n"]
    before = flashed.ctl.time_ms()
    flashed.reset()
    assert flashed.reset_at_ms >= before
    frames = flashed.frames_since(n0, wait_ms=20000)
    # the old run may draw a frame between the look at the count and the reset: stamped before it
    stamps = [f["t_ms"] for f in frames]
    assert stamps == sorted(stamps), stamps
    after = [t for t in stamps if t >= flashed.reset_at_ms]
    assert after, "no frame after the reset"
    # the boot menu is drawn within a few simulated seconds of the reset, and not at once: the
    # boot itself takes time (a clock restarted at 0 would stamp it some 145 s in the past)
    reset = flashed.reset_at_ms
    assert reset + 100 < after[0] < reset + 10_000, (reset, after[0])
    assert flashed.ctl.time_ms() >= frames[-1]["t_ms"]
    # the boot goes on past its first frame (the serial link opened, the hello said, the
    # code read from the bundle): a person's press comes after it, so the tap waits for it
    flashed.ctl.wait_ms(1500)
    n1 = flashed.frame_info()["n"]
    tap = flashed.ctl.tap("down", ms=80, after_ms=300)
    later = flashed.frames_since(n1)
    assert later and all(f["t_ms"] > tap["pressed_ms"] for f in later), later[:1]
