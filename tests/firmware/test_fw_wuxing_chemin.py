"""Wuxing duel's Chemin on the board (both runtimes): the choice with the card you may not play
dimmed, the bot's card hidden until both chose, the duel's result a moment before the pawn
moves, two humans choosing in turn, whole games by buttons against the bot at each age level,
undo, a resume in the middle of a choice."""

import wx_board as wx

from firmware.games.wuxing import view as wv
from firmware.question import ASK_UNDO
from shared_rules.wuxing import rules as wuxing


def test_the_bot_chooses_first_its_card_hidden_then_both_show_and_the_pawn_moves():
    b = wx.Board()
    mode = wx.start(b, {"mode": "chemin"}, 3)
    st = mode.state
    v = mode.view
    b.advance(20)
    assert st.pending[1] != 255 and v.chosen[1]  # the bot chose first
    assert v.chooser == 0 and v.human
    assert wx.card_px(b, 1) in (wv.HIDDEN_A, wv.HIDDEN_B)  # face down
    for e in range(5):  # the whole hand in the first round
        assert wx.hand_px(b, e, 1, 2) == wv.ELEMENT_RGB[e]
    b.presses("down")  # the cursor's card shows in Yang's slot
    assert v.hand == 1 and wx.card_px(b, 0) == wv.ELEMENT_RGB[1]
    bot_card = st.pending[1]
    b.presses("a")
    # both cards face up, the duel's result drawn between them; no move yet
    assert v.reveal and b.events("move") == []
    assert wx.card_px(b, 1) == wv.ELEMENT_RGB[bot_card]
    assert wx.card_px(b, 0) == wv.ELEMENT_RGB[1]
    L = wx.lay(b)
    mid = b.app.canvas.get(L.cx + L.isl // 2, (L.top_y + L.bottom_y + L.isl) // 2)
    want = wv.GREY if v.rcol < 0 else (wv.RED if v.rcol == 0 else wv.BLUE)
    assert mid == want
    b.settle()
    ev = b.events("move")
    assert len(ev) == 1 and ev[0]["move"] == "duel fire:" + wuxing.ELEMENTS[bot_card]
    assert ev[0]["player"] == 0 and ev[0]["bot"] is False
    assert ev[0]["digest"] == mode.state.digest()
    # the next round: the card just played may not be played again: dimmed and struck
    b.advance(20)
    assert v.chooser == 0 and not v.allowed[1]
    L = wx.lay(b)
    assert wx.hand_px(b, 1, 0, 0) == wv.dim(wv.ELEMENT_RGB[1], 1)  # its outline, dimmed
    assert wx.hand_px(b, 1, 1, 1) == wv.BLACK  # hollow, struck through
    assert wx.hand_px(b, 1, 1, L.isl - 2) == wv.dim(wv.ELEMENT_RGB[1], 1)
    assert v.hand == 0
    b.presses("down")  # the cursor steps over the card it may not play: it never rests there
    assert v.hand == 2
    seen = []
    for key in ("down", "down", "down", "down", "up", "up", "left", "right"):
        b.presses(key)
        seen.append(v.hand)
    assert 1 not in seen and len(set(seen)) == 4, seen
    assert not v.reveal and len(b.events("move")) == 1


def test_two_humans_choose_in_turn_the_first_choice_hidden():
    b = wx.Board()
    mode = wx.start(b, {"mode": "chemin", "bots": []}, 4)
    v = mode.view
    assert v.chooser == 0
    b.presses("down down a")  # Yang: earth
    assert v.chooser == 1 and v.hand == 0  # Yin's hand, the cursor back on its first card
    assert wx.card_px(b, 0) in (wv.HIDDEN_A, wv.HIDDEN_B)
    reply = mode.command({"cmd": "state"})
    assert reply["chosen"] == [True, False] and reply["to_move"] == 1
    # the digest is the position's, as the host rebuilds it from the moves (no choice in it)
    assert reply["digest"] == wuxing.new_game(seed=4, mode="chemin").digest()
    assert "earth" not in str(reply)
    b.presses("right a")  # Yin: fire
    b.settle()
    assert b.events("move")[-1]["move"] == "duel earth:fire"


def test_whole_games_by_buttons_against_the_bot_at_each_age():
    for age in (10, 8, 6):
        b = wx.Board()
        mode = wx.start(b, {"mode": "chemin", "age": age}, 20 + age)
        assert mode.state.flags["no_discard"] == (age <= 8)
        assert mode.state.flags["plain_faces"] == (age <= 6)
        wx.press_to_end(b, 150)
        end = b.events("end")[-1]
        assert end["scores"] == list(mode.state.scores())
        assert mode.view.overlay == wv.END


def test_undo_takes_back_the_round_and_the_bot_chooses_again():
    b = wx.Board()
    mode = wx.start(b, {"mode": "chemin"}, 5)
    b.advance(20)
    first = mode.state.pending[1]
    b.presses("a")
    b.settle()
    assert mode.count == 1
    b.presses("b:long")
    assert mode.asking == ASK_UNDO
    b.presses("a")
    b.advance(20)
    assert mode.count == 0 and mode.view.chooser == 0
    assert mode.state.pending[1] == first  # the same card: the bot's choice is seeded
    assert b.events("undo")[-1]["digest"] == wuxing.new_game(seed=5, mode="chemin").digest()


def test_a_resume_in_the_middle_of_a_choice_asks_again():
    fs = wx.MemFS()
    b = wx.Board(fs=fs)
    mode = wx.start(b, {"mode": "chemin", "bots": []}, 6)
    b.presses("a")
    b.settle()
    b.presses("a b:long right a")  # not a duel: Yang's choice of round 2 then MENU? yes
    assert b.app.mode.name == "menu"
    b.presses("a")  # the menu opens on RESUME
    mode = b.app.mode
    assert mode.name == "wuxing" and mode.count == 1
    assert mode.view.chooser == 0 and not mode.view.chosen[0]  # Yang chooses again
    b2 = wx.Board(fs=wx.MemFS(fs.files))  # and after a power cut
    b2.presses("a")
    assert b2.app.mode.count == 1 and b2.app.mode.view.chooser == 0


def test_every_move_is_saved_before_its_event_and_the_save_cleared_before_the_end():
    """GameMode.settle's order for Wuxing (a Chemin round is one move, Théâtre's moves one
    each): when a `move` event goes out, the save on flash already holds that move (or, the
    game over, is gone), and the `end` follows the cleared save. A whole Chemin game; Théâtre's
    first moves (its saves grow, and this test's flash is on the heap)."""
    from firmware import store_read

    for options, seed, upto in (({"mode": "chemin", "bots": [0, 1]}, 4, 0),
                                ({"bots": [0, 1]}, 3, 8)):
        fs = wx.MemFS()
        b = wx.Board(fs=fs, bot_delay_ms=10)
        seen = []
        write = b.write

        def check(line, seen=seen, fs=fs, write=write):
            if '"ev": "move"' in line or '"ev": "end"' in line or '"ev": "error"' in line:
                saved = fs.files.get("game.sav")
                seen.append(-1 if saved is None else len(store_read.decode(saved)["moves"]))
            write(line)

        b.app.link.write = check
        mode = wx.start(b, options, seed)
        for _ in range(400):
            if mode.state.is_over() or (upto and mode.count >= upto):
                break
            b.advance(50)
        b.advance(100)
        mode.settle()  # the last move's save and events (its next pass's, or a host line's)
        n = mode.count
        if upto:
            assert n >= upto and seen == list(range(1, n + 1)), (options, seen)
        else:
            assert mode.state.is_over(), options
            assert seen == list(range(1, n)) + [-1, -1], (options, seen)
        b = write = check = None
