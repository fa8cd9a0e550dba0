"""Tac-Tik's history records (shared_rules/tactik/rules.py, `_record`; record.py reads them):
a game keeps each move as a few bytes, spelt back into the very texts it played, and a save
holds them as "@" and base64 strings, which come back as those texts; a corrupt one is refused
with a ValueError, never read as other moves. Both runtimes."""

from shared_rules.tactik import record
from shared_rules.tactik import rules as tactik
from shared_rules.tactik import setup as tactik_setup


def _game(players, seed, limit):
    """A game of greedy moves and the texts played, at most `limit` moves."""
    s = tactik.new_game(players, seed)
    texts = []
    while not s.is_over() and len(texts) < limit:
        m = tactik.greedy_move(s)
        texts.append(m.text)
        s.apply(m)
    return s, texts


def _spell(chunk, room):
    """A chunk's texts spelt by record.fill into a buffer of `room` bytes, a piece at a time."""
    buf = bytearray(room)
    out = []
    i = 0
    while i < len(chunk):
        r = record.fill(chunk, len(chunk), i, buf, room)
        assert r >> 16 > i and 0 < r & 0xFFFF <= room
        i = r >> 16
        out.append(bytes(buf[: r & 0xFFFF]).decode())
    return "".join(out)


def _raises(fn, *args):
    try:
        fn(*args)
    except ValueError as exc:
        return str(exc)
    raise AssertionError("taken: %r" % (args,))


def test_the_records_spell_the_texts_played_and_a_save_holds_them():
    for players, seed in ((4, 3), (6, 6), (2, 5)):
        s, texts = _game(players, seed, 260)
        want = ";".join(texts) + ";"
        chunks = s.history_chunks()
        for room in (128, 256):
            assert "".join(_spell(ch, room) for ch in chunks) == want, (players, seed, room)
        assert s.last_move() == texts[-1] and s.history == texts
        assert all(0 < len(ch) <= 128 and ch[0] >= 128 for ch in chunks)  # rules._CHUNK
        records = sum(len(ch) for ch in chunks)
        assert records * 3 < len(want)  # what the records are for: a small history
        saved = s.history_blocks()
        assert [record.chunk(b) for b in saved] == [bytes(ch) for ch in chunks]
        # what JSON writes as it is, each within a save's longest text (firmware/field_checks)
        assert all(len(b) <= 240 and b[0] == "@" for b in saved)
        assert all(c.isalpha() or c.isdigit() or c in "@+/=" for c in "".join(saved))
        assert list(tactik.texts(saved)) == texts
        assert tactik.replay(s.options(), s.seed, saved).digest() == s.digest()


def test_every_form_of_text_comes_back_as_it_was():
    # plays of every card and kind, base holes of every colour, pawns taken, and texts the
    # codes do not cover (kept as they are: never lost, never changed)
    texts = ["give 1", "give -4", "discard P", "discard 12", "10 N-T16", "12 T48-T60",
             "-4 T16-T12", "P T64-kB2", "6 T12-wB4", "7 T80-T87", "7 T1-T3 T5-T9 xT4 xT7",
             "7 rB1-rB3 T5-T7 xT6", "9 T95-N", "3 gB1-gB4", "7 T10-T17 xB2", "7 T05-T12",
             "8 T96-T99", "5 yB5-T3", "1 N-T0", "pass", "7 T1-T3 junk"]
    chunk = bytearray(b"".join(tactik._record(t) for t in texts))
    want = ";".join(texts) + ";"
    for room in (128, 200, 1024):
        assert _spell(chunk, room) == want, room
    assert list(tactik.texts([record.saved(chunk)])) == texts
    assert len(tactik._record("7 T1-T3 T5-T9 xT4 xT7")) == 9  # coded: a byte a hole, a mark
    assert tactik._record("7 T05-T12")[1:] == b"7 T05-T12"  # as it is
    _raises(tactik._record, "7" + " T1-T2" * 20)  # longer than a record holds


def test_a_corrupt_saved_chunk_is_refused():
    # a save's digest finds a changed file; these are what a chunk's own checks meet: each
    # fails with a ValueError (the board says so and keeps its game), never another error
    s, texts = _game(4, 3, 40)
    good = s.history_blocks()[0]
    for bad in ("@", "@!!!!", "@" + good[2:], "@" + "QUJD" * 70,
                record.saved(bytes([176]) + b"x" * 170),  # a text longer than any move
                record.saved(bytes([128 + 15, 127, 3, 200])),  # codes no move has
                record.saved(b"give 1")):  # bytes that are no record
        assert _raises(tactik.replay, s.options(), s.seed, [bad]), bad
    _raises(record.chunk, "QUJD")  # no "@"
    assert tactik.replay(s.options(), s.seed, [good]).history == texts


def test_undo_at_every_record_boundary_keeps_the_records_in_step():
    # rewind() cuts the records where a text ends: each cut state plays on to the same game
    s, texts = _game(6, 11, 140)
    for k in range(1, len(texts), 7):
        u = s.rewind(k)
        assert u.history == texts[:k] and u.last_move() == texts[k - 1]
        assert sum(len(ch) for ch in u.history_chunks()) == \
            sum(len(tactik._record(t)) for t in texts[:k])


def test_a_position_built_by_hand_starts_with_no_records():
    b = tactik_setup.from_positions({"red": ["T5"]}, 4, 0)
    assert b.history_chunks() == [] and b.last_move() is None and b.history_blocks() == []
