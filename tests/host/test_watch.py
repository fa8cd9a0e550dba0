"""`lanterne watch` against the real firmware on the unix port behind a pty: it catches up with
a game in progress, follows the bots' moves with every digest checked, and draws the panel."""

import signal

from background import Background
from click.testing import CliRunner
from lanterne.cli import main


def test_watch_follows_a_game_in_progress(firmware_board):
    board = firmware_board(bot_delay=300)  # the game outlasts the watch even on a busy machine
    runner = CliRunner()
    started = runner.invoke(main, ["send", "--port", str(board.link), "new", "tayu", "seed=7",
                                   "players=2", "edition=goliath", "bots=[0,1]"])
    assert started.exit_code == 0, started.output
    result = runner.invoke(main, ["watch", "--port", str(board.link), "--ascii",
                                  "--events", "4"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "tayu seed 7" in out  # caught up from the state reply
    assert out.count("digests match]") == 4
    assert "[4 digests match]" in out and "DIVERGENCE" not in out
    frame = [ln for ln in out.splitlines() if set(ln) <= {"#", "."} and len(ln) == 32]
    assert len(frame) >= 32 and any("#" in ln for ln in frame[-32:])


def test_watch_reconnects_and_catches_up(firmware_board):
    board = firmware_board(bot_delay=300)
    started = CliRunner().invoke(main, ["send", "--port", str(board.link), "new", "tayu",
                                        "seed=5", "bots=[0,1]"])
    assert started.exit_code == 0, started.output
    watch = Background("watch", "--port", board.link, "--ascii")
    watch.wait_for("digests match]")
    board.unplug()
    watch.wait_for("went away")
    board.plug()  # the board boots to its menu (the game is saved, not resumed)
    watch.wait_for("reconnected")
    watch.wait_for("board in menu")
    watch.proc.send_signal(signal.SIGINT)
    assert watch.finish() == 0
