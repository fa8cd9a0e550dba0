"""Rondo on the simulated board (both runtimes): a first word laid card by card, a joker's
letter, a word refused with its reason and nothing played, the hint, the menu's pass and swap,
the hourglass running out, the hand hidden between two humans, the holder read off the frame,
a whole game by buttons against the bot, undo and resume."""

import gc

import board_helpers as bh

from firmware import buttons as btn
from firmware import font
from firmware.games.rondo import view as rv


def start(b, options, seed=5):
    opts = {"players": 2, "bots": [1], "start": "seat0"}
    opts.update(options)
    b.send({"cmd": "new", "game": "rondo", "options": opts, "seed": seed})
    b.advance(50)
    assert b.app.mode.name == "rondo", b.lines[-3:]
    return b.app.mode


def glyph_at(b, x, y):
    """The 15-bit glyph of the lit pixels at (x, y)."""
    c = b.app.canvas
    g = 0
    for row in range(5):
        for col in range(3):
            g = (g << 1) | (1 if c.get(x + col, y + row) else 0)
    return g


def holder_text(b):
    """The holder's letters as the frame shows them (one line)."""
    v = b.app.mode.view
    out = ""
    for i in range(v.count):
        x, y = rv._slot_xy(v, i)
        g = glyph_at(b, x, y)
        ch = "?"
        for k in font.glyphs():
            if font.glyphs()[k] == g and "A" <= k <= "Z":
                ch = k
        if v.kind[i] == rv.K_ERASER:
            ch = "-"
        out += ch
    return out


def test_a_first_word_laid_by_the_hint_and_played():
    b = bh.Board()
    mode = start(b, {})
    st = mode.state
    assert mode.view.focus == rv.F_HAND and st.current_player == 0
    b.press(btn.A, long=True)  # the hint: the baseline's first play, laid out
    text = mode.text()
    assert text is not None and text.startswith("play ")
    b.press(btn.UP)
    b.settle()
    moves = b.events("move")
    assert moves and moves[0]["move"] == text and moves[0]["player"] == 0
    assert mode.state.history_len() >= 2  # the bot answered
    assert len(mode.state.word()) >= 3
    b.close()


def test_cards_laid_one_by_one_then_refused_with_a_reason():
    b = bh.Board()
    mode = start(b, {})
    hand = mode.state.hand_text(0)
    for _ in range(3):  # A takes a card, A lays it after the others
        b.presses("a a")
    assert mode.t_n == 3
    text = mode.text()
    try:
        mode.state.parse_move(text)
        legal = True
    except ValueError:
        legal = False
    n = mode.state.history_len()
    b.press(btn.UP)
    if not legal:
        assert mode.view.msg_n > 0 and mode.state.history_len() == n
        assert mode.state.hand_text(0) == hand
        b.press(btn.B)  # the message goes at a key
        b.presses("b b b")  # the three cards back to the hand
        assert mode.t_n == 0
    b.close()


def test_a_card_taken_to_the_holder_draws_as_a_whole_refresh_would():
    """A on a card refreshes only the holder and the card (refresh_holder): its frame must be
    the one a whole refresh draws, on an empty holder and on a word."""
    b = bh.Board()
    mode = start(b, {}, seed=5)
    for step in range(4):
        if step == 2:  # a word in the holder: the hint's, played, and the bot's answer
            b.presses("b b")
            b.press(btn.A, long=True)
            b.press(btn.UP)
            b.settle()
            assert len(mode.state.slots) >= 3
        b.presses("right a")  # the next card to the holder
        assert mode.view.focus == rv.F_HOLDER and mode.picked >= 0
        quick = bytes(b.app.canvas.buf)
        mode.refresh()
        b.advance(20)
        assert bytes(b.app.canvas.buf) == quick, step
        b.presses("a")  # laid: back to the hand
    b.close()


