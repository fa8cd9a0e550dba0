"""Building a Tac-Tik Layout (layout.py): its spec, the data of a profile or a side file or
computed for the canvas, and its geometry, checked. Run once a game at the start: a board
lets it go with the rest of its start's code (App.lean; docs/firmware.md).

The geometry is data: a layout spec (see docs/tactik-board.md) taken from the profile's
"layouts" -> "tactik" -> "<colour count>" entry, else from the side file
hardware/profiles/tactik/<profile name>.json, else computed for the canvas size.
The track is the perimeter of an (n+1) x (n+1) square of cells (n = 16 holes a side for 4
colours, 24 for 6), numbered clockwise from red's start square; bases run inward from each start.
"""

# pyright: reportAttributeAccessIssue=false
# (a Layout's and a TactikView's fields, set by layout_build and view_build: the type checker
# cannot see them)

import json
import sys
from array import array

from micropython import const

from firmware.games.tactik.layout import Layout, colours_for, pack, xy
from shared_rules.tactik.rules import CARDS

SIDES = ("top", "right", "bottom", "left")
# Per side, in cell units: clockwise direction along the side, and the inward normal.
_ALONG = const(((1, 0), (0, 1), (-1, 0), (0, -1)))
_INWARD = const(((0, 1), (-1, 0), (0, -1), (1, 0)))


def default_spec(width, height, colour_count):
    """A layout spec computed for a canvas with no tactik layout data (centred, pitch 1 or 2)."""
    n = 16 if colour_count == 4 else 24
    span_cells = n + 1 + 6  # track plus three cells of margin each side for nests and markers
    pitch = 2 if min(width, height) >= 2 * span_cells - 1 else 1
    span = n * pitch + 1
    ox = (width - span) // 2
    oy = (height - span) // 2
    if ox < 0 or oy < 0:
        raise ValueError("canvas %dx%d too small for a %d-hole track" % (width, height, 4 * n))
    inner = (n - 10) * pitch + 1  # free middle between the bases (pinwheel starts)
    m = ox + 5 * pitch
    spec = {
        "side": n, "origin": [ox, oy], "pitch": pitch, "red_side": "bottom",
        "start_offset": 4, "nest": [[2, 1], [3, 1], [2, 2], [3, 2]],
        "stake_mark": [0, 1], "turn": [[-3, 2], [-2, 2], [-1, 2]],
        "middle": [m, oy + 5 * pitch, inner, inner], "font_scale": pitch,
    }
    return spec


def _side_file(name, dirs):
    if dirs is None:
        dirs = [d + "/tactik" for d in _profile_folders()]
    for d in dirs:
        try:
            with open(d + "/" + name + ".json") as f:
                return json.load(f)
        except OSError:
            continue
    return None


def _profile_folders():
    """Where profiles are (firmware/profile.py's folders()). A board let the profile's
    checker go at boot (app._load_profile): it is let go again here rather than held through
    the game, 2.7 KB of a Pico's heap that only a layout's first build reads."""
    from firmware import profile

    found = profile.folders()
    if sys.implementation.name == "micropython":
        from shared_rules.registry import forget

        forget("firmware.profile")
    return found


def spec_for(profile, colour_count, dirs=None):
    """The tactik layout spec of a profile for 4 or 6 colours (data first, computed last)."""
    key = str(colour_count)
    layouts = profile.get("layouts")
    data = layouts.get("tactik") if layouts else None
    if data is None:
        data = _side_file(profile.get("name", ""), dirs)
        if data is not None:
            data = data.get("tactik", data)
    if data is not None and key in data:
        return data[key]
    if profile.get("kind") == "points":
        raise ValueError("hole board %s has no %d-colour layout"
                         % (profile.get("name"), colour_count))
    return default_spec(profile["width"], profile["height"], colour_count)


def for_profile(profile, colour_count, dirs=None):
    """The Layout of a profile for 4 or 6 colours, from its spec (spec_for)."""
    return build(spec_for(profile, colour_count, dirs), colour_count, profile["width"],
                 profile["height"])


