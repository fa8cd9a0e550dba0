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
    # both boards alike, whatever an earlier test left: a Ta Yu game saved, the menu back from
    # it (the menu opens on RESUME, remembers Ta Yu, and START asks NEW? first)
    tayu = {"cmd": "new", "game": "tayu", "options": {"players": 2}, "seed": 1}
    events.ask(tayu, "new", pico=flashed)
    events.ask({"cmd": "menu"}, "menu", pico=flashed)
    mirror.send(tayu)
    mirror.send({"cmd": "menu"})
    # GAME row, two games on (WUXING), back to START (past RESUME), start, NEW? yes
    presses = ["down", "right", "right", "up", "up", "a", "a"]
    new = ph.start_from_menu(flashed, events, mirror, presses)
    assert new["game"] == "wuxing" and new["options"]["bots"] == [1]
    ph.same_frame(flashed, mirror)
    human = 0
    while not events.of("end") and human < 60:
        moves = len(events.of("move"))
        # long A: the next legal move (or island to turn); A: made (or the token given)
        ph.tap(flashed, "a", hold_ms=ph.LONG_MS)
        ph.tap(flashed, "a")
        mirror.tap("a", hold_ms=ph.LONG_MS)
        mirror.tap("a")
        mine = events.wait("move", count=moves + 1, pico=flashed)
        assert mine["bot"] is False and mine["player"] == 0
        human += 1
        events.until(lambda n=moves + 2: events.of("end") or len(events.of("move")) >= n,
                     flashed)
        ph.same_frame(flashed, mirror)
    assert events.of("end")
    st = _check_replay(new, events)
    assert st.is_over() and list(st.scores()) == events.of("end")[-1]["scores"]
    assert events.of("error") == []


def test_wuxing_chemin_rounds_by_buttons(flashed, at_menu):
    events, mirror = at_menu
    # started by the serial line on both boards (the board's menu remembers the last game
    # played, the simulator's does not), then played by GPIO presses
    cmd = {"cmd": "new", "game": "wuxing", "seed": 12,
           "options": {"mode": "chemin", "bots": [1]}}
    new = events.ask(cmd, "new", pico=flashed)
    mirror.send(cmd)
    assert new["game"] == "wuxing" and new["options"]["mode"] == "chemin"
    ph.same_frame(flashed, mirror)  # the bot's card face down, your hand
    for _ in range(3):
        if events.of("end"):
            break
        moves = len(events.of("move"))
        ph.tap(flashed, "a")
        mirror.tap("a")
        events.wait("move", count=moves + 1, pico=flashed)
        ph.same_frame(flashed, mirror)
    _check_replay(new, events)
    assert events.of("error") == []
