"""Where each logical pixel (x, y) of a profile's canvas sits on the LED chain.

A "matrix" profile computes it from its wiring (panel size, tiling, start corner, serpentine);
a "points" profile (a hole board) lists the canvas position of every LED in chain order.
The result is one `array('h')` of width*height entries, -1 where no LED is.

Lanes (a matrix profile's `lanes`: several data pins, each feeding some of the panels): the LED
index is then the place in the LED buffer, laid out lane after lane, each lane's panels in the
order it lists them, so each lane's bytes are one contiguous run that its DMA channel sends as
they are (drawing writes straight into lane order; nothing is converted per frame). Panels are
numbered as the single chain of `wiring` numbers them (`tile_chain`): panel k holds the LEDs
k * panel size to (k + 1) * panel size - 1 of a one-wire board.
"""

from array import array

from micropython import const

from shared_rules.registry import forget

_CORNERS = const(("top-left", "top-right", "bottom-left", "bottom-right"))


def _panel_index(x, y, w, h, start, direction, serpentine):
    """Chain index of (x, y) inside one panel whose first LED is at corner `start`."""
    if start not in _CORNERS:
        raise ValueError("wiring start must be one of " + ", ".join(_CORNERS))
    if start.endswith("right"):
        x = w - 1 - x
    if start.startswith("bottom"):
        y = h - 1 - y
    if direction == "rows":
        major, minor, run = y, x, w
    elif direction == "columns":
        major, minor, run = x, y, h
    else:
        raise ValueError("wiring direction must be 'rows' or 'columns'")
    if serpentine and major % 2 == 1:
        minor = run - 1 - minor
    return major * run + minor


def lanes(profile):
    """[(pin, first LED, LED count), ...] in buffer order: the profile's lanes, or its one data
    pin carrying every LED."""
    described = profile.get("lanes")
    if not described:
        return [(profile["pins"]["data"], 0, profile["led_count"])]
    w = profile["wiring"]
    size = w["panel_width"] * w["panel_height"]
    found = []
    first = 0
    for lane in described:
        count = len(lane["panels"]) * size
        found.append((lane["pin"], first, count))
        first += count
    return found


def panel_starts(profile):
    """The first LED (buffer index) of each panel (numbered as the single chain numbers them),
    or None when the buffer holds the panels in chain order (one lane, or lanes in order)."""
    described = profile.get("lanes")
    if not described:
        return None
    w = profile["wiring"]
    size = w["panel_width"] * w["panel_height"]
    starts = [-1] * (w.get("tiles_x", 1) * w.get("tiles_y", 1))
    first = 0
    for lane in described:
        for panel in lane["panels"]:
            if not 0 <= panel < len(starts) or starts[panel] >= 0:
                raise ValueError("lanes: panel %s is not one of the board's, or fed twice"
                                 % panel)
            starts[panel] = first
            first += size
    for k in range(len(starts)):
        if starts[k] < 0:
            raise ValueError("lanes: panel %d is fed by no lane" % k)
    for k in range(len(starts)):
        if starts[k] != k * size:
            return starts
    return None


def matrix_index(wiring, x, y, starts=None):
    """Chain index of canvas pixel (x, y) for a tiled matrix wiring description (`starts`: the
    first LED of each panel, from panel_starts, when the profile's lanes reorder them)."""
    pw = wiring["panel_width"]
    ph = wiring["panel_height"]
    tiles_x = wiring.get("tiles_x", 1)
    tx, px = x // pw, x % pw
    ty, py = y // ph, y % ph
    reversed_row = wiring.get("tile_chain", "rows") == "serpentine" and ty % 2 == 1
    if reversed_row:
        tx = tiles_x - 1 - tx
        if wiring.get("rotate_reversed_tiles", False):
            px, py = pw - 1 - px, ph - 1 - py
    tile = ty * tiles_x + tx
    inner = _panel_index(
        px, py, pw, ph,
        wiring.get("start", "top-left"),
        wiring.get("direction", "rows"),
        wiring.get("serpentine", True),
    )
    return (tile * pw * ph if starts is None else starts[tile]) + inner


def _native_fill():
    """firmware.fastwiring's fill_rows on MicroPython (None elsewhere, or on a port without
    native code)."""
    import sys

    if sys.implementation.name == "micropython":
        try:
            from firmware.fastwiring import fill_rows

            return fill_rows
        except (ImportError, ValueError, SyntaxError):
            pass
    return None


