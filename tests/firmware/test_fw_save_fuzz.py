"""Corrupt saves (both runtimes): a real save cut at every length, with every byte flipped, and
hostile saves with a valid checksum (infinite or fractional numbers, wrong types, deep nesting,
a file too big for the heap). The board always boots; a save it cannot use is set aside with
`save_bad`; a save it does use resumes the very game that was saved."""

import hashlib
import json

import board_helpers as bh

from firmware import store, store_read

BOARD = bh.Board(fs=bh.MemFS())
APP = BOARD.app


def a_real_save():
    """The save file of a Ta Yü game a few moves in, and its moves."""
    APP.start_game("tayu", {"players": 2, "bots": [1], "edition": "goliath"}, 9)
    st = APP.mode.state
    for _ in range(4):
        APP.handle({"cmd": "move", "move": str(st.legal_moves()[0])})
        APP.step()  # the pass writes the move's save once its frame is out
    data = BOARD.fs.files["game.sav"]
    moves = list(APP.mode.moves)
    APP.to_menu()
    return data, moves


SAVE, MOVES = a_real_save()


def boot_with(data):
    """Boot the board on a save file holding `data`; returns the codes of its error lines."""
    BOARD.fs.files = {"game.sav": data}
    BOARD.lines = []
    APP.boot()
    APP.step()
    return [e["code"] for e in BOARD.events("error")]


def check_boot(data):
    """Whatever the save holds, the board boots to its menu; a save it keeps resumes exactly
    the game that was saved, and one it cannot use is set aside as game.bad1."""
    errors = boot_with(data)
    assert APP.mode.name == "menu"
    if APP.saved:
        assert APP.resume(), BOARD.lines
        assert APP.mode.name == "tayu" and list(APP.mode.moves) == MOVES
        APP.to_menu()
        return True
    assert "save_bad" in errors and "game.bad1" in BOARD.fs.files, (errors, data)
    if not data:
        return False
    errors = [e["code"] for e in BOARD.events("error")]
    assert errors.count("save_bad") == 1
    return False


def test_a_save_cut_at_every_length_is_set_aside():
    kept = 0
    for n in range(len(SAVE)):
        kept += check_boot(SAVE[:n])
    assert kept <= 1  # only the one without its last newline (its checksum is whole)
    assert check_boot(SAVE)


def test_a_save_with_any_byte_flipped_never_resumes_another_game():
    kept = 0
    for i in range(len(SAVE)):
        for bit in (0, 5, 7):
            flipped = SAVE[:i] + bytes([SAVE[i] ^ (1 << bit)]) + SAVE[i + 1:]
            kept += check_boot(flipped)
    assert kept <= 3  # only a flip in the trailing newline may leave the save usable


def signed(body):
    """A save file with a valid checksum around any body text (the format before generations,
    which the board still reads)."""
    h = hashlib.sha256()
    h.update(body)
    import binascii

    return (store.HEADER + body + b"\n#" + binascii.hexlify(h.digest())[:16] + b"\n")


def signed3(body, gen=5):
    """The same in the format with generations (the digest covers the header too)."""
    import binascii

    head = store.MAGIC + str(gen).encode() + b"\n"
    h = hashlib.sha256()
    h.update(head + body)
    return head + body + b"\n#" + binascii.hexlify(h.digest())[:16] + b"\n"


def test_hostile_saves_with_a_valid_checksum_are_set_aside():
    gen, at, end = store_read.unpack(SAVE)
    good = json.loads(SAVE[at:end].decode())
    text = json.dumps(good)
    hostile = [text.replace('"seed": 9', '"seed": 1e999'),
               text.replace('"seed": 9', '"seed": 9.0'),
               text.replace('"seed": 9', '"seed": true'),
               text.replace('"players": 2', '"players": 1e999'),
               text.replace('"players": 2', '"players": 2.0'),
               text.replace('"goliath"', "1e999"),
               text.replace('"moves": [', '"moves": [1e999, '),
               text.replace('"moves": [', '"moves": [[[[[[1]]]]], '),
               text.replace('"game": "tayu"', '"game": "chess"'),
               text.replace('"game": "tayu"', '"game": 5'),
               '{"game": "tayu"}', "[1, 2]", "1e999", '"tayu"', "[" * 600 + "]" * 600]
    for body in hostile:
        assert body != text
        assert not check_boot(signed(body.encode())), body[:80]
        assert not check_boot(signed3(body.encode())), body[:80]
    assert check_boot(signed3(text.encode()))  # the genuine body in either format resumes
    assert check_boot(signed(text.encode()))


class HugeSaveFS(bh.MemFS):
    """A flash holding a 70 KB game.sav (reported by size(); reading it would fail the heap)."""

    def size(self, path):
        return 70 * 1024 if path == "game.sav" else bh.MemFS.size(self, path)

    def read(self, path):
        assert path != "game.sav", "the board read a save too big for its heap"
        return bh.MemFS.read(self, path)


def test_a_save_too_big_for_the_heap_is_set_aside_at_boot():
    board = bh.Board(fs=HugeSaveFS({"game.sav": SAVE}))
    assert board.app.mode.name == "menu" and not board.app.saved
    error = board.events("error")[0]
    assert error["code"] == "save_bad" and error["msg"].startswith("save damaged: too big")
    assert "game.bad1" in board.fs.files and "game.sav" not in board.fs.files


def test_a_70_kb_save_on_the_files_is_set_aside_unread():
    fs = bh.DirFS()
    try:
        fs.write("game.sav", (b"x" * 1024 for _ in range(70)))  # written piece by piece
        board = bh.Board(fs=fs)
        assert board.app.mode.name == "menu" and not board.app.saved
        assert board.events("error")[0]["msg"].startswith("save damaged: too big")
        assert fs.exists("game.bad1") and not fs.exists("game.sav")
    finally:
        fs.close()


def test_a_save_within_the_limit_is_never_set_aside_for_its_size():
    """Read whole, or (a heap too full to parse it now: this harness keeps Ta Yu's modules
    loaded) kept for RESUME with a `no room` note: never set aside for being big."""
    for kb in (6, 12, 23):
        record = {"game": "tayu", "options": {"players": 2}, "seed": 1,
                  "moves": ("9,8,E" for _ in range((kb * 1024 - 200) // 9))}
        fs = bh.DirFS()
        try:
            fs.write("game.sav", store.pieces(record))
            assert fs.size("game.sav") <= store.MAX_SAVE
            board = bh.Board(fs=fs)
            assert board.app.saved and fs.exists("game.sav") and not fs.exists("game.bad1")
            assert [e["msg"] for e in board.events("error")] in ([], ["no room to read the "
                                                                      "save now"])
        finally:
            fs.close()
