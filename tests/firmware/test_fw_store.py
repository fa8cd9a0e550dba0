"""Save/resume: a power cut at every step of a save leaves the old or the new game readable;
damaged and unknown saves are set aside and the board still boots (both runtimes)."""

import gc

import board_helpers as bh

from firmware import store, store_read


def record(n):
    return {"game": "tayu", "options": {"players": 2, "bots": [1]}, "seed": 5,
            "moves": ["m%d" % i for i in range(n)]}


def test_roundtrip_and_checksum():
    fs = bh.MemFS()
    s = store.Store(fs=fs, folder="")
    s.save(record(3))
    assert s.load() == (record(3), None)
    assert sorted(fs.files) == ["game.sav"]  # nothing left behind


def test_a_store_in_a_folder_makes_it_at_its_first_save():
    fs = bh.MemFS()
    s = store.Store(fs=fs, folder=store.SAVE_FOLDER)
    assert s.load() == (None, None) and not fs.folders  # reading makes nothing
    s.save(record(2))
    assert fs.folders == {store.SAVE_FOLDER}
    assert sorted(fs.files) == [store.SAVE_FOLDER + "/game.sav"]
    assert store.Store(fs=fs, folder=store.SAVE_FOLDER).load() == (record(2), None)


def _legacy_board():
    # what a firmware before SAVE_FOLDER left in the root: a save, its newer copy cut before
    # its rename, the settings, beside the firmware's own files
    old = store.Store(fs=bh.MemFS(), folder="")
    old.save(record(3))
    old.save_settings({"brightness": 40})
    fs = old.fs
    fs.files["game.new"] = store.encode(record(4), 9)
    fs.files["main.py"] = b"import app"
    return fs


def test_the_save_files_of_an_older_firmware_move_into_the_folder():
    fs = _legacy_board()
    s = store.Store(fs=fs, folder=store.SAVE_FOLDER)
    s.adopt("")
    moved = ["main.py", "save/game.new", "save/game.sav", "save/settings.sav"]
    assert sorted(fs.files) == moved and fs.folders == {"save"}
    assert s.load() == (record(4), None)  # the newest copy
    assert s.load_settings() == {"brightness": 40}
    s.save(record(5))
    fs.files["game.sav"] = store.encode(record(1), 99)  # an older firmware's, after the move
    store.Store(fs=fs, folder=store.SAVE_FOLDER).adopt("")  # the folder is there: not looked at
    assert "game.sav" in fs.files
    assert store.Store(fs=fs, folder=store.SAVE_FOLDER).load() == (record(5), None)


def test_a_power_cut_while_the_save_files_move_loses_none():
    steps = 1
    while True:
        fs = _legacy_board()
        fs.steps = 0
        fs.cut_after = steps
        try:
            store.Store(fs=fs, folder=store.SAVE_FOLDER).adopt("")
            done = True
        except bh.PowerCut:
            done = False
        fs.cut_after = -1
        s = store.Store(fs=fs, folder=store.SAVE_FOLDER)  # the next boot
        s.adopt("")
        assert s.load() == (record(4), None), steps
        assert s.load_settings() == {"brightness": 40}, steps
        assert sorted(fs.files)[0] == "main.py" and len(fs.files) == 4
        assert fs.folders == {"save"}, steps
        if done:
            break
        steps += 1
    assert steps == 5  # the folder made, three files moved, the folder renamed


def test_a_board_with_nothing_saved_makes_no_folder_at_boot():
    fs = bh.MemFS({"main.py": b"import app"})
    s = store.Store(fs=fs, folder=store.SAVE_FOLDER)
    s.adopt("")
    assert not fs.folders and s.load() == (None, None)


def test_every_move_is_read_back_across_the_pieces_a_save_writes():
    # the moves go out some at a time (a piece of _MOVES_A_PIECE): none, one, a piece, one
    # past it, several pieces; each file is one JSON line read back whole
    k = store._MOVES_A_PIECE
    for n in (0, 1, k - 1, k, k + 1, 3 * k + 5):
        data = store.encode(record(n), 7)
        body = data.split(b"\n")[1]
        assert body.count(b'"m') == n + 1  # each move, and the key "moves"
        assert store_read.decode(data) == record(n), n


