"""Tac-Tik read from the board alone, checked on the frames (CPython and MicroPython): the card
each player plays shows a second in the middle in that player's colour, the exchange says GIVE
and to whom, the selection is a colour no seat uses, "no use" has a look of its own for every
seat, and the track's holes can be counted."""

# The engine first, then the board's modules, then one board (see test_tactik_board_play).
from shared_rules import tactik  # noqa: I001
from firmware import font
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view
from firmware.games.tactik.layout import PAWN_RGB
from tactik_script import Session, play_turn

BOARD = Session()


def marked(scene, style):
    """Packed pixels a Scene marks with a highlight style (the board itself never asks)."""
    m = scene.marks
    return [m[4 * i] | m[4 * i + 1] << 8 for i in range(scene.nmarks) if m[4 * i + 2] == style]


def _frame(s, now=None):
    """Draw the board (at time `now`: the blink phase) and return its canvas."""
    if now is not None:
        s.hw.now = now
        s.mode.now = now
    s.app.frame()
    return s.app.canvas


def _max(rgb):
    return max(rgb >> 16, rgb >> 8 & 0xFF, rgb & 0xFF)


def _channels(rgb):
    """Which of R, G, B an LED colour lights (bits 4, 2, 1)."""
    return (4 if rgb >> 16 else 0) | (2 if rgb >> 8 & 0xFF else 0) | (1 if rgb & 0xFF else 0)


def _text_at(canvas, x, y, text, rgb):
    """True if `text` is drawn at (x, y) in the 3 x 5 font: its pixels rgb, the gaps not."""
    for ch in text:
        g = font.glyph(ch)
        bit = 1 << 14
        for row in range(5):
            for col in range(3):
                lit = canvas.get(x + col, y + row) == rgb
                if lit != bool(g & bit):
                    return False
                bit >>= 1
        x += 4
    return True


def _find_text(canvas, box, text, rgb):
    """Where `text` is drawn in colour rgb inside box (x, y, w, h), else None."""
    mx, my, mw, mh = box
    for y in range(my, my + mh - 4):
        for x in range(mx, mx + mw - 4 * len(text) + 2):
            if _text_at(canvas, x, y, text, rgb):
                return (x, y)
    return None


def _colours_in(canvas, box):
    mx, my, mw, mh = box
    seen = set()
    for y in range(my, my + mh):
        for x in range(mx, mx + mw):
            seen.add(canvas.get(x, y))
    return seen


def _card_of(text):
    return text.split(" ")[1] if text.split(" ")[0] in ("give", "discard") else \
        text.split(" ")[0]


def _to_play(s, seat=0):
    """Run the game (the human giving with A) until `seat` is to play a card."""
    for _ in range(400):
        st = s.state
        if st.phase == "play" and st.current_player == seat:
            return
        if st.current_player == 0 and not s.mode.frames:
            play_turn(s)
        else:
            s.wait(50)
    raise AssertionError("seat %d never came to play" % seat)


def test_a_bots_card_shows_in_the_middle_for_a_second_in_its_colour():
    s = BOARD.start(players=4, seed=5, bots=[1, 2, 3])
    box = s.mode.layout.middle
    _to_play(s)
    s.app.bot_delay_ms = 2500  # nothing else happens while the card is checked
    try:
        play_turn(s)
        n = s.mode.count
        red = PAWN_RGB["red"]
        assert _find_text(_frame(s), box, _card_of(s.state.last_move()), red)  # one's own
        for _ in range(400):  # 10 ms passes until the bot (blue, seat 1) plays
            s.wait(10)
            if s.mode.count > n:
                break
        moved_at = s.hw.now
        card = _card_of(s.state.last_move())
        blue = PAWN_RGB["blue"]
        canvas = s.app.canvas  # the frame of the bot's move, as it went out
        assert _find_text(canvas, box, card, blue), (card, "not shown in blue")
        assert not _find_text(canvas, box, card, red)
        s.wait(900)  # board time: still there (the animation ran meanwhile)
        assert _find_text(s.app.canvas, box, card, blue)
        s.wait(200)
        assert s.hw.now - moved_at >= 1000
        gone = _frame(s)
        assert blue not in _colours_in(gone, box), "the card stayed past its second"
        assert s.mode.count == n + 1  # and the card held nobody up: the next bot waits
    finally:
        s.app.bot_delay_ms = 300


def test_a_press_ends_the_card_shown_and_acts():
    s = BOARD.start(players=4, seed=5, bots=[1, 2, 3])
    box = s.mode.layout.middle
    _to_play(s)
    play_turn(s)
    _to_play(s)  # the bots have played; the last one's card still shows
    assert s.mode.scene.nplayed and s.mode.by_bot[-1]
    card = s.mode._cards_to_pick()[s.mode.card_i]
    s.press("down")  # the next card of the hand is chosen, and shows at once
    assert not s.mode.scene.nplayed
    nxt = s.mode._cards_to_pick()[s.mode.card_i]
    assert nxt != card or len(s.state.hand(0)) == 1
    assert _find_text(_frame(s), box, nxt, PAWN_RGB["red"])


