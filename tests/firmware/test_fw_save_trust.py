"""Saves trusted only once checked (issue 28), on both runtimes: a copy counts only once its
record can start its game, the newest startable copy wins, every damaged copy is kept as
game.badN and said, a generation number never outgrows its reader, and START asks NEW?
whenever any copy of a game is on the flash."""

import board_helpers as bh
import panel_text as pt

from firmware import store, store_read
from firmware.store import Store

EDGE = 9999999999  # the highest generation of 10 digits, what the reader takes
TAYU = {"game": "tayu", "options": {"players": 2, "bots": []}, "seed": 5, "moves": []}


def texts(b):
    c = b.app.canvas
    return [pt.read_row(c, y, 1, c.width - 1) for y in range(c.height - 4)]


def good_save(moves=2, gen=4):
    """A Ta Yu record of `moves` legal moves and its save file of generation `gen`."""
    from shared_rules.tayu import rules as tayu

    st = tayu.new_game(players=2, seed=5)
    rec = dict(TAYU, moves=[])
    for _ in range(moves):
        m = st.legal_moves()[0]
        rec["moves"].append(str(m))
        st.apply(m)
    return rec, store.encode(rec, gen)


def unstartable_records():
    """Records whose envelope is whole but which cannot start: an unknown game, an unknown or
    bad option, moves that do not replay, a seat named twice."""
    return (dict(TAYU, game=5), dict(TAYU, game="chess"),
            dict(TAYU, options={"players": 2, "colour": "red"}),
            dict(TAYU, options={"players": 9}), dict(TAYU, moves=["zz"]),
            dict(TAYU, options={"players": 2, "bots": [1, 1]}))


def test_an_unstartable_newer_copy_never_hides_the_good_one():
    rec, good = good_save()
    for bad_rec in unstartable_records():
        bad = store.encode(bad_rec, 5)  # newer than the good copy, and whole
        fs = bh.MemFS({"game.sav": good, "game.new": bad})
        b = bh.Board(fs=fs)
        m = b.app.mode
        assert m.rows[m.cursor][0] == "resume", bad_rec
        if bad_rec["moves"] == ["zz"]:  # its fields are fine: only its replay tells
            assert not b.events("error") and fs.files["game.new"] == bad
        else:  # found at boot
            err = b.events("error")[-1]
            assert err["code"] == "save_recovered", (bad_rec, err)
            assert err["msg"].endswith("recovered the game from game.sav")
        b.presses("wait:6000 a")  # RESUME: the good copy's game
        assert b.app.mode.name == "tayu" and list(b.app.mode.state.history) == rec["moves"]
        assert fs.files["game.bad1"] == bad and "game.new" not in fs.files
        assert [e for e in b.events("error") if "game.new" in e["msg"] and
                "kept as game.bad1" in e["msg"]], b.events("error")
        b.close()


def test_start_asks_before_replacing_any_copy():
    # a copy the board could not set aside (its flash refuses the rename) is still a copy
    class StuckFS(bh.MemFS):
        def rename(self, old, new):
            if new.startswith("game.bad"):
                raise OSError(30)
            bh.MemFS.rename(self, old, new)

    bad = store.encode(dict(TAYU, game="chess"), 3)
    fs = StuckFS({"game.sav": bad})
    b = bh.Board(fs=fs)
    assert b.events("error")[-1]["code"] == "save_bad" and not b.app.saved
    assert "left in place" in b.events("error")[-1]["msg"]
    b.presses("wait:6000 a")  # START: asks, nothing replaced
    assert b.app.mode.name == "menu" and b.app.mode.confirm and "NEW?" in texts(b)
    assert fs.files["game.sav"] == bad
    b.presses("b")  # B keeps it
    assert fs.files["game.sav"] == bad and not b.events("new")
    b.presses("a a")  # START, then yes: only now is it replaced
    assert b.app.mode.name == "tayu" and fs.files["game.sav"] != bad


def test_a_whole_but_damaged_newer_copy_is_kept_and_said():
    rec, good = good_save()
    newer = store.encode(dict(rec, moves=rec["moves"][:1]), 5)
    class BigFS(bh.MemFS):  # its game.new says it is too big to read (no 24 KB on the heap)
        def size(self, path):
            return store.MAX_SAVE + 1 if path == "game.new" else bh.MemFS.size(self, path)

    damaged = ((newer[:-6] + b"zzzzz\n", bh.MemFS),  # a bad checksum
               (b"\x00garbage\xff" * 40, bh.MemFS),  # no header at all
               (newer, BigFS))  # too big to read
    for data, kind in damaged:
        fs = kind({"game.sav": good, "game.new": data})
        b = bh.Board(fs=fs)
        err = b.events("error")[-1]
        assert err["code"] == "save_recovered" and "game.new" in err["msg"], err
        assert fs.files["game.bad1"] == data and "game.new" not in fs.files
        assert b.app.banner == "SAVE RECOVERED"
        b.send({"cmd": "resume"})  # the good copy resumes, and the next save keeps the bad one
        assert b.app.mode.name == "tayu" and b.app.mode.count == len(rec["moves"])
        b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
        assert fs.files["game.bad1"] == data
        b.close()


def test_a_cut_during_a_save_is_still_no_damage():
    rec, good = good_save()
    newer = store.encode(dict(rec, moves=rec["moves"] + ["x"]), 5)
    for cut in (0, 3, len(store.MAGIC) + 4, len(newer) // 2, len(newer) - 18, len(newer) - 3):
        fs = bh.MemFS({"game.sav": good, "game.new": newer[:cut]})
        b = bh.Board(fs=fs)
        assert not b.events("error"), (cut, b.events("error"))
        assert b.app.saved and "game.bad1" not in fs.files
        b.close()


def test_generation_numbers_never_outgrow_their_reader():
    rec, last = good_save(gen=EDGE)
    fs = bh.MemFS({"game.sav": last})
    b = bh.Board(fs=fs)
    assert not b.events("error") and b.app.saved
    b.send({"cmd": "resume"})
    for _ in range(3):  # saves at the edge: each one readable, each one the newest
        b.send({"cmd": "move", "move": str(b.app.mode.state.legal_moves()[0])})
        assert store_read.unpack(fs.files["game.sav"])[0] == EDGE
    moves = list(b.app.mode.state.history)
    b = bh.Board(fs=fs)  # the next boot resumes the newest move
    assert not b.events("error") and b.app.saved
    b.send({"cmd": "resume"})
    assert list(b.app.mode.state.history) == moves and len(moves) == len(rec["moves"]) + 3
    # a cut between the write and the rename at the edge: the copy being written wins the tie
    fs.files["game.new"] = store.encode(dict(rec, moves=moves + ["?"]), EDGE)
    got, problem = Store(fs=fs, folder="").load()
    assert got["moves"] == moves + ["?"] and problem is None
    # one digit more than the reader takes is damage, not a save
    too_big = store.encode(rec, EDGE + 1)
    try:
        store_read.unpack(too_big)
        raise AssertionError("an 11-digit generation was read")
    except ValueError:
        pass
