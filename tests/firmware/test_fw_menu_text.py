"""The boot menu as the panel shows it (both runtimes), read from the frames: every row legible
on 32 px (a row too wide keeps its value whole, and scrolls whole while selected), and a start
the board refuses scrolls its reason across the panel."""

# The board first (its frame buffers low on a fresh heap, as at boot), then the Tac-Tik engine
# a refused start loads: no Ta Yu engine, as on a board that shows only its menu.
import gc  # noqa: I001

from tactik_script import Session

BOARD = Session(bot_delay_ms=40)

from shared_rules.tactik import rules as tactik  # noqa: E402, F401, I001
from firmware.games import tactik as tactik_mode  # noqa: E402, F401
import panel_text as pt  # noqa: E402

from firmware import font  # noqa: E402
from firmware import ticker as tk  # noqa: E402

gc.collect()


def fresh_menu(game="tayu", players=None):
    b = BOARD
    b.app.banner = None
    b.app.saved = None
    b.app.menu_memory.clear()
    b.app.menu_memory["game"] = game
    if players:
        b.app.menu_memory["players"] = players
    b.app.to_menu()
    b.wait(20)
    return b


def row_y(m, i):
    return 1 + (i - m.top) * 6


def scrolled(b, y, text):
    """The windows row y shows over one scroll of `text` (until it starts over)."""
    seen = []
    steps = (2 * tk.HOLD_MS + font.text_width(text) * tk.STEP_MS) // 10 + 20
    for _ in range(steps):
        t = pt.read_row(b.app.canvas, y, 1, b.app.width)
        if seen and t == seen[0] and len(seen) > 1:
            break  # back at its start: it scrolls again
        if not seen or t != seen[-1]:
            seen.append(t)
        b.wait(10)
    return seen


def check_rows(b):
    """Walk down every row: the selected one reads whole over frames, the others show their
    value whole and their label whole or as its short form from the game's menu table (never
    cut to a stub). Returns how many rows were too wide."""
    m = b.app.mode
    wide = 0
    for _ in range(len(m.rows)):
        i = m.cursor
        text = m.texts[i]
        seen = scrolled(b, row_y(m, i), text)
        assert pt.covers(seen, text), (text, seen)
        for j in range(m.top, min(len(m.rows), m.top + b.app.height // 6)):
            if j == i:
                continue
            shown = pt.read_row(b.app.canvas, row_y(m, j), 1, b.app.width)
            full = m.texts[j]
            if shown != full:
                wide += 1
                value = full[full.rfind(" ") + 1:]
                assert shown.endswith(value), (full, shown)  # the value is never cut
                assert shown[: -len(value)].strip() == m.short_label(j), (full, shown)
        b.press("down")
    return wide


def test_every_ta_yu_row_is_legible_with_every_value():
    b = fresh_menu("tayu")
    m = b.app.mode
    for kind in ("opt", "players"):
        for i in range(len(m.rows)):
            if m.rows[i][0] == kind:
                while m.cursor != i:
                    b.press("down")
                b.press("right")  # the other values: YES, GOLIATH, 3 players...
    check_rows(b)


def test_every_tactik_row_is_legible_with_six_players():
    b = fresh_menu("tactik", 6)
    m = b.app.mode
    assert "CARDS AUTO" in m.texts and "P6 BOT" in m.texts
    assert check_rows(b) >= 2  # CARDS AUTO, BASE FREE are wider than 32 px
    while b.app.mode.texts[b.app.mode.cursor] != "CARDS AUTO":
        b.press("down")
    assert pt.frames_allocate(b.app, 1500) == 0  # its scroll allocates nothing


def test_a_refused_start_scrolls_its_reason_then_the_menu_is_back():
    b = fresh_menu("tactik")
    b.app.real_cards = True
    try:
        m = b.app.mode
        while m.rows[m.cursor][0] != "opt":
            b.press("down")
        b.keys("right right")  # CARDS REAL, with three bots: a start that cannot happen
        assert "CARDS REAL" in m.texts
        while m.rows[m.cursor][0] != "start":
            b.press("down")
        b.press("a")
        assert b.app.mode is m and b.events("error")[-1]["code"] == "bad_arg", b.events("error")
        reason = b.events("error")[-1]["msg"].upper()
        y = (b.app.height - font.H) // 2
        seen = []
        while b.app.banner is not None:
            t = pt.read_row(b.app.canvas, y, 1, b.app.width - 1)
            if not seen or t != seen[-1]:
                seen.append(t)
            b.wait(10)
        assert "ERR" not in seen and pt.covers(seen, reason), (reason, seen, b.app.banner)
        assert pt.read_row(b.app.canvas, 1, 1, b.app.width) == "START"
        b.press("a")  # refused again: its scroll allocates nothing
        assert b.app.banner is not None and pt.frames_allocate(b.app, 1500) == 0
    finally:
        b.app.real_cards = False
