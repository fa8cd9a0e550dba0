"""The boot menu: start or resume a game, choose game, options, players, bots and their level,
brightness.

Rows are text in the 3 x 5 font, 6 px apart. Up/down pick a row, left/right (or A/B) change its
value, A on START/RESUME/TEST acts. The first row is START, so a human-against-bot game of the
default game is one A press away; with a game saved the menu opens on RESUME, and START asks
`NEW? A=Y B=N` first (B keeps the save): no single press throws a game away. A row wider than
the panel shows its value whole at the right edge (its label cut short), and scrolls whole while
it is selected; a start the board refuses scrolls its reason across the panel. The last row,
HELP (one press up from START: the rows wrap round), shows how to play the game on the game
row (firmware/howto.py, the pages its package gives).
"""

# pyright: reportArgumentType=false, reportCallIssue=false, reportOperatorIssue=false
# (what the type checker cannot follow here: players and seats start as None and are set by build())

from micropython import const

from firmware import buttons as btn
from firmware import font, games
from firmware.mode import Mode

LEVELS = (8, 16, 24, 40, 64, 96, 144, 200, 255)
# the bots' levels the BOT row offers (shared_rules/bots.py), and their names on the panel
BOT_LEVELS = ("easy", "normal", "hard")
_BOT_NAMES = const(("EASY", "NORM", "HARD"))
BOT_DEFAULT = "normal"
ROW_H = 6
_SEL_RGB = const(0xFFC000)
ROW_RGB = 0x5060A0
_NA_RGB = const(0x602020)

NEW_WASH = 0x00FF00  # a board of holes asks NEW? by lighting its empty holes in START's green


def names_for(profile):
    """The games the menu offers on this board."""
    return [n for n in games.names() if not games.unplayable(profile, n)]


def counts_for(profile, game, counts):
    """The player counts a board can show: a board of holes has holes for some layouts only
    (the game package's layout_key names the layout a count draws with); a panel draws every
    one."""
    if profile.get("kind") != "points":
        return counts
    layouts = profile.get("layouts", {}).get(game)
    if not layouts:
        return counts
    out = [n for n in counts if games.layout_key(game, n) in (None,) + tuple(layouts)]
    return out or counts


def player_counts(declared, profile=None, game=None):
    """The player counts a game offers (its declaration's; with a profile, those its board
    can show)."""
    counts = games.player_counts(declared)
    if profile is not None:
        counts = counts_for(profile, game, counts)
    return counts


def cut(text, width, short=None):
    """A row too wide for `width` px as (label, value, value_x): the value (after the last
    space) whole at the right edge, the label its short form from the game's menu table
    (`short`, e.g. RDRW for REDRAW) when that fits, else cut to the whole letters that leave a
    gap before the value (none if fewer than two fit)."""
    i = text.rfind(" ")
    value = text[i + 1:]
    vx = width - font.text_width(value)
    if short and i > 0 and 1 + font.text_width(short) + font.ADVANCE <= vx:
        return short, value, vx
    n = (vx - 5) // font.ADVANCE  # letters at 1, 5, 9..: each ends 3 px or more before vx
    label = text[:n] if i > 0 and n >= 2 else ""
    return label, value, vx


def value_text(value):
    if value is True:
        return "ON"
    if value is False:
        return "OFF"
    return str(value).upper()


