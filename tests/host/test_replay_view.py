"""`lanterne replay --step` walks both ways: the positions of a checked log (replay_view), the
keys a terminal sends, the walk itself, and the real command in a pseudo-terminal."""

import fcntl
import json
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from lanterne import replay_view
from lanterne.replay import check_log

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def log_lines():
    proc = subprocess.run(
        [sys.executable, "-m", "lanterne", "sim", "--game", "tayu", "--players", "2",
         "--humans", "0", "--bot-delay", "0", "--seed", "4", "--moves", "6", "--events"],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]


def test_positions_name_each_move_and_its_seat(log_lines):
    frames = replay_view.positions(check_log(log_lines))
    moves = [json.loads(ln) for ln in log_lines if '"ev": "move"' in ln]
    assert len(frames) == len(moves) + 1 >= 7
    assert frames[0].label() == "tayu game 1, start"
    for pos, m in zip(frames[1:], moves):
        assert pos.seat == m["player"] and pos.move == m["move"]
        said = ("north-south" if m["player"] == 0 else "east-west") + " places "
        assert pos.words().startswith(f"move {m['n']}: {said}"), pos.words()
        assert f"after move {m['n']}/{len(moves)}: {said}" in pos.label()


def test_the_words_are_the_game_formatter_s(monkeypatch, log_lines):
    monkeypatch.setattr(replay_view, "describe",
                        lambda game, before, move, seat: f"<{game}:{move}>")
    frames = replay_view.positions(check_log(log_lines))
    assert frames[1].words() == f"move 1: <tayu:{frames[1].move}>"


def test_terminal_keys_are_named():
    got = list(replay_view.key_names("\x1b[C\x1b[Dnp q \r\x7f\x1bOC\x1b[H\x1b[F\x1b"))
    assert got == ["right", "left", "n", "p", " ", "q", " ", "enter", "backspace", "right",
                   "home", "end", "escape"]


def test_the_walk_goes_both_ways_and_stops_at_the_ends(log_lines):
    frames = replay_view.positions(check_log(log_lines))
    out = []
    shown = replay_view.walk(frames, lambda pos: ["(picture)"],
                             ["right", "right", " ", "left", "p", "b", "left", "left", "x",
                              "end", "right", "n", "home", "enter", "q", "right"], out.append)
    last = len(frames) - 1
    assert shown == [0, 1, 2, 3, 2, 1, 0, last, 0, 1]
    assert out[0].startswith("tayu game 1, start    [1/") and "(picture)" in out
    assert any(line.startswith("right, space, n or Enter: next") for line in out)


def _read_until(fd, pattern, seen=b"", timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(pattern, seen):
            return seen
        if select.select([fd], [], [], 0.2)[0]:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    raise AssertionError(f"{pattern!r} never shown; the screen ended with {seen[-300:]!r}")


def _exit_code(fd, proc, timeout=10):
    """Wait for the command to end, reading what it still writes as a terminal would: a
    pseudo-terminal nobody reads fills up and blocks the writer."""
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                os.read(fd, 65536)
            except OSError:
                break
    return proc.wait(timeout=max(0.1, deadline - time.monotonic()))


def test_step_in_a_terminal_goes_back_with_the_left_arrow(tmp_path, log_lines):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(log_lines) + "\n")
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 120, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "lanterne", "replay", str(path), "--step"],
                            cwd=ROOT, stdin=slave, stdout=slave, stderr=slave,
                            start_new_session=True)
    os.close(slave)
    try:
        seen = _read_until(master, rb"game 1, start    \[1/")
        os.write(master, b"\x1b[C")
        seen = _read_until(master, rb"after move 1/", seen)
        os.write(master, b" ")
        seen = _read_until(master, rb"after move 2/", seen)
        os.write(master, b"\x1b[D")  # back
        seen = _read_until(master, rb"after move 2/(.|\n)*after move 1/", seen)
        os.write(master, b"q")
        assert _exit_code(master, proc) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
