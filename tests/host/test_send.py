"""`lanterne send` against the real firmware app on the unix port behind a pty."""

import json

import pytest
from click.exceptions import UsageError
from click.testing import CliRunner
from lanterne.cli import main
from lanterne.send import parse_command

from shared_rules.tayu import rules as tayu


def send(board, *words):
    result = CliRunner().invoke(main, ["send", "--port", str(board.link), *words])
    lines = [ln for ln in result.output.splitlines() if ln.startswith("{")]
    return result.exit_code, (json.loads(lines[-1]) if lines else None), result.output


def test_short_forms_and_json():
    assert parse_command(["state"]) == {"cmd": "state"}
    assert parse_command(["move", "9,8,E"]) == {"cmd": "move", "move": "9,8,E"}
    assert parse_command(["move", "7", "T3>T10"]) == {"cmd": "move", "move": "7 T3>T10"}
    assert parse_command(["brightness", "40"]) == {"cmd": "brightness", "value": 40}
    assert parse_command(["new", "tayu", "seed=7", "players=2", "bots=[1]",
                          "edition=goliath"]) == {
        "cmd": "new", "game": "tayu", "seed": 7,
        "options": {"players": 2, "bots": [1], "edition": "goliath"}}
    assert parse_command(['{"cmd": "undo"}']) == {"cmd": "undo"}
    for bad in (["brightness", "lots"], ["move"], ['{"no": 1}'], ["{oops"], ["state", "x"]):
        with pytest.raises(UsageError):
            parse_command(bad)


def test_a_game_driven_from_the_host(firmware_board):
    board = firmware_board()
    code, hello, _ = send(board, "hello")
    assert code == 0 and hello["ev"] == "hello" and hello["profile"] == "ref32" and hello["fw"]
    code, new, out = send(board, "new", "tayu", "seed=7", "players=2", "edition=goliath")
    assert code == 0 and new["ev"] == "new" and new["seed"] == 7, out
    host = tayu.new_game(players=2, edition="goliath", seed=7)
    for _ in range(3):
        mv = str(host.legal_moves()[0])
        code, ev, out = send(board, "move", mv)
        host.apply(host.parse_move(mv))
        assert code == 0 and ev["ev"] == "move" and ev["move"] == mv, out
        assert ev["digest"] == host.digest()
    code, st, _ = send(board, "state")
    assert code == 0 and st["ev"] == "state" and st["n"] == 3
    assert st["digest"] == host.digest() and len(st["moves"]) == 3
    code, br, _ = send(board, "brightness", "40")
    assert code == 0 and br["ev"] == "brightness" and 0 < br["value"] <= 40


def test_errors_exit_non_zero(firmware_board):
    board = firmware_board()
    code, err, _ = send(board, '{"cmd": "launch"}')
    assert code == 1 and err["ev"] == "error" and err["code"] == "unknown_cmd"
    send(board, "new", "tayu", "seed=3")
    code, err, _ = send(board, "move", "99,99,N")
    assert code == 1 and err["code"] == "illegal"


def test_no_board(tmp_path):
    result = CliRunner().invoke(main, ["send", "--port", str(tmp_path / "none"), "state"])
    assert result.exit_code == 1 and "no device at" in result.output