def test_the_exchange_says_give_and_to_whom():
    for players, partner in ((4, "yellow"), (6, "yellow"), (2, "blue")):
        s = BOARD.start(players=players, seed=1)
        assert s.state.phase == "exchange" and s.state.current_player == 0
        box = s.mode.layout.middle
        mx, my, mw, mh = box
        card = s.mode._cards_to_pick()[s.mode.card_i]
        red = PAWN_RGB["red"]
        for now in (0, 500):  # 4 colours: GIVE and the card take turns; 6: one above the other
            canvas = _frame(s, now)
            for x in range(mx, mx + mw, 2):  # a bar of the partner's colour: to whom
                assert canvas.get(x, my) == PAWN_RGB[partner], (players, x)
            give = _find_text(canvas, box, "GIVE", red)
            shown = _find_text(canvas, box, card, red)
            assert give or shown
            if players == 6:
                assert give and shown and shown[1] > give[1]
        assert _find_text(_frame(s, 0), box, "GIVE", red)
        # Once every card is given (every seat here is human), play: no GIVE, no bar.
        for _ in range(players):
            s.press("a")
        assert s.state.phase == "play"
        s.wait(1100)  # the exchange's last card is not shown (a gift stays secret)
        canvas = _frame(s, 0)
        assert not _find_text(canvas, box, "GIVE", red)
        assert PAWN_RGB[partner] not in _colours_in(canvas, box)


def test_the_selection_is_a_colour_no_seat_uses():
    s = BOARD.start(players=6, cards="real")
    s.set_position(tactik.from_positions(
        {"white": ["T70", "T72", "T75"], "red": ["T5"]}, players=6, current_player=4,
        physical_cards=True))
    while s.mode._cards_to_pick()[s.mode.card_i] != "2":
        s.press("down")
    sc = s.mode.scene
    sel = marked(sc, tactik_view.SELECTED)[0]
    target = marked(sc, tactik_view.TARGET)[0]
    seen = set()
    for now in (0, 250):  # the selected pawn: its colour, then the highlight
        seen.add(_frame(s, now).get(sel & 0xFF, sel >> 8))
    assert PAWN_RGB["white"] in seen and len(seen) == 2
    seen.discard(PAWN_RGB["white"])
    highlight = seen.pop()
    assert _frame(s, 0).get(target & 0xFF, target >> 8) == highlight  # its destination too
    for colour in tactik.COLOURS6:
        assert _channels(highlight) != _channels(PAWN_RGB[colour]), colour
    canvas = _frame(s, 250)  # and nothing else on the board is drawn in it
    for x in range(canvas.width):
        for y in range(canvas.height):
            if canvas.get(x, y) == highlight:
                assert (x | y << 8) in (sel, target)


def _lit_edge(canvas, box):
    """The lit pixels of the middle's edge (its frame) as packed positions: its shape."""
    mx, my, mw, mh = box
    out = set()
    for y in range(my, my + mh):
        for x in range(mx, mx + mw):
            if (x in (mx, mx + mw - 1) or y in (my, my + mh - 1)) and canvas.get(x, y):
                out.add(x | y << 8)
    return out


def test_no_use_has_its_own_look_for_every_seat():
    for players in (4, 6):
        colours = tactik.COLOURS4 if players == 4 else tactik.COLOURS6
        for seat in range(players):
            s = BOARD.start(players=players, cards="real")
            s.set_position(tactik.from_positions({}, players=players, current_player=seat,
                                                      physical_cards=True))
            box = s.mode.layout.middle
            while s.mode._cards_to_pick()[s.mode.card_i] != "1":
                s.press("down")
            assert s.mode.uses and not s.mode.scene.card_bad  # 1 starts a pawn
            normal = [_frame(s, now) for now in (0, 250)]
            shapes = [_lit_edge(c, box) for c in normal]
            frame_rgb = normal[0].get(box[0], box[1])
            s.press("down")  # 2: every pawn in the nest, no use
            assert s.mode._cards_to_pick()[s.mode.card_i] == "2" and s.mode.scene.card_bad
            for k, now in ((0, 0), (1, 250)):
                canvas = _frame(s, now)
                bad = _lit_edge(canvas, box)
                # the frame differs in shape (not only in brightness or hue), in every blink
                assert shapes[k] - bad, (colours[seat], now)
                assert _find_text(canvas, box, "2", PAWN_RGB[colours[seat]])  # still readable
            assert canvas.get(box[0] + 1, box[1]) != frame_rgb


def test_the_holes_can_be_counted():
    for players in (6, 4):
        s = BOARD.start(players=players, cards="real")
        L = s.mode.layout
        s.set_position(tactik.from_positions({}, players=players, physical_cards=True))
        canvas = _frame(s, 0)
        holes = [canvas.get(p & 0xFF, p >> 8) for p in L.track]
        brightest = 0
        starts = [16 * c for c in range(players)]
        for i in range(len(holes)):
            if i in starts:
                continue
            assert holes[i], "hole T%d is dark" % i  # every hole lit…
            assert _channels(holes[i]) == 7  # …in grey
            brightest = max(brightest, _max(holes[i]))
            j = (i + 1) % len(holes)
            if j not in starts:  # neighbours differ: the holes can be told apart and counted
                assert _max(holes[i]) != _max(holes[j]), (players, i)
        assert brightest <= 0x30  # dim: a pawn stands out
        for c in range(players):
            colour = L.colours[c]
            start = holes[16 * c]
            assert _max(start) > brightest and start != PAWN_RGB[colour], colour
            for p in L.bases[colour]:
                base = canvas.get(p & 0xFF, p >> 8)
                assert brightest < _max(base) < _max(start), colour
                assert _channels(base) == _channels(PAWN_RGB[colour])
