"""Tac-Tik read from the board alone, checked on the frames (CPython and MicroPython): the card
each player plays shows a second in the middle in that player's colour, the exchange says GIVE
and to whom, the selection is a colour no seat uses, "no use" has a look of its own for every
seat, and the track's holes can be counted."""

# The engine first, then the board's modules, then one board (see test_tactik_board_play).
from shared_rules.tactik import rules as tactik  # noqa: I001
from shared_rules.tactik import setup as tactik_setup  # noqa: I001
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view
from firmware.games.tactik.layout import PAWN_RGB
from firmware.games.tactik.view import dim
from colour_blind import deuteranopia, distance, lightness
from tactik_script import Session, play_turn
import hand_line

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


def _shown(s, box):
    """(card, colour) of the card just played as the last frame sent shows it, else None."""
    canvas = s.app.canvas
    st = s.state
    card = _card_of(st.last_move())
    for colour in s.mode.colours:
        if hand_line.find_text(canvas, box, card, PAWN_RGB[colour]) and \
                dim(PAWN_RGB[colour], 3) in _colours_in(canvas, box):
            return card, colour
    return None


def _choice_shown(s, box):
    """The card chosen shows in the middle in its player's colour (half as bright when it
    has no use)."""
    m = s.mode
    rgb = PAWN_RGB[m.colours[m.scene.mover]]
    return hand_line.find_text(s.app.canvas, box, m._cards_to_pick()[m.card_i],
                      dim(rgb, 1) if m.scene.card_bad else rgb)


def test_a_played_card_stays_until_the_next_move_starts_and_at_least_1_5_s():
    s = BOARD.start(players=4, seed=5, bots=[1, 2, 3])
    box = s.mode.layout.middle
    _to_play(s)
    s.app.bot_delay_ms = 600  # the board's own pace (the tests' boards run faster)
    try:
        play_turn(s)  # red plays; blue, yellow and green (bots) answer
        n = s.mode.count
        moves = [(s.mode.played_at, _card_of(s.state.last_move()), "red")]
        mover = s.state.current_player
        while len(moves) < 4:
            s.wait(10)
            st = s.state
            if s.mode.count > n:  # a move started: its card shows at once in its player's
                n = s.mode.count  # colour, the card before it having shown 1.5 s at the least
                colour = st.seat_colours(mover)[0]
                card = _card_of(st.last_move())
                assert _shown(s, box) == (card, colour), colour
                assert s.mode.played_at - moves[-1][0] >= 1500, (moves[-1], s.hw.now)
                moves.append((s.mode.played_at, card, colour))
            else:  # meanwhile the last card stays
                assert _shown(s, box) == moves[-1][1:], (moves[-1], s.hw.now)
            mover = st.current_player
        assert [m[2] for m in moves] == ["red", "blue", "yellow", "green"]
        # Red to move: green's card stays as long as nobody starts (a bot has nothing to do)…
        for _ in range(10):
            s.wait(500)
            assert _shown(s, box) == moves[-1][1:]
        # …until red's press: it shows red's choice at once.
        s.press("down")
        assert _shown(s, box) is None
        assert _choice_shown(s, box)
    finally:
        s.app.bot_delay_ms = 300


def test_a_press_acts_at_once_and_the_card_goes_once_it_has_shown_1_5_s():
    s = BOARD.start(players=4, seed=5, bots=[1, 2, 3])
    box = s.mode.layout.middle
    _to_play(s)
    s.app.bot_delay_ms = 600
    try:
        play_turn(s)
        for _ in range(1000):  # until blue (a bot) has played
            s.wait(10)
            if s.state.current_player == 2:
                break
        shown = _shown(s, box)
        assert shown[1] == "blue"
        s.press("down")  # on a bot's turn a press starts nothing: the card stays
        assert _shown(s, box) == shown
        for _ in range(1000):  # until green, the last bot, has played: red to move
            s.wait(10)
            if s.state.current_player == 0:
                break
        shown = _shown(s, box)
        assert shown[1] == "green"
        played_at = s.mode.played_at
        before = (s.mode.card_i, marked(s.mode.scene, tactik_view.SELECTED))
        s.press("down")  # at once: the choice moves (its pawns blink on the board)…
        assert s.hw.now - played_at < 1500
        after = (s.mode.card_i, marked(s.mode.scene, tactik_view.SELECTED))
        assert after != before
        assert _shown(s, box) == shown  # …but the card played keeps the middle 1.5 s
        s.wait(1500 - (s.hw.now - played_at) - 20)
        assert _shown(s, box) == shown
        s.wait(40)  # then the middle shows red's choice, with no other press
        assert _shown(s, box) is None
        assert _choice_shown(s, box)
    finally:
        s.app.bot_delay_ms = 300


def test_the_exchange_says_give_and_to_whom():
    for players, partner in ((4, "yellow"), (6, "yellow"), (2, "blue")):
        s = BOARD.start(players=players, seed=1)
        assert s.state.phase == "exchange" and s.state.current_player == 0
        box = s.mode.layout.middle
        mx, my, mw, mh = box
        card = s.mode._cards_to_pick()[s.mode.card_i]
        red = PAWN_RGB["red"]
        t = s.hw.now  # the game starts
        for now in (t, t + 500):  # 4 colours: GIVE then the card; 6: one above the other
            canvas = _frame(s, now)
            for x in range(mx, mx + mw, 2):  # a bar of the partner's colour: to whom
                assert canvas.get(x, my) == PAWN_RGB[partner], (players, x)
            give = hand_line.find_text(canvas, box, "GIVE", red)
            shown = hand_line.find_text(canvas, box, card, red)
            assert give or shown
            if players == 6:
                assert give and shown and shown[1] > give[1]
        assert hand_line.find_text(_frame(s, t), box, "GIVE", red)
        # Once every card is given (every seat here is human), play: no GIVE, no bar.
        for _ in range(players):
            s.press("a")
        assert s.state.phase == "play"
        s.wait(1100)  # the exchange's last card is not shown (a gift stays secret)
        canvas = _frame(s, 0)
        assert not hand_line.find_text(canvas, box, "GIVE", red)
        assert PAWN_RGB[partner] not in _colours_in(canvas, box)


