"""`lanterne replay` and `watch` on what people really log: sessions recorded on the real firmware
(tests/host/data/record.py: undos on the board and from the host, the board reset in the middle
and the game resumed, played to its end) for both games, the board's save file, and logs with
junk and tracebacks between the lines."""

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from lanterne import untrusted
from lanterne.cli import main
from lanterne.profiles import load_profile
from lanterne.replay import check_log
from lanterne.watch import Mirror

DATA = Path(__file__).resolve().parent / "data"
GAMES = ("tayu", "tactik")
TRACEBACK = ["Traceback (most recent call last):",
             '  File "main.py", line 12, in <module>',
             '  File "firmware/app.py", line 301, in step',
             "MemoryError: memory allocation failed, allocating 4096 bytes"]


def replay(*args):
    return CliRunner().invoke(main, ["replay", *map(str, args)])


def events(game):
    return [json.loads(line) for line in (DATA / f"{game}-undo.jsonl").read_text().splitlines()]


def write(path, lines):
    path.write_text("".join(line + "\n" for line in lines))
    return path


def as_log(evs, t="2026-11-25T10:00:00.000Z"):
    """Events as `lanterne log` records them."""
    return [json.dumps({"t": t, "board": e}) for e in evs]


@pytest.mark.parametrize("game", GAMES)
def test_the_recorded_session_is_what_the_probe_found(game):
    evs = events(game)
    undos = [e for e in evs if e["ev"] == "undo"]
    assert any(u["digest"] is None for u in undos)          # a board undo of several moves
    assert sum(e["ev"] == "hello" for e in evs) == 2         # the board was reset
    assert any(e["ev"] == "new" and e.get("resumed") for e in evs)
    assert evs[-1]["ev"] == "end"


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_session_with_undos_replays(game):
    evs = events(game)
    moves = sum(e["ev"] == "move" for e in evs)
    undos = [e for e in evs if e["ev"] == "undo"]
    with_digest = sum(u["digest"] is not None for u in undos)
    end = evs[-1]
    result = replay(DATA / f"{game}-undo.jsonl")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"OK {game} seed ")  # a plain OK: nothing was skipped
    assert f"{moves} moves legal, {moves} digests match" in result.output
    assert (f"{len(undos)} moves taken back ({with_digest} undo digests match), "
            f"{end['n']} stand") in result.output
    assert "the board restarted 1 time(s)" in result.output
    assert f"end scores {end['scores']} match" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_junk_and_a_traceback_between_the_lines(tmp_path, game):
    lines = as_log(events(game))
    at = next(i for i, line in enumerate(lines) if '"undo"' in line)
    raw = [json.dumps({"t": "2026-11-25T10:00:01.000Z", "raw": text}) for text in TRACEBACK]
    mixed = lines[:at] + ["this is not JSON"] + raw + ['{"half": "a line'] + lines[at:]
    result = replay(write(tmp_path / "mixed.jsonl", mixed))
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert f"line {at + 1}: not a board event, skipped: 'this is not JSON'" in out
    assert (f"lines {at + 2}-{at + 5}: a Traceback printed by the board: 'MemoryError: memory "
            "allocation failed, allocating 4096 bytes'") in out
    assert f"line {at + 6}: not a board event, skipped: '{{\"half\": \"a line'" in out
    assert "skipped: 2 junk line(s), 1 traceback(s) (not board events)" in out
    assert out[-1].startswith(f"OK (1 traceback, 2 junk lines) {game} seed ")
    assert "digests match" in out[-1] and "end scores" in out[-1]


def test_a_pasted_traceback_alone_is_not_a_plain_ok(tmp_path):
    lines = events("tayu")
    text = [json.dumps(e) for e in lines]
    result = replay(write(tmp_path / "pasted.jsonl", text[:30] + TRACEBACK + text[30:]))
    assert result.exit_code == 0, result.output
    assert "lines 31-34: a Traceback printed by the board" in result.output
    assert "OK (1 traceback) tayu" in result.output
    assert "\nOK tayu" not in "\n" + result.output


