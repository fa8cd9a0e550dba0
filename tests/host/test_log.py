"""`lanterne log` against the real firmware on the unix port behind a pty: a bots-only game with
the board unplugged (process killed) and plugged back in the middle, Ctrl-C, and the recorder's
notes (gaps, restarts, raw lines)."""

import json
import signal
from functools import partial

from background import Background
from click.testing import CliRunner
from lanterne.cli import main
from lanterne.log import Recorder
from lanterne.stream import Line, now_iso

NEW = {"cmd": "new", "game": "tayu", "seed": 7,
       "options": {"players": 2, "edition": "goliath", "bots": [0, 1]}}


Logger = partial(Background, "log")  # `lanterne log ARGS` in the background


def records(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_unplug_and_replug_in_the_middle_of_a_game(firmware_board, tmp_path):
    board = firmware_board(bot_delay=60)
    games = tmp_path / "games"
    log = Logger("--port", board.link, "--dir", games, "--send", json.dumps(NEW), "--resume",
                 "--games", "1")
    log.wait_for("new game ->")
    log.wait_for("move 6:")
    board.unplug()
    log.wait_for("disconnected")
    board.plug()
    log.wait_for("reconnected")
    log.wait_for("game resumed")
    assert log.finish() == 0, "\n".join(log.seen)
    files = sorted(games.glob("*-tayu-s7.jsonl"))
    assert len(files) == 1, sorted(games.iterdir())
    recs = records(files[0])
    notes = [r["note"] for r in recs if "note" in r]
    assert "disconnected" in notes and "reconnected" in notes and "restart" in notes
    events = [r["board"] for r in recs if "board" in r and r.get("note") != "hello"]
    news = [e for e in events if e["ev"] == "new"]
    assert len(news) == 2 and news[1]["resumed"] is True
    moves = [e["n"] for e in events if e["ev"] == "move"]
    assert moves == sorted(moves) and moves[-1] == events[-1]["n"] and events[-1]["ev"] == "end"
    assert all(r["t"].endswith("Z") for r in recs)
    # the log recorded on the board replays on the host with no difference
    result = CliRunner().invoke(main, ["replay", str(files[0])])
    assert result.exit_code == 0, result.output
    n = events[-1]["n"]
    assert f"{n} moves legal" in result.output and "end scores" in result.output


def test_ctrl_c_keeps_every_line(firmware_board, tmp_path):
    board = firmware_board(bot_delay=60)
    games = tmp_path / "games"
    log = Logger("--port", board.link, "--dir", games, "--send",
                 "new tayu seed=7 players=2 edition=goliath 'bots=[0,1]'")  # the short form
    log.wait_for("move 4:")
    log.proc.send_signal(signal.SIGINT)
    assert log.finish() == 0
    assert any("stopped" in line for line in log.seen), log.seen
    (game,) = games.glob("*-tayu-s7.jsonl")
    recs = records(game)  # every line complete JSON
    shown = [line for line in log.seen if line.startswith("move ")]
    logged = [r["board"] for r in recs if r.get("board", {}).get("ev") == "move"]
    assert len(logged) >= len(shown) >= 4
    assert [e["move"] for e in logged[:4]] == [s.split()[4] for s in shown[:4]]


def line(obj):
    return Line(now_iso(), json.dumps(obj), obj)


def test_recorder_notes_gaps_restarts_and_keeps_raw_text(tmp_path):
    said = []
    rec = Recorder(tmp_path, echo=said.append)
    rec.line(line({"v": 1, "seq": 0, "ev": "hello", "fw": "1.0", "profile": "ref32"}))
    rec.line(Line(now_iso(), "Traceback (most recent call last):", None))
    rec.line(line({"v": 1, "seq": 1, "ev": "new", "game": "tayu", "seed": 3, "options": {}}))
    rec.line(line({"v": 1, "seq": 2, "ev": "move", "n": 1, "move": "9,9,N"}))
    rec.line(line({"v": 1, "seq": 5, "ev": "move", "n": 2, "move": "9,8,N"}))   # 3, 4 lost
    rec.line(line({"v": 1, "seq": 0, "ev": "hello", "fw": "1.0"}))              # rebooted
    rec.line(line({"v": 1, "seq": 1, "ev": "end", "scores": [0, 0]}))
    rec.line(line({"v": 1, "seq": 2, "ev": "menu"}))
    rec.close()
    session, game = sorted(rec.files, key=lambda p: "session" not in p.name)
    s, g = records(session), records(game)
    assert s[1] == {"t": s[1]["t"], "raw": "Traceback (most recent call last):"}
    assert s[-1]["board"]["ev"] == "menu"
    assert g[0]["note"] == "hello" and g[0]["board"]["fw"] == "1.0"
    gap = next(r for r in g if r.get("note") == "gap")
    assert (gap["expected"], gap["got"]) == (3, 5)
    assert any(r.get("note") == "restart" for r in g)
    assert g[-1]["board"]["ev"] == "end" and rec.games_ended == 1
    assert any("2 line(s) lost" in t for t in said)


def test_a_resumed_game_continues_its_file(tmp_path):
    rec = Recorder(tmp_path, echo=lambda t: None)
    new = {"v": 1, "seq": 1, "ev": "new", "game": "tayu", "seed": 3, "options": {"players": 2}}
    rec.line(line(new))
    rec.line(line({"v": 1, "seq": 2, "ev": "move", "n": 1, "move": "9,9,N"}))
    rec.line(line({**new, "seq": 1, "moves": ["9,9,N"], "resumed": True}))
    rec.line(line({**new, "seq": 2, "seed": 4}))  # another game: another file
    rec.close()
    games = [p for p in rec.files if "session" not in p.name]
    assert len(games) == 2
    assert [r["board"]["ev"] for r in records(games[0]) if "board" in r] == ["new", "move", "new"]


def test_started_before_the_board_is_plugged_in(firmware_board, tmp_path):
    board = firmware_board()
    board.unplug()
    log = Logger("--port", board.link, "--dir", tmp_path / "games")
    log.wait_for("waiting for")
    board.plug()
    log.wait_for("hello: firmware")
    log.proc.send_signal(signal.SIGINT)
    assert log.finish() == 0
    (session,) = (tmp_path / "games").glob("*-session.jsonl")
    assert any(r.get("board", {}).get("ev") == "hello" for r in records(session))


def test_a_tactik_game_recorded_on_the_board_replays_on_the_host(firmware_board, tmp_path):
    board = firmware_board(bot_delay=20)
    new = {"cmd": "new", "game": "tactik", "seed": 5,
           "options": {"players": 4, "bots": [0, 1, 2, 3]}}
    log = Logger("--port", board.link, "--dir", tmp_path / "games", "--send", json.dumps(new))
    log.wait_for("move 24:", timeout=60)
    log.proc.send_signal(signal.SIGINT)
    assert log.finish() == 0
    (game,) = (tmp_path / "games").glob("*-tactik-s5.jsonl")
    n = sum(1 for r in records(game) if r.get("board", {}).get("ev") == "move")
    result = CliRunner().invoke(main, ["replay", str(game)])
    assert result.exit_code == 0, result.output
    assert n >= 24 and f"{n} moves legal, {n} digests match" in result.output


def test_a_resumed_tactik_game_replays_on_the_host(firmware_board, tmp_path):
    """Unplugged mid-game, the board resumes its Tac-Tik save: the resumed `new` carries the
    save's moves as a few chunks of records ("@" and base64), and the whole log still replays."""
    board = firmware_board(bot_delay=20)
    new = {"cmd": "new", "game": "tactik", "seed": 2,
           "options": {"players": 4, "bots": [0, 1, 2, 3]}}
    games = tmp_path / "games"
    log = Logger("--port", board.link, "--dir", games, "--send", json.dumps(new), "--resume")
    log.wait_for("move 12:", timeout=60)
    board.unplug()
    log.wait_for("disconnected")
    board.plug()
    log.wait_for("game resumed", timeout=60)
    line = log.wait_for("move ", timeout=60)
    while not line.startswith("move "):
        line = log.wait_for("move ", timeout=60)
    after = int(line.split()[1].rstrip(":"))
    log.wait_for(f"move {after + 5}:", timeout=60)
    log.proc.send_signal(signal.SIGINT)
    assert log.finish() == 0, "\n".join(log.seen)
    (game,) = games.glob("*-tactik-s2.jsonl")
    events = [r["board"] for r in records(game) if "board" in r and r.get("note") != "hello"]
    resumed = [e for e in events if e["ev"] == "new" and e.get("resumed")]
    assert len(resumed) == 1 and all(m[0] == "@" for m in resumed[0]["moves"])
    assert resumed[0]["options"]["cards"] == "deal"
    n = max(e["n"] for e in events if e["ev"] == "move")
    result = CliRunner().invoke(main, ["replay", str(game)])
    assert result.exit_code == 0, result.output
    assert f"{n} moves legal" in result.output and "DIVERGENCE" not in result.output


def text_line(text):
    """A line as the link gives it: parsed (with the size, depth and number checks) or raw."""
    from lanterne.stream import parse

    return Line(now_iso(), text, parse(text))


def test_a_4300_digit_sequence_number_costs_one_raw_line(tmp_path):
    said = []
    rec = Recorder(tmp_path, echo=said.append)
    rec.line(text_line('{"v":1,"seq":' + "9" * 4300 + ',"ev":"hello","profile":"ref32"}'))
    rec.line(text_line('{"v":1,"seq":1.5,"ev":"hello"}'))          # a float: no sequence
    rec.line(text_line('{"v":1,"seq":NaN,"ev":"hello"}'))          # not JSON
    rec.line(text_line('{"v":1,"seq":0,"ev":"hello","profile":"ref32"}'))
    rec.line(text_line('{"v":1,"seq":1,"ev":"menu"}'))
    rec.close()
    (session,) = rec.files
    recs = records(session)
    assert [("raw" in r, r.get("board", {}).get("ev")) for r in recs] == [
        (True, None), (False, "hello"), (True, None), (False, "hello"), (False, "menu")]
    assert recs[0]["raw"].startswith('{"v":1,"seq":9999')
    assert not any("gap" in t or "restart" in t for t in said)


def test_a_burst_of_games_opens_at_most_max_files(tmp_path):
    said = []
    rec = Recorder(tmp_path, echo=said.append, max_files=5)
    for seed in range(40):
        rec.line(line({"v": 1, "seq": 2 * seed, "ev": "new", "game": "tayu", "seed": seed,
                       "options": {"players": 2}}))
        rec.line(line({"v": 1, "seq": 2 * seed + 1, "ev": "move", "n": 1, "move": "9,9,N"}))
    rec.close()
    games = [p for p in rec.files if "session" not in p.name]
    assert len(games) == 5 and len(rec.files) == 6
    limit = [t for t in said if "game files written in this session" in t]
    assert len(limit) == 1 and "--max-files" in limit[0]
    (session,) = [p for p in rec.files if "session" in p.name]
    recs = records(session)
    assert recs[0]["note"] == "file_limit"
    assert sum(1 for r in recs if r.get("board", {}).get("ev") == "new") == 35  # none lost
    assert rec.lines == 80 + 1


def test_only_a_real_new_game_opens_a_file(tmp_path):
    said = []
    rec = Recorder(tmp_path, echo=said.append)
    new = {"v": 1, "ev": "new", "game": "tayu", "seed": 3, "options": {"players": 2}}
    rec.line(line(new))
    for _ in range(20):  # the same new game again and again, no move made: the same file
        rec.line(line(new))
    for bad in ({"game": "chess"}, {"seed": -1}, {"seed": 1 << 40}, {"seed": 2.0},
                {"options": [1]}, {"game": "../x"}, {"moves": "9,9,N"}):
        rec.line(line({**new, **bad}))  # fields the board never sends: no file of their own
    rec.line(line({"v": 1, "ev": "move", "n": 1, "move": "9,9,N"}))
    rec.line(line(new))  # after a move, the same `new` is a new game
    rec.close()
    assert len(rec.files) == 2, rec.files
    assert sum("no new file" in t for t in said) == 7
    first = records(rec.files[0])
    assert sum(1 for r in first if r.get("board", {}).get("ev") == "new") == 21 + 7
