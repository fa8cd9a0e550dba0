"""What a Ta Yü frame shows, read back from its pixels (both runtimes): each tile's channel in
water on dim land (ring and lattice boards), the scores with their side's mark and colour, each
coast's estuary count by its coast, the tiles left clear of the coast ring, the turn in the
lit coasts and the marker by the hand, and B turning the ghost to a legal direction."""

import gc

import board_helpers as bh
import colour_blind as cb

from firmware import font, profile
from firmware.canvas import Canvas
from firmware.games.tayu import view as td
from shared_rules.tayu import positions
from shared_rules.tayu import rules as tayu

WET = (td.WATER, td.WATER2, td.WATER_LAST)
LAND = (td.DRY, td.DRY_LAST)
DIGITS = [font.glyphs()["0123456789"[i]] for i in range(10)]


def _pair(w, h):
    c = Canvas(w, h)
    return c, bytearray(len(c.buf))


# one canvas and one board cache per board size, made before the heap is cut up by the games:
# a Pico-sized heap holds them, not a new pair for every frame
_PAIRS = {32: _pair(32, 32), 48: _pair(48, 48)}


def canvas_for(prof):
    """The cleared canvas of the profile's size and a new view keeping its board in the
    pair's cache (its first drawing is a full one)."""
    gc.collect()
    c, cache = _PAIRS[prof["width"]]
    c.clear()
    v = td.View(prof["layouts"]["tayu"])
    v.board_buf = cache
    return c, v


_PROFILES = {}


def find(name):
    if name not in _PROFILES:
        _PROFILES.clear()
        _PROFILES[name] = profile.find(name)
    return _PROFILES[name]


def frame(name, state):
    """The frame a board with profile `name` shows for a state (no ghost), and its layout."""
    prof = find(name)
    lay = prof["layouts"]["tayu"]
    c, v = canvas_for(prof)
    v.refresh(state)
    td.draw(c, state, v)
    return c, lay


def wet_cells(kind):
    """The canonical cells (0..2) a kind's channel runs through: from its first exit cell to
    its last (w is cell 0's end, e cell 2's), re-derived from the kind string."""
    cells = []
    for code in kind.split("-"):
        cells.append(0 if code == "w" else 2 if code == "e" else int(code[1]))
    return list(range(min(cells), max(cells) + 1))


def is_water(rgb):
    r, g, b = rgb >> 16, (rgb >> 8) & 255, rgb & 255
    return rgb in WET and b > 2 * r and b > g


def is_land(rgb):
    r, g, b = rgb >> 16, (rgb >> 8) & 255, rgb & 255
    return rgb in LAND and max(r, g, b) - min(r, g, b) < 0x30 and max(r, g, b) < 0x80


# three tiles lying west to east, apart: (kind, row, col of cell 0); the last one is placed last
TILES = [("e-n2-s2", 4, 3), ("n0-n1-n2", 9, 8), ("n0-n1-s0", 14, 12)]


def three_tiles():
    return positions.setup([(k, "%d,%d,E" % (r, c)) for k, r, c in TILES], bag=["e-n0-w"])


def test_each_tile_shows_its_channel_in_water_on_dim_land_ring():
    st = three_tiles()
    c, _ = frame("ref32", st)
    patterns = []
    for kind, r, col in TILES:
        wet = wet_cells(kind)
        pattern = []
        for i in range(3):
            rgb = c.get(1 + col + i, 1 + r)
            if i in wet:
                assert is_water(rgb), (kind, i, hex(rgb))
            else:
                assert is_land(rgb), (kind, i, hex(rgb))
            pattern.append(is_water(rgb))
        patterns.append(pattern)
    # different connections, different pictures: only the east square, all three, the west two
    assert patterns == [[False, False, True], [True, True, True], [True, True, False]]
    # no tile is tinted by a side's colour any more
    for y in range(1, 20):
        for x in range(1, 20):
            assert c.get(x, y) not in (td.NS_RGB, td.EW_RGB, td.dim(td.NS_RGB, 1))


