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
    assert "Ta Yü (goliath), 2 players, seed 7" in out  # caught up from the state reply
    assert out.count("digests match]") == 4
    assert "[4 digests match]" in out and "DIVERGENCE" not in out
    frame = [ln for ln in out.splitlines() if set(ln) <= {"#", "."} and len(ln) == 32]
    assert len(frame) >= 32 and any("#" in ln for ln in frame[-32:])


def test_watch_follows_a_wuxing_game_of_hard_bots(firmware_board):
    """Wuxing duel through the registries, the bots' level said as the board names it."""
    board = firmware_board(bot_delay=300)
    runner = CliRunner()
    started = runner.invoke(main, ["send", "--port", str(board.link), "new", "wuxing", "seed=4",
                                   "bots=[0,1]", "level=hard"])
    assert started.exit_code == 0, started.output
    result = runner.invoke(main, ["watch", "--port", str(board.link), "--ascii",
                                  "--events", "3"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Wuxing duel (Théâtre du duel), 2 players, hard bots, seed 4" in out, out
    assert "[3 digests match]" in out and "DIVERGENCE" not in out


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


def test_the_mirror_takes_a_resumed_tactik_games_saved_moves():
    """A resumed Tac-Tik game's `new` carries its save's moves as a few chunks of records: the
    mirror reads them, then follows the moves after it with every digest checked."""
    from lanterne.replay import load_profile
    from lanterne.watch import Mirror

    from shared_rules.tactik import rules as tactik

    state = tactik.new_game(4, 3, False)
    played = []
    for _ in range(45):
        move = str(tactik.greedy_move(state))
        seat = state.current_player
        state.apply(state.parse_move(move))
        played.append({"ev": "move", "game": "tactik", "n": len(played) + 1, "player": seat,
                       "move": move, "digest": state.digest()})
    first = [m["move"] for m in played[:40]]
    saved = tactik.replay(state.options(), state.seed, first).history_blocks()
    assert 1 <= len(saved) < 5 and all(s[0] == "@" for s in saved)
    mirror = Mirror(load_profile)
    mirror.on_event({"ev": "hello", "profile": "ref32"})
    mirror.on_event({"ev": "new", "game": "tactik", "seed": 3, "moves": saved, "resumed": True,
                     "options": {"players": 4, "bots": [0, 1, 2, 3], "cards": "deal"}})
    assert mirror.status.endswith("move 40") and mirror.diverged is None
    for m in played[40:]:
        mirror.on_event(m)
    assert mirror.diverged is None and "[5 digests match]" in mirror.status, mirror.status
    assert mirror.game.state.digest() == state.digest() and mirror.frame_lines(ascii_art=True)


def test_ctrl_c_while_waiting_for_the_board_ends_watch_cleanly(tmp_path):
    """Ctrl-C is how watch is stopped, also while it waits for a board not plugged in: exit 0,
    a plain last line, no click `Aborted!`."""
    watch = Background("watch", "--port", tmp_path / "ttyACM9")
    watch.wait_for("waiting for")
    watch.proc.send_signal(signal.SIGINT)
    assert watch.finish() == 0, watch.seen
    assert "Aborted!" not in "\n".join(watch.seen)
    assert watch.seen[-1] == "stopped (Ctrl-C)"


def test_step_and_watch_draw_as_large_as_the_terminal_allows():
    """A 32 x 32 board in a 160 x 50 terminal: zoom 2 for --step (5 lines of text below the
    board) and zoom 3 for watch (2); zoom 1 only where nothing larger fits; canvas_lines
    draws it so."""
    from lanterne.term import canvas_lines, fit_zoom

    from firmware.canvas import Canvas

    assert fit_zoom(32, 32, 160, 50, reserve=5) == 2
    assert fit_zoom(32, 32, 160, 50, reserve=2) == 3
    assert fit_zoom(32, 32, 200, 70, reserve=2) == 4
    assert fit_zoom(32, 32, 80, 24, reserve=2) == 1
    assert fit_zoom(48, 48, 160, 50, reserve=2) == 2
    assert fit_zoom(32, 32, 60, 20, reserve=2) == 1
    c = Canvas(32, 32)
    c.set(1, 2, 0xFF0000)
    lines = canvas_lines(c, zoom=2)
    assert len(lines) == 32 and all(ln.count("\u2580") == 64 for ln in lines)
    # LED (1, 2) fills columns 2-3 of text line 2 (half-rows 4 and 5)
    cells = lines[2].split("\u2580")
    assert "38;2;255;" in cells[2] and "38;2;255;" not in cells[1]


def test_a_relaunch_is_said_and_its_boot_is_no_restart_of_a_game():
    """A game of another kind started from a clean heap (docs/protocol.md: `relaunch`): the
    status says so, and the boot after it is not counted as a board that restarted."""
    from lanterne.replay import load_profile
    from lanterne.watch import Mirror

    mirror = Mirror(load_profile)
    mirror.on_event({"ev": "hello", "seq": 0, "profile": "ref32"})
    mirror.on_event({"ev": "new", "seq": 1, "game": "tayu", "seed": 3,
                     "options": {"players": 2, "bots": [1]}})
    assert mirror.game is not None
    mirror.on_event({"ev": "relaunch", "seq": 2, "game": "wuxing"})
    assert mirror.game is None and "restarts to start wuxing" in mirror.status
    mirror.on_event({"ev": "hello", "seq": 0, "profile": "ref32"})
    assert mirror.restarts == 0
    mirror.on_event({"ev": "new", "seq": 1, "game": "wuxing", "seed": 4,
                     "options": {"bots": []}})
    assert mirror.game is not None and mirror.diverged is None
