"""Chemin on a board with seats (issue 35): both players choose at once on their own buttons,
unseen, and may take the card back until the other has chosen (both runtimes)."""

import wx_board as wx
from seat_press import tap

from firmware import buttons as btn
from firmware.games.wuxing import view as wv
from shared_rules.wuxing import rules as wuxing


def test_two_seats_choose_at_once_unseen_and_the_round_is_one_move():
    b = wx.Board("ref32_seats4")
    mode = wx.start(b, {"mode": "chemin", "bots": []}, 4)
    v = mode.view
    assert v.chooser == -1  # no hand on the panel: nothing to read off it
    tap(b, 2, btn.DOWN)  # Yin (top) first: fire, its own down, never turned
    assert mode.state.chosen(1) and not mode.state.chosen(0)
    assert wx.card_px(b, 1) in (wv.HIDDEN_A, wv.HIDDEN_B)  # the neutral "chosen" mark
    assert "fire" not in str(mode.command({"cmd": "state"}))
    tap(b, 1, btn.UP)  # the left seat plays no part
    tap(b, 3, btn.A)
    assert not mode.state.chosen(0)
    tap(b, 2, btn.B)  # Yin takes it back ...
    assert not mode.state.chosen(1)
    tap(b, 2, btn.UP)  # ... and plays wood instead
    tap(b, 0, btn.LEFT)  # Yang: earth
    b.settle()
    assert b.events("move")[-1]["move"] == "duel earth:wood"
    assert b.events("move")[-1]["player"] == 0


def test_a_card_not_allowed_is_refused_and_the_replay_is_exact():
    b = wx.Board("ref32_seats4")
    mode = wx.start(b, {"mode": "chemin", "bots": []}, 4)
    tap(b, 0, btn.LEFT)
    tap(b, 2, btn.RIGHT)
    b.settle()
    first = b.events("move")[-1]
    st = mode.state
    last = st.last[0]
    tap(b, 0, last)  # the card just played: not allowed this round
    assert not st.chosen(0) or last not in st.allowed_cards(0)
    again = wuxing.new_game(seed=4, mode="chemin")
    again.apply(again.parse_move(first["move"]))
    assert again.digest() == first["digest"]
