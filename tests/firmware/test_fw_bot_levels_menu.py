"""The bots' level from the menu (both runtimes, issue 22): the BOT row sets it, the `new` event
and the save carry it, a resume keeps it and the menu remembers it."""

from tactik_script import Session

BOARD = Session(bot_delay_ms=0)


def to_row(kind):
    m = BOARD.app.mode
    for _ in range(len(m.rows)):
        if m.rows[m.cursor][0] == kind:
            return m
        BOARD.press("down")
    raise AssertionError("no row " + kind)


def test_the_menu_sets_the_level_and_a_resume_keeps_it():
    app = BOARD.app
    app.saved = None
    app.menu_memory.clear()
    app.to_menu()
    m = to_row("level")
    assert "BOT NORM" in m.texts  # the menu's default: normal
    BOARD.press("right")
    assert "BOT HARD" in m.texts
    BOARD.press("right")
    assert "BOT EASY" in m.texts
    BOARD.press("left")
    to_row("start")
    BOARD.press("a")
    assert app.mode.name == "tayu" and app.mode.bot_level == "hard"
    assert BOARD.events("new")[-1]["options"]["level"] == "hard"
    assert app.mode.save_record()["options"]["level"] == "hard"
    app.to_menu()  # the game is saved: RESUME brings it back with its level
    assert app.saved is not None and app.mode.rows[app.mode.cursor][0] == "resume"
    BOARD.press("a")
    assert app.mode.name == "tayu" and app.mode.bot_level == "hard"
    app.to_menu()
    assert "BOT HARD" in app.mode.texts  # the menu remembers it
    app.saved = None
