"""Wuxing duel on the board, how it looks and holds up (both runtimes): the five element
colours stay apart for a deuteranope, the same screens on panel48 at a larger scale, the board
of holes refuses the game, random presses never break it, a frame between two moves
allocates nothing."""

import gc
import sys

import wx_board as wx

from firmware.games.wuxing import view as wv
from shared_rules.rng import Rng

MICRO = sys.implementation.name == "micropython"
MARGIN = 60  # in 0..255 sRGB units (Euclidean), after the simulation


def test_the_five_element_colours_stay_apart_for_a_deuteranope():
    b = wx.Board()
    mode = wx.start(b, {})
    st = mode.state
    seen = {}
    for i in range(25):  # read off the frame: the colours as drawn, one island each
        seen[st.elem[i]] = wx.island_px(b, i, 0, 0)
    assert sorted(seen) == [0, 1, 2, 3, 4]
    sim = [wx.deuteranopia(seen[e]) for e in range(5)]
    for a in range(5):
        for c in range(a + 1, 5):
            assert wx.distance(sim[a], sim[c]) > MARGIN, (a, c, sim[a], sim[c])
    # and the pawns stand out from every island: white ring, black cross
    for e in range(5):
        assert wx.distance(wx.deuteranopia(seen[e]), wx.deuteranopia(wv.WHITE)) > MARGIN
        assert wx.distance(wx.deuteranopia(seen[e]), (0, 0, 0)) > MARGIN


def test_panel48_draws_the_same_screens_larger():
    b = wx.Board("panel48")
    mode = wx.start(b, {})
    L = wx.lay(b)
    assert L.isl == 7 and L.bx + L.span <= 48 and L.by + L.span <= 48
    st = mode.state
    for i in range(25):
        assert wx.island_px(b, i, 0, 0) == wv.ELEMENT_RGB[st.elem[i]]
        assert wx.island_px(b, i, 6, 6) == wv.ELEMENT_RGB[st.elem[i]]
    assert wx.island_px(b, 18, 1, 1) == wv.WHITE and wx.island_px(b, 0, 3, 3) == wv.BLACK
    b.presses("a")
    assert mode.view.sel >= 0 and wv.PICK in wx.frame_ring(b, mode.view.sel)
    mode = wx.start(b, {"mode": "chemin"})
    b.advance(20)
    assert wx.card_px(b, 1) in (wv.HIDDEN_A, wv.HIDDEN_B)
    for e in range(5):
        assert wx.hand_px(b, e, 3, 3) == wv.ELEMENT_RGB[e]


def test_the_board_of_holes_refuses_wuxing_with_a_clear_message():
    b = wx.Board("tactik_holes")
    b.send({"cmd": "new", "game": "wuxing", "seed": 1, "options": {}})
    err = b.events("error")[-1]
    assert err["code"] == "bad_arg" and "cannot be played on tactik_holes" in err["msg"]
    assert b.app.mode.name == "menu"
    from firmware import menu

    assert "wuxing" not in menu.names_for(b.profile)


def test_random_presses_never_break_it():
    names = ("up", "down", "left", "right", "a", "b", "a:long", "b:long")
    for mode_name, bots, seed in (("theatre", [1], 1), ("chemin", [1], 2),
                                  ("theatre", [], 3), ("chemin", [], 4)):
        b = wx.Board(bot_delay_ms=20)
        wx.start(b, {"mode": mode_name, "bots": bots}, seed)
        rng = Rng(seed)
        for _ in range(120 if MICRO else 300):
            b.presses(names[rng.below(len(names))])
            if b.app.mode.name != "wuxing":  # left for the menu: back to a fresh game
                wx.start(b, {"mode": mode_name, "bots": bots}, seed + 10)
        assert b.app.errors == 0 and not b.events("error")


def test_a_frame_between_two_moves_allocates_nothing():
    b = wx.Board()
    mode = wx.start(b, {})
    b.presses("a")
    b.app.step()
    if MICRO:
        for i in range(4):
            mode.view.cur = 12 + (i % 2)
            gc.collect()
            gc.disable()
            before = gc.mem_free()
            b.app.frame()
            used = before - gc.mem_free()
            gc.enable()
            assert used == 0, used


def test_the_token_strip_counts_apart_for_colour_blind_eyes():
    """The strip's token, its empty place (dark) and the other colour's token stay apart for
    a deuteranope and a protanope: red, blue and the dark gap each read as themselves."""
    from colour_blind import closest_pair

    d, a, c = closest_pair([wv.RED, wv.BLUE, 0])
    assert d > MARGIN, (d, a, c)
