"""The serial link: JSON lines with version and sequence; garbage, half lines, huge lines,
unknown commands and illegal moves get an error line and change nothing (both runtimes)."""

import board_helpers as bh

from firmware import link


def test_every_line_has_version_and_sequence():
    b = bh.Board()
    b.send({"cmd": "hello"})
    b.send({"cmd": "state"})
    evs = b.events()
    assert [e["seq"] for e in evs] == list(range(len(evs)))
    assert all(e["v"] == link.PROTOCOL for e in evs)
    assert evs[0]["ev"] == "hello" and evs[0]["profile"] == "ref32" and evs[0]["fw"]
    assert evs[-1]["ev"] == "state" and evs[-1]["mode"] == "menu"


def test_garbage_half_and_huge_lines_get_errors_and_the_board_goes_on():
    b = bh.Board()
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 4})
    before = b.app.mode.state.digest()
    n0 = len(b.lines)
    feed = b.app.link.feed
    feed(b"\x00\xff\xfe garbage\n")
    feed(b'{"cmd": "move", "mo')  # half a line: nothing yet
    b.app.step()
    assert len(b.lines) == n0 + 1  # the garbage's error; the half line waits
    feed(b've": "9,9,E"}\n')  # ... completed later: a legal command
    for _ in range(50):  # a huge line (5000 bytes, arriving in pieces): dropped whole
        feed(b"x" * 100)
    feed(b"\n")
    feed(b"[1, 2]\n{\"nocmd\": 1}\n{\"cmd\": \"fly\"}\n")
    feed(b'{"cmd": "move", "move": "0,0,N"}\n')  # illegal
    feed(b'{"cmd": "move", "move": "zz"}\n')  # unparseable
    feed(b'{"cmd": "brightness", "value": "max"}\n')
    feed(b'{"cmd": "new", "game": "chess"}\n')
    feed(b'{"cmd": "new", "game": "tayu", "options": {"colour": 1}}\n')
    b.app.step()
    evs = b.events()[n0:]
    codes = [e.get("code") for e in evs]
    assert evs[0]["ev"] == "error" and codes[0] == "bad_json"
    assert evs[1]["ev"] == "move" and evs[1]["move"] == "9,9,E"
    after_move = b.app.mode.state.digest()
    assert after_move != before and evs[1]["digest"] == after_move
    assert codes[2:] == ["too_long", "bad_json", "bad_cmd", "unknown_cmd", "illegal", "illegal",
                         "bad_arg", "bad_arg", "bad_arg"], codes
    # nothing changed after the legal move; the board still answers
    assert b.app.mode.state.digest() == after_move and b.app.mode.moves == ["9,9,E"]
    b.send({"cmd": "state"})
    st = b.events("state")[-1]
    assert st["moves"] == ["9,9,E"] and st["digest"] == after_move


def test_random_bytes_never_break_the_link():
    from shared_rules.rng import Rng

    b = bh.Board()
    rng = Rng(99)
    seq = len(b.lines)
    del b.lines[:]
    chunk = bytearray(120)
    for _ in range(200):
        n = rng.below(120)
        for i in range(n):
            chunk[i] = rng.below(256)
        b.app.link.feed(memoryview(chunk)[:n])
        b.app.step()
        # only error lines, sequence numbers without gaps (checked as they come: small heap)
        for e in b.events():
            assert e["ev"] == "error" and e["seq"] == seq, e
            seq += 1
        del b.lines[:]
    b.app.link.feed(b"\n")
    b.send({"cmd": "hello"})
    assert b.events()[-1]["ev"] == "hello" and b.events()[-1]["seq"] >= seq
    assert b.app.mode.name == "menu"


def test_host_commands_new_move_undo_brightness_resume():
    b = bh.Board()
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "edition": "goliath",
                                                     "bots": []}, "seed": 9})
    new = b.events("new")[-1]
    assert new["seed"] == 9 and new["options"]["edition"] == "goliath"
    st = b.app.mode.state
    mv = str(st.legal_moves()[0])
    b.send({"cmd": "move", "move": mv})
    assert b.events("move")[-1]["move"] == mv and b.events("move")[-1]["player"] == 0
    b.send({"cmd": "undo"})
    u = b.events("undo")[-1]
    assert u["move"] == mv and u["n"] == 0 and u["digest"] == new_digest(9)
    b.send({"cmd": "brightness", "value": 100})
    assert b.events("brightness")[-1]["value"] == 100 and b.app.output.brightness == 100
    b.send({"cmd": "move", "move": mv})
    b.send({"cmd": "menu"})
    assert b.app.mode.name == "menu"
    b.send({"cmd": "resume"})
    assert b.app.mode.name == "tayu" and b.app.mode.moves == [mv]
    assert b.events("new")[-1]["resumed"] is True


def new_digest(seed):
    return bh.tayu.new_game(players=2, edition="goliath", seed=seed).digest()