def test_each_tile_shows_its_channel_in_water_on_the_lattice():
    st = three_tiles()
    c, _ = frame("panel48", st)
    for kind, r, col in TILES:
        wet = wet_cells(kind)
        y = 2 * r + 1
        for i in range(3):
            x = 2 * (col + i) + 1
            assert is_water(c.get(x, y)) == (i in wet), (kind, i)
            assert is_land(c.get(x, y)) == (i not in wet), (kind, i)
            if i < 2:  # the edge inside the tile: channel between two wet squares, else land
                inside = c.get(x + 1, y)
                assert is_water(inside) == (i in wet and i + 1 in wet), (kind, i)
        # every exit is water on its edge pixel
        for code in kind.split("-"):
            if code[0] in "ns":
                cell = int(code[1])
                ey = y - 1 if code[0] == "n" else y + 1
                assert c.get(2 * (col + cell) + 1, ey) == td.WATER, (kind, code)


def test_a_played_game_draws_water_exactly_where_channels_run():
    st = tayu.new_game(players=2, seed=12)
    for _ in range(24):
        st.apply(tayu.greedy_move(st))
    for name in ("ref32", "panel48"):
        c, _ = frame(name, st)
        b = st.cells()
        wet_seen = dry_seen = 0
        for r in range(19):
            for col in range(19):
                t = st.tile_at(r, col)
                if not t:
                    continue
                # the squares of this square's tile, in order along it, and which carry exits
                sq = [(rr, cc) for rr in range(max(0, r - 2), min(19, r + 3))
                      for cc in range(max(0, col - 2), min(19, col + 3))
                      if st.tile_at(rr, cc) == t]
                exits = [i for i in range(3) if b[sq[i][0] * 19 + sq[i][1]] & 15]
                k = sq.index((r, col))
                wet = min(exits) <= k <= max(exits)
                x, y = (1 + col, 1 + r) if name == "ref32" else (2 * col + 1, 2 * r + 1)
                assert is_water(c.get(x, y)) == wet, (name, r, col)
                assert is_land(c.get(x, y)) == (not wet), (name, r, col)
                wet_seen += wet
                dry_seen += not wet
        assert wet_seen > 30 and dry_seen > 3


def read_glyph(c, x, y, rgb):
    """The 15-bit 3 x 5 pattern at (x, y) of the pixels in colour rgb."""
    g = 0
    for row in range(5):
        for col in range(3):
            g = g * 2 + (1 if c.get(x + col, y + row) == rgb else 0)
    return g


def _bar(c, x, y, rgb):
    """True if column x holds a narrow 1 (5 pixels of rgb) and no digit starts there."""
    return (0 <= x < c.width and all(c.get(x, y + k) == rgb for k in range(5))
            and read_glyph(c, x, y, rgb) not in DIGITS)


def read_number(c, x, y, rgb, right=False):
    """Read a number drawn with the 3 x 5 font (a narrow 1 in front of 100..199, and of 10..19
    in a tight box): left-aligned at x, or right-aligned (x the right edge); None if no digit
    is there."""
    digits = []
    if right:
        while x - 2 >= 0 and read_glyph(c, x - 2, y, rgb) in DIGITS:
            digits.insert(0, DIGITS.index(read_glyph(c, x - 2, y, rgb)))
            x -= 4
        bar = _bar(c, x, y, rgb)
    else:
        bar = _bar(c, x, y, rgb)
        if bar:
            x += 2
        while x + 2 < c.width and read_glyph(c, x, y, rgb) in DIGITS:
            digits.append(DIGITS.index(read_glyph(c, x, y, rgb)))
            x += 4
    if not digits:
        return None
    value = 0
    for d in digits:
        value = value * 10 + d
    return value + (10 ** len(digits) if bar and len(digits) <= 2 else 0)


def pixels_of(c, rgb, x0, y0, x1, y1):
    return [(x, y) for y in range(y0, y1) for x in range(x0, x1) if c.get(x, y) == rgb]


