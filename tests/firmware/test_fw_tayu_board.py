"""Ta Yü on the board, driven by buttons and by the serial link (both runtimes): a human move,
the ghost colours, undo, bots to the end, every variant from the menu, power, both profiles."""

import gc
import sys

import board_helpers as bh

from firmware import buttons as btn
from firmware.games.tayu import view as td
from firmware.question import ASK_MENU, ASK_UNDO

MICRO = sys.implementation.name == "micropython"
TILE_COLOURS = (td.WATER, td.WATER2, td.WATER_LAST, td.DRY, td.DRY_LAST)


def ghost_pixels(board):
    v = board.app.mode.view
    out = []
    for i in range(3):
        r = v.gr + i * bh.tayu.DR[v.gd]
        c = v.gc + i * bh.tayu.DC[v.gd]
        out.append(board.app.canvas.get(1 + c, 1 + r))
    return out


def test_one_a_press_in_the_menu_starts_human_against_bot():
    b = bh.Board()
    assert b.app.mode.name == "menu"
    b.presses("a")
    assert b.app.mode.name == "tayu"
    new = b.events("new")[-1]
    assert new["game"] == "tayu" and new["options"]["players"] == 2
    assert new["options"]["bots"] == [1]


def test_human_places_with_the_ghost_then_the_bot_answers():
    b = bh.Board()
    b.presses("a")
    mode = b.app.mode
    assert mode.view.ghost and mode.view.glegal
    assert ghost_pixels(b) == [td.LEGAL] * 3
    # far from the centre nothing is legal on the first move: red, and A does nothing
    b.presses("up up up up up up left left left left left")
    assert not mode.view.glegal and ghost_pixels(b) == [td.ILLEGAL] * 3
    b.presses("a")
    assert b.events("move") == []
    d0 = mode.view.gd
    b.presses("b")  # rotate
    assert mode.view.gd == (d0 + 1) % 4
    b.presses("a:long")  # jump to a legal placement
    assert mode.view.glegal and ghost_pixels(b) == [td.LEGAL] * 3
    where = str(mode.state.move_at(mode.view.gr, mode.view.gc, mode.view.gd))
    b.presses("a")
    moves = b.events("move")
    assert len(moves) == 1 and moves[0]["move"] == where and moves[0]["bot"] is False
    b.advance(30)  # 90 ms after the move: the bot waits 100 ms
    assert len(b.events("move")) == 1  # the bot pauses visibly before it moves
    b.settle()
    moves = b.events("move")
    assert len(moves) == 2 and moves[1]["player"] == 1 and moves[1]["bot"] is True
    assert moves[1]["digest"] == mode.state.digest()
    # the board shows both placed tiles: 6 covered squares in the 19x19 area
    covered = 0
    for r in range(19):
        for c in range(19):
            if mode.state.cell(r, c)[0]:
                covered += 1
                assert b.app.canvas.get(1 + c, 1 + r) in TILE_COLOURS
    assert covered == 6


def test_undo_asks_first_and_only_after_a_human_move():
    b = bh.Board()
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 5})
    mode = b.app.mode
    b.presses("b:long")
    assert mode.asking == ASK_MENU and mode.note  # nothing to undo yet: it says so
    b.presses("b")  # no
    assert not mode.asking
    b.presses("a:long a")
    d1 = mode.state.digest()
    b.presses("a:long a")
    assert len(mode.moves) == 2
    b.presses("b:long")
    assert mode.asking == ASK_UNDO
    b.presses("b")  # cancel
    assert not mode.asking and len(mode.moves) == 2
    b.presses("b:long a")
    assert len(mode.moves) == 1 and b.app.mode.state.digest() == d1
    u = b.events("undo")[-1]
    assert u["n"] == 1 and u["digest"] == d1
    # after a bot move: no undo
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": [0]}, "seed": 5})
    b.settle()
    assert len(b.app.mode.moves) == 1
    b.presses("b:long")
    assert b.app.mode.asking == ASK_MENU  # only the bot has moved


def check_finished(b):
    """The board's game is over, announced, not kept for resume, and its seed + moves replay
    it."""
    mode = b.app.mode
    st = mode.state
    assert st.is_over()
    assert mode.view.overlay == td.END
    assert not b.fs.exists("game.sav")  # a finished game is not offered for resume
    digest = st.digest()
    last = b.events("move")[-1]
    assert last["digest"] == digest and last["n"] == mode.count
    end = b.events("end")[-1]
    assert end["scores"] == list(st.scores()) and end["n"] == mode.count
    last = end = None
    moves = [e["move"] for e in b.events("move")]  # the last ones the board printed
    history = mode.moves
    assert len(moves) >= 5 and history[-len(moves):] == moves
    opts = dict(mode.options)
    del opts["bots"]
    opts.pop("level", None)  # the board's options: who plays, and how well
    seed = mode.seed
    moves = st = mode = None
    b.app.mode = None  # free the board's game before replaying (a small heap)
    gc.collect()
    again = bh.tayu.replay(opts, seed, history)
    assert again.digest() == digest


