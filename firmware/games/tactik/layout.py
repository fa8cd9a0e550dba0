"""Where every Tac-Tik hole sits on a profile's canvas: track T0..T63/T95, each colour's base
B1..B4, nest slots, start markers, turn indicators and the middle (card/status) area.

The geometry is data: a layout spec (see docs/tactik-board.md) taken from the profile's
"layouts" -> "tactik" -> "<colour count>" entry, else from the side file
hardware/profiles/tactik/<profile name>.json, else computed for the canvas size.
The track is the perimeter of an (n+1) x (n+1) square of cells (n = 16 holes a side for 4
colours, 24 for 6), numbered clockwise from red's start square; bases run inward from each start.
"""

import json
import sys
from array import array

from micropython import const

from shared_rules.tactik.rules import CARDS, COLOURS4, COLOURS6

SIDES = ("top", "right", "bottom", "left")
# Per side, in cell units: clockwise direction along the side, and the inward normal.
_ALONG = const(((1, 0), (0, 1), (-1, 0), (0, -1)))
_INWARD = const(((0, 1), (-1, 0), (0, -1), (1, 0)))

# LED colour of each pawn colour (0xRRGGBB at full value). No LED shows black: "black" pawns are
# magenta, the one hue no other colour uses. Each colour lights a different set of channels
# (R, R+B, B, R+G, R+G+B, G), so they stay apart even at the lowest brightness.
PAWN_RGB = {
    "red": 0xFF0000, "black": 0xFF00FF, "blue": 0x0000FF,
    "yellow": 0xFFA000, "white": 0xFFFFFF, "green": 0x00FF00,
}


def xy(p):
    """A packed pixel (x | y << 8, how layouts store positions compactly) as (x, y)."""
    return (p & 0xFF, p >> 8)


def pack(x, y):
    return x | (y << 8)


def colours_for(count):
    """The colours on a board for this many colours in play (4 or 6), in clockwise seat order."""
    if count == 4:
        return COLOURS4
    if count == 6:
        return COLOURS6
    raise ValueError("Tac-Tik boards have 4 or 6 colours, not %d" % count)


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


# layouts built, by (profile name, colours) -> (profile, dirs, layout): a new game on the same
# board reuses its layout. The entry keeps the profile itself and is used only for that very
# object (an id alone may be a freed profile's, reused by another of the same name)
_built = {}


def layout_for(profile, colour_count, dirs=None):
    """The Layout of a profile for a game with 4 or 6 colours on the board."""
    key = (profile.get("name"), colour_count)
    entry = _built.get(key)
    if entry is None or entry[0] is not profile or entry[1] != dirs:
        if len(_built) >= 4:
            _built.clear()
        entry = (profile, dirs, Layout(spec_for(profile, colour_count, dirs), colour_count,
                                       profile["width"], profile["height"]))
        _built[key] = entry
    return entry[2]


