"""Where every Tac-Tik hole sits on a profile's canvas: track T0..T63/T95, each colour's base
B1..B4, nest slots, start markers, turn indicators and the middle (card/status) area: the
Layout a game reads. Building one (its spec, its geometry, its checks) is layout_build.py's,
code a board runs once a game and lets go (App.lean).
"""

# pyright: reportAttributeAccessIssue=false
# (a Layout's and a TactikView's fields, set by layout_build and view_build: the type checker
# cannot see them)

from shared_rules.tactik.rules import COLOURS4, COLOURS6

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


# layouts built, by (profile name, colours) -> (profile, dirs, layout): a new game on the same
# board reuses its layout. The entry keeps the profile itself and is used only for that very
# object (an id alone may be a freed profile's, reused by another of the same name)
_built = {}


def layout_for(profile, colour_count, dirs=None):
    """The Layout of a profile for a game with 4 or 6 colours on the board."""
    key = (profile.get("name"), colour_count)
    entry = _built.get(key)
    if entry is None or entry[0] is not profile or entry[1] != dirs:
        from firmware.games.tactik import layout_build

        if len(_built) >= 4:
            _built.clear()
        entry = (profile, dirs, layout_build.for_profile(profile, colour_count, dirs))
        _built[key] = entry
    return entry[2]


class Layout:
    """Pixel positions of every element of a Tac-Tik board on one canvas (layout_build.build
    sets them: colour_count, width, height, colours, side, pitch, origin, track_len, track,
    bases, nests, stake_marks, turns, middle, font_scale, card_leds, step_leds)."""

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
