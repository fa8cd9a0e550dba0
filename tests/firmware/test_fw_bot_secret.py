"""The bots' secret on the board (issue 33; both runtimes): drawn at the game's start (the
simulator's fixed one, a host `new`'s `secret`, or the random source), never in the `new`
event, a `move` event or the `state` reply while the game runs, kept in the save so that a
resume plays on with it, revealed by the `end` event; every bot card of the game is the
level's with that secret (so a replay checks them)."""

import gc

import wx_board as wx

from shared_rules import bots
from shared_rules.wuxing import rules as wuxing

SECRET = 123456789


def _new(b, secret=None, seed=5):
    msg = {"cmd": "new", "game": "wuxing", "seed": seed,
           "options": {"mode": "chemin", "players": 2, "bots": [1], "level": "normal"}}
    if secret is not None:
        msg["secret"] = secret
    b.send(msg)
    b.advance(20)
    return b.app.mode


def _no_secret_told(b):
    for ev in b.events():
        if ev["ev"] != "end":
            assert "secret" not in ev, ev["ev"]
            assert str(SECRET) not in str(ev), ev["ev"]


def test_the_secret_is_hidden_while_the_game_runs_and_revealed_at_its_end():
    b = wx.Board()
    mode = _new(b, SECRET)
    assert mode.secret == SECRET
    b.send({"cmd": "state"})
    _no_secret_told(b)
    assert mode.save_record()["secret"] == SECRET  # the board's own copy: the save
    wx.press_to_end(b)
    b.settle()
    _no_secret_told(b)
    end = b.events("end")
    assert len(end) == 1 and end[0]["secret"] == SECRET
    # every card the bot played is the level's with the revealed secret
    moves = [e["move"] for e in b.events("move")]
    st = wuxing.new_game(seed=5, mode="chemin")
    mod = bots.bot_module("wuxing")
    bots.set_secret(SECRET)
    try:
        for text in moves:
            want = mod.card(st, 1, "normal")
            st.apply(text)
            assert st.last[1] == want, text
    finally:
        bots.set_secret(0)
    b.close()
    gc.collect()


def test_a_resumed_game_keeps_its_secret():
    b = wx.Board()
    mode = _new(b, SECRET)
    b.presses("a")
    b.settle()
    assert b.events("move")
    b.send({"cmd": "menu"})
    b.advance(20)
    assert b.app.saved
    b.send({"cmd": "resume"})
    b.advance(20)
    mode = b.app.mode
    assert mode.secret == SECRET and b.events("new")[-1].get("resumed")
    _no_secret_told(b)
    b.close()
    gc.collect()


def test_without_a_fixed_secret_each_game_draws_its_own():
    b = wx.Board()
    b.hw.fixed_secret = None
    got = []
    for _ in range(2):
        got.append(_new(b).secret)
    assert got[0] != got[1] and 0 < got[0] <= 0xFFFFFFFF
    b.close()
    gc.collect()
