"""The LEDs go out by PIO + DMA with interrupts on: while frames are in flight a 1 kHz hard
timer on the board keeps ticking (the board's interrupt probe, `{"cmd": "stats", "probe":
true}`), the serial link answers, and a press cut into an animation frame still gets its own."""

import pico_helpers as ph


def test_interrupts_are_never_held_off_a_millisecond_while_frames_go_out(flashed):
    events = ph.Events(flashed.port)
    try:
        events.ask({"cmd": "stats", "probe": True}, "stats", pico=flashed)
        # a bots-only game: frames in flight while the bots think, moves saved, lines sent
        events.ask({"cmd": "new", "game": "tayu", "seed": 3,
                    "options": {"players": 2, "bots": [0, 1]}}, "new", pico=flashed)
        moves = len(events.of("move"))
        events.wait("move", count=moves + 4, pico=flashed)
        events.ask({"cmd": "new", "game": "tayu", "seed": 7,
                    "options": {"players": 2, "bots": [1]}}, "new", pico=flashed)
        n0 = flashed.frame_info()["n"]
        for name in ("left", "right", "up", "down", "left"):
            ph.tap(flashed, name, after_ms=60)
        # the serial link is served while a frame is in flight: ask right after a press
        flashed.ctl.press("right")
        st = events.ask({"cmd": "stats"}, "stats", pico=flashed)
        flashed.ctl.release("right")
        irq = st["irq_us"]
        assert irq is not None and irq["in_flight"] > 100, irq  # ticks with a frame going out
        # a tick every 1000 us: a longer gap is an interrupt held off that long
        assert irq["worst_gap"] - 1000 < 1000, irq
        assert flashed.frame_info()["n"] - n0 >= 3  # the presses were shown meanwhile
        events.ask({"cmd": "stats", "probe": False}, "stats", pico=flashed)
        assert events.of("stats")[-1]["irq_us"] is None
    finally:
        events.close()
