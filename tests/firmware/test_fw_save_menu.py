"""Issue 19 on the board (both runtimes): no press throws a saved game away (the menu opens on
RESUME, START over a save asks NEW? A=Y B=N, on a board of holes too), a damaged save falls back
to its good copy and says so, damaged files are kept as game.bad1..3, the brightness comes back
after a reboot, and a move is announced only once its save is on the flash."""

import board_helpers as bh
import panel_text as pt

from firmware import salvage, store, store_read
from firmware.store import Store

TAYU = {"game": "tayu", "options": {"players": 2, "bots": [1]}, "seed": 5, "moves": []}
HOLES = bh.profile.find("tactik_holes")["layouts"]["tactik"]["4"]


def texts(b):
    c = b.app.canvas
    return [pt.read_row(c, y, 1, c.width - 1) for y in range(c.height - 4)]


def saved_board(moves=3, fs=None):
    """A board with a Ta Yu game of `moves` moves saved, rebooted: (board, the saved record)."""
    fs = fs or bh.MemFS()
    b = bh.Board(fs=fs)
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 5})
    st = b.app.mode.state
    for _ in range(moves):
        b.send({"cmd": "move", "move": str(st.legal_moves()[0])})
    b.app.step()
    rec = store_read.decode(fs.files["game.sav"])
    assert len(rec["moves"]) == moves
    b = None
    return bh.Board(fs=fs), rec


def test_the_menu_opens_on_resume_and_start_asks_before_replacing_the_save():
    b, rec = saved_board()
    m = b.app.mode
    assert m.rows[m.cursor][0] == "resume" and b.app.saved
    before = b.fs.files["game.sav"]
    b.presses("up a")  # START over a saved game: the question, nothing replaced yet
    assert m.confirm and b.app.mode is m
    assert "NEW?" in texts(b) and "A=Y B=N" in texts(b)
    b.presses("down up left right a:long")  # only A or B answer it
    assert m.confirm and b.fs.files["game.sav"] == before
    b.presses("b")  # B keeps the save
    assert not m.confirm and b.app.mode is m and b.fs.files["game.sav"] == before
    assert "NEW?" not in texts(b) and b.app.saved
    assert not b.events("new")
    b.presses("a")  # START again (the cursor stayed there), then A: a new game
    assert m.confirm
    b.presses("a")
    assert b.app.mode.name == "tayu" and b.app.mode.count == 0
    assert b.events("new")[-1].get("resumed") is None
    assert list(store_read.decode(b.fs.files["game.sav"])["moves"]) == []


def test_one_press_at_boot_resumes_the_saved_game():
    b, rec = saved_board(moves=4)
    b.presses("a")
    assert b.app.mode.name == "tayu" and list(b.app.mode.moves) == list(rec["moves"])
    assert b.events("new")[-1]["resumed"] is True


def test_without_a_save_start_is_one_press():
    b = bh.Board(fs=bh.MemFS())
    m = b.app.mode
    assert m.rows[m.cursor][0] == "start" and not b.app.saved
    b.presses("a")
    assert b.app.mode.name == "tayu"


def test_the_board_of_holes_asks_new_in_green_and_b_keeps_the_save():
    fs = bh.MemFS()
    record = {"game": "tactik", "options": {"players": 4, "bots": [1, 2, 3]}, "seed": 3,
              "moves": []}
    Store(fs=fs, folder="").save(record)
    b = bh.Board("tactik_holes", fs=fs)
    m = b.app.mode
    assert m.rows[m.cursor][0] == "resume"
    corner = tuple(HOLES["origin"])  # a hole the menu leaves dark
    assert not b.app.canvas.get(corner[0], corner[1])
    before = fs.files["game.sav"]
    b.presses("up a")
    rgb = b.app.canvas.get(corner[0], corner[1])
    assert m.confirm and rgb and (rgb >> 8) & 0xFF and not rgb >> 16 and not rgb & 0xFF  # green
    b.presses("b")
    assert not m.confirm and not b.app.canvas.get(corner[0], corner[1])
    assert fs.files["game.sav"] == before and b.app.mode is m
    started = []  # (a Tac-Tik game does not fit beside this harness's Ta Yu modules on MicroPython)
    b.app.start_game = lambda game, options, seed, clean: started.append(
        (game, options["players"], clean))
    b.presses("a")
    assert m.confirm and not started
    b.presses("a")
    assert started == [("tactik", 4, True)] and not m.confirm


