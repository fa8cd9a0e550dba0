"""`send`, `log`, `watch` and `flash` against a hostile fake board on a pseudo-terminal
(tests/host/hostile_board.py): deep lines, paths as names, escape codes, lone surrogates,
wrong field types, endless garbage. Each command ends with its own clear words, never a
traceback, never a hang, writes no file outside its folder and prints no escape code."""

import re
import time
from functools import partial

import pytest
from background import Background
from click.testing import CliRunner
from lanterne import flash
from lanterne.cli import main
from lanterne.device import DeviceError
from ptyboard import hostile_argv


def clean(text):
    """Nothing a terminal would act on: no ESC, BEL, CSI or lone surrogate."""
    assert "Traceback" not in text, text
    assert not any(c in text for c in "\x1b\x07\x9b\x00"), repr(text)
    text.encode("utf-8")


@pytest.fixture
def evil_board(make_board):
    return make_board(argv=hostile_argv("evil"), name="evil")


def test_send_prints_the_hostile_reply_cleaned(evil_board):
    res = CliRunner().invoke(main, ["send", "--port", str(evil_board.link), "hello"])
    assert res.exit_code == 0, res.output
    clean(res.output)
    assert "\\u001b[2J" in res.output  # shown, not obeyed


def test_log_keeps_every_file_in_its_folder(evil_board, tmp_path):
    games = tmp_path / "games"
    log = Background("log", "--port", evil_board.link, "--dir", games, "--games", "1")
    assert log.finish(timeout=30) == 0, "\n".join(log.seen)
    clean("\n".join(log.seen))
    names = sorted(p.name for p in games.iterdir())
    # a `new` of an unknown game, a seed that is no seed: recorded, but no file of their own
    assert not any("a_b" in n or "_x" in n for n in names), names
    assert len([n for n in names if n.endswith("-tayu-s7.jsonl")]) == 1, names
    assert len(names) == 2 and any(n.endswith("-session.jsonl") for n in names), names
    assert all(p.parent == games for p in games.rglob("*"))
    assert not (tmp_path / "x.jsonl").exists()
    said = "\n".join(log.seen)
    assert "a 'new' event with wrong fields ('seed' must be an integer" in said, said
    # the 4300-digit sequence number is one raw line, and the lines after it are recorded
    text = "\n".join(p.read_text() for p in games.iterdir())
    assert '"raw": "{\\"v\\": 1, \\"seq\\": 9999' in text
    assert '"seq": 13, "ev": "end"' in text


def test_watch_shows_the_hostile_stream_cleaned(evil_board):
    watch = Background("watch", "--port", evil_board.link, "--ascii", "--events", "2")
    status = watch.finish(timeout=30)
    out = "\n".join(watch.seen)
    assert status in (0, 1), out  # 1: the bad events are reported as a divergence
    clean(out)
    # the 100,000-deep line, the raw garbage, the 4300-digit number: counted, shown, skipped
    assert "skipped a line that is not a board event" in out
    assert re.search(r"skipped: [1-9][0-9]* junk line\(s\)", out), out[-300:]


def test_log_and_watch_on_a_missing_port_say_so_and_give_up_with_timeout(tmp_path):
    for cmd in ("log", "watch"):
        proc = Background(cmd, "--port", tmp_path / "ttyNONE", "--timeout", "1",
                          *(["--dir", tmp_path / "g"] if cmd == "log" else []))
        proc.wait_for(f"waiting for {tmp_path / 'ttyNONE'}")
        assert proc.finish(timeout=20) == 1
        assert any("no device at" in line for line in proc.seen), proc.seen


def test_flash_gives_up_on_a_port_that_keeps_sending(make_board):
    board = make_board(argv=hostile_argv("chatter"), name="chatter")
    start = time.monotonic()
    with pytest.raises(DeviceError, match="raw REPL"):
        flash.flash_board(str(board.link), repl_timeout=2.0, show_progress=False)
    assert time.monotonic() - start < 20


class GarbageBoard:
    """A raw REPL that answers every command with `answer`."""

    def __init__(self, answer):
        self.answer = answer

    def exec(self, code, timeout=30):
        return self.answer

    read_file = partial(lambda self, path: self.answer)


@pytest.mark.parametrize("answer", [b"", b"garbage", b"(1, 2", b"[" * 100_000,
                                    b"(1, 'rp2', 5, {'a': 'b'})", b"(1, 2, 3, 4)",
                                    b"__import__('os')", b"\xff\xfe"])
def test_flash_refuses_garbage_answers_to_its_probe(answer):
    with pytest.raises(DeviceError, match="garbage"):
        flash.probe_board(GarbageBoard(answer))
