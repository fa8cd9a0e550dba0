"""The application: main loop and frame, the current mode, and the services modes use.

One loop pass (`step`): read the buttons, handle serial commands, tick the mode, draw a frame if
something changed or an animation runs, push it to the LEDs only if the pixels differ, then let
the mode settle what a move left to do (its save, then its events: firmware/gamemode.py).

Beside it: `mode.py` (every mode's hooks), `gamemode.py` (what every game shares),
`startup.py` (a save at boot, resume: imported only then), `commands.py` (the host's commands:
imported at the first line).
"""

import gc
import sys

from micropython import const

from firmware import buttons as btn
from firmware import font, games
from firmware.canvas import Canvas
from firmware.output import Output
from firmware.stats import (
    BYTES_AT,
    DRAW_AT,
    LOOP,
    MOVE,
    SAVE,
    THINK,
    WAIT_AT,
    Stats,
    diff,
    raw_ticks,
)
from firmware.store import SAVE_FOLDER, Store
from shared_rules.registry import forget

_VERSION = const("0.1.0")
_MICROPYTHON = sys.implementation.name == "micropython"
LOOP_MS = 10
_SWEEP_MS = const(150)  # a collection this long after the last press, if no move made one since
_BANNER_MS = const(2500)
# The code a game's start runs and its play does not: the options' and the fields' checkers,
# the JSON checker of a save read and of host lines, the resume's and the restart's, the save's
# and the settings' reading. A board
# lets it go once a game has started (App.lean; imported again at its next need).
_START_ONLY = const(("shared_rules.options", "firmware.field_checks", "firmware.jsonstrict",
                     "firmware.startup", "firmware.relaunch", "firmware.store_read"))


