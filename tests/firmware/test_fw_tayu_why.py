"""Ta Yü, what a newcomer is aiming for (both runtimes): A on the red ghost says why the tile
cannot go there (in the panel's words, over the half of the board away from the ghost, until
the next key, which still acts), and the game's HELP opens on the score now: each side's two
coast counts, their product, and whose side is yours. (A file of its own: each shared test
file is compiled on a Pico-sized heap; the help first, while the heap is whole.)"""

import board_helpers as bh
import panel_text as pt

from firmware.games.tayu import palette
from firmware.games.tayu import view as td


def texts(b, lo=0):
    c = b.app.canvas
    return [pt.read_row(c, y, lo) for y in range(c.height - 4)]


def _start(b, seed=6):
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": seed})
    b.app.step()
    return b.app.mode


def test_the_games_help_opens_on_the_score_now():
    b = bh.Board()
    try:
        mode = _start(b, seed=12)
        # opened at the start: the score is nought on both sides (the pages loaded once on
        # a whole heap: the interpreter's names they bring stay, so their second load on
        # this test's crowded heap needs no new block for them)
        b.presses("b:long down a")
        assert mode.howto is not None
        assert "N0XS0=0" in texts(b, 5) and "W0XE0=0" in texts(b, 5)
        b.presses("b")
        assert mode.howto is None
        for _ in range(14):  # a game under way, estuaries on both sides
            mode.play(mode.state.legal_moves()[0])
        b.app.step()
        b.app.step()
        cc = mode.state.coast_counts()
        ns, ew = mode.state.scores()
        b.presses("b:long down a")
        assert mode.howto is not None, (mode.asking, b.lines[-1:])
        seen = [t for t in texts(b, 5) if t]
        want_ns = "N%dXS%d=%d" % (cc["N"], cc["S"], ns)
        want_ew = "W%dXE%d=%d" % (cc["W"], cc["E"], ew)
        for want in (want_ns, want_ew):
            if len(want) <= 7:
                assert want in seen, (want, seen)
            else:  # the product on the next line
                head, tail = want.split("=")
                assert head in seen and ("=" + tail) in [t.strip() for t in seen], seen
        side = mode.state.side_of(mode.state.current_player)
        assert "YOU " + side in seen
        # the words in the side's colours, under their blocks
        c = b.app.canvas
        lit = {c.get(x, y) for x in range(5, 32) for y in range(31)}
        assert palette.NS_RGB in lit and palette.EW_RGB in lit, sorted(lit)
        b.presses("right")
        assert "TA YU" in texts(b)  # then the game's own pages
    finally:
        b.close()


def test_a_on_the_red_ghost_says_why_and_the_next_key_acts():
    b = bh.Board()
    try:
        mode = _start(b)
        v = mode.view
        st = mode.state
        # the first tile away from the centre: the engine's reason, in the panel's words
        v.gr, v.gc, v.gd = 2, 2, 1
        mode.check_ghost()
        assert not v.glegal
        b.presses("a")
        assert st.placed == 0 and v.overlay == td.WHY
        y = b.app.canvas.height - 15
        assert [pt.read_row(b.app.canvas, y + 2 + 6 * k) for k in (0, 1)] == ["FIRST ON",
                                                                              "CENTRE"]
        b.presses("left")  # any key takes it away, and moves the ghost too
        assert v.overlay == td.NONE and v.gc == 1
        # a placed tile: somewhere not touching its rivers
        b.presses("a:long a")
        assert st.placed == 1
        b.presses("b:long b")  # (a long B asks; B answers no)
        v.gr, v.gc, v.gd = 16, 2, 1  # low on the board: the band goes to the top
        mode.check_ghost()
        reason = st.check(st.move_at(16, 2, 1))
        assert reason == "not connected to the network"
        b.presses("a")
        assert [pt.read_row(b.app.canvas, 1 + 6 * k) for k in (0, 1)] == ["NOT ON A", "RIVER"]
        assert st.placed == 1
    finally:
        b.close()


def test_every_reason_has_words_that_fit_the_panel():
    from firmware import font

    for entry in palette.WHY_TEXT:
        for text in entry[1:]:
            assert 1 + font.text_width(text) <= 32 and all(ch in font.glyphs() for ch in text)
    assert palette.why_lines("exit against a blank side") == ("RIVER", "BLOCKED")
    import colour_blind as cb

    # the band's red edge and white words stay apart from the board for colour-blind eyes
    d, a, c = cb.closest_pair([palette.ILLEGAL, td.WHITE, 0])
    assert d > 60, (hex(a), hex(c), d)


def test_the_end_shows_each_score_with_its_factors():
    """The end's screen says each side's product with its two coast counts (`NS 4X5=20`),
    read off the frame, the same as the state's."""
    b = bh.Board()
    try:
        b.app.start_game("tayu", {"players": 2, "bots": [0, 1]}, 7)
        mode = b.app.mode
        for _ in range(4000):
            if mode.state.is_over():
                break
            b.advance(50)
        b.settle()
        assert mode.view.overlay == td.END
        cc = mode.state.coast_counts()
        ns, ew = mode.state.scores()
        seen = [t.replace(" ", "") for t in texts(b)]
        for side, a, c, v in (("NS", cc["N"], cc["S"], ns), ("EW", cc["E"], cc["W"], ew)):
            full = "%s%dX%d=%d" % (side, a, c, v)
            assert full in seen or (len(full) > 8 and "%s%d" % (side, v) in seen), (full, seen)
    finally:
        b.close()