def test_a_full_game_of_bots_to_the_end():
    b = bh.Board()
    mode = bh.bot_game(b, {"players": 2, "edition": "goliath"}, seed=21)
    b.presses("right")  # arrows flip between the end screen and the board
    assert mode.view.overlay == td.NONE
    b.presses("left")
    assert mode.view.overlay == td.END
    # GameMode.over_button flips the overlay between its own names for the view's two
    from firmware import gamemode

    assert (td.NONE, td.END) == (gamemode.OVERLAY_NONE, gamemode.OVERLAY_END)
    b.presses("a")  # A: back to the menu
    assert b.app.mode.name == "menu"
    b.app.mode = mode
    mode = None  # the board holds its game alone: check_finished lets it go before replaying
    check_finished(b)


def goto_row(b, kind, key=None):
    m = b.app.mode
    for _ in range(len(m.rows) + 1):
        k, entry = m.rows[m.cursor]
        if k == kind and (key is None or (entry if k == "seat" else entry[0]) == key):
            return
        b.press(btn.DOWN)
    raise AssertionError("no menu row " + kind)


def menu_set(b, key, value):
    """Set an option with the buttons only."""
    if key in ("players",):
        goto_row(b, "players")
        for _ in range(4):
            if b.app.mode.players == value:
                return
            b.press(btn.RIGHT)
    else:
        goto_row(b, "opt", key)
        for _ in range(10):
            if b.app.mode.options[key] == value:
                return
            b.press(btn.RIGHT)
    raise AssertionError("cannot set " + key)


def all_bots(b):
    """Every seat a bot, flipped seat by seat on its own row (P1 HUMAN -> P1 BOT)."""
    m = b.app.mode
    for seat in range(m.players):
        goto_row(b, "seat", seat)
        if not m.bots[seat]:
            b.press(btn.RIGHT)
    assert all(m.bots), m.bots


VARIANTS = [
    {"players": 2, "edition": "kosmos", "stacks": True},
    {"players": 2, "edition": "goliath", "two_tiles": True},
    {"players": 2, "edition": "kosmos", "redraw_if_unscored": True},
    {"players": 3, "edition": "kosmos", "bidding": True},
    {"players": 3, "edition": "goliath", "bidding": False, "target": 16},
    {"players": 4, "edition": "goliath", "stacks": True, "two_tiles": True},
]


def run_variant(i):
    """Set variant i with the menu buttons, start it with every seat a bot, play it (to the end
    on CPython; 12 moves on MicroPython, where time and heap are short) and check it."""
    want = VARIANTS[i]
    gc.collect()
    b = bh.Board()
    for key in ("edition", "stacks", "two_tiles", "redraw_if_unscored", "bidding", "target"):
        if key in want:
            menu_set(b, key, want[key])
    menu_set(b, "players", want["players"])
    all_bots(b)
    goto_row(b, "start")
    b.presses("a")
    new = b.events("new")[-1]
    for key in want:
        assert new["options"][key] == want[key], (key, new["options"])
    assert new["options"]["bots"] == list(range(want["players"]))
    if "bidding" not in want:  # menu row left at AUTO: the edition's rule
        assert new["options"]["bidding"] == (want["edition"] == "kosmos")
    mode = b.app.mode
    if not MICRO:
        b.settle()
        mode = None
        check_finished(b)
        return
    while mode.count < 12:
        b.advance(100)
    digest = b.events("move")[-1]["digest"]
    assert digest == mode.state.digest()
    opts = dict(mode.options)
    del opts["bots"]
    opts.pop("level", None)  # the board's options: who plays, and how well
    history = mode.moves
    b = mode = None
    gc.collect()
    assert bh.tayu.replay(opts, new["seed"], history).digest() == digest


def test_variant_stacks_from_the_menu():
    run_variant(0)


def test_variant_two_tiles_from_the_menu():
    run_variant(1)


def test_variant_redraw_from_the_menu():
    run_variant(2)


def test_variant_three_players_bidding_from_the_menu():
    run_variant(3)


def test_variant_three_players_agreed_target_from_the_menu():
    run_variant(4)


def test_variant_four_players_stacks_two_tiles_from_the_menu():
    run_variant(5)


def test_hold_a_at_boot_starts_the_self_test():
    b = bh.Board(hold=1 << btn.A)
    assert b.app.mode.name == "selftest"
