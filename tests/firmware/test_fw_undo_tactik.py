"""Undo against three bots in Tac-Tik (both runtimes): long B then A takes back the human's
move and the three bot replies, the frame shows the position again, and a resumed game still
knows which moves were the bots'."""

from shared_rules.tactik import rules as tactik  # noqa: I001, F401
from firmware.games import tactik as tactik_mode  # noqa: F401
from tactik_script import Session, play_turn
from marks import bot_marks

from firmware.question import ASK_UNDO

BOARD = Session(bot_delay_ms=100)


def human_turn(s):
    """Let the bots play (and seat 0 give its card in an exchange) until it is seat 0's turn
    in the play phase, animations done and its choices shown."""
    for _ in range(400):
        if s.state.current_player == 0 and not s.mode.frames and s.app.idle():
            if s.state.phase == "play":
                return
            play_turn(s)
        s.wait(50)
    raise AssertionError("seat 0 never got its turn")


def test_undo_takes_back_the_move_and_the_three_bot_replies():
    s = BOARD.start(players=4, seed=4, bots=[1, 2, 3])
    human_turn(s)
    m = s.mode
    n0, d0 = m.count, s.state.digest()
    m.now = 0  # both frames at the same moment of the blinking
    s.app.frame()
    before = bytes(s.app.canvas.buf)
    play_turn(s)
    human_turn(s)  # red again: the three bots have answered
    assert m.count >= n0 + 4 and list(bot_marks(m)[n0:]) == [0] + [1] * (m.count - n0 - 1)
    s.press("b", long=True)
    assert m.asking == ASK_UNDO
    s.wait(1000)
    assert m.asking == ASK_UNDO and s.state.current_player == 0  # waits for A
    taken = m.count - n0
    s.press("a")
    s.wait(200)
    assert m.count == n0 and s.state.digest() == d0 and s.state.current_player == 0
    undos = s.events("undo")[-taken:]
    assert [u["n"] for u in undos] == list(range(n0 + taken - 1, n0 - 1, -1))
    assert undos[-1]["digest"] == d0
    m.now = 0
    s.app.frame()
    assert bytes(s.app.canvas.buf) == before  # the panel shows the position again


def test_a_resumed_game_still_undoes_the_bot_replies():
    s = BOARD.start(players=4, seed=4, bots=[1, 2, 3])
    human_turn(s)
    play_turn(s)
    human_turn(s)
    marks = bot_marks(s.mode)
    s.app.to_menu()
    s.app.saved = True
    assert s.app.resume()
    m = s.mode
    assert bot_marks(m) == marks  # the replayed bot moves are known as the bots'
    keep = m.undo_target()
    s.press("b", long=True)
    s.press("a")
    assert m.count == keep and s.state.current_player == 0
