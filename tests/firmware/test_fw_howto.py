"""How to play on the panel (both runtimes): every game's pages (firmware/games/<game>/howto.py)
fit the 32 x 32 panel in the font, their colours are the views' own and tell apart for a
colour-blind reader; the menu's HELP row (one press up from START) and a game's HELP? (hold B,
then up or down) show them, stepped with the arrows, and close with B or A on the last page,
the game waiting meanwhile."""

import board_helpers as bh
import colour_blind as cb
import panel_text as pt

from firmware import buttons as btn
from firmware import font, games, howto


def test_every_game_has_pages_that_fit_the_small_panel():
    for game in games.names():
        pages = howto.pages_of(game)
        assert 3 <= len(pages) <= 8, game
        for page in pages:
            assert 1 <= len(page) <= howto.LINES_32, (game, page)
            for line in page:
                text = line[1] if isinstance(line, tuple) else line
                x = 5 if isinstance(line, tuple) else 1
                assert x + font.text_width(text) <= 32, (game, text)
                for ch in text:
                    assert ch in font.GLYPHS, (game, text, ch)


def test_the_pages_colours_are_the_views_and_a_colour_blind_reader_tells_them_apart():
    # (Tac-Tik's, whose view loads its engine, in test_tactik_board_frames.py)
    from firmware.games.wuxing import howto as wh
    from firmware.games.wuxing import view as wv

    assert (wh.RED, wh.BLUE, tuple(wh.ELEMENT_RGB)) == (wv.RED, wv.BLUE, tuple(wv.ELEMENT_RGB))
    for game in games.names():
        for page in howto.pages_of(game):
            swatches = [line[0] for line in page if isinstance(line, tuple)]
            if len(swatches) > 1:
                d, a, b = cb.closest_pair(swatches)
                assert d > 40, (game, hex(a), hex(b), d)


def rows(board, lo=0):
    c = board.app.canvas
    return [pt.read_row(c, y, lo) for y in range(1, 26, 6)]


def test_the_menus_help_row_steps_through_the_games_pages():
    b = bh.Board()
    try:
        m = b.app.mode
        assert m.game == "tayu"
        b.presses("up")  # the rows wrap round: HELP is one press up from START
        assert m.rows[m.cursor][0] == "help" and m.texts[m.cursor] == "HELP"
        b.presses("a")
        assert m.help is not None
        assert rows(b)[:2] == ["TA YU", "GROW THE"]
        b.presses("right")
        assert rows(b)[0] == "SCORE:"
        b.presses("left left")  # not before the first
        assert rows(b)[0] == "TA YU"
        for _ in range(len(howto.pages_of("tayu")) - 1):
            b.presses("a")
        assert m.help is not None  # on the last page
        b.presses("a")  # A on the last page closes
        assert m.help is None and "HELP" in rows(b)
        b.presses("down down a")  # the game row: Tac-Tik, then its pages
        assert m.game == "tactik"
        b.presses("up up a")
        assert rows(b)[0] == "TAC-TIK"
        b.presses("b")
        assert m.help is None and b.app.mode is m
    finally:
        b.close()


def test_a_games_help_opens_from_its_question_and_the_game_waits():
    b = bh.Board(bot_delay_ms=1500)
    try:
        b.app.start_game("wuxing", {"bots": [0]}, 3)  # the bot's turn first
        mode = b.app.mode
        b.presses("b:long")
        b.presses("down")
        assert "HELP?" in [pt.read_row(b.app.canvas, y) for y in range(27)]
        b.presses("a")
        assert mode.howto is not None and rows(b)[0] == "WUXING"
        b.advance(3000)
        assert mode.count == 0  # the bot waits while the pages are read
        b.presses("right")
        assert rows(b)[0] == "ALONG A"
        b.press(btn.B)
        assert mode.howto is None and b.app.mode is mode
        b.settle(5000)
        assert mode.count >= 1  # and plays once they are closed
    finally:
        b.close()