def _fill_matrix(table, w, h, wiring, starts=None, native=None):
    """table[y * w + x] = matrix_index(wiring, x, y) for the whole canvas, a run of pixels at a
    time: along a row inside one panel the index of a "rows" wiring steps by +1 or -1, so each
    run is its first index and a step; `native` (fastwiring.fill_rows) runs the same loop in
    native code (a Pico took 12 ms of its boot over it in Python, 200 pixel by pixel). A
    "columns" wiring is computed pixel by pixel."""
    pw = wiring["panel_width"]
    ph = wiring["panel_height"]
    if wiring.get("direction", "rows") != "rows":
        for y in range(h):
            for x in range(w):
                table[y * w + x] = matrix_index(wiring, x, y, starts)
        return
    start = wiring.get("start", "top-left")
    if start not in _CORNERS:
        raise ValueError("wiring start must be one of " + ", ".join(_CORNERS))
    right = start.endswith("right")
    bottom = start.startswith("bottom")
    serpentine = wiring.get("serpentine", True)
    tiles_x = wiring.get("tiles_x", 1)
    snake = wiring.get("tile_chain", "rows") == "serpentine"
    rotate = wiring.get("rotate_reversed_tiles", False)
    if native is not None:
        tiles = ((h - 1) // ph + 1) * tiles_x
        native(table, w, h, array("i", [pw, ph, tiles_x, right, bottom, serpentine, snake,
                                        rotate] + [k * pw * ph if starts is None else starts[k]
                                                   for k in range(tiles)]))
        return
    for y in range(h):
        ty = y // ph
        py = y % ph
        back = snake and ty % 2 == 1  # this row of tiles is chained right to left
        turned = back and rotate  # ... and its tiles turned half round
        if turned:
            py = ph - 1 - py
        if bottom:
            py = ph - 1 - py
        odd = serpentine and py % 2 == 1  # this panel row runs back
        k = y * w
        x0 = 0
        while x0 < w:
            tx = x0 // pw
            px = x0 % pw
            run = min(pw - px, w - x0)
            if back:
                tx = tiles_x - 1 - tx
            flip = (turned != right) != odd  # x runs against the chain here
            if turned:
                px = pw - 1 - px
            if right:
                px = pw - 1 - px
            if odd:
                px = pw - 1 - px
            tile = ty * tiles_x + tx
            v = (tile * pw * ph if starts is None else starts[tile]) + py * pw + px
            # the run in one slice store (a Python loop over its pixels took a Pico 14 ms)
            table[k + x0:k + x0 + run] = array("h", range(v, v - run, -1) if flip else
                                               range(v, v + run))
            x0 += run


def build(profile, plain=False):
    """The canvas → LED index table for a profile (checked: every LED used exactly once);
    `plain`: the Python loop where the native one would run (tests hold the two equal)."""
    w = profile["width"]
    h = profile["height"]
    n = profile["led_count"]
    table = array("h", bytes(2 * w * h))  # zeros (array * int is CPython-only)
    if profile["kind"] == "matrix":
        fill = None if plain else _native_fill()
        _fill_matrix(table, w, h, profile["wiring"], panel_starts(profile), fill)
        if fill is not None:
            forget("firmware.fastwiring")  # the map is built: its native code back to the heap
        tiles_w = profile["wiring"]["panel_width"] * profile["wiring"].get("tiles_x", 1)
        if n == w * h and tiles_w == w and h % profile["wiring"]["panel_height"] == 0:
            return table  # whole panels over the canvas: one LED a pixel by construction
    elif profile["kind"] == "points":
        points = profile["leds"]
        for i in range(w * h):
            table[i] = -1
        if len(points) != n:
            raise ValueError("profile lists %d LEDs, led_count is %d" % (len(points), n))
        for i in range(n):
            x, y = points[i]
            if not (0 <= x < w and 0 <= y < h):
                raise ValueError("LED %d at (%d, %d) is off the canvas" % (i, x, y))
            if table[y * w + x] != -1:
                raise ValueError("two LEDs at (%d, %d)" % (x, y))
            table[y * w + x] = i
    else:
        raise ValueError("unknown profile kind: " + str(profile["kind"]))
    seen = bytearray(n)
    for i in table:
        if i >= 0:
            if i >= n or seen[i]:
                raise ValueError("wiring maps two pixels to LED %d or past led_count" % i)
            seen[i] = 1
    return table
