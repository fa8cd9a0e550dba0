"""Wuxing duel's Théâtre on the board (both runtimes): the menu, the start frame, a pawn
picked with its destinations, B back, long A, the token to give, the turning phase, a whole
game by buttons against the bot, undo, save and resume."""

import wx_board as wx
from marks import bot_marks

from firmware import buttons as btn
from firmware.games.wuxing import view as wv
from firmware.question import ASK_UNDO
from shared_rules.wuxing import rules as wuxing

bh = wx


def test_the_menu_offers_wuxing_with_mode_age_and_map_rows():
    b = bh.Board()
    m = b.app.mode
    while m.rows[m.cursor][0] != "game":
        b.press(btn.DOWN)
    for _ in range(3):
        if m.game == "wuxing":
            break
        b.press(btn.RIGHT)
    assert m.game == "wuxing"
    texts = [m.texts[i] for i in range(len(m.rows))]
    assert "WUXING" in texts and "THEATRE" in texts and "AGE 10+" in texts
    assert "MAP CYCL" in texts and "P1 HUMAN" in texts and "P2 BOT" in texts
    while m.rows[m.cursor][0] != "start":
        b.press(btn.UP)
    b.presses("a")
    assert b.app.mode.name == "wuxing"
    new = b.events("new")[-1]
    assert new["options"]["mode"] == "theatre" and new["options"]["bots"] == [1]
    assert "age" not in new["options"]  # the engine's flags stand for it
    b.close()


def test_the_start_frame_shows_islands_pawns_tokens_and_the_cursor():
    b = bh.Board()
    mode = wx.start(b, {})
    st = mode.state
    L = wx.lay(b)
    for i in range(25):
        assert wx.island_px(b, i, 0, 0) == wv.ELEMENT_RGB[st.elem[i]]
    # Yang (D1 E1 D2 E2) a white ring, Yin (A4 B4 A5 B5) a black cross
    for i in (18, 19, 23, 24):
        assert wx.island_px(b, i, 1, 1) == wv.WHITE and wx.island_px(b, i, 2, 2) != wv.WHITE
    for i in (0, 1, 5, 6):
        assert wx.island_px(b, i, 2, 2) == wv.BLACK and wx.island_px(b, i, 2, 1) == wv.BLACK
        assert wx.island_px(b, i, 1, 1) == wv.ELEMENT_RGB[st.elem[i]]
    c = b.app.canvas
    # 2 red and 2 blue tokens each, the centre empty: read as counts off the strip
    assert wx.token_counts(b) == ((2, 2), (2, 2), (0, 0))
    assert c.get(0, L.yang_y + 2 * L.tp - 1) == wv.WHITE  # Yang to move
    assert mode.view.human and mode.view.cur in (18, 19, 23, 24)  # on a pawn that can move
    assert wv.WHITE in wx.frame_ring(b, mode.view.cur)  # the cursor's corners
    b.close()


def test_a_picks_a_pawn_its_destinations_show_b_puts_it_back_a_moves():
    b = bh.Board()
    mode = wx.start(b, {})
    v = mode.view
    sq = v.cur
    b.presses("a")
    assert v.sel == sq
    legal = [m for m in mode.state.legal_moves() if m.a == sq]
    assert legal
    for m in legal:
        ring = wx.frame_ring(b, m.b)
        assert (wv.RED if m.c == 0 else wv.BLUE) in ring
    assert wv.PICK in wx.frame_ring(b, sq)
    b.presses("b")
    assert v.sel == -1 and v.cur == sq
    assert wv.RED not in wx.frame_ring(b, legal[0].b) and wv.BLUE not in wx.frame_ring(
        b, legal[0].b)
    b.presses("a:long")  # the next legal move: the first one
    first = mode.state.legal_moves()[0]
    assert v.sel == first.a and v.cur == first.b
    b.presses("a")
    ev = b.events("move")
    assert ev[0]["move"] == str(first) and ev[0]["player"] == 0 and ev[0]["bot"] is False
    b.settle()
    ev = b.events("move")
    assert len(ev) == 2 and ev[1]["player"] == 1 and ev[1]["bot"] is True
    assert ev[1]["digest"] == mode.state.digest()
    b.close()