def build(spec, colour_count, width, height):
    """The Layout of `spec` for `colour_count` colours on a canvas of width x height; a
    ValueError if anything falls off the canvas, on a lit pixel or inside the middle."""
    L = Layout()
    L.colour_count = colour_count
    L.width = width
    L.height = height
    L.colours = colours_for(colour_count)
    n = spec["side"]
    if n * 4 != 16 * colour_count:
        raise ValueError("layout side %d does not fit %d colours" % (n, colour_count))
    L.side = n
    L.pitch = p = spec.get("pitch", 1)
    ox, oy = spec["origin"]
    L.origin = (ox, oy)
    L.track_len = 4 * n
    red_side = SIDES.index(spec.get("red_side", "bottom"))
    q0 = red_side * n + spec.get("start_offset", 0)
    corner = ((0, 0), (n, 0), (n, n), (0, n))
    # packed pixels in 16 bits each: a quarter of a list's room on a Pico's heap
    track = array("H", range(L.track_len))
    sides = bytearray(L.track_len)
    for i in range(L.track_len):
        q = (i + q0) % L.track_len
        s, k = q // n, q % n
        cx = corner[s][0] + _ALONG[s][0] * k
        cy = corner[s][1] + _ALONG[s][1] * k
        track[i] = pack(ox + cx * p, oy + cy * p)
        sides[i] = s
    L.track = track
    L.bases = {}
    L.nests = {}
    L.stake_marks = {}
    L.turns = {}
    for c in range(colour_count):
        colour = L.colours[c]
        sx, sy = xy(track[16 * c])
        s = sides[16 * c]
        # arrays of packed pixels, as the track: Canvas.plot draws them in one call
        L.bases[colour] = array("H", [_rel(L, sx, sy, s, 0, -j) for j in range(1, 5)])
        L.nests[colour] = array("H", [_rel(L, sx, sy, s, a, o) for a, o in spec["nest"]])
        mark = spec.get("stake_mark")
        L.stake_marks[colour] = _rel(L, sx, sy, s, mark[0], mark[1]) if mark else -1
        L.turns[colour] = [_rel(L, sx, sy, s, a, o) for a, o in spec.get("turn", ())]
    L.middle = tuple(spec["middle"]) if spec.get("middle") else None
    L.font_scale = spec.get("font_scale", 1)
    L.card_leds = None
    if spec.get("card_leds"):
        L.card_leds = {}
        for i in range(len(CARDS)):
            L.card_leds[CARDS[i]] = pack(spec["card_leds"][i][0], spec["card_leds"][i][1])
    L.step_leds = [pack(q[0], q[1]) for q in spec.get("step_leds", ())]
    _check(L)
    return L


def _rel(L, sx, sy, s, along, out):
    # the packed pixel at `along` cells clockwise and `out` cells outward from (sx, sy) on
    # side s
    p = L.pitch
    x = sx + (_ALONG[s][0] * along - _INWARD[s][0] * out) * p
    y = sy + (_ALONG[s][1] * along - _INWARD[s][1] * out) * p
    if x < 0 or y < 0:
        raise ValueError("tactik layout: a hole at (%d, %d) is off the canvas" % (x, y))
    return pack(x, y)


def points(L):
    """Every ((x, y), role) the layout lights, roles like "T5", "red B1", "card 7"."""
    return [(xy(p), role) for p, role in chain(L)]


def chain(L):
    """(packed pixel, role) one at a time, in chain order (no big list on a Pico heap)."""
    for i in range(L.track_len):
        yield L.track[i], "T" + str(i)
    for colour in L.colours:
        for j in range(4):
            yield L.bases[colour][j], colour + " B" + str(j + 1)
        for j in range(4):
            yield L.nests[colour][j], colour + " N" + str(j)
        if L.stake_marks[colour] >= 0:
            yield L.stake_marks[colour], colour + " stake"
        for j in range(len(L.turns[colour])):
            yield L.turns[colour][j], colour + " turn" + str(j)
    if L.card_leds:
        for card in CARDS:
            yield L.card_leds[card], "card " + card
    for j in range(len(L.step_leds)):
        yield L.step_leds[j], "step" + str(j + 1)


def _check(L):
    """Every element on the canvas, no two on one pixel, nothing inside the middle area."""
    seen = bytearray((L.width * L.height + 7) // 8)
    for p, role in chain(L):
        x, y = xy(p)
        if not (0 <= x < L.width and 0 <= y < L.height):
            raise ValueError("tactik layout: %s at (%d, %d) is off the canvas" % (role, x, y))
        i = y * L.width + x
        if seen[i >> 3] & (1 << (i & 7)):
            raise ValueError("tactik layout: %s on a lit pixel (%d, %d)" % (role, x, y))
        seen[i >> 3] |= 1 << (i & 7)
        if L.middle is not None:
            mx, my, mw, mh = L.middle
            if mx <= x < mx + mw and my <= y < my + mh:
                raise ValueError("tactik layout: %s inside the middle area" % role)
    if L.middle is not None:
        mx, my, mw, mh = L.middle
        if mx < 0 or my < 0 or mx + mw > L.width or my + mh > L.height:
            raise ValueError("tactik layout: middle area off the canvas")


def hole_board_leds(layout):
    """The chain order of a one-LED-per-hole board built for `layout`: the track from T0
    clockwise, then per colour its base B1..B4, nest, stake mark and turn LEDs, then the card
    and step LEDs. Used to write and to check hardware/profiles/tactik_holes.json."""
    return [[q[0], q[1]] for q, _role in points(layout)]
