"""`lanterne sim --game wuxing` (CPython only): headless bot games of both modes whose event
lines `lanterne replay` checks move by move (digests, end scores), a human's presses from a key
script, the pictures of `replay --png` drawn through lanterne.render_state."""

import json

from click.testing import CliRunner
from lanterne.replay import replay
from lanterne.sim import sim
from PIL import Image


def _run(tmp_path, *args):
    out = tmp_path / "board.png"
    result = CliRunner().invoke(sim, ["--game", "wuxing", "--snapshot", str(out), "--events",
                                      "--bot-delay", "0", *args])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("{")]
    return Image.open(out), lines


def _replay(tmp_path, lines, *args):
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(replay, [str(log), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_headless_bot_games_replay_with_every_digest_checked(tmp_path):
    for k, variants in enumerate(([], ["mode=chemin"], ["mode=chemin", "age=6"],
                                  ["board=random"])):
        args = ["--humans", "0", "--seed", "4"]
        for v in variants:
            args += ["--variant", v]
        img, lines = _run(tmp_path, *args)
        assert img.size == (32 * 12, 32 * 12)
        events = [json.loads(line) for line in lines]
        assert events[-1]["ev"] == "end", variants
        n = events[-1]["n"]
        out = _replay(tmp_path, lines, "--png", str(tmp_path / f"png{k}"))
        assert f"{n} moves legal, {n} digests match; end scores" in out, out
        assert len(list((tmp_path / f"png{k}").glob("*.png"))) == n + 1


def test_a_human_plays_from_the_keys_against_the_bot(tmp_path):
    img, lines = _run(tmp_path, "--seed", "2", "--keys", "a:long a wait:500 a:long a wait:500")
    events = [json.loads(line) for line in lines]
    moves = [e for e in events if e["ev"] == "move"]
    assert [m["bot"] for m in moves] == [False, True, False, True]
    assert "4 moves legal" in _replay(tmp_path, lines)
    img, lines = _run(tmp_path, "--seed", "2", "--variant", "mode=chemin", "--variant", "age=8",
                      "--keys", "a wait:1000 down a wait:1000")
    moves = [json.loads(line) for line in lines if '"move"' in line]
    assert len(moves) == 2 and all(m["move"].startswith("duel ") for m in moves)
    assert json.loads(lines[0] if '"new"' in lines[0] else lines[1])
    assert "2 moves legal" in _replay(tmp_path, lines)


def test_replay_pictures_draw_a_wuxing_state():
    from lanterne import render_state

    from firmware import profile
    from shared_rules.wuxing import rules as wuxing

    for mode in ("theatre", "chemin"):
        st = wuxing.new_game(seed=3, mode=mode)
        for name in ("ref32", "panel48"):
            c = render_state.render(profile.find(name), "wuxing", st)
            assert any(c.buf)


def test_a_wuxing_log_is_recorded_said_in_words_and_replayed_step_by_step(tmp_path):
    """`lanterne log` opens a game file for a Wuxing `new` (untrusted.GAMES: the registry's
    games), the narrator says its duels in words (lanterne.words finds wuxing's words.py), and
    the replay's positions (`--step`, `--html`) carry the same words."""
    from lanterne import replay_view
    from lanterne.log import Recorder
    from lanterne.replay import check_log
    from lanterne.stream import Line, now_iso
    from lanterne.words import Narrator

    _, lines = _run(tmp_path, "--humans", "0", "--seed", "4", "--variant", "mode=chemin")
    said = []
    rec = Recorder(tmp_path / "logs", echo=said.append)
    for raw in lines:
        rec.line(Line(now_iso(), raw, json.loads(raw)))
    rec.close()
    assert not [s for s in said if "unknown game" in s], said
    (game_file,) = (tmp_path / "logs").glob("*-wuxing-s4.jsonl")
    boards = [json.loads(r)["board"] for r in game_file.read_text().splitlines()
              if '"board"' in r]
    evs = [e["ev"] for e in boards]
    assert "new" in evs and evs.count("move") == sum('"move"' in raw for raw in lines), evs
    narrated = Narrator().follow(lines)
    assert any(s.startswith("new game: Wuxing duel") for s in narrated), narrated
    duels = [s for s in narrated if s.startswith("duel ")]
    assert duels and all("Yang" in s or "Yin" in s or "no winner" in s for s in duels), duels
    result = check_log(lines)
    pos = replay_view.positions(result)
    assert pos[0].game == "wuxing" and pos[1].said == duels[0].removesuffix(" (bot)")