def test_a_joker_asks_for_its_letter():
    b = bh.Board()
    mode = start(b, {}, seed=5)
    st = mode.state
    # give seat 0 a joker first in hand (a hand-set position)
    joker = [c for c in st.pile if st.cards[c] == "*"][0]
    st.pile.remove(joker)
    st.pile.append(st.hands[0].pop(0))
    st.hands[0].append(joker)
    st.hands[0].sort()
    mode.after_change()
    i = mode.state.hand_text(0).index("*")
    mode.view.hand_cur = i
    b.presses("a a")  # take the joker, lay it: its letter comes next
    assert mode.view.focus == rv.F_LETTER
    b.presses("down down")  # E -> F -> G
    b.press(btn.A)
    assert mode.text() == "play g"
    b.close()


def test_the_menu_passes_and_swaps():
    b = bh.Board()
    mode = start(b, {}, seed=5)
    b.presses("down right a")  # PASS
    b.advance(50)
    assert b.events("move")[0]["move"] == "pass"
    b.settle()
    assert mode.state.current_player == 0
    card = mode.state.hand_text(0)[0]
    b.presses("down right right a")  # SWAP the card under the cursor
    b.advance(50)
    assert b.events("move")[-1]["move"] == "exchange " + card
    assert mode.state.exch == 1
    b.close()


def test_the_hourglass_runs_out():
    b = bh.Board()
    mode = start(b, {"hourglass": 60}, seed=5)
    assert mode.view.glass == rv.SAND_CELLS
    b.advance(30000)
    assert 0 < mode.view.glass < rv.SAND_CELLS
    b.advance(31000)
    assert b.events("move")[0]["move"] == "timeout"
    b.close()


def test_the_hourglass_sand_drains_from_the_top_bulb_into_the_bottom():
    """Every level of the hourglass drawn: the sand in the top bulb and the bottom bulb adds
    up to its nine cells, the neck runs while both hold sand, the last ten seconds in red."""
    from firmware.canvas import Canvas

    v = rv.View(32, 32)
    c = Canvas(32, 32)
    x0 = 32 - 5
    for low in (False, True):
        sand = rv.SAND_LOW if low else rv.SAND_RGB
        for level in range(rv.SAND_CELLS + 1):
            v.glass = level
            v.low = low
            c.clear()
            rv.draw_glass(c, v)

            top = sum(1 for y in (1, 2, 3) for x in range(5) if c.get(x0 + x, y) == sand)
            bottom = sum(1 for y in (5, 6, 7) for x in range(5) if c.get(x0 + x, y) == sand)
            assert top == level and bottom == rv.SAND_CELLS - level
            assert c.get(x0 + 2, 3) == (sand if level else 0)  # the top bulb empties last here
            assert c.get(x0, 7) == (sand if level < rv.SAND_CELLS else 0)  # its floor first
            running = 0 < level < rv.SAND_CELLS
            assert c.get(x0 + 2, 4) == (sand if running else rv.GLASS_RGB)
            assert all(c.get(x0 + x, y) == rv.GLASS_RGB for x in range(5) for y in (0, 8))
    v.glass = -1  # no hourglass: nothing drawn
    c.clear()
    rv.draw_glass(c, v)
    assert not any(c.buf)


def test_two_humans_pass_the_board():
    b = bh.Board()
    mode = start(b, {"bots": []}, seed=5)
    assert mode.view.focus == rv.F_HAND or mode.view.focus == rv.F_HIDDEN
    b.presses("a") if mode.view.focus == rv.F_HIDDEN else None
    b.press(btn.A, long=True)
    b.press(btn.UP)
    b.advance(50)
    assert mode.state.current_player == 1
    assert mode.view.focus == rv.F_HIDDEN  # seat 2's hand waits for seat 2
    assert mode.view.glass < 0  # the hourglass waits too
    b.press(btn.A)
    assert mode.view.focus == rv.F_HAND
    b.close()


def test_the_holder_read_off_the_frame():
    b = bh.Board()
    mode = start(b, {"bots": [0, 1]}, seed=3)
    while mode.state.history_len() < 6 and not mode.state.is_over():
        b.advance(200)
    b.advance(20)
    st = mode.state
    shown = holder_text(b)
    assert shown.replace("-", "") == st.word(), (shown, st.means)
    b.close()


def play_turns(b, mode, most):
    """Human turns by buttons (the hint played, else a pass from the menu), the bot between."""
    turns = 0
    while not mode.state.is_over() and turns < most:
        if mode.state.current_player == 0 and mode.view.focus == rv.F_HAND:
            n = mode.state.history_len()
            b.press(btn.A, long=True)
            b.press(btn.UP)
            if mode.state.history_len() == n:  # no hint, or refused: pass
                b.presses("b down right a")
            turns += 1
        b.advance(300)
    return turns