def test_a_memo_of_the_moves_writes_the_same_file_whatever_the_moves_did():
    # the store keeps every move but the last encoded from save to save (memo_pieces); a save
    # after moves added, moves taken back (then others played), another game or another seed
    # must still be byte for byte the file written from nothing
    from firmware.store import MoveTexts
    from shared_rules.rng import Rng

    rng = Rng(11)
    k = store._MOVES_A_PIECE
    memo = store.new_memo()
    moves = []
    head = record(0)
    made = [0]

    def text(i):
        made[0] += 1
        return moves[i]

    for step in range(400):
        roll = rng.below(10)
        if roll < 6:
            moves.append("x%d" % rng.below(1000))
        elif roll < 8 and moves:
            back = 1 + rng.below(min(len(moves), k + 2))
            del moves[-back:]  # an undo, one move or more
            if rng.below(2):  # then as many others, or one more (as many moves as before)
                moves.extend("y%d" % rng.below(1000) for _ in range(back + rng.below(2)))
        elif roll == 8:
            head = dict(head, seed=rng.below(3))  # another game (its head), or the same one
        made[0] = 0
        data = b"".join(store.pieces(dict(head, moves=MoveTexts(text, len(moves))), step, memo))
        assert data == store.encode(dict(head, moves=list(moves)), step), step
        if roll < 6 and memo[1] > 1 and made[0] > 2:
            raise AssertionError("one more move made %d texts" % made[0])
        if step % 7 == 0:  # a list of texts is written as it comes: the memo stays as it was
            kept = [memo[0], memo[1], memo[2], list(memo[3]), list(memo[4])]
            assert b"".join(store.pieces(dict(head, moves=list(moves)), step, memo)) == data
            assert memo == kept


def test_tactik_history_is_saved_as_its_records_and_read_back_as_its_texts():
    # Tac-Tik's history (chunks of records, the last one growing in place) is saved as the
    # chunks themselves ("@" and base64), read back as the same strings, whose texts the game's
    # engine spells out
    from shared_rules.tactik import record as records
    from shared_rules.tactik import rules as tactik

    long = ["7 T%d-T%d xT%d" % (i, i + 7, i + 3) for i in range(30)]
    texts = ["give 1", "10 N-T64", "discard 3"] + long + ["1 N-T48"]
    chunks = [bytearray(b"".join(tactik._record(t) for t in texts[:20])),
              bytearray(b"".join(tactik._record(t) for t in texts[20:]))]
    moves = [records.saved(ch) for ch in chunks]
    fs = bh.MemFS()
    s = store.Store(fs=fs, folder="")
    s.save(dict(record(0), moves=moves))
    back = s.load()[0]
    assert back == dict(record(0), moves=moves)
    assert list(tactik.texts(back["moves"])) == texts
    assert len(store.encode(dict(record(0), moves=moves))) * 2 < \
        len(store.encode(dict(record(0), moves=texts)))


def test_a_save_after_one_move_makes_the_texts_of_two_moves():
    from firmware.store import MoveTexts

    fs = bh.MemFS()
    s = store.Store(fs=fs, folder="")
    made = []
    texts = ["t%d" % i for i in range(90)]

    def text(i):
        made.append(i)
        return texts[i]

    for n in range(1, 91):
        del made[:]
        s.save(dict(record(0), moves=MoveTexts(text, n)))
        assert s.load()[0] == dict(record(0), moves=texts[:n])
        # the new move, and the one before it (checked: an undo would have changed it)
        assert sorted(made) == sorted({n - 1, n - 2} - {-1}), (n, made)
    s.forget()  # another game: every text made once more
    del made[:]
    s.save(dict(record(0), moves=MoveTexts(text, 90)))
    assert len(made) == 90


def test_power_cut_at_every_step_of_a_save_keeps_old_or_new():
    old, new = record(4), record(5)
    base = bh.MemFS()
    store.Store(fs=base, folder="").save(old)
    # count the steps of a complete save
    probe = bh.MemFS(base.files)
    store.Store(fs=probe, folder="").save(new)
    total = probe.steps
    assert total >= 3  # a write (two steps: half the bytes land first) and a rename
    seen = {"old": 0, "new": 0}
    for cut in range(total + 1):
        fs = bh.MemFS(base.files)
        fs.cut_after = cut
        try:
            store.Store(fs=fs, folder="").save(new)
            finished = True
        except bh.PowerCut:
            finished = False
        assert finished == (cut >= total)
        fs.cut_after = -1  # power is back: boot and load
        rec, problem = store.Store(fs=fs, folder="").load()
        assert problem is None, (cut, problem)
        assert rec in (old, new), (cut, rec)
        seen["old" if rec == old else "new"] += 1
        # and the next save after the reboot works and cleans up
        store.Store(fs=fs, folder="").save(record(6))
        assert store.Store(fs=fs, folder="").load() == (record(6), None)
    assert seen["old"] > 0 and seen["new"] > 0


