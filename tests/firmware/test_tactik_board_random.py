"""Random button presses on the Tac-Tik board (CPython and MicroPython): whatever is pressed,
in any phase, mode or variant, nothing crashes and the board always shows a valid game.

Each press is handed to the app as the debouncer would deliver it and handled in one loop pass,
with the clock running between presses, so bots, animations and blinking go on; a full frame
is drawn and sent through the output every FRAME_EVERY presses. Counts: see PRESSES."""

from shared_rules import tactik  # noqa: I001
import sys
from firmware import buttons as btn
from firmware import menu, tactik_layout, tactik_mode, tactik_view  # noqa: F401
from firmware.tactik_script import Session
from shared_rules.rng import Rng

BOARD = Session(bot_delay_ms=30)
for _n in (4, 6):  # both layouts built while the heap is fresh (they are cached)
    tactik_layout.layout_for(BOARD.app.profile, _n)
MICROPYTHON = sys.implementation.name == "micropython"
# 100 000 presses in all on CPython; the MicroPython run presses fewer (time budget).
PRESSES = 12000 if MICROPYTHON else 100000
FRAME_EVERY = 16
SETUPS = ((4, "deal", [1, 2, 3]), (4, "real", []), (6, "deal", [2, 4]), (2, "deal", [1]),
          (3, "real", []), (6, "real", []), (2, "deal", []), (4, "deal", [0, 1, 2, 3]))


def _check(s):
    st = s.state
    pos = st.positions()
    n = len(pos)
    assert n in (4, 6)
    for colour in pos:
        locs = pos[colour]
        assert len(locs) == 4
        for loc in locs:
            if loc[-1] == "*":
                assert loc[:-1] == "T" + str(16 * tactik.COLOURS6.index(colour)
                                             if n == 6 else 16 * tactik.COLOURS4.index(colour))
    m = s.mode
    if not m.frames:
        assert m.scene.npawns == 4 * n


def test_random_presses_never_break_the_board():
    r = Rng(2026)
    done = 0
    games = 0
    ended = 0
    errors = 0
    while done < PRESSES:
        players, cards, bots = SETUPS[games % len(SETUPS)]
        s = BOARD.start(players=players, seed=games, bots=bots, cards=cards)
        s.app.errors = 0
        games += 1
        for _ in range(PRESSES // 16):
            b = r.below(6)
            kind = btn.PRESS
            if b >= btn.A and r.below(12) == 0:
                kind = btn.LONG
            # As the buttons deliver it: handled on the next loop pass, inside the app's guard.
            s.app.injected.append((b, kind))
            done += 1
            s.hw.now += 10 + r.below(120)
            s.app.step(draw=done % FRAME_EVERY == 0)
            if s.app.mode.name != "tactik":
                ended += 1
                break  # back at the menu after a game end
            _check(s)
        errors += s.app.errors
        s.app.frame()
    assert done >= PRESSES and games >= 8
    if MICROPYTHON:
        # The app survives a pass that ran out of heap (it counts them); the state stayed valid.
        print("random presses: %d games, %d ended, %d out-of-memory passes" % (games, ended,
                                                                               errors))
    else:
        assert errors == 0
