"""Tac-Tik board geometry on every profile (runs on CPython and MicroPython): the track is the
perimeter of the square, bases run inward from each start, nests sit outside, nothing overlaps."""

from firmware import ledmap, profile
from firmware.games.tactik import layout as tl
from firmware.games.tactik import layout_build as tb


def _layouts():
    out = []
    for name in ("ref32", "panel48"):
        p = profile.find(name)
        for n in (4, 6):
            out.append((name, p, tl.layout_for(p, n)))
    out.append(("tactik_holes", profile.find("tactik_holes"),
                tl.layout_for(profile.find("tactik_holes"), 4)))
    return out


def _step(a, b):
    a, b = tl.xy(a), tl.xy(b)
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def test_track_is_the_perimeter_of_the_square():
    for name, _p, L in _layouts():
        n, pitch = L.side, L.pitch
        assert L.track_len == 16 * L.colour_count == 4 * n, name
        assert len(set(L.track)) == L.track_len, name
        xs = [p & 0xFF for p in L.track]
        ys = [p >> 8 for p in L.track]
        assert max(xs) - min(xs) == n * pitch and max(ys) - min(ys) == n * pitch, name
        for i in range(L.track_len):
            a, b = L.track[i], L.track[(i + 1) % L.track_len]
            assert _step(a, b) == pitch, (name, i, a, b)
            a = tl.xy(a)
            assert a[0] in (min(xs), max(xs)) or a[1] in (min(ys), max(ys)), (name, i)


def test_track_runs_clockwise_from_red_at_the_bottom():
    for name, _p, L in _layouts():
        track = [tl.xy(p) for p in L.track]
        ys = [q[1] for q in track]
        xs = [q[0] for q in track]
        assert track[0][1] == max(ys), name  # red starts on the bottom side
        # Clockwise on screen: along the bottom side the track runs right to left.
        assert track[1][0] == track[0][0] - L.pitch, name
        # Every start square sits on a side, not a corner, and 16 holes apart.
        for c in range(L.colour_count):
            x, y = track[16 * c]
            on_x = x in (min(xs), max(xs))
            on_y = y in (min(ys), max(ys))
            assert on_x != on_y, (name, c)


def test_bases_run_inward_and_nests_sit_outside():
    for name, _p, L in _layouts():
        xs = [p & 0xFF for p in L.track]
        ys = [p >> 8 for p in L.track]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        for c in range(L.colour_count):
            colour = L.colours[c]
            start = L.track[16 * c]
            base = L.bases[colour]
            assert len(base) == 4
            prev = start
            for hole in base:
                assert _step(prev, hole) == L.pitch, (name, colour)
                hx, hy = tl.xy(hole)
                assert x0 < hx < x1 and y0 < hy < y1, (name, colour, hole)
                prev = hole
            # B4 is deeper than B1: further from the start square.
            assert _step(start, base[3]) == 4 * L.pitch
            assert len(L.nests[colour]) == 4
            for slot in L.nests[colour]:
                sx, sy = tl.xy(slot)
                outside = sx < x0 or sx > x1 or sy < y0 or sy > y1
                assert outside, (name, colour, slot)
                assert _step(slot, start) <= 5 * L.pitch, (name, colour, slot)


def test_middle_area_fits_the_card_inside_the_square():
    for name, _p, L in _layouts():
        if L.middle is None:
            assert L.card_leds is not None and len(L.step_leds) == 7, name
            continue
        mx, my, mw, mh = L.middle
        xs = [p & 0xFF for p in L.track]
        ys = [p >> 8 for p in L.track]
        assert min(xs) < mx and mx + mw <= max(xs), name
        assert min(ys) < my and my + mh <= max(ys), name
        # Room for a frame plus two 3x5 glyphs with a gap, at the layout's font scale.
        s = L.font_scale
        assert mw >= 7 * s + 2 and mh >= 5 * s + 2, name


def test_where_reads_engine_locations():
    L = tl.layout_for(profile.find("ref32"), 4)
    assert L.where("red", "T0") == L.track[0]
    assert L.where("blue", "T16*") == L.track[16]
    assert L.where("yellow", "B2") == L.bases["yellow"][1]
    assert L.where("green", "N", 3) == L.nests["green"][3]
    try:
        L.where("red", "X1")
    except ValueError as exc:
        assert "X1" in str(exc)
    else:
        raise AssertionError("bad location accepted")


