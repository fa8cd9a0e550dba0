"""Rondo played on the emulated Pico with GPIO presses only, against the bot: each turn the
hint's play laid (long A) and played (up), or a pass from the menu, every settled frame compared
with the host simulator fed the same presses (pixel for pixel, chain order), the moves replayed
by the host's rules to the board's digest."""

import pico_helpers as ph
from lanterne.rebuild import new_states


def test_rondo_turns_by_buttons_against_the_bot(flashed, at_menu):
    events, mirror = at_menu
    cmd = {"cmd": "new", "game": "rondo", "seed": 4,
           "options": {"players": 2, "bots": [1], "start": "seat0", "hourglass": 0,
                       "level": "easy"}}
    new = events.ask(cmd, "new", pico=flashed)
    mirror.send(cmd)
    assert new["game"] == "rondo"
    ph.same_frame(flashed, mirror)
    for _ in range(4):
        if events.of("end"):
            break
        moves = len(events.of("move"))
        before = mirror.sim.app.mode.state.history_len()
        keys = [("a", ph.LONG_MS), ("up", ph.SHORT_MS)]
        for name, ms in keys:
            mirror.tap(name, hold_ms=ms)
        if mirror.sim.app.mode.state.history_len() == before:  # no play: a pass instead
            keys += [("b", ph.SHORT_MS), ("down", ph.SHORT_MS), ("right", ph.SHORT_MS),
                     ("a", ph.SHORT_MS)]
            for name, ms in keys[2:]:
                mirror.tap(name, hold_ms=ms)
        for name, ms in keys:
            ph.tap(flashed, name, hold_ms=ms)
        mine = events.wait("move", count=moves + 1, pico=flashed)
        assert mine["bot"] is False and mine["player"] == 0
        events.until(lambda n=moves + 2: events.of("end") or len(events.of("move")) >= n,
                     flashed, timeout=900)
        ph.same_frame(flashed, mirror)
    with events.lock:
        lines = list(events.lines)
    start = max(i for i, o in enumerate(lines) if o.get("ev") == "new")
    played = [o for o in lines[start:] if o.get("ev") == "move"]
    st = new_states("rondo", new["options"], new["seed"])[0]
    for m in played:
        st.apply(m["move"])
    assert len(played) >= 4 and played[-1]["digest"] == st.digest()
    assert events.of("error") == []