def test_a_game_by_buttons_against_the_bot():
    b = bh.Board()
    mode = start(b, {}, seed=9)
    assert play_turns(b, mode, 40) > 5
    assert mode.state.history_len() > 10
    b.close()


def test_a_game_resumes_from_its_save():
    fs = bh.MemFS()
    b = bh.Board(fs=fs)
    mode = start(b, {"bots": [], "start": "words"}, seed=9)
    for text in ("show none", "show none", "exchange " + mode.state.hand_text(0)[0], "pass"):
        b.send({"cmd": "move", "move": text})  # told by the host, as a save holds them
    b.advance(50)
    moves = mode.state.history
    assert len(moves) == 4
    digest = mode.state.digest()
    b.close()
    b = mode = None
    gc.collect()
    b2 = bh.Board(fs=fs)  # a power cut: the board resumes the save
    b2.send({"cmd": "resume"})
    b2.advance(50)
    assert b2.app.mode.name == "rondo", b2.lines[-3:]
    again = b2.app.mode.state
    assert again.history == moves and again.digest() == digest
    b2.close()


def test_a_cursor_frame_from_the_cache_is_the_frame_drawn_whole():
    b = bh.Board()
    mode = start(b, {}, seed=4)
    b.press(btn.A, long=True)
    b.presses("right right a left")  # a card to the holder, its cursor moved
    c = b.app.canvas
    cached = bytes(c.buf)
    assert mode.view.cached
    mode.view.cached = False
    c.clear()
    mode.draw(c)
    assert bytes(c.buf) == cached
    b.close()


def test_real_cards_the_board_reads_the_holder_and_keeps_the_score():
    from firmware.games.rondo import controller as rc

    fs = bh.MemFS()
    b = bh.Board(fs=fs)
    mode = start(b, {"cards": "real", "bots": []}, seed=2)
    new = b.events("new")[-1]
    assert new["options"]["cards"] == "real" and "physical" not in new["options"]
    v = mode.view
    assert v.focus == rv.F_HAND and v.hand_n == len(rc.KINDS)  # no hand: every kind of card
    for ch in "MER":
        v.hand_cur = rc.KINDS.index(ch)
        b.presses("a a")
    b.press(btn.UP)
    b.advance(50)
    assert b.events("move")[-1]["move"] == "play MER"
    b.presses("down right right a")  # SWAP: a real card exchanged, 2 points
    b.advance(50)
    assert b.events("move")[-1]["move"] == "exchange"
    b.presses("down right right right a")  # END: the table saw the end
    b.advance(50)
    assert b.events("move")[-1]["move"] == "finish" and v.focus == rv.F_LEFT
    b.presses("up up right a")  # seat 1: 12 points left in hand
    b.presses("a")  # seat 2: none
    b.advance(50)
    end = b.events("end")[-1]
    assert end["scores"] == [5 + 1 + 2 + 3 - 12, 0]
    b.close()


def test_real_cards_resume_from_the_save():
    fs = bh.MemFS()
    b = bh.Board(fs=fs)
    start(b, {"cards": "real", "bots": []}, seed=2)
    b.send({"cmd": "move", "move": "play MER"})
    b.send({"cmd": "move", "move": "exchange"})
    b.advance(50)
    b.close()
    b = None
    gc.collect()
    b2 = bh.Board(fs=fs)  # the save resumes with its real cards
    b2.send({"cmd": "resume"})
    b2.advance(50)
    assert b2.app.mode.name == "rondo" and b2.app.mode.physical
    assert b2.app.mode.state.history == ["play MER", "exchange"]
    b2.close()


def test_real_cards_make_every_seat_human():
    b = bh.Board()
    b.send({"cmd": "new", "game": "rondo", "options": {"players": 2, "bots": [1],
                                                       "cards": "real"}, "seed": 1})
    b.advance(50)
    assert b.events("new")[-1]["options"]["bots"] == []  # a bot has no cards
    assert b.app.mode.bots == []
    b.close()
