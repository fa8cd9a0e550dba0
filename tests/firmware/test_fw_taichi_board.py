"""Tai Chi Chuan on the board (both runtimes): a word entered with the six buttons, the verdict
and its reason, the players' overrule (ACCEPT, REFUSE), bad input refused in one line with the
game unchanged (a word that does not fit, not in the word set, out of turn, an unknown card in
an owner's deck), a bot's word announced on the panel, a whole game by buttons against the bot
(tests/host/test_taichi_sim.py: on the 48 x 48 panel)."""

import gc

import board_helpers as bh
import taichi_board as tb
from marks import bot_marks

try:
    import sizes  # tests/rules/sizes.py: the MicroPython runner puts tests/rules on the path
except ImportError:
    from tests.rules import sizes

from firmware.games.taichi import controller as tc
from firmware.games.taichi import view as tv


def start(b, players=2, bots=(1,), seed=5, **extra):
    gc.collect()  # the test's own garbage: it shares the board's heap on MicroPython
    opts = {"players": players, "bots": list(bots), "level": "easy"}
    opts.update(extra)
    b.app.start_game("taichi", opts, seed)
    b.settle()
    return b.app.mode


def errors(b):
    return [e["msg"] for e in b.events("error")]


def test_a_word_by_buttons_is_judged_and_played():
    b = bh.Board()
    try:
        mode = start(b)
        assert mode.ui == tc.UI_ENTRY and mode.entry.word() == mode.state.row_letters()[0][0]
        word = tb.a_word(mode)
        keys = tb.word_keys(mode.entry, word)
        assert len(keys) <= 8 * len(word), keys  # a handful of presses a letter
        b.presses(" ".join(keys))
        st = mode.state
        assert st.history == ["word " + word] and st.phase == "choose"
        assert mode.view.line == tv.LINE_WORD and mode.view.word == word
        assert mode.view.word_rgb == tv.GREEN
        assert [c[0] for c in mode.choices][:2] == ["DRAW", "STOP"]
        assert "REFUSE" in [c[0] for c in mode.choices]
        b.settle()
        assert b.events("move")[-1]["move"] == "word " + word
        assert tb.choose(b, "REFUSE")  # the table refuses it: back before it, the word said
        assert st.history[-1] == "refuse" and st.phase == "announce" and word in st.said
    finally:
        b.close()


def test_a_word_not_in_the_dictionary_shows_why_and_the_table_may_accept_it():
    b = bh.Board()
    try:
        mode = start(b)
        st = mode.state
        first = mode.entry.word()
        digest = st.digest()
        b.presses("up right up right up a")  # the wheel's first letters: no French word
        word = mode.entry.word()
        assert len(word) == 4 and word[0] == first
        assert mode.ui == tc.UI_CHOICE and mode.view.prompt == "?DICT"
        assert mode.view.word == word and mode.view.word_rgb == tv.RED
        assert st.history == [] and st.digest() == digest  # nothing played
        assert [c[0] for c in mode.choices] == ["RETRY", "ACCEPT", "GIVEUP"]
        b.presses("a")  # RETRY: the word as it was
        assert mode.ui == tc.UI_ENTRY and mode.entry.word() == word
        b.presses("a right a")  # refused again; ACCEPT
        assert st.history == ["accept " + word] and mode.view.word_rgb == tv.AMBER
    finally:
        b.close()


def test_bad_input_is_refused_in_one_line_and_changes_nothing():
    b = bh.Board()
    try:
        mode = start(b)
        st = mode.state
        digest = st.digest()
        first = st.row_letters()[0][0]
        for text, why in (("word " + first + "QXZW", "is not in the dictionary"),
                          ("word " + ("A" if first != "A" else "B") + "LORS",
                           "does not start with"),
                          ("join", "not a move now"),
                          ("word " + first + "E seat 1", "a seat is named only")):
            b.send({"cmd": "move", "move": text})
            got = errors(b)
            assert got and why in got[-1] and "\n" not in got[-1], (text, got)
            assert st.digest() == digest and st.history_len() == 0
        # a word from the keyboard over serial, as `lanterne sim` and the host send it
        word = tb.a_word(mode)
        b.send({"cmd": "move", "move": "word " + word.lower()})
        b.settle()
        assert st.history[0] == "word " + word
        # out of turn: after a word, the round's player draws or stops; no word now
        digest = st.digest()
        b.send({"cmd": "move", "move": "word " + word + " seat 1"})
        assert errors(b)[-1] == "no word is announced now"
        assert st.digest() == digest and st.history_len() == 1
        n = len(b.events("error"))
        # an owner's deck with an unknown card: no game starts, this one goes on
        bad = "\n".join(["E ombrelle"] * 12 + ["A tortue"])
        b.send({"cmd": "new", "game": "taichi", "seed": 3,
                "options": {"players": 2, "deck": bad}})
        got = errors(b)
        assert len(got) == n + 1 and got[-1].startswith("deck line 13: unknown symbol"), got
        assert b.app.mode is mode and mode.state.history_len() == 1
    finally:
        b.close()


def test_a_bots_word_shows_on_the_panel():
    b = bh.Board()
    try:
        mode = b.app.start_game("taichi", {"players": 2, "bots": [0, 1], "level": "easy"}, 4)
        seen = False
        for _ in range(400):
            b.advance(50)
            last = mode.state.last_move() or ""
            if last.startswith("word "):
                v = mode.view
                assert v.line == tv.LINE_WORD and v.word == last[5:].split(" ")[0]
                lay = v.lay
                lit = [b.app.canvas.get(x, lay.word_y + 2) for x in range(lay.width)]
                assert tv.GREEN in lit
                seen = True
                break
        assert seen
    finally:
        b.close()


def whole_game(players, seed, look, moves=100000, board=None):
    """A game of yours by buttons against the bots, to its end or its first `moves` moves (on
    `board` when given: made before this module's imports, a 48 x 48 board's buffers find
    their block)."""
    b = board or bh.Board(look)
    try:
        mode = start(b, players=players, bots=tuple(range(1, players)), seed=seed)
        mode = tb.play_out(b, moves=moves)
        st = mode.state
        assert st.is_over() or st.history_len() >= moves, (st.phase, st.history_len())
        assert errors(b) == [] and b.app.errors == 0
        if st.is_over():
            assert b.events("end") and b.events("end")[-1]["scores"] == list(st.scores())
            assert mode.view.overlay == tv.END
        by_person = [st.history[i] for i in range(st.history_len()) if not bot_marks(mode)[i]]
        assert [t for t in by_person if t.startswith("word ")], by_person
    finally:
        b.close()


def test_a_whole_game_by_buttons_against_the_bot():
    # the whole game on CPython; its first 60 moves on the MicroPython unix port (with Rondo
    # merged, the 288k heap left the game for the menu near move 130: docs/taichi.md)
    whole_game(2, 3, "ref32", moves=sizes.pick(100000, 60, 60))
