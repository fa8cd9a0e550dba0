"""The board's own measurements (`stats`) and the save written after a move's frame (both
runtimes; the pass that writes it: test_fw_move_passes.py)."""

import sys
import time

import board_helpers as bh

from firmware import store_read

_MICROPYTHON = sys.implementation.name == "micropython"


def test_stats_reply_splits_a_press_into_stages_and_reports_the_heap():
    b = bh.Board()
    b.presses("a")  # START: Ta Yü against the bot
    b.send({"cmd": "stats", "reset": True})
    b.presses("left right")
    b.send({"cmd": "stats"})
    st = b.events("stats")[-1]
    press = st["press_us"]
    assert press["count"] == 2
    split = press["split"]
    assert sorted(split) == ["bytes", "draw", "state", "wait", "write"]
    assert min(split.values()) >= 0 and sum(split.values()) <= press["last"] <= press["worst"]
    assert st["loop_us"]["worst"] >= st["loop_us"]["last"] >= 0
    assert st["fw"] and st["uptime_ms"] >= 0
    if _MICROPYTHON:
        assert 0 < st["mem_free"] and 0 < st["mem_alloc"]
    else:
        assert st["mem_free"] == -1 and st["mem_alloc"] == -1


def _slow_next_advance(board, seconds=0.04, stage="advance"):
    """The game's next advance (a pass's search piece, say), or its `stage` (settle: after
    the frame), runs `seconds` long; returns a list whose item turns False once it has."""
    mode = board.app.mode
    real = getattr(mode, stage)
    slow = [True]

    def slowed(*args):
        if slow[0]:
            slow[0] = False
            time.sleep(seconds)
        return real(*args)

    setattr(mode, stage, slowed)
    return slow


def test_the_worst_loop_pass_is_split_by_stage():
    b = bh.Board()
    b.presses("a")
    b.send({"cmd": "stats", "reset": True})
    _slow_next_advance(b)
    b.advance(100)
    b.send({"cmd": "stats"})
    loop = b.events("stats")[-1]["loop_us"]
    split = loop["worst_split"]
    assert sorted(split) == ["advance", "frame", "host", "input", "settle", "sweep"]
    assert min(split.values()) >= 0 and sum(split.values()) == loop["worst"]
    assert split["advance"] >= 40000 and split["advance"] == max(split.values())


def test_a_pass_that_began_before_a_reset_is_not_counted():
    b = bh.Board()
    b.presses("a")
    slow = _slow_next_advance(b, stage="settle")
    b.send({"cmd": "stats", "reset": True})  # the pass that serves it runs long after it
    assert not slow[0]
    b.advance(100)
    b.send({"cmd": "stats"})
    loop = b.events("stats")[-1]["loop_us"]
    assert 0 <= loop["worst"] < 40000
    assert sum(loop["worst_split"].values()) == loop["worst"]


def test_a_bot_move_is_timed_and_the_heap_low_water_is_kept():
    b = bh.Board()
    b.send({"cmd": "new", "game": "tayu", "seed": 5, "options": {"players": 2, "bots": [0, 1]}})
    b.send({"cmd": "stats", "reset": True})
    b.advance(1000)  # 100 ms a bot: several moves
    b.send({"cmd": "stats"})
    st = b.events("stats")[-1]
    moves = len(b.events("move"))
    assert moves >= 3
    mv = st["move_us"]
    assert mv["count"] == moves and len(mv["recent"]) == moves
    assert mv["recent"][-1] == mv["last"]
    assert 0 <= min(mv["recent"]) <= max(mv["recent"]) == mv["worst"]
    assert st["save_us"]["worst"] >= st["save_us"]["last"] >= 0
    think = st["think_us"]  # each bot turn, its pause to its move shown
    assert think["count"] == moves and think["worst"] >= think["last"] >= mv["last"]
    assert think["total_ms"] >= 0
    if _MICROPYTHON:
        assert 0 < st["mem_low"] <= st["mem_free"] + st["mem_alloc"]
    b.send({"cmd": "stats", "reset": True})
    b.send({"cmd": "stats"})
    assert b.events("stats")[-1]["move_us"]["count"] == 0
    assert b.events("stats")[-1]["think_us"]["count"] == 0


def test_a_human_move_is_no_bot_turn():
    b = bh.Board(bot_delay_ms=100000)
    b.presses("a")  # START: Ta Yü, the human first
    b.send({"cmd": "stats", "reset": True})
    b.presses("a:long a")  # the ghost jumps to a legal spot; A places it
    b.send({"cmd": "stats"})
    st = b.events("stats")[-1]
    assert len(b.events("move")) == 1 and st["think_us"]["count"] == 0


def test_a_move_is_saved_after_its_frame():
    fs = bh.MemFS()
    b = bh.Board(fs=fs, bot_delay_ms=100000)
    b.presses("a")
    mode = b.app.mode
    order = []
    show, save = b.hw.show, b.app.store.save
    b.hw.show = lambda: (order.append("frame"), show())
    b.app.store.save = lambda rec: (order.append("save"), save(rec))
    b.presses("a:long a")  # the ghost jumps to a legal spot; A places it
    assert len(b.events("move")) == 1
    i = order.index("save")  # the move's frame, then its save (then the next hand's frame)
    assert order.count("save") == 1 and i > 0 and order[i - 1] == "frame"
    rec = store_read.decode(fs.files["game.sav"])
    assert list(rec["moves"]) == list(mode.moves)


def test_a_pass_serving_the_host_leaves_the_games_work_to_the_next_but_never_two():
    # a `stats` reply and a bot's search piece (tens of ms each on a Pico) never add up in
    # one pass; a stream of commands, one a pass, still lets the game go on every other pass
    b = bh.Board()
    b.send({"cmd": "new", "game": "tayu", "seed": 5, "options": {"players": 2, "bots": [0, 1]}})
    mode = b.app.mode
    real = mode.advance
    ran = []

    def advance(now):
        ran.append(now)
        return real(now)

    mode.advance = advance
    b.app.step()
    assert len(ran) == 1
    b.app.link.feed(b'{"cmd": "stats"}\n')
    b.app.step()
    assert len(ran) == 1 and b.events("stats")  # served, the game's work waited
    b.app.step()
    assert len(ran) == 2
    for _ in range(4):  # a command every pass
        b.app.link.feed(b'{"cmd": "stats"}\n')
        b.app.step()
    assert len(ran) == 4 and len(b.events("stats")) == 5
    b.app.to_menu()  # the menu has no work of its own: it answers and moves in one pass
    menu = b.app.mode
    real_menu = menu.advance
    menu.advance = lambda now: ran.append(now) or real_menu(now)
    b.app.link.feed(b'{"cmd": "stats"}\n')
    b.app.step()
    assert len(ran) == 5