class Layout:
    """Pixel positions of every element of a Tac-Tik board on one canvas (computed once)."""

    def __init__(self, spec, colour_count, width, height):
        self.colour_count = colour_count
        self.width = width
        self.height = height
        self.colours = colours_for(colour_count)
        n = spec["side"]
        if n * 4 != 16 * colour_count:
            raise ValueError("layout side %d does not fit %d colours" % (n, colour_count))
        self.side = n
        self.pitch = p = spec.get("pitch", 1)
        ox, oy = spec["origin"]
        self.origin = (ox, oy)
        self.track_len = 4 * n
        red_side = SIDES.index(spec.get("red_side", "bottom"))
        q0 = red_side * n + spec.get("start_offset", 0)
        corner = ((0, 0), (n, 0), (n, n), (0, n))
        # packed pixels in 16 bits each: a quarter of a list's room on a Pico's heap
        track = array("H", range(self.track_len))
        sides = bytearray(self.track_len)
        for i in range(self.track_len):
            q = (i + q0) % self.track_len
            s, k = q // n, q % n
            cx = corner[s][0] + _ALONG[s][0] * k
            cy = corner[s][1] + _ALONG[s][1] * k
            track[i] = pack(ox + cx * p, oy + cy * p)
            sides[i] = s
        self.track = track
        self.bases = {}
        self.nests = {}
        self.stake_marks = {}
        self.turns = {}
        for c in range(colour_count):
            colour = self.colours[c]
            sx, sy = xy(track[16 * c])
            s = sides[16 * c]
            # arrays of packed pixels, as the track: Canvas.plot draws them in one call
            self.bases[colour] = array("H", [self._rel(sx, sy, s, 0, -j) for j in range(1, 5)])
            self.nests[colour] = array("H", [self._rel(sx, sy, s, a, o) for a, o in spec["nest"]])
            mark = spec.get("stake_mark")
            self.stake_marks[colour] = self._rel(sx, sy, s, mark[0], mark[1]) if mark else -1
            self.turns[colour] = [self._rel(sx, sy, s, a, o) for a, o in spec.get("turn", ())]
        self.middle = tuple(spec["middle"]) if spec.get("middle") else None
        self.font_scale = spec.get("font_scale", 1)
        self.card_leds = None
        if spec.get("card_leds"):
            self.card_leds = {}
            for i in range(len(CARDS)):
                self.card_leds[CARDS[i]] = pack(spec["card_leds"][i][0], spec["card_leds"][i][1])
        self.step_leds = [pack(q[0], q[1]) for q in spec.get("step_leds", ())]
        self._check()

    def _rel(self, sx, sy, s, along, out):
        """Pixel at `along` cells clockwise and `out` cells outward from (sx, sy) on side s."""
        p = self.pitch
        x = sx + (_ALONG[s][0] * along - _INWARD[s][0] * out) * p
        y = sy + (_ALONG[s][1] * along - _INWARD[s][1] * out) * p
        if x < 0 or y < 0:
            raise ValueError("tactik layout: a hole at (%d, %d) is off the canvas" % (x, y))
        return pack(x, y)

    def where(self, colour, loc, slot=0):
        """Packed pixel of a location as the engine writes it ("T12", "B3", "N"; slot picks the
        nest hole); a trailing "*" (stake) is ignored."""
        if loc[-1] == "*":
            loc = loc[:-1]
        kind = loc[0]
        if kind == "T":
            return self.track[int(loc[1:])]
        if kind == "B":
            return self.bases[colour][int(loc[1:]) - 1]
        if kind == "N":
            return self.nests[colour][slot]
        raise ValueError("unknown location " + loc)

    def points(self):
        """Every ((x, y), role) the layout lights, roles like "T5", "red B1", "card 7"."""
        return [(xy(p), role) for p, role in self._points()]

    def _points(self):
        """(packed pixel, role) one at a time, in chain order (no big list on a Pico heap)."""
        for i in range(self.track_len):
            yield self.track[i], "T" + str(i)
        for colour in self.colours:
            for j in range(4):
                yield self.bases[colour][j], colour + " B" + str(j + 1)
            for j in range(4):
                yield self.nests[colour][j], colour + " N" + str(j)
            if self.stake_marks[colour] >= 0:
                yield self.stake_marks[colour], colour + " stake"
            for j in range(len(self.turns[colour])):
                yield self.turns[colour][j], colour + " turn" + str(j)
        if self.card_leds:
            for card in CARDS:
                yield self.card_leds[card], "card " + card
        for j in range(len(self.step_leds)):
            yield self.step_leds[j], "step" + str(j + 1)

    def _check(self):
        """Every element on the canvas, no two on one pixel, nothing inside the middle area."""
        seen = bytearray((self.width * self.height + 7) // 8)
        for p, role in self._points():
            x, y = xy(p)
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise ValueError("tactik layout: %s at (%d, %d) is off the canvas" % (role, x, y))
            i = y * self.width + x
            if seen[i >> 3] & (1 << (i & 7)):
                raise ValueError("tactik layout: %s on a lit pixel (%d, %d)" % (role, x, y))
            seen[i >> 3] |= 1 << (i & 7)
            if self.middle is not None:
                mx, my, mw, mh = self.middle
                if mx <= x < mx + mw and my <= y < my + mh:
                    raise ValueError("tactik layout: %s inside the middle area" % role)
        if self.middle is not None:
            mx, my, mw, mh = self.middle
            if mx < 0 or my < 0 or mx + mw > self.width or my + mh > self.height:
                raise ValueError("tactik layout: middle area off the canvas")


def hole_board_leds(layout):
    """The chain order of a one-LED-per-hole board built for `layout`: the track from T0
    clockwise, then per colour its base B1..B4, nest, stake mark and turn LEDs, then the card
    and step LEDs. Used to write and to check hardware/profiles/tactik_holes.json."""
    return [[q[0], q[1]] for q, _role in layout.points()]
