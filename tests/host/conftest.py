"""Fixtures for host tests: a pretend board (tests/host/ptyboard.py) behind a serial-port path."""

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from ptyboard import PtyBoard, firmware_app, micropython_exe  # noqa: E402

from tests.mp import PICO_HEAP  # noqa: E402


@pytest.fixture
def make_board(tmp_path):
    """Factory: make_board(argv=None, files={name: text}) -> a plugged PtyBoard."""
    boards = []

    def make(argv=None, files=None, name="board", **kw):
        work = tmp_path / name
        work.mkdir(parents=True, exist_ok=True)
        for rel, text in (files or {}).items():
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            (work / rel).write_text(text)
        board = PtyBoard(work, tmp_path / ("tty" + name.upper()), argv=argv, **kw)
        boards.append(board)
        return board.plug()

    yield make
    for b in boards:
        b.unplug()


@pytest.fixture
def repl_board(make_board):
    """A fresh 'Pico' with an empty flash: the MicroPython REPL, Pico-sized heap."""
    return make_board(argv=[micropython_exe(), "-X", "heapsize=" + PICO_HEAP])



@pytest.fixture
def firmware_board(make_board, tmp_path):
    """Factory: the real firmware app (unixport/main.py, bots playing their seats) on the
    unix port behind a pty, as a Pico runs it: the .mpy build on a Pico-sized heap (see
    ptyboard.firmware_app)."""

    def make(bot_delay=100, name="fw"):
        state = tmp_path / (name + "-state")
        state.mkdir(exist_ok=True)
        argv, cwd, env = firmware_app(state, bot_delay=bot_delay)
        return make_board(argv=argv, name=name, cwd=cwd, env=env)

    return make