def test_power_cut_during_the_first_save_leaves_no_game_or_the_game():
    probe = bh.MemFS()
    store.Store(fs=probe, folder="").save(record(1))
    for cut in range(probe.steps + 1):
        fs = bh.MemFS()
        fs.cut_after = cut
        try:
            store.Store(fs=fs, folder="").save(record(1))
        except bh.PowerCut:
            pass
        fs.cut_after = -1
        rec, problem = store.Store(fs=fs, folder="").load()
        assert problem is None and rec in (None, record(1)), (cut, rec, problem)


def test_damaged_save_is_set_aside_and_reported():
    for bad in (b"", b"garbage", b"LANTERNE-SAVE 1 0000000000000000\n{}",
                store.encode(record(2))[:-3], b"\xff\xfe\x00"):
        fs = bh.MemFS({"game.sav": bad})
        s = store.Store(fs=fs, folder="")
        rec, problem = s.load()
        assert rec is None and problem and "damaged" in problem
        assert fs.files.get("game.bad1") == bad and "game.sav" not in fs.files


def test_board_boots_with_a_corrupt_save_and_offers_a_new_game():
    fs = bh.MemFS({"game.sav": b"LANTERNE-SAVE 1 zz\n{not json"})
    b = bh.Board(fs=fs)
    errs = b.events("error")
    assert len(errs) == 1 and errs[0]["code"] == "save_bad"
    assert b.app.mode.name == "menu" and b.app.saved is None
    assert "game.bad1" in fs.files
    assert b.app.mode.rows[b.app.mode.cursor][0] == "start"
    b.presses("a")  # nothing saved: START starts a new game at once
    assert b.app.mode.name == "tayu"


def test_board_sets_aside_a_save_of_an_unknown_game_or_unreplayable_moves():
    fs = bh.MemFS({"game.sav": store.encode({"game": "chess", "options": {}, "seed": 1,
                                             "moves": []})})
    b = bh.Board(fs=fs)
    assert b.events("error")[0]["code"] == "save_bad" and "chess" in b.events("error")[0]["msg"]
    assert b.app.mode.name == "menu" and "game.bad1" in fs.files
    assert "(kept as game.bad1)" in b.events("error")[0]["msg"]
    fs = bh.MemFS({"game.sav": store.encode({"game": "tayu", "options": {"players": 2},
                                             "seed": 1, "moves": ["0,0,E"]})})
    b = bh.Board(fs=fs)
    assert b.app.saved is not None and b.app.mode.rows[1][0] == "resume"
    assert b.app.mode.cursor == 1  # the menu opens on RESUME
    b.presses("a")  # RESUME: the move is illegal -> set aside, menu again
    assert b.app.mode.name == "menu" and b.events("error")[-1]["code"] == "save_bad"
    assert "game.bad1" in fs.files and b.app.saved is None
    assert b.app.mode.cursor == 0  # nothing saved now: START


def test_resume_after_a_power_cut_in_the_middle_of_a_game():
    fs = bh.MemFS()
    b = bh.Board(fs=fs)
    b.app.start_game("tayu", {"players": 2, "bots": []}, 11)
    mode = b.app.mode
    for _ in range(6):
        mode.play(mode.state.legal_moves()[0])
        b.app.step()  # the save is written once the move's frame is out
    moves = list(mode.moves)
    fs.cut_after = fs.steps + 1  # the next save dies half way through its write
    try:
        mode.play(mode.state.legal_moves()[0])
        b.app.step()
        raise AssertionError("power cut not reached")
    except bh.PowerCut:
        pass
    fs.cut_after = -1
    last = mode.moves[-1]
    b = mode = None
    gc.collect()
    b2 = bh.Board(fs=fs)  # reboot
    assert b2.app.saved is not None
    b2.presses("a")  # RESUME: the menu opens on it
    m2 = b2.app.mode
    assert m2.name == "tayu"
    assert m2.moves in (moves, moves + [last])
    again = bh.tayu.replay({"players": 2}, 11, m2.moves)
    assert m2.state.digest() == again.digest()
    assert b2.events("new")[-1]["resumed"] is True
