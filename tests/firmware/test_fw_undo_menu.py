"""The long-B question in a game (both runtimes), read from the frames: UNDO? takes back the
human's last move and the bot replies after it (confirmed with A), the panel says when nothing
can be undone, MENU? leaves the game saved and RESUME brings it back."""

import board_helpers as bh
import panel_text as pt
from marks import bot_marks

from firmware.question import ASK_MENU, ASK_UNDO

HUMAN_VS_BOT = {"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": [1]}, "seed": 5}


def box_texts(b):
    """Every text row the frame shows (the question box sits in the middle of the panel)."""
    c = b.app.canvas
    return [pt.read_row(c, y, 1, c.width - 1) for y in range(c.height - 4)]


def ghost_to(b, where):
    """Turn and move the Ta Yü ghost with the buttons to (row, col, dir)."""
    v = b.app.mode.view
    for _ in range(4):
        if v.gd != where[2]:
            b.presses("b")
    while v.gr != where[0]:
        b.presses("down" if v.gr < where[0] else "up")
    while v.gc != where[1]:
        b.presses("right" if v.gc < where[1] else "left")


def test_undo_takes_back_the_human_move_and_the_bot_reply():
    b = bh.Board(bot_delay_ms=600)  # the bot's real pause: it answers before a long B counts
    b.send(HUMAN_VS_BOT)
    mode = b.app.mode
    b.presses("a:long")
    before = bytes(b.app.canvas.buf)  # the frame just before the human's move
    ghost = (mode.view.gr, mode.view.gc, mode.view.gd)
    d0 = mode.state.digest()
    b.presses("a b:long")  # the move, then B held at once: the bot replies meanwhile
    assert mode.count == 2 and list(bot_marks(mode)) == [0, 1]
    assert mode.asking == ASK_UNDO
    rows = box_texts(b)
    assert "UNDO?" in rows and "A=Y B=N" in rows and "<> MENU" in rows
    b.advance(3000)  # nothing happens without A: the game waits for the answer
    assert mode.count == 2 and bytes(b.app.canvas.buf) != before
    b.presses("a")
    assert mode.asking == 0 and mode.count == 0 and mode.state.digest() == d0
    ghost_to(b, ghost)  # the ghost put back where it was (it stays near the last cursor)
    assert bytes(b.app.canvas.buf) == before  # the panel shows the position again
    undos = b.events("undo")
    assert [u["n"] for u in undos] == [1, 0]  # one event a move, the bot's reply first
    assert undos[0]["digest"] is None and undos[1]["digest"] == d0
    assert b.events("move")[-2]["move"] == undos[1]["move"]
    b.advance(2000)  # the human's turn again: the bot does not move
    assert mode.count == 0
    rec = b.app.store.load()[0]
    assert rec["game"] == "tayu" and list(rec["moves"]) == []


def _a_move_and_its_reply():
    """A board where the human has placed a tile and the bot has answered: (board, mode)."""
    b = bh.Board(bot_delay_ms=100)
    b.send(HUMAN_VS_BOT)
    b.presses("a:long a")
    b.settle()
    return b, b.app.mode


def test_b_answers_no_and_the_game_goes_on():
    b, mode = _a_move_and_its_reply()
    shown = bytes(b.app.canvas.buf)
    b.presses("b:long")
    assert "UNDO?" in box_texts(b)
    b.presses("b")
    assert mode.asking == 0 and mode.count == 2 and bytes(b.app.canvas.buf) == shown


def test_nothing_to_undo_is_said_on_the_panel():
    b = bh.Board(bot_delay_ms=100)
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": [0]}, "seed": 5})
    b.settle()  # the bot has moved first: no move of the human's to take back
    mode = b.app.mode
    b.presses("b:long")
    assert mode.asking == ASK_MENU
    c = b.app.canvas
    y = next(y for y in range(c.height - 4) if pt.read_row(c, y, 1, 31) == "MENU?") - 6
    seen = []
    for _ in range(400):  # the reason scrolls above the question
        text = pt.read_row(c, y, 1, 31)
        if not seen or text != seen[-1]:
            seen.append(text)
        b.advance(10)
    assert pt.covers(seen, "NO MOVE OF YOURS TO UNDO"), seen
    assert pt.frames_allocate(b.app, 600) == 0  # the scroll allocates nothing
    b.presses("b")
    assert mode.asking == 0 and mode.count == 1


def test_menu_from_a_game_then_resume_brings_it_back():
    b, mode = _a_move_and_its_reply()
    digest, count = mode.state.digest(), mode.count
    b.presses("b:long right")  # an arrow turns UNDO? into MENU?
    assert mode.asking == ASK_MENU and "MENU?" in box_texts(b) and "<> UNDO" in box_texts(b)
    b.presses("a")
    assert b.app.mode.name == "menu" and b.events("menu")
    c = b.app.canvas
    assert pt.read_row(c, 7, 1, 31) == "RESUME"  # the second row, where the menu opens
    assert b.app.mode.rows[b.app.mode.cursor][0] == "resume"
    b.presses("a")
    game = b.app.mode
    assert game.name == "tayu" and game.count == count and game.state.digest() == digest
    assert b.events("new")[-1]["resumed"] is True
    # the resumed game knows the bot's moves: undo still takes the reply back with the move
    assert list(bot_marks(game)) == [0, 1]
    b.presses("b:long a")
    assert game.count == 0
