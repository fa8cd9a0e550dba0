"""Issue 31 on the emulated Pico: a game of another kind, started `clean` (as the menu starts
every game), restarts MicroPython by a soft reset and begins from a clean heap: the USB link
stays, the board says `relaunch`, boots, greets and starts the game; the same game started
again does not restart."""

import pico_helpers as ph

TAYU = {"cmd": "new", "game": "tayu", "seed": 3, "options": {"players": 2, "bots": []}}
RONDO = {"cmd": "new", "game": "rondo", "seed": 5, "clean": True,
         "options": {"players": 2, "bots": [1], "start": "seat0", "hourglass": 0}}


def test_another_game_restarts_from_a_clean_heap_over_the_same_link(flashed):
    events = ph.Events(flashed.port)
    try:
        events.ask(TAYU, "new", pico=flashed)
        hellos = len(events.of("hello"))
        n0 = flashed.frame_info()["n"]
        new = events.ask(RONDO, "new", pico=flashed, timeout=600)
        # the panel is never dark meanwhile: no frame goes out during the restart, and the
        # LEDs keep the last one until the game's first
        frames = flashed.frames_since(n0)
        assert frames and all(any(any(px) for px in f["frame"]) for f in frames)
        assert new["game"] == "rondo" and "resumed" not in new
        relaunch = events.of("relaunch")
        assert relaunch and relaunch[-1]["game"] == "rondo"
        assert len(events.of("hello")) == hellos + 1  # the boot after the soft reset
        # counted from the restart: a board that booted a moment ago (Pico time)
        stats = events.ask({"cmd": "stats"}, "stats", pico=flashed)
        assert stats["uptime_ms"] < 3000, stats
        again = events.ask(dict(RONDO, seed=6), "new", pico=flashed)  # the same game's code
        assert again["seed"] == 6 and len(events.of("relaunch")) == len(relaunch)
        assert events.ask({"cmd": "state"}, "state", pico=flashed)["game"] == "rondo"
    finally:
        events.close()