def test_scores_have_their_sides_mark_and_colour_and_counts_sit_by_their_coasts():
    st = tayu.new_game(players=2, seed=12)
    seen = 0
    before = None
    for _ in range(40):
        st.apply(tayu.greedy_move(st))
        c, lay = frame("ref32", st)
        ns, ew = st.scores()
        for key, value, rgb in (("score_ns", ns, td.NS_RGB), ("score_ew", ew, td.EW_RGB)):
            e = lay[key]
            assert read_number(c, e["x"], e["y"], rgb, right=True) == value, key
            # the mark just before the number (one blank column between): pixels of the side's
            # colour, and only of it
            left = e["x"] - (4 * len(str(value)) - 1) + 1
            mark = pixels_of(c, rgb, left - 3, e["y"], left - 1, e["y"] + 5)
            assert len(mark) >= 4 and not pixels_of(c, rgb, left - 1, e["y"], left, e["y"] + 5)
            other = td.EW_RGB if rgb == td.NS_RGB else td.NS_RGB
            assert not pixels_of(c, other, left - 3, e["y"], e["x"] + 1, e["y"] + 5)
        counts = st.coast_counts()
        for coast, rgb in (("N", td.NS_RGB), ("S", td.NS_RGB), ("E", td.EW_RGB),
                           ("W", td.EW_RGB)):
            e = lay["count_" + coast.lower()]
            got = read_number(c, e["x"], e["y"], td.dim(rgb, 1), right=e.get("right", False))
            assert got == counts[coast], (coast, got, counts)
        now = (counts["N"], counts["E"], counts["S"], counts["W"])
        if before is not None and now != before:
            seen += 1  # an estuary was made: the frame's count changed with it
        before = now
    assert seen >= 3


def test_a_count_over_9_fits_its_box_with_a_narrow_1():
    from firmware.games.tayu import panel

    for value in (7, 13, 19, 24):
        for right in (False, True):
            c = Canvas(32, 8)
            x = 20 if right else 2
            panel.draw_num(c, x, 1, value, td.WHITE, right, tight=True)
            assert read_number(c, x, 1, td.WHITE, right) == value
            xs = [px for px, _ in pixels_of(c, td.WHITE, 0, 0, 32, 8)]
            # 10..19 in 5 px: a bar, a gap, a digit
            assert max(xs) - min(xs) + 1 == (3 if value < 10 else 5 if value < 20 else 7)


def _coasts(lay):
    """The coast lines of a layout's board, N E S W, as segments (x1, y1, x2, y2) (the ring's
    corners belong to no coast; the lattice's border runs through them), the board's corner
    and the last offset."""
    b = lay["board"]
    x0, y0 = b["x"], b["y"]
    ring = b.get("mode", "ring") == "ring"
    last = 20 if ring else 38
    lo, hi = (1, last - 1) if ring else (0, last)
    return ((x0 + lo, y0, x0 + hi, y0), (x0 + last, y0 + lo, x0 + last, y0 + hi),
            (x0 + lo, y0 + last, x0 + hi, y0 + last), (x0, y0 + lo, x0, y0 + hi)), x0, y0, last


def _lead(c, x, y, dx, dy, rgb):
    """The segment of rgb pixels from (x, y) on in direction (dx, dy), or None."""
    n = 0
    while 0 <= x + n * dx < c.width and 0 <= y + n * dy < c.height and (
            c.get(x + n * dx, y + n * dy) == rgb):
        n += 1
    return (x, y, x + (n - 1) * dx, y + (n - 1) * dy) if n else None


def _gap(pixels, seg):
    """The smallest Chebyshev distance from some pixel to a segment (1: touching)."""
    x1, y1, x2, y2 = seg
    best = 99
    for px, py in pixels:
        qx = min(max(px, min(x1, x2)), max(x1, x2))
        qy = min(max(py, min(y1, y2)), max(y1, y2))
        best = min(best, max(abs(px - qx), abs(py - qy)))
    return best