def test_a_damaged_save_falls_back_to_its_good_copy_and_says_so():
    good = store.encode(TAYU, 8)
    damaged = store.encode(dict(TAYU, seed=6), 9)[:-5] + b"zzzz\n"
    fs = bh.MemFS({"game.sav": damaged, "game.new": good})
    b = bh.Board(fs=fs)
    err = b.events("error")[-1]
    assert err["code"] == "save_recovered"
    assert "game.sav" in err["msg"] and "kept as game.bad1" in err["msg"]
    assert err["msg"].endswith("recovered the game from game.new")
    assert b.app.banner == "SAVE RECOVERED"
    assert fs.files["game.bad1"] == damaged
    m = b.app.mode
    assert m.rows[m.cursor][0] == "resume"
    b.presses("wait:6000 a")
    assert b.app.mode.name == "tayu" and b.app.mode.seed == 5
    assert sorted(fs.files) == ["game.bad1", "game.sav"]  # the recovered copy is game.sav now


def test_a_damaged_save_beside_the_old_format_copy():
    old = store.encode(TAYU)
    legacy = store.HEADER + old[old.find(b"\n") + 1:]  # not signed for this format: damaged
    fs = bh.MemFS({"game.sav": legacy[:40], "game.old": store.encode(TAYU, 0)})
    rec, problem = Store(fs=fs, folder="").load()
    assert rec == TAYU and "recovered the game from game.old" in problem


def test_every_copy_damaged_is_a_clear_message_and_every_file_is_kept():
    new = store.encode(TAYU, 4)[:-9] + b"\n"
    old = b"LANTERNE-SAVE 3 3\n{garbage"
    fs = bh.MemFS({"game.new": new, "game.old": old})
    b = bh.Board(fs=fs)
    err = b.events("error")[-1]
    assert err["code"] == "save_bad" and err["msg"].endswith("no good copy left")
    assert "game.new" in err["msg"] and "game.old" in err["msg"]
    assert b.app.banner == "SAVE LOST" and not b.app.saved
    assert sorted(fs.files) == ["game.bad1", "game.bad2"]
    assert sorted(fs.files.values()) == sorted([new, old])


def test_a_half_written_save_beside_the_last_one_is_no_damage():
    fs = bh.MemFS({"game.sav": store.encode(TAYU, 4), "game.new": store.encode(TAYU, 5)[:30]})
    b = bh.Board(fs=fs)
    assert not b.events("error") and b.app.saved  # a cut during a save: the last one stands


def test_bad_files_are_numbered_and_only_the_oldest_bad_one_goes():
    fs = bh.MemFS({"game.bad": b"legacy"})
    seen = []
    for i in range(5):
        fs.files["game.sav"] = b"LANTERNE-SAVE 3 1\nbroken %d" % i
        b = bh.Board(fs=fs)
        assert b.events("error")[-1]["code"] == "save_bad"
        seen.append(fs.files["game.bad%d" % min(i + 2, salvage.MAX_BAD)])
        b = None
    bad = sorted(n for n in fs.files if n.startswith("game.bad"))
    assert bad == ["game.bad1", "game.bad2", "game.bad3"]  # at most three
    assert [fs.files[n] for n in bad] == seen[-3:]  # the newest three, oldest first


def test_the_brightness_comes_back_after_a_reboot_never_as_zero():
    fs = bh.MemFS()
    b = bh.Board(fs=fs)
    first = b.app.brightness
    m = b.app.mode
    while m.rows[m.cursor][0] != "light":
        b.presses("down")
    b.presses("right right")
    chosen = b.app.brightness
    assert chosen != first and "settings.sav" in fs.files
    b = m = None  # one board at a time, as on a Pico-sized heap
    b = bh.Board(fs=fs)  # reboot
    assert b.app.brightness == chosen
    assert b.app.output.brightness == chosen
    b.send({"cmd": "brightness", "value": 0})
    assert b.events("brightness")[-1]["value"] == b.app.brightness
    b = None
    b = bh.Board(fs=fs)
    assert b.app.brightness >= 1  # a dark board would look dead
    steps = fs.steps
    b.send({"cmd": "brightness", "value": b.app.brightness})  # the same value: nothing written
    assert fs.steps == steps


def test_a_move_is_announced_only_once_its_save_is_written():
    fs = bh.MemFS()
    b = bh.Board(fs=fs)
    seen = []
    write = b.write

    def check(line):  # every move event: the save on flash already holds that move
        if '"ev": "move"' in line:
            seen.append(len(store_read.decode(fs.files["game.sav"])["moves"]))
        write(line)

    b.app.link.write = check
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": [1]}, "seed": 5})
    b.presses("a:long a")  # a human move, then the bot's
    b.settle()
    b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
    b.app.step()
    assert seen == [1, 2, 3]
    # and a cut during a move's save: no event for it, the board resumes without it
    fs.cut_after = fs.steps + 1
    try:
        b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
        b.app.step()
        raise AssertionError("power cut not reached")
    except bh.PowerCut:
        pass
    assert seen == [1, 2, 3] and len(b.events("move")) == 3
    fs.cut_after = -1
    b = write = None  # the cut board goes before the next one boots (a 212k heap holds one)
    b = bh.Board(fs=fs)
    b.presses("a")
    assert b.app.mode.count == 3  # what the host heard
