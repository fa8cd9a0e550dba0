"""Random button presses on the whole board, for every game of the registry (issue 28's fault
suite: a new game is covered without editing this file): the menu with that game chosen, its
games in every phase and variant the menu offers, undo, MENU?, RESUME, end screens. No crash,
no invalid state, not one out-of-memory or save failure on a Pico-sized heap, and every game
keeps being played: PRESSES presses a game (105,000 with three games) on each runtime.
Tac-Tik's own animations and card flows have 100,000 more of their own
(tactik_random_presses.py)."""

import gc
import sys

import queued_buttons
import saved_moves
from marks import marks_fit
from tactik_script import FileStore, Session

from firmware import buttons as btn
from firmware import gamemode, games
from shared_rules.rng import Rng

PRESSES = 35000  # per game (105,000 with three games), on each runtime
PARTS = 5  # press sequences a game's test plays, each from the menu
ONE_PROCESS_PER_GAME = True  # read by tests/test_shared_on_micropython.py


def check_tayu(mode):
    """Ta Yu's own invariants: the ghost on the board, green exactly where the move is legal."""
    st = mode.state
    v = mode.view
    if v.ghost:
        rules = sys.modules[type(st).__module__]  # not imported here: the board lets it go
        assert st.phase == "place"
        for i in range(3):
            r = v.gr + i * rules.DR[v.gd]
            c = v.gc + i * rules.DC[v.gd]
            assert 0 <= r < 19 and 0 <= c < 19, (v.gr, v.gc, v.gd)
        assert v.glegal == (st.check(st.move_at(v.gr, v.gc, v.gd)) is None)


EXTRA_CHECKS = {"tayu": check_tayu}  # a game's own invariants, beside the shared ones


def check(b, game):
    """Invariants of whatever the board is doing now, for any game. The checks' own garbage
    goes before and after them: on MicroPython they share the board's heap, and the test
    must not fragment it for the board."""
    gc.collect()
    try:
        check_now(b, game)
    finally:
        gc.collect()


def check_now(b, game):
    app = b.app
    assert not b.errors, b.errors
    mode = app.mode
    assert mode is not None and mode.name in ("menu", game), mode.name
    if mode.name == "menu":
        assert 0 <= mode.cursor < len(mode.rows)
    else:
        st = mode.state
        assert mode.count == st.history_len() and marks_fit(mode)
        assert 0 <= st.current_player < st.players
        extra = EXTRA_CHECKS.get(game)
        if extra is not None:
            extra(mode)
        if app.saved and mode.pending < 0 and not st.is_over():
            check_saved(app.store.record, st)
    assert app.output.led_ma() <= app.profile["power"]["budget_ma"]
    assert app.errors == 0, app.link.lines[-4:]  # no save failure, no out-of-memory survived


def check_saved(record, st):
    """The save on file holds the game's moves, every one (the store writes from a memo of
    the moves it wrote before: undos, MENU and RESUME must not leave an old move in it)."""
    texts = saved_moves.texts(record["game"], record["moves"])
    assert texts == list(st.history), (len(texts), st.history_len())


def pick(rng):
    """A random button event: arrows (now and then auto-repeated), A (long: a game's jump),
    B (long: undo or MENU?)."""
    roll = rng.below(100)
    kind = btn.PRESS
    if roll < 50:
        button = rng.below(4)
        if roll < 10:
            kind = btn.REPEAT
    elif roll < 80:
        button = btn.A
        if roll < 60:
            kind = btn.LONG
    else:
        button = btn.B
        if roll < 84:
            kind = btn.LONG
    return button, kind


def steer_menu(mode, game, button):
    """In the menu: keep `game` chosen, and stay off what leaves it (the game row, the
    self-test); B on the brightness would go dark: up instead."""
    if mode.game != game:
        mode.game = game
        mode.build()
    row = mode.rows[mode.cursor][0]
    if row == "game" or (row == "test" and button in (btn.A, btn.RIGHT, btn.LEFT)):
        return btn.DOWN
    if row == "light" and button == btn.B:
        return btn.UP
    return button


_BOARD = []


def board():
    """The board every part plays on (the heap as fresh as a board's at boot when it is made:
    a light harness, so a Pico-sized heap holds any one game beside it), at its menu, saving
    to files as a board saves to flash."""
    if not _BOARD:
        gc.collect()
        s = Session(bot_delay_ms=20, store=FileStore())
        s.errors = []  # the first faults the board reported, whatever came after them
        send = s.link.send

        def send_keeping_errors(ev, fields=None):
            # a start the menu refuses (real cards with bots) is said as bad_arg: no fault
            if ev == "error" and fields.get("code") != "bad_arg" and len(s.errors) < 4:
                s.errors.append(dict(fields))
            send(ev, fields)

        s.link.send = send_keeping_errors
        s.app.seed = 7
        s.app.boot()
        _BOARD.append(s)
    return _BOARD[0]


def fuzz(game, seed, presses):
    """`presses` random events for `game` straight into the app's dispatch, with loop passes
    between them so bots move, timers run and frames are drawn; returns the moves made."""
    b = board()
    app = b.app
    if app.mode.name != "menu":
        app.to_menu()
    app.clear_save()  # the last game's save: RESUME would play it, not this game
    app.to_menu()
    gc.collect()
    rng = Rng(seed)
    moves = 0
    ticks = gamemode.ticks
    gamemode.ticks = _steady_clock()
    try:
        for k in range(presses):
            moves += _press(b, app, game, rng, k)
    finally:
        gamemode.ticks = ticks
    check(b, game)
    return moves


def _steady_clock():
    """A bot's think slice (gamemode.think_slice) is timed by the real clock: on a loaded
    machine fewer pieces fit in a pass, and the heap's history (and so whether a Pico-sized
    heap has room) would change from one run to the next. This clock counts 5 ms a reading:
    4 pieces a slice, on every machine."""
    clock = [0]

    def ticks():
        clock[0] += 5000
        return clock[0]

    return ticks


def _press(b, app, game, rng, k):
    """Random event number `k` and the loop passes after it; 1 if it made a move."""
    mode = app.mode
    button, kind = pick(rng)
    if mode.name == "menu":
        button = steer_menu(mode, game, button)
    before = mode.count if mode.name == game else 0
    queued_buttons.inject(app, button, kind)
    app.step(draw=k % 8 == 0)  # a frame now and then: the frame code is fuzzed too
    moved = 1 if app.mode is mode and mode.name == game and mode.count != before else 0
    if k % 5 == 0:  # time passes: debounce, bots (20 ms pause), timers
        b.hw.now += 30
        app.step(draw=False)
    if k % 97 == 0:
        check(b, game)
    return moved


def random_presses(game):
    """The test of one game: PARTS press sequences of its own, each from the menu."""

    def test():
        made = []
        for n in range(PARTS):
            made.append(fuzz(game, 1000 * n + 17, PRESSES // PARTS))
        board().store.close()
        # the game kept being played: moves in every part, dozens in all
        assert min(made) > 0 and sum(made) > 50, (game, made)

    return test


# one test per registered game (test_random_presses_tayu, ...): a new game is covered without
# editing this file, and MicroPython runs each in a process of its own (a Pico holds one game)
for _name in games.names():
    globals()["test_random_presses_" + _name] = random_presses(_name)