def test_a_number_of_4300_digits_costs_one_line(tmp_path):
    text = [json.dumps(e) for e in events("tayu")]
    huge = '{"v": 1, "seq": ' + "9" * 4300 + ', "ev": "hello", "profile": "ref32"}'
    nan = '{"v": 1, "seq": 3, "ev": "hello", "profile": NaN}'
    result = replay(write(tmp_path / "huge.jsonl", text[:10] + [huge, nan] + text[10:]))
    assert result.exit_code == 0, result.output
    assert "line 11: not a board event" in result.output
    assert "line 12: not a board event" in result.output
    assert "OK (2 junk lines) tayu" in result.output


def test_a_divergence_after_junk_names_the_unreadable_line(tmp_path):
    evs = events("tayu")
    text = [json.dumps(e) for e in evs]
    i = next(k for k, e in enumerate(evs) if e["ev"] == "move" and e["n"] == 3)
    text[i] = text[i][: len(text[i]) // 2]  # the line of move 3 arrived cut in half
    result = replay(write(tmp_path / "cut.jsonl", text))
    assert result.exit_code == 1
    assert (f"move 4: move number: expected 3, actual 4 (after unreadable line(s) {i + 1})"
            in result.output), result.output
    assert f"line {i + 1}: not a board event" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_undo_events_are_checked(tmp_path, game):
    evs = events(game)
    last = max(i for i, e in enumerate(evs) if e["ev"] == "undo" and e["digest"])

    def tampered(change):
        changed = json.loads(json.dumps(evs))
        change(changed[last])
        return replay(write(tmp_path / "t.jsonl", [json.dumps(e) for e in changed]))

    n = evs[last]["n"]
    result = tampered(lambda e: e.update(digest="0123456789abcdef"))
    assert result.exit_code == 1
    assert (f"move {n + 1}: state digest after undo: expected 0123456789abcdef (log)"
            in result.output)
    result = tampered(lambda e: e.update(n=n + 5))
    assert result.exit_code == 1
    assert f"move {n + 1}: moves left after an undo: expected {n}, actual {n + 5}" \
        in result.output
    result = tampered(lambda e: e.update(digest=5))
    assert result.exit_code == 1 and "'digest' must be a text of at most 64" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_a_log_that_begins_after_the_reset(tmp_path, game):
    """The logger started when the board came back: its hello, the resumed game, the rest."""
    evs = events(game)
    second = [i for i, e in enumerate(evs) if e["ev"] == "hello"][1]
    after = evs[second:]
    result = replay(write(tmp_path / "late.jsonl", as_log(after)))
    assert result.exit_code == 0, result.output
    resumed = next(e for e in after if e["ev"] == "new")
    from lanterne.rebuild import move_texts

    assert f"{len(move_texts(resumed['moves'], game))} moves taken" not in result.output  # from new
    assert "the board restarted" not in result.output  # its first line: no restart seen
    assert f"end scores {evs[-1]['scores']} match" in result.output


def test_a_hello_in_the_middle_and_the_moves_going_on(tmp_path):
    """The board restarted and the game went on without a `new` line (the logger missed it):
    the moves after the hello still continue the game."""
    evs = [e for e in events("tayu") if not (e["ev"] == "new" and e.get("resumed"))]
    result = replay(write(tmp_path / "reset.jsonl", as_log(evs)))
    assert result.exit_code == 0, result.output
    assert "the board restarted 1 time(s)" in result.output and "end scores" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_a_state_reply_in_the_log_is_checked(tmp_path, game):
    from lanterne.rebuild import Game

    evs = events(game)
    i = next(k for k, e in enumerate(evs) if e["ev"] == "move" and e["n"] == 6)
    g = Game(evs[1])
    for e in evs[2:i + 1]:
        g.event(e)
    state = {"v": 1, "ev": "state", "mode": game, "game": game, "options": evs[1]["options"],
             "seed": evs[1]["seed"], "moves": list(g.moves), "digest": g.state.digest()}
    path = write(tmp_path / "state.jsonl", [json.dumps(e) for e in
                                            evs[:i + 1] + [state] + evs[i + 1:]])
    assert replay(path).exit_code == 0
    state["digest"] = "0123456789abcdef"
    path = write(tmp_path / "state.jsonl", [json.dumps(e) for e in
                                            evs[:i + 1] + [state] + evs[i + 1:]])
    result = replay(path)
    assert result.exit_code == 1 and "state digest: expected 0123456789abcdef" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_the_boards_save_file(tmp_path, game):
    from lanterne.rebuild import move_texts

    from firmware import store, store_read

    sav = DATA / f"{game}-game.sav"
    record = store_read.decode(sav.read_bytes())
    n = len(move_texts(record["moves"], game))
    assert n >= 10
    result = replay(sav)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"OK {game}-game.sav: {game} seed {record['seed']} ")
    assert f"{n} moves legal (a save has no digests); not finished" in result.output
    png = tmp_path / "png"
    assert replay(sav, "--png", png).exit_code == 0
    assert len(list(png.glob("*.png"))) == n + 1

    damaged = bytearray(sav.read_bytes())
    damaged[40] ^= 1
    (tmp_path / "game.sav").write_bytes(bytes(damaged))
    result = replay(tmp_path / "game.sav")
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: not a readable save: checksum mismatch (truncated or damaged)"]

    # a save whose moves the rules refuse: a divergence, not a traceback
    bad = dict(record, moves=["not a move"])
    (tmp_path / "game.sav").write_bytes(store.encode(bad))
    result = replay(tmp_path / "game.sav")
    assert result.exit_code == 1 and "DIVERGENCE" in result.output and "illegal" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_watch_follows_the_recorded_session(game):
    mirror = Mirror(load_profile)
    evs = events(game)
    for i, e in enumerate(evs):
        mirror.on_event(e)
        if i == 20:
            for text in ["garbage", *TRACEBACK]:
                mirror.on_junk(text)
            assert "Traceback: MemoryError" in mirror.status
        assert mirror.diverged is None, (i, mirror.status)
    assert mirror.junk == 1 and mirror.tracebacks == 1 and mirror.restarts == 1
    assert mirror.game.ended is not None and mirror.game.scores_checked
    assert mirror.checked == sum(e["ev"] == "move" for e in evs)