def test_the_exchange_shows_give_and_the_card_chosen_together():
    """Where the whole hand shows in a line (ref32, 4 colours) GIVE stays in the middle,
    steady, while the card chosen is the one on the cyan block: no alternation to wait for."""
    s = BOARD.start(players=4, seed=1)  # every seat human: red gives first
    box = s.mode.layout.middle
    red = PAWN_RGB["red"]
    assert s.mode.view.strip_y == 27
    for _ in range(5):
        seen = []
        for _ in range(120):
            s.wait(10)
            seen.append(hand_line.find_text(s.app.canvas, box, "GIVE", red) is not None)
            chosen = [c[0] for c in hand_line.strip(s) if c[2]]
            assert chosen == [s.mode._cards_to_pick()[s.mode.card_i]]
        assert all(seen)
        s.press("down")
    s.press("a")  # red gives: blue's turn opens on GIVE again
    assert s.state.current_player == 1


def test_the_selection_is_a_colour_no_seat_uses():
    s = BOARD.start(players=6, cards="real")
    s.set_position(tactik_setup.from_positions(
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
    canvas = _frame(s, 250)  # and nothing else on the board is drawn in it but their halos
    near = []  # (the free pixels beside them: a selection several LEDs wide)
    for p in (sel, target):
        for dx, dy in ((0, 0), (0, -1), (0, 1), (-1, 0), (1, 0)):
            near.append((p & 0xFF) + dx | (p >> 8) + dy << 8)
    halo = 0
    for x in range(canvas.width):
        for y in range(canvas.height):
            if canvas.get(x, y) == highlight:
                assert (x | y << 8) in near
                halo += (x | y << 8) not in (sel, target)
    assert halo >= 1


def _lit_edge(canvas, box):
    """The lit pixels of the middle's edge (its frame) as packed positions: its shape."""
    mx, my, mw, mh = box
    out = set()
    for y in range(my, my + mh):
        for x in range(mx, mx + mw):
            if (x in (mx, mx + mw - 1) or y in (my, my + mh - 1)) and canvas.get(x, y):
                out.add(x | y << 8)
    return out


def _lit_rgbs(canvas, pixels):
    return set(canvas.get(p & 0xFF, p >> 8) for p in pixels)


def test_a_playable_card_looks_stronger_than_one_with_no_use_for_every_seat():
    """A card with a use: a solid frame and the card in full colour. A card with no use: a
    dotted frame (another shape), dimmer, the card dimmer and crossed out, nothing blinking;
    the order holds for a deuteranope too and the weak look stays visible."""
    for players in (4, 6):
        colours = tactik.COLOURS4 if players == 4 else tactik.COLOURS6
        for seat in range(players):
            colour = colours[seat]
            full = PAWN_RGB[colour]
            s = BOARD.start(players=players, cards="real")
            s.set_position(tactik_setup.from_positions({}, players=players, current_player=seat,
                                                      physical_cards=True))
            box = s.mode.layout.middle
            while s.mode._cards_to_pick()[s.mode.card_i] != "1":
                s.press("down")
            assert s.mode.uses and not s.mode.scene.card_bad  # 1 starts a pawn
            normal = [_frame(s, now) for now in (0, 250)]
            good = [_lit_edge(c, box) for c in normal]
            mx, my, mw, mh = box
            edge = 2 * mw + 2 * (mh - 2)
            assert good[0] == good[1] and len(good[0]) == edge  # solid, steady
            good_frame = _lit_rgbs(normal[0], good[0])
            assert len(good_frame) == 1
            good_frame = good_frame.pop()
            assert hand_line.find_text(normal[0], box, "1", full)
            s.press("down")  # 2: every pawn in the nest, no use
            assert s.mode._cards_to_pick()[s.mode.card_i] == "2" and s.mode.scene.card_bad
            bad = [_frame(s, now) for now in (0, 250)]
            shape = _lit_edge(bad[0], box)
            assert shape == _lit_edge(bad[1], box)  # steady: nothing blinks for it
            assert good[0] - shape and len(shape) <= edge // 2 + 2, colour  # dotted
            assert not shape - good[0]
            bad_frame = _lit_rgbs(bad[0], shape)
            assert len(bad_frame) == 1
            bad_frame = bad_frame.pop()
            weak = dim(full, 1)
            at = hand_line.find_text(bad[0], box, "2", weak)  # still readable, half as bright
            assert at and not hand_line.find_text(bad[0], box, "2", full), colour
            x, y = at
            for i in range(2):  # crossed out, behind the card, by a line of the frame's colour
                assert bad[i].get(x - 1, y + 2) == bad[i].get(x + 3, y + 2) == bad_frame
            # weaker in every way, for a deuteranope too, yet still there
            for strong, faint in ((good_frame, bad_frame), (full, weak)):
                assert _max(strong) > _max(faint), colour
                assert lightness(strong) > 2 * lightness(faint), colour
            assert distance(deuteranopia(bad_frame), (0, 0, 0)) > 5, colour
            assert distance(deuteranopia(weak), (0, 0, 0)) > 20, colour


def test_the_holes_can_be_counted():
    for players in (6, 4):
        s = BOARD.start(players=players, cards="real")
        L = s.mode.layout
        s.set_position(tactik_setup.from_positions({}, players=players, physical_cards=True))
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