class App:
    """The board. `hw` is a backend from firmware.hw; `link` a firmware.link.Link or None."""

    version = _VERSION  # the firmware's version, for the host's `hello` and `stats`
    # the game whose code this heap has held ("": several kinds of code, the menu's counted:
    # a start from the menu is a restart from a clean heap; firmware/relaunch.py)
    ran = None

    def __init__(self, profile, hw, link=None, port=None, store=None, bot_delay_ms=600,
                 buffers=None, buttons=None, serial=None):
        """`buffers` (optional): (canvas, LED map table) to reuse, so that a program making
        several Apps (tests) does not fragment a small heap. `buttons`: what turns the pins'
        mask into events (default: firmware.buttons.Buttons). `serial` (instead of `link` and
        `port`): a function returning them, called once the first frame is out or before the
        board's first line, whichever comes first (a Pico: the link's code loads after the
        panel lights)."""
        self.profile = profile
        self.hw = hw
        self.width = profile["width"]
        self.height = profile["height"]
        canvas = table = None
        if buffers is not None:
            canvas, table = buffers[0], buffers[-1]
        self.output = Output(profile, buf=hw.buf, order=hw.order, table=table)
        self.brightness = self.output.brightness
        self.canvas = canvas or Canvas(self.width, self.height)
        quarters = ()
        self.turn = None  # firmware.seats.turn on a board whose seats are told apart
        if profile.get("buttons") is not None:  # firmware.seats: loaded only then (boot time)
            from firmware import seats

            quarters = seats.sides(profile)
            if quarters:
                self.turn = seats.turn
                if buttons is None:
                    buttons = seats.SeatButtons(hw, len(quarters))
        self.quarters = quarters  # each seat's quarter turn (a 74HC165 chain; () parallel)
        if buttons is None:
            buttons = btn.Buttons()
        self.buttons = buttons
        self.seat = -1  # the seat of the event being handled (-1: any, a parallel board)
        self.at = 0  # its scan's time (ms)
        self.raw = 0  # its button as pressed, before a seat's arrows are turned
        self.link = link
        self.port = port
        self.serial = serial
        self.store = store if store is not None else Store()
        self.bot_delay_ms = bot_delay_ms
        self.rescue = None  # the mode of last resort (fallback()), made once the panel lights
        self.mode = None
        self.dirty = True
        self.force_show = True
        self.banner = None
        self.banner_rgb = 0
        self.banner_until = 0
        self.ticker = None  # a firmware.ticker.Ticker once a banner is shown (a wide one scrolls)
        self.points = profile.get("kind") == "points"  # a board of holes: no text to read
        self.replaying = False  # a game's moves are being replayed (resume, host `new`)
        # truthy while a game is saved (the menu offers RESUME): True (read it from the store
        # when resuming) or the record itself
        self.saved = None
        self.frames = 0
        self.errors = 0  # save failures and mode errors the board survived
        self.autobots = True  # bot seats move by themselves (unixport: only with --bots)
        self.real_cards = True  # players may hold real cards beside it (the simulator: no)
        self.seed = None  # seed for the next game started from the menu (None: from the clock)
        # the secret of the next game's bots (a resume's, a host `new`'s); None: a fresh one
        # from the random source (GameMode.__init__: take_secret)
        self.next_secret = None
        self.menu_memory = {}  # the menu's last choices, kept while a game runs (see menu.py)
        self.stats = Stats()
        self.wrote = False  # a save was written in this loop pass (a collection follows)
        self.kept_brightness = self.brightness  # the brightness the settings file holds
        self.moved = False  # a move was made in this loop pass (GameMode.moved)
        self.in_pass = False  # a loop pass is under way (a move made in it settles in the next)
        self.thought_at = -1  # when the bot's turn whose move this pass made began (stats)
        self.commands = None  # firmware.commands, imported at the first host line
        self.greet = False  # the boot's `hello` is still to be sent (after the first frame)
        self.pressed_at = 0  # when the last button event was handled
        self.swept = False  # the garbage was collected since then (the boot's: not yet)
        self.later = False  # this pass's host commands left the mode's advance to the next
        # the code only a start runs (_START_ONLY) let go after each start: a board's (main),
        # not tests' that start game after game in one heap (it would leave that heap in pieces)
        self.lean = False

    # ---- services for modes -------------------------------------------------------------
    def layout(self, game):
        return self.profile.get("layouts", {}).get(game, {})

    def redraw(self):
        self.dirty = True

    def now(self):
        return self.hw.ticks_ms()

    def greet_now(self):
        """Open the serial line if it waits (`serial`), then send the boot's `hello` if it is
        still due: it is the board's first line."""
        if self.serial is not None:
            self.link, self.port = self.serial()
            self.serial = None
        if self.greet:
            self.greet = False
            self.fallback()  # booted: the heap is still tidy, and the first frame is out
            self.hello()
            games.rest_code()  # booted: the code bundle's index is not needed for a while

    def emit(self, ev, fields=None):
        self.greet_now()
        if self.link is not None:
            self.link.send(ev, fields)

    def save(self):
        """Persist the game now (`mode.save_record()`, atomically: firmware/store.py); a
        failure is reported (an `error` line, SAVE ERR) and the board goes on."""
        started = self.stats.now()
        try:
            rec = self.mode.save_record() if self.mode is not None else None
            if rec is None:
                return
            self.store.save(rec)
            self.saved = True
            self.wrote = True
            self.stats.took(SAVE, started)
        except (OSError, MemoryError) as exc:
            self.errors += 1
            self.emit("error", {"code": "save_failed", "msg": type(exc).__name__ + " " + str(exc)})
            self.message("SAVE ERR", 0xFF2000)

    def clear_save(self):
        try:
            self.store.clear()
        except OSError:
            self.errors += 1
        self.saved = None

    def save_on_flash(self):
        """True while a game is saved or any copy of one is on flash, startable or not (a
        flash that cannot be read counts as one): START asks NEW? before replacing it."""
        if self.saved is not None:
            return True
        has = getattr(self.store, "has_copy", None)
        try:
            return has is not None and has()
        except OSError:
            return True

    def message(self, text, rgb=0xFFFFFF, ms=_BANNER_MS):
        """A banner over the next frames for `ms`; a text wider than the panel scrolls, and
        stays until it has been shown whole (a board of holes shows its colour instead)."""
        now = self.now()
        text = text.upper()
        self.banner = text
        self.banner_rgb = rgb
        if self.ticker is None:
            from firmware.ticker import Ticker

            self.ticker = Ticker()
        self.ticker.start(text, self.width - 2, now)
        if ms < 60000 and self.ticker.period() + 300 > ms:
            ms = self.ticker.period() + 300
        self.banner_until = now + ms
        self.dirty = True

    def set_brightness(self, value, keep=True):
        """Set the brightness (clamped to the profile); `keep`: also save it for the next boot
        (the settings file, written the way a game is saved)."""
        self.brightness = self.output.set_brightness(value)
        self.force_show = True
        self.dirty = True
        if keep and self.brightness != self.kept_brightness:
            save = getattr(self.store, "save_settings", None)
            if save is not None:
                try:
                    save({"brightness": self.brightness})
                    self.kept_brightness = self.brightness
                except OSError as exc:
                    self.errors += 1
                    self.emit("error", {"code": "save_failed",
                                        "msg": "settings: " + type(exc).__name__ + " " + str(exc)})
        return self.brightness

    def restore_settings(self):
        """At boot: the brightness saved (never 0, which would look like a dead board).
        Returns the `launch` line of a restart to start a game (firmware/relaunch.py)."""
        load = getattr(self.store, "load_settings", None)
        if load is None:
            return None
        try:
            settings = load()
        except (OSError, ValueError):
            return None
        value = settings.get("brightness")
        if isinstance(value, int):
            self.set_brightness(min(255, max(1, value)), keep=False)
            self.kept_brightness = value  # what the file holds: no rewrite of the same
        return settings.get("launch")

    def set_mode(self, mode):
        if self.mode is not None:
            self.mode.settle()  # a move still waiting for its frame is told before its game goes
            self.mode.leave()
        forget_memo = getattr(self.store, "forget", None)
        if forget_memo is not None:
            forget_memo()  # the save's memo of the moves was the game that goes
        self.mode = mode
        self.dirty = True

    def to_menu(self, rescued=False, quiet=False):
        """The boot menu: in text, or on a board of holes the picture menu_holes draws. With no
        room for it, the mode in progress is let go and the menu tried once more; failing
        that, the rescue mode (fallback(): firmware/rescue.py), which tries again, and a
        `memory` line (`quiet`: the caller reports the shortage itself; `rescued`: the
        rescue mode's own retry, said once already). True when the menu is shown."""
        # back from a game: the menu sits on that game (one A plays it again), whichever way
        # it was started (the menu, a host `new`, `lanterne sim --game`); its other choices
        # are kept only when they were that game's
        name = getattr(self.mode, "name", None)
        memory = self.menu_memory
        if name is not None and name != memory.get("game") and games.known(name):
            level = memory.get("level")
            memory.clear()
            memory["game"] = name
            if level is not None:
                memory["level"] = level
        # the game's garbage collected first, so that what the menu needs in one piece (its
        # code, and the new pool of interned names its names may take: 7.7 KB on a Pico) can
        # take the holes that garbage leaves
        gc.collect()
        for last in (False, True):
            try:
                if self.points:
                    from firmware.menu_holes import HoleMenu as Menu
                else:
                    from firmware.menu import Menu

                self.set_mode(Menu(self))
                # its names stay interned when it is let go (some 70 with the first game's
                # declaration it shows): a game then started here could take a seventh pool
                # of them, 7.5 KB (docs/firmware.md, "Interned names")
                self.ran = ""
                return True
            except (MemoryError, ImportError):  # (a lookup of the code bundle that found no
                if last:  # room to read its index is an ImportError: firmware/bundlefs.py)
                    break
                self.set_mode(self.fallback())  # the mode in progress (its save is on flash)
                games.unload_others(None)  # goes
                gc.collect()
        self.set_mode(self.fallback())
        if not rescued:
            self.fallback().enter()
            self.errors += 1
            if not quiet:
                self.emit("error", {"code": "memory", "msg": "no room for the menu: NO ROOM"})
        return False

    def fallback(self):
        """The rescue mode (firmware/rescue.py): made once the first frame is out, while the
        heap is still tidy (before it, at its first need), and kept for the board's life, so
        that switching to it later allocates nothing. Its import waited: 11 ms of a Pico's
        boot, before the panel lit."""
        if self.rescue is None:
            from firmware.rescue import Rescue

            self.rescue = Rescue(self)
        return self.rescue

    def take_secret(self):
        """The secret of the game being made (shared_rules/bots.py: set_secret): a resumed
        game's, the host's `new` `secret`, the simulator's fixed one (its `fixed_secret`, for
        tests), else a fresh one from the random source. Never in the `new` event, the
        `state` reply or a `move` event: the `end` event reveals it."""
        s = self.next_secret
        self.next_secret = None
        if s is None:
            s = getattr(self.hw, "fixed_secret", None)
        if s is None:
            import os

            b = os.urandom(4)
            s = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) or 1
        return s

    def start_game(self, game, options, seed, moves=(), resumed=False, secret=None,
                   clean=False):
        """Create a game mode (raises ValueError on bad options or moves, MemoryError when it
        finds no room), announce and save it. `clean` (the menu's starts, a host's that asks):
        where this heap has held another game's code, the board saves the game and restarts
        from a clean heap to start it (firmware/relaunch.py; on a Pico this does not return).

        The game, options, seed and moves are checked first (games.check), so a bad command
        lets nothing go. The mode in progress of another kind (a game, the menu) is then let
        go, so the heap holds one mode's code at a time; a game of the same kind is let go
        only if the new one finds no room beside it. Still no room, in a heap that has held a
        game: the board restarts from a clean heap to start it, as for `clean` (a Pico's heap
        left in pieces by another game's code and garbage). If the new game still cannot start
        (a move that does not replay, no room, no restart), the old one is rebuilt from its
        save record (a seed and its moves replay it exactly) with who made each move, else the
        menu, else the rescue mode: a failed start leaves the game that ran (or its save) and
        a mode."""
        games.check(game, options, seed, moves)
        why = games.unplayable(self.profile, game)
        if why:
            raise ValueError(why)
        if clean and self.ran not in (None, game) and self.restart_for(
                game, options, seed, moves, secret, resumed):
            return None
        back = None
        same = self.mode is not None and getattr(self.mode, "name", game) == game
        if not same:
            back = self.let_go()
        try:
            self.replaying = bool(moves)
            try:
                self.next_secret = secret
                mode = games.create(self, game, options, seed, moves)
            except MemoryError:
                if not same:
                    raise
                back = self.let_go()  # the game in progress too: room for the new one
                self.next_secret = secret
                mode = games.create(self, game, options, seed, moves)
        except (ValueError, KeyError, TypeError, MemoryError) as exc:
            self.next_secret = None
            short = isinstance(exc, MemoryError)
            # no room in a heap that has held a game: from a clean one, where the board can
            if short and self.ran is not None and self.restart_for(
                    game, options, seed, moves, secret, resumed):
                return None
            self.restore(back, short)
            raise
        finally:
            self.replaying = False
            self.next_secret = None
        self.set_mode(mode)
        self.ran = game if self.ran in (None, game) else ""
        fields = {"game": game, "options": mode.options, "seed": seed}
        if resumed or moves:
            fields["moves"] = list(moves)
            fields["resumed"] = bool(resumed)
        self.save()  # saved before the host hears of it
        self.emit("new", fields)
        if self.lean:
            for name in _START_ONLY:
                forget(name)
            for name in mode.start_only:
                forget(name)
        return mode

    def restart_for(self, game, options, seed, moves, secret, resumed):
        """Start the game after a restart from a clean heap (firmware/relaunch.py), on a
        board that can restart; on a Pico this does not return. False when it cannot (no
        soft reset, no room even for that, a flash that refuses the save)."""
        if getattr(self.hw, "relaunch", None) is None:
            return False
        for last in (False, True):
            try:
                from firmware import relaunch

                return relaunch.go(self, {"game": game, "options": options, "seed": seed,
                                          "moves": list(moves), "secret": secret}, resumed)
            except MemoryError:
                if last or self.mode is not self.rescue:
                    return False
                # a failed start's: its code goes (the game was let go), then a second try
                games.unload_others(None)
                gc.collect()
        return False

    def keep(self, rec):
        """Write a game that could not be rebuilt to flash, if its last save failed (a save
        needs no large block: firmware/store.py), so that RESUME brings it back later."""
        if self.saved:
            return
        try:
            self.store.save(rec)
            self.saved = True
        except (OSError, MemoryError):
            self.errors += 1

    def let_go(self):
        """Let the mode in progress go before a start (the rescue mode holds the place, so the
        board always has a mode); returns (its save record, who made each move) or None. Its
        code goes with its module (games.create drops it): a resume right after boot has the
        menu's room for the game's code."""
        old = self.mode
        if old is None or old is self.rescue:
            return None
        back = old.save_record()
        if back is not None:
            back["moves"] = list(back["moves"])  # may be a generator holding the old mode
            back = (back, getattr(old, "person_moves", None))  # and what undo may take back
        old.leave()
        self.mode = self.fallback()
        self.mode.enter()
        old = None
        gc.collect()
        return back

    def restore(self, back, short):
        """After a failed start: the game let go rebuilt from `back` (let_go's), else the
        menu if the start had let it go (`short`: the start failed for room, which its caller
        reports)."""
        if back is not None:
            rec, person_moves = back
            self.mode = self.fallback()
            self.replaying = True  # its moves were announced when they were made
            gc.collect()
            try:
                self.next_secret = rec.get("secret")
                self.mode = games.create(self, rec["game"], rec["options"], rec["seed"],
                                         rec["moves"])
                if person_moves is not None:
                    self.mode.person_moves = person_moves
            except (ValueError, KeyError, TypeError, MemoryError):
                self.mode = self.fallback()
                self.keep(rec)
                self.to_menu(quiet=short)  # its save is on flash: RESUME offers it
            self.dirty = True
        elif self.mode is self.rescue:  # the menu (or the self-test) was let go
            self.to_menu(quiet=short)

    def start_selftest(self):
        try:
            from firmware.selftest import SelfTest
        except ImportError:
            self.message("TEST N/A", 0xFF8000)
            return False
        self.set_mode(SelfTest(self))
        return True

    def idle(self):
        """True when nothing will happen without input: no bot move or animation pending, and
        no move waiting for its save and events (the pass after its own: GameMode.settle)."""
        if getattr(self.mode, "pending", -1) >= 0:
            return False
        return not self.busy()

    def busy(self):
        """The mode has work to do without input: a bot's move, a person's choices."""
        busy = getattr(self.mode, "busy", None)
        return busy is not None and busy()

    # ---- boot (the rest, only when a save is there: firmware/startup.py) ---------------
    def hello(self):
        """The `hello` event: what this board is (at boot and on the host's `hello`)."""
        self.emit("hello", {"fw": _VERSION, "profile": self.profile["name"],
                            "width": self.width, "height": self.height,
                            "games": games.available(self.profile)})

    def boot(self):
        """Look at the save, then the self-test (A held) or the menu. The `hello` waits for
        the first frame (the panel lights first: JSON's first use costs 37 ms on a Pico), or
        for the first line the board has to send, which it then comes before (greet)."""
        launch = self.restore_settings()
        failed = None
        try:
            rec, problem = self.store.load(check=self.startable)
        except Exception as exc:  # unreadable, or no room now: startup.looked() says which
            rec, problem, failed = None, None, exc
        self.greet = True
        if problem or failed is not None:
            from firmware import startup  # a save to report or set aside: not on a clean boot

            startup.looked(self, rec, problem, failed)
        else:
            self.saved = True if rec is not None else None
        rec = failed = None
        if launch is not None:  # restarted to start a game (the menu's A, released)
            from firmware import relaunch

            if relaunch.land(self, launch) or self.mode is not None:  # started, or said why
                return
        if self.hw.read_mask() & (1 << btn.A) and self.start_selftest():
            self.buttons.update(self.hw.read_mask(), self.now())  # swallow the held A
            return
        self.to_menu()

    def startable(self, rec):
        """Raise ValueError unless a save record's fields can start its game on this board:
        the store counts a copy only then (the menu offers RESUME only for such a save)."""
        games.check(rec.get("game"), rec.get("options"), rec.get("seed"), rec.get("moves", []))
        why = games.unplayable(self.profile, rec.get("game"))
        if why:
            raise ValueError(why)

    def resume(self, clean=False):
        """Resume the saved game; False (and a message) if it cannot be replayed. `clean`: as
        start_game's."""
        if not self.saved:
            return False
        from firmware import startup

        return startup.resume(self, clean=clean)

    def set_aside(self):
        """Keep a save the board cannot use as a bad file (see startup.set_aside)."""
        from firmware import startup

        return startup.set_aside(self)

    # ---- host commands (firmware/commands.py, imported at the first line) ----------------
    def handle(self, msg):
        """One host command; errors become error lines and change nothing."""
        self.greet_now()
        if self.commands is None:
            from firmware import commands

            self.commands = commands
        self.commands.handle(self, msg)

    def survived(self, exc, cmd=None):
        """Report an unexpected exception as an `internal` error line; the board goes on."""
        self.errors += 1
        self.greet_now()
        if self.link is not None:
            self.link.error("internal", (type(exc).__name__ + ": " + str(exc))[:120], cmd)

    # ---- the loop -------------------------------------------------------------------------
    def step(self, draw=True):
        """One loop pass; with draw=False the frame is left for a later pass (tests)."""
        try:
            self.pass_(self.hw.ticks_ms(), draw)
        except MemoryError:
            # The heap had no room for something this pass: the board goes on (the mode keeps
            # a consistent state; whatever was being announced or saved is reported instead).
            gc.collect()
            self.errors += 1
            self.emit("error", {"code": "memory", "msg": "out of memory; carrying on"})
            self.dirty = True

    def pass_(self, now, draw=True):
        stats = self.stats
        start = stats.now()
        pressed = False
        self.moved = False
        self.in_pass = True
        self.wrote = False
        if self.mode is None or getattr(self.mode, "broken", False):
            self.mend()
        if self.quarters:  # a chain's SeatButtons read the backend's scans, not the mask
            read_at = raw_ticks()
            events = self.buttons.update(0, now)
            self.buttons.took(  # pyright: ignore[reportAttributeAccessIssue]
                diff(raw_ticks(), read_at))
        else:
            events = self.buttons.update(self.hw.read_mask(), now)
        for ev in events:
            self.dispatch(ev, now)
            pressed = True
        if pressed:
            stats.pressed(start)
            self.pressed_at = now
            self.swept = False
        stats.stage(0)
        served = self.link is not None and self.serve_host()
        stats.stage(1)
        # a host's command and a game's work share no pass (a `stats` or `state` reply is
        # tens of ms on a Pico, as a bot's move or a person's choices are): the game's waits
        # one pass, never two running (a stream of commands does not stop a game)
        self.later = served and not self.later and self.busy()
        animating = False if self.later else self.mode.advance(now)
        stats.stage(2)
        if self.banner is not None:
            if now - self.banner_until >= 0:
                self.banner = None
                self.dirty = True
            elif self.ticker.moved(now):
                self.dirty = True
        # an animation's frame waits for a later pass while the last frame is still going out
        # (DMA): the loop does not stand in wait_sent, so a press is taken at once
        if draw and (self.dirty or (animating and not self.hw.busy())):
            self.frame()
        stats.stage(3)
        # after the frame: a move's save, then its events (gamemode.py), in the pass after
        # the move's own
        self.mode.settle(True)
        self.greet_now()  # the boot's `hello`, once the first frame is out
        stats.stage(4)
        if _MICROPYTHON:
            self.sweep(now, pressed or animating)
        if self.moved and not pressed:
            stats.took(MOVE, start)
        if self.thought_at >= 0:
            stats.took(THINK, self.thought_at)
            self.thought_at = -1
        stats.took(LOOP, start)
        self.in_pass = False

    def dispatch(self, ev, now):
        """One button event to the mode: `(button, kind)` from a parallel board (any seat), or
        `(button, kind, seat, at)` from a chain, the seat's arrows turned to its side where
        the mode reads them as directions on the panel (`turns`)."""
        b = ev[0]
        self.raw = b  # the button as pressed (a seat's arrow before it is turned)
        if len(ev) > 2:
            seat = ev[2]
            self.seat = seat
            self.at = ev[3]
            turn = self.turn
            if turn is not None and getattr(self.mode, "turns", False) and \
                    0 <= seat < len(self.quarters):
                b = turn(b, self.quarters[seat])
        else:
            self.seat = -1
            self.at = now
        try:
            self.mode.press(b, ev[1], now)
        finally:
            self.seat = -1

    def mend(self):
        """A pass that finds no mode (a bug's last resort) or a game it cannot trust (a half
        move it had no room to take back) goes on from the rescue mode or the menu (the game's
        save holds the moves before it: RESUME)."""
        if self.mode is None:
            self.mode = self.fallback()
        else:
            self.to_menu()

    def serve_host(self):
        """The serial port's bytes to the link, then every command the link holds; True when
        there was one."""
        if self.port is not None:
            data = self.port.read()
            if data:
                self.greet_now()  # the link may answer a bad line itself: hello first
                self.link.feed(data)
        msg = self.link.pop()
        served = msg is not None
        while msg is not None:
            self.handle(msg)
            self.swept = False  # its reply's garbage: collected by the next sweep
            msg = self.link.pop()
        return served

    def sweep(self, now, busy):
        """The garbage, off the press -> frame path: once a move was saved, else once a press
        or a host's command made some, in a pass without a press or an animation (`busy`) or
        while an animation's frame goes out (the DMA sends it: the CPU's time is free). A
        press then does not meet a full heap and a collection in its own pass (5 to 20 ms on
        a Pico): a Tac-Tik card blinks all along, and the first card press after the host
        read the state (kilobytes of JSON) met the collection in its draw (43 ms, not 37)."""
        if self.wrote:
            self.stats.collect()
            self.swept = True
        elif not self.swept and now - self.pressed_at >= _SWEEP_MS and (
                not busy or self.hw.busy()):
            self.swept = True
            gc.collect()

    def frame(self):
        """Draw the current mode; push to the LEDs only if the pixels changed."""
        self.dirty = False
        stats = self.stats
        c = self.canvas
        if not self.mode.covers:
            c.clear()
        self.mode.paint(c)
        if self.banner is not None:
            if self.points:
                self.wash(c, self.banner_rgb)
            else:
                y = (self.height - font.H) // 2
                c.fill_rect(0, y - 1, self.width, font.H + 2, 0)
                if self.ticker.span:
                    self.ticker.draw(c, 1, y, self.banner_rgb, self.now())
                else:
                    w = font.text_width(self.banner)
                    font.draw_text(c, (self.width - w) // 2, y, self.banner, self.banner_rgb)
        stats.mark(DRAW_AT)
        hw = self.hw
        # the LED buffer may still be going out (DMA): its frame first, cut short for a press
        hw.wait_sent(stats.pressing())
        stats.mark(WAIT_AT)
        self.output.render(c)
        stats.mark(BYTES_AT)
        if self.force_show or self.output.changed:
            self.force_show = False
            hw.show()
            self.frames += 1
            stats.written(end=hw.out_at)
        else:
            stats.written(shown=False)

    def wash(self, c, rgb):
        """Light every dark pixel in a dim shade of rgb (a board of holes cannot show text: the
        pawns stay, the empty holes take the colour)."""
        dim = (rgb >> 3) & 0x1F1F1F
        for y in range(self.height):
            for x in range(self.width):
                if not c.get(x, y):
                    c.set(x, y, dim)

    def run(self, until=None):
        """Loop forever (or until `until()` is true), sleeping up to LOOP_MS between passes
        (less when a button line changes: the backend's wait_ms watches them)."""
        while until is None or not until():
            self.step()
            mode = self.mode
            # a bot's search under way: its next piece after a millisecond (the pass served
            # the buttons and the serial line; a search of 40 pieces waited 0.4 s more)
            self.hw.wait_ms(1 if mode is not None and mode.searching() else LOOP_MS)


def main(profile_path="profile.json", backend=None):
    """Pico entry: load the profile, open the hardware and the USB serial link, run.
    The profile path is relative to the working directory ("/" on a Pico), so the same
    main.py also boots under the unix port from a folder laid out like the Pico's flash."""

    def serial():  # the USB serial link, opened once the first frame is out (App.greet_now)
        from firmware.link import Link, StdinPort

        return Link(), StdinPort()

    p = _load_profile(profile_path)
    hw = _open_hardware(p, backend)
    store = Store(folder=SAVE_FOLDER)
    store.adopt("")  # the root's save files, from a firmware before SAVE_FOLDER
    app = App(p, hw, store=store, serial=serial)
    app.lean = _MICROPYTHON
    if app.lean:
        # the LED map's builder ran once, for the App's Output: 3 KB of a Pico's heap back
        # for every game (let go here, once a boot, as the hardware's opening)
        forget("firmware.ledmap")
    app.boot()
    app.run()


def _open_hardware(profile, backend):
    """The hardware backend, opened; its opening (2 KB of a Pico's heap) let go on a board,
    which opens it once, at boot (tests that open it again and again in one heap, letting it
    go each time, would leave that heap in pieces)."""
    from firmware.hw import opening

    hw = opening.open_hardware(profile, backend)
    if _MICROPYTHON:
        forget("firmware.hw.opening")
        forget("firmware.hw.pins")
    return hw


def _load_profile(path):
    """The hardware profile, loaded and checked; its checker (2.7 KB of a Pico's heap) let go
    on a board, which reads its profile once, at boot."""
    from firmware import profile

    p = profile.load(path)
    if sys.implementation.name == "micropython":
        forget("firmware.profile")
    return p