def test_each_count_is_tied_to_its_coast_by_a_lead_from_the_coast_s_end():
    """No legend needed: each coast's line goes on past the ring's corner, in its count's
    colour, to the count; the count is nearer to that lead than to any other coast or lead."""
    for name in ("ref32", "panel48"):
        st = tayu.new_game(players=2, seed=12)
        for turn in range(30):
            st.apply(tayu.greedy_move(st))
            if turn % 10 != 9:
                continue
            c, lay = frame(name, st)
            coasts, x0, y0, last = _coasts(lay)
            counts = st.coast_counts()
            leads = []
            for k in range(4):
                rgb = td.dim(td.EW_RGB if k % 2 else td.NS_RGB, 1)
                # from past the corner where the count lies, on along the coast's line
                x, y, dx, dy = ((x0 + last + 1, y0, 1, 0), (x0 + last, y0 + last + 1, 0, 1),
                                (x0 + last + 1, y0 + last, 1, 0), (x0, y0 + last + 1, 0, 1))[k]
                lead = _lead(c, x, y, dx, dy, rgb)
                assert lead, (name, k)
                leads.append(lead)
            for k, coast in enumerate("NESW"):
                rgb = td.dim(td.EW_RGB if k % 2 else td.NS_RGB, 1)
                e = lay["count_" + coast.lower()]
                right = e.get("right", False)
                assert read_number(c, e["x"], e["y"], rgb, right) == counts[coast], (name, coast)
                left = e["x"] - 6 if right else e["x"]
                digits = [p for p in pixels_of(c, rgb, left, e["y"], left + 7, e["y"] + 5)
                          if _gap((p,), leads[k])]
                assert digits
                near = _gap(digits, leads[k])
                far = min(_gap(digits, seg) for j in range(4) if j != k
                          for seg in (coasts[j], leads[j]))
                assert near <= 2 and near < far, (name, coast, near, far)
                assert far >= 2  # black between it and any other coast


def test_tiles_left_is_read_clear_of_the_coast_ring():
    st = tayu.new_game(players=2, seed=3)  # 111 tiles left: three digits, the widest
    for _ in range(3):
        c, lay = frame("ref32", st)
        e = lay["tiles_left"]
        assert read_number(c, e["x"], e["y"], td.GREY, right=True) == st.tiles_left()
        grey = pixels_of(c, td.GREY, 0, 0, 32, 32)
        assert len(grey) > 10
        for x, y in grey:  # not on the ring (21 x 21 at the corner) nor touching it
            assert x > 21 or y > 21, (x, y)
        st.apply(tayu.greedy_move(st))


def coast_pixel(c, side):
    """A plain position (no estuary, not a double) of the N or E coast on the ring."""
    return c.get(1 + 1, 0) if side == "N" else c.get(20, 1 + 1)


def brightness(rgb):
    return (rgb >> 16) + ((rgb >> 8) & 255) + (rgb & 255)


def test_the_mover_s_coasts_are_lit_and_the_marker_by_the_hand_has_its_colour():
    b = bh.Board()
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 5})
    mode = b.app.mode
    hand = b.profile["layouts"]["tayu"]["hand"]
    c = b.app.canvas
    for turn in range(4):
        ns_moves = mode.state.side_of(mode.state.current_player) == "NS"
        n, e = coast_pixel(c, "N"), coast_pixel(c, "E")
        if ns_moves:
            assert brightness(n) > 3 * brightness(e), (hex(n), hex(e))
        else:
            assert brightness(e) > 3 * brightness(n), (hex(n), hex(e))
        want = td.NS_RGB if ns_moves else td.EW_RGB
        assert c.get(hand["x"], hand["y"]) == want
        assert c.get(hand["x"] + hand.get("w", hand.get("size")) - 1, hand["y"]) == want
        b.presses("a:long a")  # the next player's turn: the lit coasts swap
        assert len(mode.moves) == turn + 1
    b.close()


