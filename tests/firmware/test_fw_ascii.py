"""One language on both runtimes (issue 19), on the serial link: each Unicode case of the probe
(a move written with other scripts' digits, Unicode spaces, \\x1c-\\x1f) is refused with the same
error line on CPython and MicroPython (this file runs on both, the messages written out here),
and every command's fields of the wrong type are `bad_arg`, `stats`' `reset` included.
tests/test_fuzz_runtimes.py feeds the same cases and thousands more to both and compares."""

import gc
import json

import board_helpers as bh
import probe_lines as pl

from firmware import games

NEW = b'{"cmd": "new", "game": "tayu", "options": {"players": 2}, "seed": 7}'
LISTED = ("\u0669,8,E", "\uff19,8,E", "9,\u0668,E", "9,8,\uff25", "9,8,\u017f", "\u00a09,8,E",
          "9,8,E\u00a0", "9\u00a0,8,E", "9,\u20038,E", "\u30009,8,E", "\x1c9,8,E", "9,8,E\x1f",
          "9,\x1d8,E", "9\x1e,8,E", "\x859,8,E", "9,8,E\n", "9,8,E\x00")


def replies(b, raw):
    gc.collect()  # the test's own garbage goes first: on MicroPython it shares the board's heap
    n = b.app.link.seq
    b.app.link.feed(raw + b"\n")
    b.serve()
    out = []
    for t in b.lines:
        obj = json.loads(t)
        if obj["seq"] >= n:
            del obj["v"], obj["seq"]
            out.append(obj)
    return out


def move_line(text, raw=False):
    return b'{"cmd": "move", "move": ' + pl.literal(text, raw) + b"}"


def test_every_listed_unicode_move_is_refused_with_the_same_error():
    b = bh.Board(fs=bh.MemFS())
    assert replies(b, NEW)[0]["ev"] == "new"
    digest = b.app.mode.state.digest()
    for text in LISTED:
        for raw in (False, True):
            want = [{"ev": "error", "code": "illegal", "msg": "bad move: " + text, "cmd": "move"}]
            assert replies(b, move_line(text, raw)) == want, repr(text)
    # a mathematical bold 9 (above U+FFFF, sent as UTF-8): the reply escapes it as a surrogate
    # pair, which MicroPython's json.loads reads as two characters, so the line itself is read
    replies(b, move_line("\U0001d7d7,8,E", True))
    assert '"msg": "bad move: \\ud835\\udfd7,8,E"' in b.lines[-1], b.lines[-1]
    assert '"code": "illegal"' in b.lines[-1]
    assert b.app.mode.state.digest() == digest and b.app.mode.count == 0
    # the same move in ASCII (space and tab are the whitespace) is played
    assert replies(b, move_line("\t9, 8, e "))[0]["move"] == "9,8,E"


def test_a_replayed_unicode_move_is_refused_and_the_game_goes_on():
    b = bh.Board(fs=bh.MemFS())
    replies(b, NEW)
    replies(b, move_line("9,8,E"))
    for text in ("\u0669,8,E", "9,8,E\u00a0", "\x1c9,8,E"):
        line = NEW[:-1] + b', "moves": [' + pl.literal(text) + b"]}"
        want = [{"ev": "error", "code": "bad_arg", "msg": "bad move: " + text, "cmd": "new"}]
        assert replies(b, line) == want, repr(text)
    assert b.app.mode.count == 1


def test_stats_reset_must_be_true_or_false():
    b = bh.Board(fs=bh.MemFS())
    for value in pl.STATS_RESETS:
        line = b'{"cmd": "stats", "reset": %s}' % value.encode()
        want = [{"ev": "error", "code": "bad_arg", "msg": "reset must be true or false",
                 "cmd": "stats"}]
        assert replies(b, line) == want, line
    for value in (b"true", b"false"):
        assert replies(b, b'{"cmd": "stats", "reset": %s}' % value)[0]["ev"] == "stats"
    assert replies(b, b'{"cmd": "stats"}')[0]["ev"] == "stats"


def test_fields_of_the_wrong_type_are_bad_arg():
    b = bh.Board(fs=bh.MemFS())
    replies(b, NEW)
    for value in pl.MOVES:
        want = [{"ev": "error", "code": "bad_arg", "msg": "move needs a string 'move'",
                 "cmd": "move"}]
        assert replies(b, b'{"cmd": "move", "move": %s}' % value.encode()) == want, value
    for value in pl.GAMES[:8]:  # not texts: str() of a float differs between runtimes
        line = b'{"cmd": "new", "game": %s, "seed": 1}' % value.encode()
        want = [{"ev": "error", "code": "bad_arg",
                 "msg": "game must be a text: " + ", ".join(games.names()), "cmd": "new"}]
        assert replies(b, line) == want, line
    for line in pl.typed_lines():
        got = replies(b, line)
        assert len(got) == 1 and got[0]["ev"] == "error", (line, got)
        assert got[0]["code"] in ("bad_arg", "bad_cmd", "unknown_cmd"), (line, got)
    assert b.app.mode.count == 0 and b.app.errors == 0


def test_the_first_bad_option_named_is_the_same_on_both_runtimes():
    b = bh.Board(fs=bh.MemFS())
    line = (b'{"cmd": "new", "game": "tayu", "seed": 1, "options": {"target": 0, "players": 2,'
            b' "stacks": 1, "edition": 9, "bots": [7], "zz": 1, "aa": 2}}')
    want = [{"ev": "error", "code": "bad_arg", "msg": "unknown option: aa", "cmd": "new"}]
    assert replies(b, line) == want
