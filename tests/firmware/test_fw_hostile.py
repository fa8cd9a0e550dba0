"""Hostile lines on the serial link (both runtimes), each a case the fuzz (test_fw_fuzz_lines)
or the hostile probe of issue 14 found: one strict JSON reading, integers checked as integers,
every reply ASCII, a bug in a command answered and survived."""

import json

import board_helpers as bh

from firmware import link


def replies(b, *raw_lines):
    """The events the board sends for these raw lines (bytes, without the newline)."""
    n = b.app.link.seq
    for raw in raw_lines:
        b.app.link.feed(raw + b"\n")
    b.app.step()
    return [json.loads(t) for t in b.lines if json.loads(t)["seq"] >= n]


def codes(b, *raw_lines):
    return [e.get("code", e["ev"]) for e in replies(b, *raw_lines)]


def test_one_strict_json_reading():
    b = bh.Board(fs=bh.MemFS())
    refused = (b'{"cmd": "brightness", "value": 01}', b'{"cmd": "hello",}', b'[1,]',
               b'{"cmd": "brightness", "value": NaN}', b'{"cmd": "brightness", "value": Infinity}',
               b'{"cmd": "brightness", "value": -Infinity}', b'{"cmd": "\xc0\x80"}',
               b'{"cmd": "\xed\xa0\x80"}', b'{"cmd": "\\ud800"}', b'{"cmd": "a\x01b"}',
               b'{"cmd": "hello"} x', b"{'cmd': 'hello'}", b'{"cmd": "hello"}\x0c',
               b'{"cmd": 1.}', b'{"cmd": .5}', b'{"cmd": +1}', b'{"cmd": "\\x41"}',
               b"[" * 5 + b"]" * 5, b'{"cmd": "x", "a": [[[[1]]]]}')
    for raw in refused:
        assert codes(b, raw) == ["bad_json"], raw
    accepted = (b'{"cmd": "hello"}', b' {"cmd":"hello"} ', b'{"cmd": "\\u0068ello"}',
                b'{"cmd": "hello", "x": "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\\/\\n"}',
                b'{"cmd": "hello", "x": [1e999, -0, 1E+2, 2.5e-3, true, null]}',
                b'{"cmd":"hello","cmd":"state"}')
    for raw in accepted:
        assert codes(b, raw) in (["hello"], ["state"]), raw


def test_numbers_are_integers_in_range():
    b = bh.Board(fs=bh.MemFS())
    for value in ("1e999", "-1e999", "1.5", "4.0", "true", "false", "null", "256", "-1", '"9"'):
        assert codes(b, b'{"cmd": "brightness", "value": %s}' % value.encode()) == ["bad_arg"]
    assert replies(b, b'{"cmd": "brightness", "value": 255}')[0]["ev"] == "brightness"
    new = b'{"cmd": "new", "game": "%s", "options": {%s}, "seed": %s}'
    bad = (("tayu", '"doubles": [1e999]', "1"), ("tayu", '"target": 1e999', "1"),
           ("tayu", '"target": -1e999', "1"), ("tayu", '"flood_seat": 1e999', "1"),
           ("tayu", '"max_bid": -1e999', "1"), ("tayu", '"players": 4.0', "1"),
           ("tayu", '"players": true', "1"), ("tayu", '"stacks": 1', "1"),
           ("tayu", '"bots": [true]', "1"), ("tayu", '"max_bid": 9999', "1"),
           ("tayu", "", "1e999"), ("tayu", "", "true"), ("tayu", "", "-1"),
           ("tayu", "", "4294967296"), ("tactik", '"players": 4.0', "1"),
           ("tactik", '"players": 5', "1"), ("tactik", '"bots": [1.0]', "1"),
           ("tactik", '"base_entry_compulsory": 0', "1"))
    for game, opts, seed in bad:
        line = new % (game.encode(), opts.encode(), seed.encode())
        assert codes(b, line) == ["bad_arg"], line
    assert b.app.mode.name == "menu" and b.app.errors == 0


def test_every_reply_is_ascii_json():
    out = []
    lk = link.Link(write=out.append)
    lk.send("error", {"code": "x", "msg": "caf\u00e9 \u20ac \U0001f600 \x01"})
    text = out[0]
    assert len(text.encode()) == len(text)  # ASCII: the astral character as a \ud83d\ude00 pair
    assert "\\u00e9" in text and "\\u20ac" in text and "\\ud83d\\ude00" in text
    assert json.loads(text)["msg"][:6] == "caf\u00e9 \u20ac"
    b = bh.Board(fs=bh.MemFS())
    raw = replies(b, b'{"cmd": "\xc3\xa9t\xc3\xa9"}')
    assert raw[0]["code"] == "unknown_cmd" and raw[0]["cmd"] == "\u00e9t\u00e9"
    assert all(len(t.encode()) == len(t) for t in b.lines)


def test_a_bug_in_a_command_is_answered_and_the_board_goes_on():
    b = bh.Board(fs=bh.MemFS())
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2}, "seed": 3})

    def broken(msg):
        raise IndexError("a bug")

    b.app.mode.command = broken
    assert codes(b, b'{"cmd": "state"}') == ["internal"]
    assert b.app.errors == 1
    del b.app.mode.command
    assert codes(b, b'{"cmd": "state"}') == ["state"]
