"""The boot menu on a board of holes (profile kind "points", e.g. tactik_holes): no text can be
read there, so the same rows (menu.py) are shown by lit holes, read from the profile's Tac-Tik
layout (docs/firmware.md, "The menu on a board of holes"):

- the 12 card LEDs are the rows, left to right: the selected one bright, the others dim, each
  in its row's colour (START green, RESUME cyan, TEST white, the settings yellow);
- the 7 step LEDs are the selected row's value: choice k of n lights n holes dim and the k-th
  bright; PLAY lights one hole per player; WHO one per seat (its colour, dim for a bot); BOT
  (the bots' level: easy, normal, hard) is a choice of three; LIGHT as many as the
  brightness; START, RESUME and TEST light them all in their colour;
- the track shows the game as set up: each side in its seat's colour, bright for a human seat,
  dim for a bot's;
- with a game saved the menu opens on RESUME; START then asks NEW? by lighting every empty hole
  in START's green: A starts the new game (replacing the save), B keeps the save.
"""

# pyright: reportArgumentType=false
# (what the type checker cannot follow here: players: set by build())

from micropython import const

from firmware.menu import BOT_LEVELS, LEVELS, NEW_WASH, Menu, names_for

SEAT_RGB = (0xFF0000, 0x0000FF, 0xFFA000, 0x00FF00)  # red, blue, yellow, green, clockwise
ROW_RGB = {"start": 0x00FF00, "resume": 0x00FFFF, "test": 0xFFFFFF}
SETTING_RGB = 0xFFC000
_SIDES = const(("top", "right", "bottom", "left"))


def dim(rgb, shift=3):
    return (rgb >> shift) & ((0xFF >> shift) * 0x010101)


def spec_of(profile):
    """The first layout spec of the profile's first game (its holes: card and step LEDs, the
    track's origin, side and pitch), or an empty dict."""
    layouts = profile.get("layouts", {})
    for game in profile.get("games") or list(layouts):
        by_players = layouts.get(game)
        if by_players:
            for key in by_players:
                return by_players[key]
    return {}


def track_sides(spec):
    """The track's holes side by side, in seat order from the first colour's side clockwise
    (corners left out): four lists of (x, y)."""
    if "origin" not in spec:
        return []
    ox, oy = spec["origin"]
    n = spec.get("side", 16)
    p = spec.get("pitch", 1)
    far = n * p
    lines = {
        "top": [(ox + k * p, oy) for k in range(1, n)],
        "right": [(ox + far, oy + k * p) for k in range(1, n)],
        "bottom": [(ox + far - k * p, oy + far) for k in range(1, n)],
        "left": [(ox, oy + far - k * p) for k in range(1, n)],
    }
    first = _SIDES.index(spec.get("red_side", "bottom"))
    return [lines[_SIDES[(first + c) % 4]] for c in range(4)]


class HoleMenu(Menu):
    """The menu's rows and buttons (Menu), drawn by lit holes."""

    SEAT_ROWS = False  # one WHO row: its step LEDs show every seat (12 card LEDs hold the rows)

    def __init__(self, app):
        spec = spec_of(app.profile)
        self.row_leds = [tuple(q) for q in spec.get("card_leds", ())]
        self.value_leds = [tuple(q) for q in spec.get("step_leds", ())]
        self.sides = track_sides(spec)
        Menu.__init__(self, app)

    def tick(self, now_ms):
        return False  # nothing scrolls: there is no text

    def retext(self):
        Menu.retext(self)
        self.value()

    def retick(self, now_ms):
        self.value()

    def value(self):
        """Work out (after a change, not while drawing) the selected row's value: `of` holes
        dim with hole `lit` bright; lit -1: the first `of` holes bright."""
        kind, entry = self.rows[self.cursor]
        lit, of, rgb = -1, 0, 0
        if kind in ROW_RGB:
            of, rgb = len(self.value_leds), ROW_RGB[kind]
        elif kind == "game":
            names = names_for(self.app.profile)
            lit = names.index(self.game) if self.game in names else 0
            of, rgb = len(names), SETTING_RGB
        elif kind == "opt":
            choices = entry[4][1]  # a declared option: its menu row's choices
            lit, of, rgb = choices.index(self.options[entry[0]]), len(choices), SETTING_RGB
        elif kind == "players":
            of, rgb = self.players, 0xFFFFFF
        elif kind == "level":
            lit, of, rgb = BOT_LEVELS.index(self.bot_level), len(BOT_LEVELS), SETTING_RGB
        elif kind == "light":
            of, rgb = (self.level() + 1) * len(self.value_leds) // len(LEVELS), 0xFFFFFF
        self.lit, self.of, self.rgb = lit, of, rgb

    def draw(self, canvas):
        rows = self.rows
        for i in range(min(len(rows), len(self.row_leds))):
            x, y = self.row_leds[i]
            rgb = ROW_RGB.get(rows[i][0], SETTING_RGB)
            canvas.set(x, y, rgb if i == self.cursor else dim(rgb))
        bots = self.bots or []
        leds = self.value_leds
        if rows[self.cursor][0] == "bots":
            for s in range(min(len(bots), len(leds))):
                rgb = SEAT_RGB[s % 4]
                canvas.set(leds[s][0], leds[s][1], dim(rgb) if bots[s] else rgb)
        else:
            lit, of, rgb = self.lit, self.of, self.rgb
            for k in range(min(of, len(leds))):
                on = lit < 0 or k == lit
                canvas.set(leds[k][0], leds[k][1], rgb if on else dim(rgb, 4))
        players = self.players or 1
        for c in range(len(self.sides)):
            seat = c % players
            rgb = SEAT_RGB[c]
            if seat < len(bots) and bots[seat]:
                rgb = dim(rgb)
            for x, y in self.sides[c]:
                canvas.set(x, y, rgb)
        if self.confirm:  # NEW? over a saved game: the empty holes glow START's green
            self.question.confirm(self.app, canvas, "NEW?", NEW_WASH)
