"""Issue 19: after a power cut at any step of a game's saves, what the host logged still replays.

The board (the real firmware on the simulator backend, its saves on an in-memory flash that
loses power at a chosen step) plays host moves; the power goes at every step in turn; the board
boots again, resumes and plays on. The host's log of both sessions must check with
`lanterne replay`'s own reader: the move events said before the cut are all in the resumed
game, in order, and every digest matches."""

import json
import sys
from pathlib import Path

from lanterne.replay import check_log

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "firmware"))
import board_helpers as bh  # noqa: E402

NEW = {"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 5}


def listen(board, log):
    """Every line the board writes from now on goes to `log` (the host's log file)."""
    board.app.link.write = log.append
    board.send({"cmd": "hello"})


def play(board, count):
    for _ in range(count):
        board.send({"cmd": "move", "move": str(board.app.mode.state.legal_moves()[0])})
        board.app.step()


def session(cut):
    """The log of a game cut after `cut` flash steps, then resumed and played on; and whether
    the cut came before the three moves were saved."""
    fs = bh.MemFS()
    log = []
    board = bh.Board(fs=fs)
    listen(board, log)
    board.send(NEW)
    fs.cut_after = fs.steps + cut
    cut_came = True
    try:
        play(board, 3)
        cut_came = False
    except bh.PowerCut:
        pass
    fs.cut_after = -1
    board = bh.Board(fs=fs)
    listen(board, log)
    board.send({"cmd": "resume"})
    play(board, 2)
    return log, cut_came


def test_the_log_replays_after_a_cut_at_every_step_of_three_saves():
    cut, tried = 0, 0
    while True:
        log, cut_came = session(cut)
        moves_heard = [json.loads(ln)["move"] for ln in log if '"ev": "move"' in ln]
        result = check_log(log)
        assert result.divergence is None, (cut, str(result.divergence), log)
        assert not result.junk, (cut, log)
        (game,) = result.games  # one game, resumed across the cut
        heard_before = moves_heard[: len(moves_heard) - 2]
        assert game.moves[: len(heard_before)] == heard_before, cut  # nothing heard is lost
        assert len(game.moves) >= len(moves_heard), cut
        tried += 1
        if not cut_came:
            break
        cut += 1
    assert tried >= 9  # three saves of at least three steps each were cut in turn
