"""Where each logical pixel (x, y) of a profile's canvas sits on the LED chain.

A "matrix" profile computes it from its wiring (panel size, tiling, start corner, serpentine);
a "points" profile (a hole board) lists the canvas position of every LED in chain order.
The result is one `array('h')` of width*height entries, -1 where no LED is.
"""

from array import array

_CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")


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


def matrix_index(wiring, x, y):
    """Chain index of canvas pixel (x, y) for a tiled matrix wiring description."""
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
    return tile * pw * ph + inner


def build(profile):
    """The canvas → LED index table for a profile (checked: every LED used exactly once)."""
    w = profile["width"]
    h = profile["height"]
    n = profile["led_count"]
    table = array("h")  # (array * int is CPython-only; a big list would need one big block)
    for _ in range(w * h):
        table.append(-1)
    if profile["kind"] == "matrix":
        wiring = profile["wiring"]
        for y in range(h):
            for x in range(w):
                table[y * w + x] = matrix_index(wiring, x, y)
    elif profile["kind"] == "points":
        points = profile["leds"]
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
