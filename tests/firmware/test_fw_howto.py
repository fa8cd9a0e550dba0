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


def _fits(game, page):
    """A page fits the 32 x 32 panel above its dots: each text in the font and 32 LEDs wide,
    each picture 32 wide, its characters the palette's, the lines' rows within 31."""
    y = 1
    for line in page:
        if howto.is_picture(line):
            rows, palette = line[0].split("/"), line[1]
            w = len(rows[0]) * howto.scale_of(line)
            assert w == howto.picture_width(line) <= 32, (game, rows)
            assert all(len(r) == len(rows[0]) for r in rows), (game, rows)
            for r in rows:
                for ch in r:
                    assert ch == "." or "0123456789abcdef".index(ch) < len(palette), (game, r)
        else:
            text = line[1] if isinstance(line, tuple) else line
            x = 5 if isinstance(line, tuple) and line[0] >= 0 else 1
            assert x + font.text_width(text) <= 32, (game, text)
            for ch in text:
                assert ch in font.glyphs(), (game, text, ch)
        y += howto.line_height(line)
    assert y - 1 <= 31, (game, page)


def test_every_game_has_pages_that_fit_the_small_panel():
    for game in games.names():
        pages = howto.pages_of(game)
        assert 3 <= len(pages) <= 9, game  # the dots: 17 LEDs of the 32
        for page in pages:
            assert 1 <= len(page) <= howto.LINES_32, (game, page)
            _fits(game, page)


def test_every_game_shows_its_pieces_in_pictures():
    """Not only text: each game's pages draw its pieces and colours as the board does, in
    pictures of two colours or more."""
    for game in games.names():
        pics = [line for page in howto.pages_of(game) for line in page
                if howto.is_picture(line)]
        assert len(pics) >= 2, game
        assert all(len(pic[1]) >= 2 for pic in pics), game


def test_the_pages_colours_are_the_views_and_a_colour_blind_reader_tells_them_apart():
    # (Tac-Tik's, whose view loads its engine, in test_tactik_board_frames.py)
    from firmware.games.wuxing import howto as wh
    from firmware.games.wuxing import view as wv

    assert (wh.RED, wh.BLUE, tuple(wh.ELEMENT_RGB)) == (wv.RED, wv.BLUE, tuple(wv.ELEMENT_RGB))
    for game in games.names():
        for page in howto.pages_of(game):
            swatches = [line[0] for line in page if isinstance(line, tuple)
                        and not howto.is_picture(line) and line[0] >= 0]
            if len(swatches) > 1:
                d, a, b = cb.closest_pair(swatches)
                assert d > 40, (game, hex(a), hex(b), d)


def rows(board, lo=0):
    c = board.app.canvas
    return [pt.read_row(c, y, lo) for y in range(1, 26, 6)]


def texts(board):
    c = board.app.canvas
    return [pt.read_row(c, y, lo) for y in range(c.height - 5) for lo in (0, 5)]


def seen(board):
    c = board.app.canvas
    return {c.get(x, y) for x in range(c.width) for y in range(c.height)}


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
        b.presses("right")  # a picture of the coast and its mouths, then what they mean
        assert "MOUTH 1" in texts(b)
        from firmware.games.tayu import palette

        assert palette.ESTUARY in seen(b) and palette.ESTUARY2 in seen(b)
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
        assert "YANG:" in texts(b)  # the pawns in a picture, then their names
        b.press(btn.B)
        assert mode.howto is None and b.app.mode is mode
        b.settle(5000)
        assert mode.count >= 1  # and plays once they are closed
    finally:
        b.close()