def test_layout_data_comes_from_profile_or_side_file_or_is_computed():
    p = profile.find("ref32")
    assert tb.spec_for(p, 4)["origin"] == [7, 7]  # side file hardware/profiles/tactik/ref32.json
    inline = dict(p)
    spec = tb.default_spec(32, 32, 4)
    spec["origin"] = [6, 6]
    spec["middle"] = [7, 11, 15, 7]
    inline["layouts"] = {"tactik": {"4": spec}}
    assert tl.xy(tl.layout_for(inline, 4).track[0]) == (18, 22)
    unknown = {"name": "no-such-board", "kind": "matrix", "width": 40, "height": 40}
    L = tl.layout_for(unknown, 6)
    assert L.track_len == 96 and len(tb.points(L)) > 96
    try:
        tl.layout_for({"name": "x", "kind": "matrix", "width": 20, "height": 20}, 6)
    except ValueError as exc:
        assert "too small" in str(exc)
    else:
        raise AssertionError("a 96-hole track on 20x20 accepted")
    bad = dict(spec)
    bad["middle"] = [0, 0, 32, 32]
    try:
        tb.build(bad, 4, 32, 32)
    except ValueError as exc:
        assert "middle" in str(exc)
    else:
        raise AssertionError("middle area over the track accepted")


def test_hole_board_profile_has_one_led_per_hole_in_chain_order():
    p = profile.find("tactik_holes")
    assert p["kind"] == "points"
    L = tl.layout_for(p, 4)
    assert p["leds"] == tb.hole_board_leds(L)
    table = ledmap.build(p)
    roles = tb.points(L)
    assert len(roles) == p["led_count"]
    for i in range(len(roles)):
        x, y = roles[i][0]
        assert table[y * p["width"] + x] == i, roles[i][1]
    # Track LEDs come first in the chain, T0 first.
    assert [roles[i][1] for i in range(3)] == ["T0", "T1", "T2"]
    assert len(L.card_leds) == 12 and len(L.step_leds) == 7
    try:
        tl.layout_for(p, 6)
    except ValueError as exc:
        assert "6-colour" in str(exc)
    else:
        raise AssertionError("a 6-colour game on the 4-colour hole board accepted")


def test_hole_board_has_six_buttons_per_seat_on_distinct_pins():
    p = profile.find("tactik_holes")
    seats = p["seat_buttons"]
    assert [s["seat"] for s in seats] == [0, 1, 2, 3]
    pins = [p["pins"]["data"]]
    for s in seats:
        for b in ("up", "down", "left", "right", "a", "b"):
            pins.append(s[b])
    assert len(set(pins)) == len(pins) == 25
    for pin in pins:
        assert 0 <= pin <= 28 and pin not in (23, 24, 25)  # GPIOs a Pico brings out


def _scaled(rgb, level):
    r, g, b = rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF
    return (r * level // 255, g * level // 255, b * level // 255)


def test_colours_stay_distinct_at_the_lowest_brightness():
    low = profile.find("ref32")["brightness"]["min"]
    signatures = []
    for colour in tl.COLOURS6:
        r, g, b = _scaled(tl.PAWN_RGB[colour], low)
        assert r or g or b, colour  # still lit
        signatures.append((r > 0, g > 0, b > 0))
    assert len(set(signatures)) == 6


def test_a_new_profile_of_the_same_name_gets_its_own_layout():
    # a profile loaded again (a changed file, a test's copy) is another object: each below is
    # dropped before the next is made and may get its id (a layout kept by id alone failed a
    # CI run this way)
    base = profile.find("ref32")
    layouts = []
    for n in range(4):
        spec = tb.default_spec(32, 32, 4)
        spec["origin"] = [6, 6]
        spec["middle"] = [7 + n % 2, 11, 15 - n % 2, 7]
        layouts.append({"tactik": {"4": spec}})
    for n in range(4):
        prof = dict(base)
        prof["layouts"] = layouts[n]
        assert tuple(tl.layout_for(prof, 4).middle) == (7 + n % 2, 11, 15 - n % 2, 7), n
        assert tl.layout_for(prof, 4) is tl.layout_for(prof, 4)  # the same profile: reused
        del prof


def test_a_layout_follows_the_side_files_asked_for():
    # the same profile, with no side-file folder (as a board without them): the computed layout
    p = profile.find("ref32")
    assert tuple(tl.layout_for(p, 4).middle) == (8, 12, 15, 7)  # hardware/profiles/tactik
    assert tuple(tl.layout_for(p, 4, []).middle) == (12, 12, 7, 7)
    assert tuple(tl.layout_for(p, 4).middle) == (8, 12, 15, 7)
