"""Tac-Tik's history records (shared_rules/tactik/rules.py, `_record`): a game keeps each move
as a few bytes, and its native reader (fastrecord.py, MicroPython) and the Python twin
(plainrecord.py) spell out the very texts the game played, on both runtimes."""

from native_twins import check_load_native, with_each_loop

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


def _spelt(chunk, room):
    """A chunk's texts spelt by record_pieces into a buffer of `room` bytes, and the pieces."""
    pieces = [bytes(p) for p in tactik.record_pieces(chunk, bytearray(room))]
    assert all(0 < len(p) <= room for p in pieces)
    return b"".join(pieces).decode(), len(pieces)


def _spell_all(chunks, room):
    """Every chunk's texts, one string."""
    return "".join(_spelt(ch, room)[0] for ch in chunks)


def test_the_native_and_plain_readers_spell_the_texts_played():
    for players, seed in ((4, 3), (6, 6), (2, 5)):
        s, texts = _game(players, seed, 260)
        want = ";".join(texts) + ";"
        for room in (128, 256):
            got, plain = with_each_loop(tactik, _spell_all, s.history_chunks(), room)
            assert got == plain == want, (players, seed, room)
        assert s.last_move() == texts[-1]
        records = sum(len(ch) for ch in s.history_chunks())
        assert records * 3 < len(want)  # what the records are for: a small history


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
        got, plain = with_each_loop(tactik, _spell_all, [chunk], room)
        assert got == plain == want, room
    assert len(tactik._record("7 T1-T3 T5-T9 xT4 xT7")) == 9  # coded: a byte a hole, a mark
    assert tactik._record("7 T05-T12")[1:] == b"7 T05-T12"  # as it is
    try:
        tactik._record("7" + " T1-T2" * 20)
        raise AssertionError("a text longer than a record holds was taken")
    except ValueError:
        pass


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
    assert b.history_chunks() == [] and b.last_move() is None


def test_load_native_finds_the_reader_exactly_where_there_is_native_code():
    check_load_native(tactik)
