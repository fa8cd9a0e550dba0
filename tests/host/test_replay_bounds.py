"""`lanterne replay` pictures stay bounded (issue 28): a log with nothing to draw is one line, not
a traceback; a log of thousands of games draws at most MAX_PICTURES positions, with a note."""

import json

from click.testing import CliRunner
from lanterne import replay as replay_mod
from lanterne.cli import main
from PIL import Image


def run(*args):
    return CliRunner().invoke(main, ["replay", *map(str, args)])


def new_event(seq, options):
    return json.dumps({"v": 1, "seq": seq, "ev": "new", "game": "tayu", "options": options,
                       "seed": seq}) + "\n"


def test_a_log_with_nothing_to_draw_says_so_in_one_line(tmp_path):
    log = tmp_path / "x.jsonl"
    log.write_text(new_event(0, {"players": 9}))  # refused at its start: no position at all
    for args in (["--gif", tmp_path / "a.gif"], ["--png", tmp_path / "png"]):
        result = run(log, *args)
        assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result
        assert "nothing to draw: the log holds no position" in result.output
        assert "Traceback" not in result.output
    assert not (tmp_path / "a.gif").exists() and not list(tmp_path.rglob("*.png"))


def test_thousands_of_positions_are_capped_with_a_note(tmp_path, monkeypatch):
    monkeypatch.setattr(replay_mod, "MAX_PICTURES", 30)
    log = tmp_path / "many.jsonl"
    log.write_text("".join(new_event(i, {"players": 2}) for i in range(200)))
    result = run(log, "--gif", tmp_path / "a.gif", "--png", tmp_path / "png", "--scale", "1")
    assert result.exit_code == 0, result.output
    assert "note: 200 positions in this log; the first 30 drawn" in result.output
    assert len(list((tmp_path / "png").glob("*.png"))) == 30
    assert 20 < Image.open(tmp_path / "a.gif").n_frames <= 30  # Pillow merges equal frames
