"""Wuxing duel's marks on the board (both runtimes): the last move drawn until the next (a
dotted pink ring where the pawn came from, a solid one where it went, red dashes in it for a
pawn taken), the cursor a whole white ring, the tokens as numbers on B, and these colours apart
for a deuteranope and a protanope."""

import colour_blind as cb
import panel_text as pt
import wx_board as wx

from firmware import buttons as btn
from firmware.canvas import Canvas
from firmware.games.wuxing import view as wv
from shared_rules.wuxing import rules as wuxing


def ring(canvas, lay, i):
    """The 4 * (isl + 1) colours of the ring round island i, clockwise from its top left."""
    x, y = wv.island_xy(lay, i)
    n = lay.isl + 2
    x -= 1
    y -= 1
    out = []
    for k in range(n - 1):
        out.append(canvas.get(x + k, y))
    for k in range(n - 1):
        out.append(canvas.get(x + n - 1, y + k))
    for k in range(n - 1):
        out.append(canvas.get(x + n - 1 - k, y + n - 1))
    for k in range(n - 1):
        out.append(canvas.get(x, y + n - 1 - k))
    return out


def board_of(b, mode):
    """The Théâtre board as drawn once per move (no cursor): islands, pawns, the last move."""
    c = Canvas(b.app.canvas.width, b.app.canvas.height)
    wv.draw_theatre_board(c, mode.state, mode.view)
    return c


def square(text):
    return (5 - int(text[1])) * 5 + "ABCDE".index(text[0])


def test_the_bots_move_stays_marked_from_and_to_until_the_next_move():
    b = wx.Board()
    mode = wx.start(b, {}, 3)
    b.presses("a:long a")  # the human's move, then the bot's answer
    b.settle()
    moves = b.events("move")
    assert len(moves) == 2 and moves[1]["bot"]
    text = moves[1]["move"]  # "D5-D3 red": from, to, the token paid
    a, to = square(text[0:2]), square(text[3:5])
    v = mode.view
    assert (v.last_a, v.last_b) == (a, to)
    c = board_of(b, mode)
    lay = wx.lay(b)
    came = ring(c, lay, a)
    went = ring(c, lay, to)
    if v.last_cap:  # solid where it went (red dashes in it: the bot took a pawn there)
        assert went.count(wv.LAST_RGB) == went.count(wv.RED) == len(went) // 2
    else:
        assert went.count(wv.LAST_RGB) == len(went)
    assert came.count(wv.LAST_RGB) == len(came) // 2  # dotted where it came from
    for i in range(25):  # nowhere else
        if i not in (a, to):
            x, y = wv.island_xy(lay, i)
            assert c.get(x + 1, y + 1) != wv.LAST_RGB
    # the human picks a pawn: the mark stays; the human's move replaces it
    b.presses("a:long")
    assert wv.LAST_RGB in ring(b.app.canvas, lay, to) or v.cur == to
    b.presses("a")
    assert v.last_a != a or v.last_b != to
    b.close()


def test_a_pawn_taken_shows_red_dashes_in_the_ring_and_undo_clears_the_mark():
    st = wuxing.new_game(seed=5)
    texts = []
    capture = None
    for _ in range(300):
        m = wuxing.greedy_move(st)
        if m is None:
            break
        if m.kind == wuxing.M_MOVE and st.pawn[m.b]:
            capture = m
            break
        texts.append(st.move_text_of(m) if hasattr(st, "move_text_of") else str(m))
        st.apply(m)
    assert capture is not None
    b = wx.Board()
    mode = wx.start(b, {"bots": [0, 1]}, 5, texts)
    assert mode.view.last_b == wv.NO_SQ  # a resumed game: no last move to show
    mode.play(mode.state.parse_move(str(capture)), True)
    c = board_of(b, mode)
    went = ring(c, wx.lay(b), capture.b)
    assert mode.view.last_cap
    assert went.count(wv.RED) == len(went) // 2 and went.count(wv.LAST_RGB) == len(went) // 2
    mode.refreshed()
    assert mode.view.last_b == wv.NO_SQ
    b.close()


def test_the_cursor_is_a_whole_white_ring():
    b = wx.Board()
    mode = wx.start(b, {}, 3)
    v = mode.view
    lay = wx.lay(b)
    b.presses("up")  # off the pawns: nothing picked
    assert v.sel < 0
    around = ring(b.app.canvas, lay, v.cur)
    assert around.count(wv.WHITE) == len(around)
    b.close()


def test_b_shows_the_tokens_as_numbers_and_any_key_hides_them():
    b = wx.Board()
    mode = wx.start(b, {}, 3)
    st = mode.state
    b.press(btn.B)
    assert mode.view.counts
    c = b.app.canvas
    h = 3 * 6 + 1
    y = (c.height - h) // 2 + 1
    rows = [pt.read_row(c, y + 6 * k) for k in range(3)]
    assert rows == ["YANG 2 2", "YIN  2 2", "MID  0 0"], rows
    xr = c.width - 11
    assert wv.RED in [c.get(xr + dx, y + dy) for dx in range(3) for dy in range(5)]
    assert wv.BLUE in [c.get(xr + 8 + dx, y + dy) for dx in range(3) for dy in range(5)]
    assert list(st.tokens[:2]) == [2, 2]
    b.press(btn.LEFT)
    assert not mode.view.counts and st.current_player == 0  # the key only hid them
    b.close()


def test_the_marks_colours_are_apart_for_colour_blind_eyes():
    for other in (wv.RED, wv.BLUE, wv.PICK, wv.WHITE, wv.TURN_RGB, wv.BLACK):
        d, a, c = cb.closest_pair([wv.LAST_RGB, other])
        assert d > 60, (hex(a), hex(c), d)
