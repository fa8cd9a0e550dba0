"""Wuxing duel played on the emulated Pico with GPIO presses only, from the boot menu: a
Théâtre game against the bot to its end and Chemin rounds, every settled frame compared with
the host simulator fed the same presses (pixel for pixel, chain order), the end checked by the
host's rules."""

import pico_helpers as ph
from lanterne.rebuild import new_states


def _check_replay(new, events):
    """The game's moves (those after its `new`: a bot of the game an earlier test left may have
    moved once more before the menu) replayed by the host's rules to the board's last digest."""
    with events.lock:
        lines = list(events.lines)
    start = max(i for i, o in enumerate(lines) if o.get("ev") == "new")
    played = [o for o in lines[start:] if o.get("ev") == "move"]
    st = new_states("wuxing", new["options"], new["seed"])[0]
    for m in played:
        st.apply(m["move"])
    assert played[-1]["digest"] == st.digest()
    return st


def test_wuxing_theatre_by_buttons_from_the_menu_to_the_end(flashed, at_menu):
    events, mirror = at_menu
    ph.same_menu(flashed, events, mirror)
    # GAME row, two games on (WUXING), back to START (past RESUME), start, NEW? yes
    presses = ["down", "right", "right", "up", "up", "a", "a"]
    new = ph.start_from_menu(flashed, events, mirror, presses)
    assert new["game"] == "wuxing" and new["options"]["bots"] == [1]
    ph.same_frame(flashed, mirror, events)
    # the bot mixes the game's secret into its chance, drawn by the board from its random
    # source and told only by the `end` event: the board's settled frames are kept, and the
    # simulator plays the same presses with that secret once the game is over
    frames = []
    while not events.of("end") and len(frames) < 60:
        moves = len(events.of("move"))
        # long A: the next legal move (or island to turn); A: made (or the token given)
        ph.tap(flashed, "a", hold_ms=ph.LONG_MS)
        ph.tap(flashed, "a")
        mine = events.wait("move", count=moves + 1, pico=flashed)
        assert mine["bot"] is False and mine["player"] == 0
        events.until(lambda n=moves + 2: events.of("end") or len(events.of("move")) >= n,
                     flashed)
        frames.append(ph.settled_frame(flashed))
    assert events.of("end")
    end = events.of("end")[-1]
    st = _check_replay(new, events)
    assert st.is_over() and list(st.scores()) == end["scores"]
    assert events.of("error") == []

    twin = ph.Mirror()
    try:
        twin.sim.hw.fixed_secret = end["secret"]
        ph.same_menu_mirror(twin)
        ph.mirror_start(twin, new, presses)
        for k, frame in enumerate(frames):
            twin.tap("a", hold_ms=ph.LONG_MS)
            twin.tap("a")
            twin.settle()
            n, first = ph.differing(frame, twin.frame())
            assert n == 0, f"after human move {k + 1}: {n} LEDs differ, first at {first}"
    finally:
        twin.close()


def test_wuxing_chemin_rounds_by_buttons(flashed, at_menu):
    events, mirror = at_menu
    # started by the serial line on both boards (the board's menu remembers the last game
    # played, the simulator's does not), then played by GPIO presses
    cmd = {"cmd": "new", "game": "wuxing", "seed": 12, "secret": 7,
           "options": {"mode": "chemin", "bots": [1]}}
    new = events.ask(cmd, "new", pico=flashed)
    mirror.send(cmd)
    assert new["game"] == "wuxing" and new["options"]["mode"] == "chemin"
    ph.same_frame(flashed, mirror, events)  # the bot's card face down, your hand
    for _ in range(3):
        if events.of("end"):
            break
        moves = len(events.of("move"))
        ph.tap(flashed, "a")
        mirror.tap("a")
        events.wait("move", count=moves + 1, pico=flashed)
        ph.same_frame(flashed, mirror, events)
    _check_replay(new, events)
    assert events.of("error") == []
