"""The question a long B asks in any game (imported at its first use, so a board that never
asks keeps the heap): UNDO? takes back the last human move and the bot replies made after it;
MENU? leaves the game, saved for RESUME. A answers yes, B no, an arrow turns to the other
question; when nothing can be undone the panel says why (scrolling) and asks MENU?.

GameMode (firmware/gamemode.py) routes every button here while a question is open (and the
long B that opens one), stops the game's tick meanwhile (the bot waits) and draws the question
over the game's frame.
"""

import gc

from firmware import buttons as btn
from firmware import font
from firmware.ticker import Ticker

# GameMode.asking: the question on the panel (0: none)
ASK_UNDO = 1  # take back the last human move
ASK_MENU = 2  # leave the game, saved for RESUME
ASK_HELP = 3  # how to play (firmware/howto.py): up or down from either question, A opens it

ASK_RGB = 0xFFC000
HINT_RGB = 0x606060
NOTE_RGB = 0xFF4020
MENU_WASH = 0x2060FF
NO_WASH = 0xFF2000
RED_MS = 1200  # a board of holes: how long it glows red for "nothing to undo"

_ticker = []  # the one Ticker of the reason, made at the first question


def ticker():
    if not _ticker:
        _ticker.append(Ticker())
    return _ticker[0]


def button(mode, b, kind, now_ms):
    """A button while the question is open, or the long B that opens it."""
    if not mode.asking:
        ask(mode, now_ms)
        return
    if kind != btn.PRESS:
        return
    app = mode.app
    if b in (btn.UP, btn.DOWN) and not app.points:  # HELP? and back (a board of holes: none)
        if mode.asking == ASK_HELP:
            mode.asking = ASK_UNDO if mode.undo_target() >= 0 else ASK_MENU
        else:
            mode.asking = ASK_HELP
        app.redraw()
        return
    if b == btn.A and mode.asking == ASK_HELP:
        gc.collect()  # the pages' code on a game's heap
        from firmware import howto

        mode.howto = howto.Pages(mode.name, app.width, app.height, mode)
        mode.asking = 0
        app.redraw()
        return
    if mode.asking == ASK_HELP:
        if b == btn.B:
            mode.asking = 0
        app.redraw()
        return
    if b == btn.A:
        if mode.asking == ASK_UNDO:
            # the last human move and the bot replies after it (a MemoryError leaves the
            # question open: A tries again)
            mode.undo(mode.undo_target())
            mode.asking = 0
        else:
            mode.asking = 0
            if not mode.state.is_over():
                app.save()  # RESUME brings it back
            app.to_menu()
            app.emit("menu", None)
            return
    elif b == btn.B:
        mode.asking = 0
    elif mode.undo_target() >= 0:
        mode.asking = ASK_MENU if mode.asking == ASK_UNDO else ASK_UNDO
    app.redraw()


def ask(mode, now_ms):
    """Open the question: UNDO? when a human move can be taken back, else MENU? with the
    reason scrolling above it."""
    app = mode.app
    if mode.undo_target() >= 0:
        mode.asking = ASK_UNDO
        mode.note = None
    else:
        mode.asking = ASK_MENU
        mode.note = "NOTHING TO UNDO YET" if not mode.count else "NO MOVE OF YOURS TO UNDO"
        ticker().start(mode.note, app.width - 2, now_ms, loop=True)
    app.redraw()


def moved(app, mode, now):
    """A frame is due while the question is open: the reason scrolled, or (a board of holes)
    its red glow ended."""
    if mode.note is None or mode.asking == ASK_HELP:
        return False
    t = ticker()
    if app.points:  # no text: the glow turns from red to the question's colour
        red = 1 if now - t.t0 < RED_MS else 0
        if red != t.shown:
            t.shown = red
            return True
        return False
    return t.moved(now)


def confirm(app, c, title, wash):
    """A yes/no question over the picture (the menu's NEW?): `title` and how to answer; a board
    of holes lights its empty holes in `wash` instead."""
    if app.points:
        app.wash(c, wash)
        return
    y = (app.height - 13) // 2
    c.fill_rect(0, y, app.width, 13, 0)
    font.draw_text(c, 1, y + 1, title, ASK_RGB)
    font.draw_text(c, 1, y + 7, "A=Y B=N", HINT_RGB)


def draw(app, c, mode):
    """The question over the game: [the reason nothing can be undone,] UNDO? or MENU?, how to
    answer[, that an arrow turns to the other question]. A board of holes lights its empty
    holes instead: amber for UNDO?, blue for MENU?, red while it says nothing can be undone."""
    undo_q = mode.asking == ASK_UNDO
    note = mode.note is not None and mode.asking != ASK_HELP
    if app.points:
        red = note and app.now() - ticker().t0 < RED_MS
        app.wash(c, NO_WASH if red else (ASK_RGB if undo_q else MENU_WASH))
        return
    h = 4 * 6 + 1
    y = (app.height - h) // 2
    c.fill_rect(0, y, app.width, h, 0)
    y += 1
    if note:
        ticker().draw(c, 1, y, NOTE_RGB, app.now())
        y += 6
    if mode.asking == ASK_HELP:
        font.draw_text(c, 1, y, "HELP?", ASK_RGB)
        font.draw_text(c, 1, y + 6, "A=Y B=N", HINT_RGB)
        font.draw_text(c, 1, y + 12, "^V BACK", HINT_RGB)
        return
    font.draw_text(c, 1, y, "UNDO?" if undo_q else "MENU?", ASK_RGB)
    font.draw_text(c, 1, y + 6, "A=Y B=N", HINT_RGB)
    if not note:
        font.draw_text(c, 1, y + 12, "<> MENU" if undo_q else "<> UNDO", HINT_RGB)
    font.draw_text(c, 1, y + (12 if note else 18), "^V HELP", HINT_RGB)