class Menu(Mode):
    name = "menu"
    turns = True  # a seat's arrows are turned to its side (firmware/seats.py)
    SEAT_ROWS = True  # a row per seat (P1 HUMAN, P2 BOT): each seat flipped on its own

    def __init__(self, app):
        self.app = app
        self.cursor = 0
        self.top = 0
        self.rows = []
        # What the menu remembers between visits is kept by the app: this module is let go
        # while a game runs (see games.unload_others), and a new board starts afresh.
        memory = app.menu_memory
        self.ticker = None  # scrolls the selected row when it is wider than the panel
        self.game = memory.get("game", games.default())
        offered = names_for(app.profile)
        if self.game not in offered or games.module(self.game) is None:
            avail = games.available(app.profile)
            self.game = avail[0] if avail else offered[0] if offered else self.game
        self.options = dict(memory.get("options", {}))
        self.players = memory.get("players")
        self.bots = memory.get("bots")
        self.bot_level = memory.get("level", BOT_DEFAULT)
        self.texts = []
        self.cuts = []
        self.confirm = False  # START over a saved game asks NEW? first (A yes, B no)
        self.question = None  # firmware.question, imported when it first asks
        self.help = None  # the HELP row's pages while they are open (firmware/howto.py)
        self.build()
        if app.saved is not None:
            self.cursor = 1  # RESUME: a press continues the saved game, never replaces it

    # ---- model -------------------------------------------------------------------------------
    def build(self):
        """(Re)build the rows for the chosen game; keeps option values that still apply and
        drops options the game does not have."""
        mod = games.module(self.game)
        rows = [("start", None)]
        if self.app.saved is not None:
            rows.append(("resume", None))
        rows.append(("game", None))
        if mod is not None:
            declared = games.spec(self.game)
            opts = {}  # this game's options only: another game's are dropped
            for entry in declared.OPTIONS:  # (key, values, check, where, menu row)
                if entry[4] is None:
                    continue
                key, choices = entry[0], entry[4][1]
                v = self.options.get(key)
                opts[key] = v if key in self.options and v in choices else entry[1][0]
                rows.append(("opt", entry))
            self.options = opts
            counts = player_counts(declared, self.app.profile, self.game)
            if self.players not in counts:
                self.players = declared.DEFAULT_PLAYERS
            rows.append(("players", None))
            self.fix_bots()
            if self.SEAT_ROWS:
                for seat in range(self.players):
                    rows.append(("seat", seat))
            else:
                rows.append(("bots", None))
            rows.append(("level", None))
        rows.append(("light", None))
        rows.append(("test", None))
        if not self.app.points:  # a board of holes has no text to show the pages with
            rows.append(("help", None))  # last: one press up from START (the rows wrap round)
        self.rows = rows
        if self.cursor >= len(rows):
            self.cursor = len(rows) - 1
        self.retext()

    def retext(self):
        """The rows' texts, the cut form of those too wide, and the selected row's ticker
        (after every change: nothing is built while drawing)."""
        self.texts = [self.row_text(i) for i in range(len(self.rows))]
        room = self.app.width - 1  # text starts at x = 1
        self.cuts = [None if font.text_width(self.texts[i]) <= room else
                     cut(self.texts[i], self.app.width, self.short_label(i))
                     for i in range(len(self.rows))]
        self.retick(self.app.now())

    def fix_bots(self):
        n = self.players
        if self.bots is None or len(self.bots) != n:
            self.bots = games.default_bots(n)

    def row_text(self, i):
        kind, entry = self.rows[i]
        if kind == "start":
            return "START" if games.module(self.game) is not None else "START NA"
        if kind == "resume":
            return "RESUME"
        if kind == "game":
            mod = games.module(self.game)
            return games.spec(self.game).TITLE if mod is not None else self.game.upper() + " NA"
        if kind == "opt":  # a declared option: (key, values, check, where, menu row)
            key, label, choices, names = entry[0], entry[4][0], entry[4][1], entry[4][2]
            v = self.options[key]
            t = names[choices.index(v)] if names else value_text(v)
            return (label + " " + t) if label else t
        if kind == "players":
            return "PLAY " + str(self.players)
        if kind == "seat":
            return "P%d %s" % (entry + 1, "BOT" if self.bots[entry] else "HUMAN")
        if kind == "bots":
            return "WHO " + "".join("B" if b else "H" for b in self.bots)
        if kind == "level":
            return "BOT " + _BOT_NAMES[BOT_LEVELS.index(self.bot_level)]
        if kind == "light":
            return "LIGHT " + str(self.level() + 1)
        if kind == "test":
            return "TEST" if games.present("firmware.selftest") else "TEST NA"
        if kind == "help":
            return "HELP"
        return "?"

    def short_label(self, i):
        """A game option row's short label, when its declared menu row gives one."""
        kind, entry = self.rows[i]
        return entry[4][3] if kind == "opt" else None

    def level(self):
        b = self.app.brightness
        best = 0
        for i in range(len(LEVELS)):
            if abs(LEVELS[i] - b) < abs(LEVELS[best] - b):
                best = i
        return best

    def options_dict(self):
        """The options of the game to start; a None value (AUTO) leaves the engine's default."""
        opts = {}
        for k in self.options:
            if self.options[k] is not None:
                opts[k] = self.options[k]
        opts["players"] = self.players
        opts["bots"] = games.seats(self.bots)
        opts["level"] = self.bot_level
        return opts

    def remember(self):
        memory = self.app.menu_memory
        memory["game"] = self.game
        memory["options"] = dict(self.options)
        memory["players"] = self.players
        memory["bots"] = list(self.bots) if self.bots else None
        memory["level"] = self.bot_level

    # ---- input -----------------------------------------------------------------------------
    def change(self, step):
        kind, entry = self.rows[self.cursor]
        if kind == "game":
            names = names_for(self.app.profile)
            if self.game not in names:
                names = games.names()
            self.game = names[(names.index(self.game) + step) % len(names)]
            # a new game starts from its own defaults: players, seats and options
            self.options = {}
            self.players = None
            self.bots = None
            self.build()
        elif kind == "opt":
            key, choices = entry[0], entry[4][1]
            i = choices.index(self.options[key])
            self.options[key] = choices[(i + step) % len(choices)]
        elif kind == "players":
            counts = player_counts(games.spec(self.game), self.app.profile, self.game)
            i = counts.index(self.players) if self.players in counts else 0
            self.players = counts[(i + step) % len(counts)]
            self.build()  # a seat row each
        elif kind == "seat":
            self.bots[entry] = not self.bots[entry]
        elif kind == "bots":
            # count through the 2**n human/bot patterns, seat 0 first
            n = self.players
            m = 0
            for i in range(n):
                if self.bots[i]:
                    m |= 1 << i
            m = (m + step) % (1 << n)
            self.bots = [bool(m >> i & 1) for i in range(n)]
        elif kind == "level":
            i = BOT_LEVELS.index(self.bot_level)
            self.bot_level = BOT_LEVELS[(i + step) % len(BOT_LEVELS)]
        elif kind == "light":
            lv = (self.level() + step) % len(LEVELS)
            self.app.set_brightness(LEVELS[lv])
        self.retext()

    def activate(self):
        kind = self.rows[self.cursor][0]
        app = self.app
        if kind == "start":
            if games.module(self.game) is None:
                app.message(self.game + " not available", 0xFF2000)
                return
            if not self.confirm and app.save_on_flash():
                self.ask()  # a new game would replace the saved one
                return
            self.confirm = False
            self.remember()
            seed = app.seed if app.seed is not None else app.now() & 0x3FFFFFFF
            try:
                app.start_game(self.game, self.options_dict(), seed, clean=True)
            except ValueError as exc:  # the reason goes to the panel as well as the serial
                app.emit("error", {"code": "bad_arg", "msg": str(exc)})
                app.message(str(exc), 0xFF2000)
        elif kind == "resume":
            self.remember()
            app.resume(clean=True)
        elif kind == "test":
            self.remember()
            app.start_selftest()
        elif kind == "help":  # the game row's game: how to play it, page by page
            from firmware import howto

            self.help = howto.Pages(self.game, app.width, app.height)
        else:
            self.change(1)

    def ask(self):
        """Open NEW? (START over a saved game): drawn by firmware.question."""
        if self.question is None:
            from firmware import question

            self.question = question
        self.confirm = True

    def answer(self, button, kind):
        """A button while NEW? is open: A starts the new game, B keeps the save; the others
        wait for the answer."""
        if kind != btn.PRESS:
            return
        if button == btn.A:
            self.activate()
        elif button == btn.B:
            self.confirm = False

    def on_button(self, button, kind, now_ms):
        if self.help is not None:  # the pages take every button until they close
            if not self.help.button(button, kind):
                self.help.close()
                self.help = None
            self.app.redraw()
            return
        if self.confirm:
            self.answer(button, kind)
            self.app.redraw()
            return
        n = len(self.rows)
        if button == btn.UP:
            self.cursor = (self.cursor - 1) % n
            self.retick(now_ms)
        elif button == btn.DOWN:
            self.cursor = (self.cursor + 1) % n
            self.retick(now_ms)
        elif button == btn.LEFT:
            self.change(-1)
        elif button == btn.RIGHT:
            self.change(1)
        elif button == btn.A:
            self.activate()
        elif button == btn.B:
            if self.rows[self.cursor][0] in ("start", "resume", "test", "help"):
                return
            self.change(-1)
        self.app.redraw()

    def retick(self, now_ms):
        """The selected row changed: a row too wide scrolls from its start. The ticker is made
        when a row first needs it (a module import costs tens of ms on a Pico's boot)."""
        if self.cuts[self.cursor] is None:
            return
        if self.ticker is None:
            from firmware.ticker import Ticker

            self.ticker = Ticker()
        self.ticker.start(self.texts[self.cursor], self.app.width - 1, now_ms, loop=True)

    # ---- mode interface --------------------------------------------------------------------
    def tick(self, now_ms):
        # the selected row scrolls when it is too wide
        # (no ticker yet: its import found no room; the row shows its start, still)
        return (self.help is None and self.cuts[self.cursor] is not None
                and self.ticker is not None and self.ticker.moved(now_ms))

    def draw(self, canvas):
        if self.help is not None:
            self.help.draw(canvas)
            return
        visible = self.app.height // ROW_H
        if self.cursor < self.top:
            self.top = self.cursor
        if self.cursor >= self.top + visible:
            self.top = self.cursor - visible + 1
        y = 1
        for i in range(self.top, min(len(self.rows), self.top + visible)):
            t = self.texts[i]
            rgb = _SEL_RGB if i == self.cursor else ROW_RGB
            if t.endswith(" NA") or t == "NA":
                rgb = _NA_RGB if i != self.cursor else 0xFF4040
            short = self.cuts[i]
            if short is None:
                font.draw_text(canvas, 1, y, t, rgb)
            elif i == self.cursor and self.ticker is not None:
                self.ticker.draw(canvas, 1, y, rgb, self.app.now())
            else:
                font.draw_text(canvas, 1, y, short[0], rgb)
                font.draw_text(canvas, short[2], y, short[1], rgb)
            y += ROW_H
        if self.confirm:
            self.question.confirm(self.app, canvas, "NEW?", NEW_WASH)

    def command(self, msg):
        if msg.get("cmd") == "state":
            return {"ev": "state", "mode": "menu", "saved": self.app.saved is not None}
        raise ValueError("no game in progress")

    def save_record(self):
        return None

    def leave(self):
        pass