# ---- a board names a profile: only the project's own ----------------------------------------
def test_a_profile_is_never_read_from_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "secret.json").write_text('["not a profile"]')
    shutil.copy(DATA.parents[2] / "hardware" / "profiles" / "ref32.json", tmp_path / "mine.json")
    for name in ("secret", "mine", "./secret", "../secret", "/etc/passwd", 5, None, "x" * 100):
        with pytest.raises(untrusted.BadInput):
            load_profile(name)
    assert load_profile("panel48")["name"] == "panel48"

    mirror = Mirror(load_profile)
    mirror.on_event({"ev": "hello", "profile": "secret"})
    assert mirror.profile["name"] == "ref32"

    log = write(tmp_path / "g.jsonl", [json.dumps({"ev": "hello", "profile": "secret"}),
                                       json.dumps(events("tayu")[1])])
    result = replay(log, "--png", tmp_path / "png")
    assert result.exit_code == 0, result.output
    assert "note: no profile named 'secret' (the profiles are " in result.output
    assert (tmp_path / "png" / "game1-000.png").exists()
    result = replay(log, "--png", tmp_path / "png", "--profile", "mine")
    assert result.exit_code == 2 and "no profile named 'mine'" in result.output


def test_a_tactik_layout_is_never_read_from_the_working_folder(tmp_path, monkeypatch):
    from lanterne.render_state import render

    from shared_rules.tactik import rules as tactik

    state = tactik.new_game(4, 1, False)
    before = bytes(render(load_profile("ref32"), "tactik", state).buf)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tactik").mkdir()
    (tmp_path / "tactik" / "ref32.json").write_text('{"4": "not a layout"}')
    assert bytes(render(load_profile("ref32"), "tactik", state).buf) == before


def test_check_log_keeps_junk_in_order():
    result = check_log(["junk 1", json.dumps(events("tayu")[1]), *TRACEBACK, "junk 2"])
    assert [(j.first, j.last, j.traceback) for j in result.junk] == [
        (1, 1, False), (3, 6, True), (7, 7, False)]
    assert result.junk_lines == 2 and result.tracebacks == 1
    assert result.games[0].junk == 2 and result.games[0].tracebacks == 1
