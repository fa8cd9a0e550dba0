"""Ta Yü's colours on the panel, and the overlay codes (NONE, END, WHY): what the board's view
(view.py) and the pieces around it (panel.py) both draw with."""

from micropython import const

NS_RGB = const(0xFF3C96)  # north-south: pink (no blue: the water is blue)
EW_RGB = const(0xFF8000)  # east-west: orange
FLOOD_RGB = const(0xA040FF)
WATER = const(0x0050FF)  # a placed tile's channels (and every exit on the lattice)
WATER2 = const(0x0030B0)  # every other tile's channels: neighbouring tiles stay apart
WATER_LAST = const(0x40B0FF)  # the channels of the tile placed last
DRY = const(0x484034)  # a placed tile's land, where no channel runs
DRY_LAST = const(0x706048)  # the land of the tile placed last
ESTUARY = const(0x90F0FF)
ESTUARY2 = const(0xFFD000)  # an estuary on a double position
DOUBLE = const(0x3A2C00)
# an empty square an open exit points into: a clear sea green, apart from the water's blues, the
# land, the estuaries and the ghost's green, also for a deuteranope (test_fw_tayu_look.py)
GLOW = const(0x20A090)
CENTRE = const(0x202020)
LEGAL = const(0x00F000)
LEGAL_EXIT = const(0x90FF90)
ILLEGAL = const(0xF00000)
ILLEGAL_EXIT = const(0xFF9090)
WHITE = const(0xFFFFFF)
GREY = const(0x606060)
YELLOW = const(0xFFC000)
HAND = const(0xC09040)  # the tile in hand when no ghost shows it (a bot's turn)
TRAY = const(0x242424)  # the plate under the tile in hand: a tile, not a digit among the numbers


def dim(rgb, shift):
    return (((rgb >> 16) & 0xFF) >> shift) << 16 | (((rgb >> 8) & 0xFF) >> shift) << 8 | (
        (rgb & 0xFF) >> shift)


def side_rgb(side):
    if side == "NS":
        return NS_RGB
    if side == "EW":
        return EW_RGB
    if side == "flood":
        return FLOOD_RGB
    return GREY


COUNT_KEYS = ("count_n", "count_e", "count_s", "count_w")

# Overlays
NONE = const(0)
END = const(1)
WHY = const(2)  # why the tile cannot go where the red ghost is (A on it), until the next key

# the engine's reasons (rules.check) in the panel's words, two lines of up to 8 characters
WHY_TEXT = (
    ("off the board", "OFF THE", "BOARD"),
    ("square already covered", "OVER A", "TILE"),
    ("first tile must cover the centre", "FIRST ON", "CENTRE"),
    ("exit against a blank side", "RIVER", "BLOCKED"),
    ("blank side blocks a channel", "RIVER", "BLOCKED"),
    ("not connected to the network", "NOT ON A", "RIVER"),
)


def why_lines(reason):
    """The two lines the panel says for an engine reason (its own words if unknown)."""
    for entry in WHY_TEXT:
        if entry[0] == reason:
            return entry[1], entry[2]
    return "NO FIT", ""
