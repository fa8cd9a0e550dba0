"""LED chain mapping from profiles (runs on CPython and MicroPython)."""

from firmware import ledmap, profile


def test_reference_panel_serpentine_tiling():
    p = profile.find("ref32")
    table = ledmap.build(p)
    w = p["width"]
    # First panel (top-left), serpentine rows from its top-left corner.
    assert table[0] == 0 and table[15] == 15
    assert table[1 * w + 15] == 16 and table[1 * w + 0] == 31
    # Second panel in the chain is the top-right one.
    assert table[16] == 256
    # Serpentine tile chain: third panel is bottom-right, fourth bottom-left.
    assert table[16 * w + 16] == 512
    assert table[16 * w + 0] == 768
    assert table[31 * w + 31] == 512 + 15 * 16 + 0  # odd row runs right to left


def test_every_led_used_once_on_every_matrix_profile():
    for name in ("ref32", "panel48"):
        p = profile.find(name)
        table = ledmap.build(p)
        assert sorted(table) == list(range(p["led_count"]))


def test_start_corner_and_columns():
    wiring = {"panel_width": 4, "panel_height": 3, "start": "bottom-right",
              "direction": "columns", "serpentine": True}
    assert ledmap.matrix_index(wiring, 3, 2) == 0
    assert ledmap.matrix_index(wiring, 3, 0) == 2
    assert ledmap.matrix_index(wiring, 2, 0) == 3  # serpentine: next column runs back down


def test_points_profile_and_its_errors():
    p = {"name": "t", "kind": "points", "width": 3, "height": 2, "led_count": 2,
         "leds": [[2, 1], [0, 0]]}
    table = ledmap.build(p)
    assert list(table) == [1, -1, -1, -1, -1, 0]
    p["leds"] = [[0, 0], [0, 0]]
    try:
        ledmap.build(p)
    except ValueError as exc:
        assert "two LEDs" in str(exc)
    else:
        raise AssertionError("duplicate LED position accepted")


def test_profile_check_names_the_problem():
    p = profile.find("ref32")
    bad = dict(p)
    del bad["power"]
    try:
        profile.check(bad)
    except profile.ProfileError as exc:
        assert "power" in str(exc)
    else:
        raise AssertionError("missing power accepted")
    try:
        profile.find("no-such-board")
    except profile.ProfileError as exc:
        assert "no-such-board" in str(exc)
    else:
        raise AssertionError("unknown profile accepted")


def test_the_table_built_by_runs_equals_matrix_index_pixel_by_pixel():
    """On MicroPython the runs are filled in native code (fastwiring.fill_rows), on CPython by
    the Python loop: both give matrix_index's table, the Python loop on MicroPython too."""
    import sys

    if sys.implementation.name == "micropython":
        from firmware import fastwiring

        assert ledmap._native_fill() is fastwiring.fill_rows
    wirings = (
        {"panel_width": 4, "panel_height": 3, "tiles_x": 3, "start": "bottom-right",
         "direction": "rows", "serpentine": True, "tile_chain": "serpentine",
         "rotate_reversed_tiles": True},
        {"panel_width": 4, "panel_height": 3, "tiles_x": 2, "start": "top-right",
         "direction": "columns"},
        {"panel_width": 5, "panel_height": 2, "tiles_x": 1, "start": "top-left",
         "direction": "rows", "serpentine": False},
    )
    for wiring in wirings:
        w = wiring["panel_width"] * wiring["tiles_x"]
        h = wiring["panel_height"] * 2
        p = {"kind": "matrix", "width": w, "height": h, "led_count": w * h, "wiring": wiring}
        table = ledmap.build(p)
        assert list(ledmap.build(p, plain=True)) == list(table)
        for y in range(h):
            for x in range(w):
                assert table[y * w + x] == ledmap.matrix_index(wiring, x, y), (wiring, x, y)
    for name in ("ref32", "panel48", "ref32x4", "panel48x5"):
        p = profile.find(name)
        table = ledmap.build(p)
        assert list(ledmap.build(p, plain=True)) == list(table)
        if p.get("lanes"):
            continue  # (the lanes' order: test_lanes_lay_the_buffer_out_lane_after_lane)
        w = p["width"]
        for y in range(p["height"]):
            for x in range(w):
                assert table[y * w + x] == ledmap.matrix_index(p["wiring"], x, y)


def _lanes(p, panels, first_pin=2):
    q = dict(p)
    q["lanes"] = [{"pin": first_pin + k, "panels": list(ps)} for k, ps in enumerate(panels)]
    return q


def test_lanes_lay_the_buffer_out_lane_after_lane():
    p = profile.find("ref32")
    one = ledmap.build(p)
    # lanes over the panels in chain order: the buffer is the chain's, each lane a run
    four = profile.check(_lanes(p, [[0], [1], [2], [3]]))
    assert ledmap.panel_starts(four) is None
    assert list(ledmap.build(four)) == list(one)
    assert ledmap.lanes(four) == [(2, 0, 256), (3, 256, 256), (4, 512, 256), (5, 768, 256)]
    assert ledmap.lanes(p) == [(2, 0, 1024)]
    # lanes that take the panels out of chain order: drawing writes straight into lane order
    swapped = profile.check(_lanes(p, [[3, 1], [0, 2]]))
    assert ledmap.panel_starts(swapped) == [512, 256, 768, 0]
    assert ledmap.lanes(swapped) == [(2, 0, 512), (3, 512, 512)]
    table = ledmap.build(swapped)
    assert list(ledmap.build(swapped, plain=True)) == list(table)
    size = 256
    starts = ledmap.panel_starts(swapped)
    for i in range(len(one)):
        panel = one[i] // size
        assert table[i] == starts[panel] + one[i] % size
        assert table[i] == ledmap.matrix_index(p["wiring"], i % 32, i // 32, starts)


def test_lanes_are_checked():
    p = profile.find("ref32")
    for panels, pin, words in (([[0], [1], [2]], 2, "fed by no lane"),
                               ([[0, 1], [1, 2, 3]], 2, "fed twice"),
                               ([[0, 1], [2, 3, 4]], 2, "not one of"),
                               ([[0, 1], [2, 3]], 3, "pins.data"),
                               ([[0], [], [1, 2, 3]], 2, "a lane is")):
        try:
            profile.check(_lanes(p, panels, pin))
        except profile.ProfileError as exc:
            assert words in str(exc), (panels, str(exc))
        else:
            raise AssertionError("bad lanes accepted: %s" % panels)
    q = _lanes(p, [[0], [1], [2], [3]])
    q["lanes"][2]["pin"] = 3
    try:
        profile.check(q)
    except profile.ProfileError as exc:
        assert "GP3" in str(exc)
    else:
        raise AssertionError("two lanes on one pin accepted")