def test_b_turns_the_ghost_to_the_next_legal_direction():
    b = bh.Board()
    b.send({"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 5})
    mode = b.app.mode
    st = mode.state
    v = mode.view
    for _ in range(6):
        mode.play(tayu.greedy_move(st))
    b.advance(40)  # the next player's ghost comes in a pass after the move's frame
    assert v.ghost and not mode.rest_wait
    st = mode.state
    # a legal placement whose quarter turn is not legal, but a later turn is
    found = None
    for mv in st.legal_moves():
        turns = [mode.turned(mv.row, mv.col, mv.dir, k) for k in (1, 2, 3)]
        ok = [st.check(st.move_at(r, c, d)) is None for r, c, d in turns]
        if not ok[0] and (ok[1] or ok[2]):
            found = (mv, turns[ok.index(True)])
            break
    assert found is not None
    mv, want = found
    v.gr, v.gc, v.gd = mv.row, mv.col, mv.dir
    mode.check_ghost()
    b.presses("b")
    assert (v.gr, v.gc, v.gd) == want and v.glegal
    # the ghost on the board is green on its three squares
    for i in range(3):
        x = 1 + v.gc + i * tayu.DC[v.gd]
        y = 1 + v.gr + i * tayu.DR[v.gd]
        assert b.app.canvas.get(x, y) == td.LEGAL
    b.close()


def test_two_tiles_to_choose_from_share_the_hand_s_box_on_the_ring():
    st = tayu.new_game(players=2, seed=4, two_tiles=True)
    assert st.phase == "choose"
    prof = profile.find("ref32")
    lay = prof["layouts"]["tayu"]
    c = Canvas(32, 32)
    v = td.View(lay)
    v.refresh(st)
    v.select = 0
    td.draw(c, st, v)
    top, low = lay["hand_two"], lay["hand2"]
    # the chosen one (yellow) above, the other (dim) below, each in its own rows
    assert pixels_of(c, td.YELLOW, top["x"], top["y"], top["x"] + 11, top["y"] + 5)
    assert not pixels_of(c, td.YELLOW, low["x"], low["y"], low["x"] + 11, low["y"] + 5)
    dimmed = td.dim(td.HAND, 1)
    assert pixels_of(c, dimmed, low["x"], low["y"], low["x"] + 11, low["y"] + 5)
    assert not pixels_of(c, dimmed, top["x"], top["y"], top["x"] + 11, top["y"] + 5)
    # once chosen, only the tile being placed shows (the kept one waits for the next choice)
    st.apply(st.legal_moves()[0])
    v.refresh(st)
    v.ghost = True
    v.glegal = True
    c.clear()
    td.draw(c, st, v)
    assert not pixels_of(c, dimmed, 0, 21, 32, 32) and not pixels_of(c, td.HAND, 0, 21, 32, 32)
    assert pixels_of(c, td.LEGAL, 0, 21, 21, 32)


def _ghost_frame(name, st, legal=True):
    """The frame with the tile in hand as a ghost on its first legal placement."""
    prof = find(name)
    lay = prof["layouts"]["tayu"]
    c, v = canvas_for(prof)
    v.refresh(st)
    if st.phase == "place":
        mv = st.legal_moves()[0]
        v.ghost = True
        v.gr, v.gc, v.gd = mv.row, mv.col, mv.dir
        v.glegal = legal
    td.draw(c, st, v)
    return c, lay


NUMBER_RGB = (td.NS_RGB, td.EW_RGB, td.dim(td.NS_RGB, 1), td.dim(td.EW_RGB, 1), td.GREY,
              td.FLOOD_RGB)


def test_the_tile_in_hand_lies_on_a_tray_apart_from_the_numbers():
    """The magnified tile cannot pass for a digit beside the scores: it lies on a plate larger
    than a digit, and a black (or river) margin keeps every number off the plate."""
    for name in ("ref32", "panel48"):
        for options, seed in (({"players": 2}, 12), ({"players": 3, "bidding": False}, 6),
                              ({"players": 2, "two_tiles": True}, 4)):
            st = tayu.replay(options, seed, [])
            for turn in range(24):
                st.apply(tayu.greedy_move(st))
                if turn % 6 != 5 or st.phase not in ("place", "choose"):
                    continue
                c, lay = _ghost_frame(name, st, legal=turn % 12 == 5)
                e = lay["tray"]
                x, y, w, h = e["x"], e["y"], e["w"], e["h"]
                assert w >= 7 and h >= 7  # wider and taller than a 3 x 5 digit
                inside = [c.get(px, py) for py in range(y, min(y + h, c.height))
                          for px in range(x, x + w)]
                assert 0 not in inside and td.TRAY in inside, (name, options, turn)
                assert not [rgb for rgb in inside if rgb in NUMBER_RGB[2:]]
                body = (td.LEGAL, td.ILLEGAL, td.YELLOW, td.dim(td.HAND, 1))
                assert [rgb for rgb in inside if rgb in body], (name, options, turn)
                # the margin around it: black, or the river of the tile leaving it
                ring = [(px, py) for px in range(x - 1, x + w + 1) for py in (y - 1, y + h)]
                ring += [(px, py) for px in (x - 1, x + w) for py in range(y, y + h)]
                for px, py in ring:
                    if 0 <= px < c.width and 0 <= py < c.height:
                        assert c.get(px, py) in (0, td.WATER), (name, options, turn, px, py)


def test_no_tray_while_bidding_nor_once_the_game_is_over():
    for name in ("ref32", "panel48"):
        st = tayu.new_game(players=3, seed=6, bidding=True)
        st.apply(st.legal_moves()[1])
        assert st.phase == "bid"
        c, _ = frame(name, st)
        assert not pixels_of(c, td.TRAY, 0, 0, c.width, c.height)
        while not st.is_over():
            st.apply(tayu.greedy_move(st))
            if st.phase == "place":
                c, _ = frame(name, st)
                assert pixels_of(c, td.TRAY, 0, 0, c.width, c.height)
                break
        while not st.is_over():
            st.apply(tayu.greedy_move(st))
        c, _ = frame(name, st)
        assert not pixels_of(c, td.TRAY, 0, 0, c.width, c.height)


GLOW_MARGIN = 60  # in 0..255 sRGB units (Euclidean), as for Wuxing's colours


def test_open_exits_glow_clearly_also_for_a_deuteranope():
    """Each empty square an open exit points into shows GLOW, a colour far from every other
    colour of the board as drawn (water, land, estuaries, coasts, ghost, black), for normal
    sight and after a deuteranopia simulation of the frame."""
    st = tayu.new_game(players=2, seed=12)
    for _ in range(24):
        st.apply(tayu.greedy_move(st))
    targets = st.open_targets()
    assert len(targets) > 10
    for name in ("ref32", "panel48"):
        for legal in (True, False):
            c, lay = _ghost_frame(name, st, legal)
            ring = lay["board"].get("mode", "ring") == "ring"
            span = 21 if ring else 39
            glowing = set()
            board = set()
            for y in range(span):
                for x in range(span):
                    rgb = c.get(x, y)
                    if rgb == td.GLOW:
                        glowing.add((y - 1, x - 1) if ring else ((y - 1) // 2, (x - 1) // 2))
                    else:
                        board.add(rgb)
            # every open target glows but those under the ghost, and nothing else does
            ghost = set((r, col) for r, col, _ in st.footprint(st.legal_moves()[0]))
            assert glowing == set(targets) - ghost, name
            assert len(board) > 8
            seen = cb.deuteranopia(td.GLOW)
            for rgb in board:
                assert cb.distance(seen, cb.deuteranopia(rgb)) > GLOW_MARGIN, (name, hex(rgb))
                assert cb.distance(cb.rgb3(td.GLOW), cb.rgb3(rgb)) > GLOW_MARGIN, hex(rgb)
    # at a glance: as bright as the plain water, not a dim hint of a colour
    assert cb.distance(cb.deuteranopia(td.GLOW), (0, 0, 0)) > 2 * GLOW_MARGIN
    assert brightness(td.GLOW) >= brightness(td.WATER)