def test_the_token_to_give_is_picked_with_the_arrows():
    moves = wx.moves_to_phase({}, 7, "give")
    assert moves is not None
    b = bh.Board()
    mode = wx.start(b, {"bots": []}, 7, moves)
    v = mode.view
    assert v.give and v.human
    c = b.app.canvas
    # GIVE written over the board: white letters on black in the board's middle rows
    L = wx.lay(b)
    whites = 0
    for y in range(L.by, L.by + L.span):
        for x in range(L.bx, L.bx + L.span):
            if c.get(x, y) == wv.WHITE:
                whites += 1
    assert whites > 20, (whites, b.events("error"), b.app.errors)
    legal = [str(m) for m in mode.state.legal_moves()]
    if len(legal) == 2:
        b.presses("right")
        assert v.give_sel == 1
    want = "give " + ("red" if v.give_sel == 0 else "blue")
    if want not in legal:
        b.presses("left")
        want = legal[0]
    b.presses("a")
    assert b.events("move")[-1]["move"] == want
    b.close()


def test_the_turning_phase_turns_the_island_under_the_cursor():
    moves = wx.moves_to_phase({}, 7, "turn")
    assert moves is not None
    b = bh.Board()
    mode = wx.start(b, {"bots": []}, 7, moves)
    v = mode.view
    st = mode.state
    assert v.turning and v.human
    b.presses("a:long")  # the first island that may be turned
    sq = v.cur
    assert st.legal_moves()[0].a == sq or v.turnable[sq]
    assert wv.TURN_RGB in wx.frame_ring(b, sq)
    assert wx.island_px(b, sq, 2, 2) == wv.TURNED  # how it will look
    b.presses("a")
    assert b.events("move")[-1]["move"] == "turn " + wuxing.square_name(sq)
    assert wx.island_px(b, sq, 0, 0) == wv.TURNED
    b.close()


def test_a_whole_game_by_buttons_against_the_bot():
    b = bh.Board()
    wx.start(b, {}, 11)
    mode = wx.press_to_end(b)
    end = b.events("end")[-1]
    assert end["scores"] == list(mode.state.scores())
    assert mode.view.overlay == wv.END
    b.presses("right")  # the arrows show the board again
    assert mode.view.overlay == wv.NONE
    # GameMode.over_button flips the overlay between its own names for the view's two
    from firmware import gamemode

    assert (wv.NONE, wv.END) == (gamemode.OVERLAY_NONE, gamemode.OVERLAY_END)
    b.presses("a")
    assert b.app.mode.name == "menu"
    b.close()


def test_the_token_strip_reads_as_counts_through_a_game():
    """Every seat's red and blue tokens and the centre's, counted off the strip after each
    move of a game by buttons, are the state's (a red row over a blue row, a token lit, an
    empty place dark); the counts change along the way."""
    b = bh.Board()
    mode = wx.start(b, {}, 11)
    seen = set()
    for _ in range(40):
        if mode.state.is_over():
            break
        v = mode.view
        if v.human:
            b.presses("a" if v.give else "a:long a")
        b.settle()
        if mode.state.is_over():
            break  # the end's banner lies over the middle
        t = mode.state.tokens
        want = ((t[0], t[1]), (t[2], t[3]), (t[4], t[5]))
        assert wx.token_counts(b) == want
        seen.add(want)
    assert len(seen) >= 4
    b.close()


def test_undo_takes_back_the_human_move_and_the_bot_reply():
    b = bh.Board()
    mode = wx.start(b, {}, 5)
    b.presses("a:long a")
    b.settle()
    assert mode.count == 2
    b.presses("b:long")
    assert mode.asking == ASK_UNDO
    b.presses("a")
    assert mode.count == 0 and mode.view.human
    undos = b.events("undo")
    assert [u["n"] for u in undos] == [1, 0]
    assert undos[-1]["digest"] == wuxing.new_game(seed=5).digest()
    b.close()


def test_save_and_resume_after_a_power_cut():
    fs = bh.MemFS()
    b = bh.Board(fs=fs)
    mode = wx.start(b, {}, 9)
    for _ in range(3):
        b.presses("a:long a")
        b.settle()
    moves = list(mode.state.history)
    digest = mode.state.digest()
    b2 = bh.Board(fs=bh.MemFS(fs.files))  # the power went: a new board on the same flash
    m = b2.app.mode
    assert m.rows[m.cursor][0] == "resume"  # the menu opens on RESUME
    b2.presses("a")
    mode2 = b2.app.mode
    assert mode2.name == "wuxing" and mode2.state.history == moves
    assert mode2.state.digest() == digest and mode2.bots == [1]
    assert list(bot_marks(mode2)) == [0, 1] * 3  # undo still knows the bot's replies
    assert mode2.view.human
