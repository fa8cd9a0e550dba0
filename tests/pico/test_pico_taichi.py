"""Tai Chi Chuan played on the emulated Pico with GPIO presses only: words entered with the six
buttons (the wheel, the slots, A), the board's verdict and the choices (draw, stop, join...)
against the bot, every settled frame compared with the host simulator fed the same presses
(pixel for pixel, chain order), the moves checked by the host's rules (word set included)."""

import sys
from pathlib import Path

import pico_helpers as ph
from lanterne.rebuild import new_states

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "firmware"))
import taichi_board as tb  # noqa: E402  (the keys of a person's decision, from the simulator)

DECISIONS = 14  # a person's decisions played by buttons (several rounds, a few words)


def in_step(flashed, events, mirror, base):
    """Both boards at the same move: the simulator settled (its bots played), then the board
    waited for until it has announced as many moves (a bot's pause shows no change of frame,
    so a quiet frame alone is not the end of its turn), then their frames compared."""
    mirror.settle()
    want = mirror.sim.app.mode.state.history_len()
    events.until(lambda: len(events.of("move")) - base >= want, flashed)
    ph.same_frame(flashed, mirror)


def test_taichi_words_by_buttons_against_the_bot(flashed, at_menu):
    events, mirror = at_menu
    cmd = {"cmd": "new", "game": "taichi", "seed": 3,
           "options": {"players": 2, "bots": [1], "level": "easy"}}
    new = events.ask(cmd, "new", pico=flashed)
    mirror.send(cmd)
    assert new["game"] == "taichi" and new["options"]["bots"] == [1]
    base = len(events.of("move"))  # the moves of earlier games
    in_step(flashed, events, mirror, base)  # the first card, the entry with its first letter
    words = 0
    for _ in range(DECISIONS):
        if events.of("end"):
            break
        mode = mirror.sim.app.mode
        keys = tb.human_keys(mode)
        if keys is None:  # the bot's turn: let both boards play it
            in_step(flashed, events, mirror, base)
            continue
        words += keys[-1] == "a" and mode.ui == 1
        for name in keys:
            ph.tap(flashed, name, after_ms=60)
            mirror.tap(name)
        in_step(flashed, events, mirror, base)
    assert words >= 2
    with events.lock:
        lines = list(events.lines)
    start = max(i for i, o in enumerate(lines) if o.get("ev") == "new")
    played = [o for o in lines[start:] if o.get("ev") == "move"]
    st = new_states("taichi", new["options"], new["seed"])[0]
    for m in played:
        st.apply(m["move"])  # the host's judge takes every word the board took
    assert played[-1]["digest"] == st.digest()
    assert [m for m in played if not m["bot"] and m["move"].startswith("word ")]
    assert [o for o in events.of("error") if o.get("code") not in ("bad_arg", "illegal")] == []
