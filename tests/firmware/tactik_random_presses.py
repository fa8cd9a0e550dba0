"""Random button presses on the Tac-Tik board (CPython and MicroPython): whatever is pressed,
in any phase, mode or variant, nothing crashes, no pass runs out of heap, and the board always
shows a valid game.

Each press is handed to the app as the debouncer would deliver it and handled in one loop pass,
with the clock running between presses, so bots, animations and blinking go on; a full frame
is drawn and sent through the output every FRAME_EVERY presses. The 100,000 presses are run in
PARTS files (test_tactik_board_random_N.py), each its own process with a fresh Pico-sized heap
on MicroPython, so that the two test workers share them."""

import gc  # noqa: I001
import sys

from shared_rules.tactik import rules as tactik
from firmware import buttons as btn
from firmware.games.tactik import layout as tactik_layout  # noqa: F401
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view  # noqa: F401
from tactik_script import FileStore, Session
import queued_buttons
from shared_rules.rng import Rng

PARTS = 4
PRESSES = 100000 // PARTS  # a part's presses
GAME_PRESSES = 6000  # at most, in one game: long games reach 500 moves and more
FRAME_EVERY = 16
SETUPS = ((4, "deal", [1, 2, 3]), (4, "real", []), (6, "deal", [2, 4]), (2, "deal", [1]),
          (3, "real", []), (6, "real", []), (2, "deal", []), (4, "deal", [0, 1, 2, 3]))


def seventh_pool():
    """Have MicroPython make the seventh pool of interned names now, on a tidy heap. This
    process interns names a board never holds (the tests' modules and helpers: 1,017 names
    once the board is set up, where a Tac-Tik game on a Pico holds some 1,230), which take it
    past the sixth pool's end (1,260) at some point of the presses: a game's how-to, the menu,
    a question. A pool of 1,280 names needs 14 KB in one piece on this 64-bit port, so the
    presses passed or ran out of heap by where that point fell, not by what the firmware
    holds (the board's own names in play: `make bench-pico`, "interned names"). Names only
    this function interns fill the sixth pool until the seventh is made (the free heap drops
    by the pool's size); the presses still pass with 16 KB less heap than a part is given."""
    if sys.implementation.name != "micropython":
        return
    gc.collect()
    free = gc.mem_free()
    for i in range(600):
        getattr(seventh_pool, "pool%d" % i, None)  # interns the name asked for
        now = gc.mem_free()
        if free - now > 8000:  # the new pool (a name's text takes a few bytes)
            return
        free = now


def board():
    """The board every part plays on, with both Tac-Tik layouts built while the heap is fresh
    (they are cached); it saves to files, as a board saves to flash."""
    seventh_pool()
    b = Session(bot_delay_ms=30, store=FileStore())
    # booted as a board is at power-on: its menu shown (the menu's names interned while the
    # heap is tidy, as for the first game after power-on) and its rescue mode made, the way
    # back to the menu when a game leaves no room for it (App.to_menu)
    b.app.boot()
    for n in (4, 6):
        tactik_layout.layout_for(b.app.profile, n)
    return b


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


def run_part(board, part):
    """Part `part` (1..PARTS) of the presses: its own press sequence and game seeds, starting
    at its own setup (together the parts play every setup)."""
    r = Rng(2026 + part)
    done = 0
    games = 0
    ended = 0
    while done < PRESSES:
        players, cards, bots = SETUPS[(2 * (part - 1) + games) % len(SETUPS)]
        s = board.start(players=players, seed=1000 * part + games, bots=bots, cards=cards)
        games += 1
        for _ in range(min(GAME_PRESSES, PRESSES - done)):
            b = r.below(6)
            kind = btn.PRESS
            if b >= btn.A and r.below(12) == 0:
                kind = btn.LONG
            # As the buttons deliver it: handled on the next loop pass, inside the app's guard.
            queued_buttons.inject(s.app, b, kind)
            done += 1
            s.hw.now += 10 + r.below(120)
            s.app.step(draw=done % FRAME_EVERY == 0)
            if s.app.mode.name != "tactik":
                ended += 1
                break  # back at the menu after a game end
            _check(s)
        # A pass that ran out of heap is survived (and counted), but none may happen.
        assert s.app.errors == 0, (part, games, s.app.mode.name, s.app.errors, s.link.errors)
        s.app.frame()
    assert done == PRESSES and games >= 2 * len(SETUPS) // PARTS, (games, ended)
    board.store.close()
    return games, ended
