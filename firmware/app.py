"""The application: main loop, the current mode, and the services modes use.

One loop pass (`step`): read the buttons, handle serial commands, tick the mode, draw a frame if
something changed or an animation runs, push it to the LEDs only if the pixels differ.
"""

import gc
import sys

from firmware import buttons as btn
from firmware import font, games
from firmware.canvas import Canvas
from firmware.output import Output
from firmware.stats import BYTES_AT, DRAW_AT, LOOP, MOVE, SAVE, WAIT_AT, Stats
from firmware.store import Store

VERSION = "0.1.0"
_MICROPYTHON = sys.implementation.name == "micropython"
LOOP_MS = 10
BANNER_MS = 2500
# the question a long B asks in a game (GameMode.asking, firmware/question.py): take back, or
# go to the menu
ASK_UNDO = 1
ASK_MENU = 2


class Mode:
    """Do-nothing defaults for the mode interface (see docs/firmware.md)."""

    name = "mode"

    def __init__(self, app):
        self.app = app

    def on_button(self, button, kind, now_ms):
        pass

    def tick(self, now_ms):
        return False

    def draw(self, canvas):
        pass

    def command(self, msg):
        raise ValueError("command not available in " + self.name)

    def save_record(self):
        return None

    def leave(self):
        pass


class GameMode(Mode):
    """What every game shares (docs/firmware.md): its engine state (docs/game-interface.md), who
    made each move, the bot's pause, the move/undo/end events, undo, the save record and the
    `state` reply. A game sets `name`, `state`, `seed`, `options`, `bots`, `by_bot` and
    `bot_due`, and fills the hooks: `refreshed()` (after an undo), `end_winner()`, and where
    it differs `parse(text)`, `saved_moves()`, `state_fields(reply)`."""

    @property
    def count(self):
        """Moves made so far."""
        return self.state.history_len()

    # ---- who moves --------------------------------------------------------------------------
    def bot_turn(self):
        """A bot seat is to move and bots move by themselves."""
        st = self.state
        return self.app.autobots and not st.is_over() and st.current_player in self.bots

    busy = bot_turn  # something will happen without input: the bot's move

    def bot_ready(self, now_ms):
        """True once the visible pause before a bot's move is over (the first call starts it)."""
        if self.bot_due < 0:
            self.bot_due = now_ms + self.app.bot_delay_ms
            return False
        return now_ms - self.bot_due >= 0

    # ---- moves --------------------------------------------------------------------------------
    def parse(self, text):
        """The legal move written `text` (a host `move`), else ValueError."""
        return self.state.parse_move(text)

    def apply_move(self, move, bot):
        """Apply a move and note who made it (taken back if the engine refuses it or the heap
        runs out, so the two never disagree); returns the seat that moved."""
        self.announce()  # a move still waiting for its frame is told first
        seat = self.state.current_player
        if self.app.replaying and self.app.autobots and seat in self.bots:
            bot = True  # a resumed game: its bot seats' moves were the bot's
        self.by_bot.append(1 if bot else 0)
        try:
            self.state.apply(move)
        except Exception:
            self.by_bot = self.by_bot[:-1]
            raise
        return seat

    def digest(self):
        """The engine's state digest; None (sent as null, with an error line) if the heap has
        no room for it right now: the move stands and the board goes on."""
        try:
            return self.state.digest()
        except MemoryError:
            gc.collect()
            self.app.emit("error", {"code": "memory", "msg": "no room for the state digest"})
            return None

    # the move made in this loop pass, told once its frame is out (its digest takes a Pico
    # milliseconds the player would otherwise wait for): seat * 2 + bot, -1 for none
    announcing = -1
    concluding = False

    def announce_move(self, seat, bot):
        """The `move` event, sent after the move's frame (App.pass_ calls announce())."""
        self.announcing = seat * 2 + (1 if bot else 0)
        self.app.announce_due = True

    def announce(self):
        """Save the move waiting for its event, then send the `move` event (then its `end`): the
        host hears of a move only once a power cut can no longer take it back."""
        code = self.announcing
        if code < 0:
            return
        self.announcing = -1
        over = False
        if self.concluding:
            self.concluding = False
            over = self.persist()
        self.app.emit("move", {"game": self.name, "n": self.count, "player": code >> 1,
                               "move": self.state.last_move(), "digest": self.digest(),
                               "bot": bool(code & 1)})
        if over:
            self.ended()

    def persist(self):
        """The save after a move, written now: none once the game is over (the save is
        cleared). Returns True when the game is over."""
        if self.state.is_over():
            self.app.clear_save()
            return True
        self.app.save(now=True)
        return False

    def ended(self):
        st = self.state
        self.app.emit("end", {"game": self.name, "scores": list(st.scores()),
                              "winner": self.end_winner(), "n": self.count})

    def conclude(self):
        """After a move: its save (or, the game over, no save), then the move's event and the
        `end` event; all wait for the move's frame (announce())."""
        if self.announcing >= 0:
            self.concluding = True
            return
        if self.persist():
            self.ended()

    def undo(self, keep=None):
        """Take back the moves after the first `keep` (None: the last move); the engine replays
        the others from the game's start (a MemoryError there leaves the game as it was: the
        app reports it and goes on). The save is written, then one `undo` event per move taken
        back, last first, the digest on the last one."""
        st = self.state
        n = st.history_len()
        if keep is None:
            keep = n - 1
        if keep < 0 or keep >= n:
            raise ValueError("no move to undo")
        taken = []  # the texts of the moves taken back (a few)
        i = 0
        for text in st.iter_history() if hasattr(st, "iter_history") else st.history:
            if i >= keep:
                taken.append(text)
            i += 1
        self.state = st.rewind(keep)
        self.by_bot = self.by_bot[:keep]
        self.bot_due = -1
        self.refreshed()
        self.app.save(now=True)  # saved before the host hears of it (as a move)
        for i in range(n - 1, keep - 1, -1):
            self.app.emit("undo", {"game": self.name, "n": i, "move": taken[i - keep],
                                   "digest": self.digest() if i == keep else None})

    # ---- the long-B question: undo against a bot, or back to the menu ------------------------
    asking = 0  # ASK_UNDO or ASK_MENU while the question is on the panel (the game waits)
    note = None  # why nothing can be undone, scrolled above the question

    def undo_target(self):
        """How many moves stay when the last human move is taken back (with the bot replies
        made after it); -1 when no human has moved."""
        by_bot = self.by_bot
        i = len(by_bot) - 1
        while i >= 0 and by_bot[i]:
            i -= 1
        return i

    # ---- host commands and persistence ---------------------------------------------------------
    def command(self, msg):
        cmd = msg.get("cmd")
        if cmd == "state":
            st = self.state
            reply = {"ev": "state", "mode": self.name, "game": self.name,
                     "options": self.options, "seed": self.seed, "moves": st.history,
                     "n": self.count, "digest": st.digest(), "to_move": st.current_player,
                     "over": st.is_over(), "scores": list(st.scores()), "phase": st.phase}
            self.state_fields(reply)
            return reply
        if cmd == "move":
            text = msg.get("move")
            if not isinstance(text, str):
                raise ValueError("move needs a string 'move'")
            self.play(self.parse(text), False)
            return None
        if cmd == "undo":
            self.undo()
            return None
        raise ValueError("unsupported command: " + str(cmd))

    def state_fields(self, reply):
        """Add the game's own fields to a `state` reply."""

    def saved_moves(self):
        return self.state.history

    def save_record(self):
        """Options, seed and moves: the engines are deterministic, so they resume the game."""
        return {"game": self.name, "options": self.options, "seed": self.seed,
                "moves": self.saved_moves()}


class App:
    """The board. `hw` is a backend from firmware.hw; `link` a firmware.link.Link or None."""

    def __init__(self, profile, hw, link=None, port=None, store=None, bot_delay_ms=600,
                 buffers=None, buttons=None):
        """`buffers` (optional): (canvas, LED map table) to reuse, so that a program making
        several Apps (tests) does not fragment a small heap. `buttons`: what turns the pins'
        mask into events (default: firmware.buttons.Buttons)."""
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
        self.buttons = buttons if buttons is not None else btn.Buttons()
        self.link = link
        self.port = port
        self.store = store if store is not None else Store()
        self.bot_delay_ms = bot_delay_ms
        self.mode = None
        self.dirty = True
        self.force_show = True
        self.banner = None
        self.banner_rgb = 0
        self.banner_until = 0
        self.ticker = None  # a firmware.ticker.Ticker once a banner is shown (a wide one scrolls)
        self.question = None  # firmware.question once a long B has asked something in a game
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
        self.menu_memory = {}  # the menu's last choices, kept while a game runs (see menu.py)
        self.stats = Stats()
        self.save_due = False  # a move asked for a save: written once its frame is out
        self.wrote = False  # a save was written in this loop pass (a collection follows)
        self.kept_brightness = self.brightness  # the brightness the settings file holds
        self.announce_due = False  # a move's event waits for its frame (GameMode.announce)
        self.moved = False  # a move was announced in this loop pass

    # ---- services for modes -------------------------------------------------------------
    def layout(self, game):
        return self.profile.get("layouts", {}).get(game, {})

    def redraw(self):
        self.dirty = True

    def now(self):
        return self.hw.ticks_ms()

    def emit(self, ev, fields=None):
        if ev == "move":
            self.moved = True
        if self.link is not None:
            self.link.send(ev, fields)

    def save(self, now=False):
        """Persist the game. Inside a loop pass the write waits until the pass's frame is out
        (a player sees the move first); `now=True` writes at once."""
        self.save_due = True
        if now:
            self.write_save()

    def write_save(self):
        self.save_due = False
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

    def announce(self):
        """Tell the host of the move the game made in this pass (its frame is out)."""
        if self.announce_due:
            self.announce_due = False
            mode = self.mode
            if mode is not None and hasattr(mode, "announce"):
                mode.announce()

    def clear_save(self):
        self.save_due = False
        try:
            self.store.clear()
        except OSError:
            self.errors += 1
        self.saved = None

    def message(self, text, rgb=0xFFFFFF, ms=BANNER_MS):
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
        """At boot: the brightness saved (never 0, which would look like a dead board)."""
        load = getattr(self.store, "load_settings", None)
        if load is None:
            return
        try:
            value = load().get("brightness")
        except (OSError, ValueError):
            return
        if isinstance(value, int):
            self.set_brightness(min(255, max(1, value)), keep=False)
            self.kept_brightness = value  # what the file holds: no rewrite of the same

    def set_mode(self, mode):
        self.announce()  # a move still waiting for its frame is told before its game goes
        if self.mode is not None:
            self.mode.leave()
        self.mode = mode
        self.dirty = True

    def to_menu(self):
        """The boot menu: in text, or on a board of holes the picture menu_holes draws."""
        if self.points:
            from firmware.menu_holes import HoleMenu as Menu
        else:
            from firmware.menu import Menu

        self.set_mode(Menu(self))

    def start_game(self, game, options, seed, moves=(), resumed=False):
        """Create a game mode (raises ValueError on bad options or moves), announce and save it.

        The game, options, seed and moves are checked first (games.check), so a bad command
        lets nothing go. A game of another kind in progress is then let go, so the heap holds
        one game's code at a time; if the new game still cannot start (a move that does not
        replay, no room), the old one is rebuilt from its save record (a seed and its moves
        replay it exactly) with who made each move, so a failed start changes nothing."""
        games.check(game, options, seed, moves)
        why = games.unplayable(self.profile, game)
        if why:
            raise ValueError(why)
        back = by_bot = None
        if self.mode is not None and getattr(self.mode, "name", game) != game:
            back = self.mode.save_record()
            if back is not None:
                back["moves"] = list(back["moves"])  # may be a generator holding the old mode
                by_bot = getattr(self.mode, "by_bot", None)  # what undo may take back
                self.mode.leave()
                self.mode = None
                gc.collect()
        try:
            self.replaying = bool(moves)
            mode = games.create(self, game, options, seed, moves)
        except (ValueError, KeyError, TypeError, MemoryError):
            if back is not None:
                self.mode = None
                gc.collect()
                try:
                    self.mode = games.create(self, back["game"], back["options"], back["seed"],
                                             back["moves"])
                    if by_bot is not None:
                        self.mode.by_bot = by_bot
                except (ValueError, KeyError, TypeError, MemoryError):
                    self.to_menu()  # cannot happen with a record the board wrote; never stall
                self.dirty = True
            raise
        finally:
            self.replaying = False
        self.set_mode(mode)
        fields = {"game": game, "options": mode.options, "seed": seed}
        if resumed or moves:
            fields["moves"] = list(moves)
            fields["resumed"] = bool(resumed)
        self.save(now=True)  # saved before the host hears of it
        self.emit("new", fields)
        return mode

    def start_selftest(self):
        try:
            from firmware.selftest import SelfTest
        except ImportError:
            self.message("TEST N/A", 0xFF8000)
            return False
        self.set_mode(SelfTest(self))
        return True

    def idle(self):
        """True when nothing will happen without input (no bot move or animation pending)."""
        busy = getattr(self.mode, "busy", None)
        return not (busy is not None and busy())

    # ---- boot -----------------------------------------------------------------------------
    def boot(self):
        """Announce, look at the save, then the self-test (A held) or the menu."""
        self.emit("hello", {"fw": VERSION, "profile": self.profile["name"],
                            "width": self.width, "height": self.height,
                            "games": games.available(self.profile)})
        self.restore_settings()
        kept = False
        try:
            rec, problem = self.store.load()
        except OSError as exc:
            rec, problem = None, "save unreadable: " + str(exc)
        except MemoryError:  # no room at this moment: the save stays, RESUME tries again
            rec, problem, kept = None, "no room to read the save now", True
        except Exception as exc:  # last resort: whatever the save holds, the board boots
            rec, problem = None, "save unreadable: " + type(exc).__name__
            self.set_aside()
        if rec is not None:
            try:  # the menu offers RESUME only for a save whose fields can start its game
                games.check(rec.get("game"), rec.get("options"), rec.get("seed"),
                            rec.get("moves", []))
                why = games.unplayable(self.profile, rec.get("game"))
                if why:
                    raise ValueError(why)
            except ValueError as exc:
                problem = "unusable save: " + str(exc) + self.set_aside()
                rec = None
            except MemoryError:  # no room to look now: the save stays for RESUME
                rec, kept = None, True
        if problem and rec is not None:  # a damaged file set aside, a good copy taken
            self.emit("error", {"code": "save_recovered", "msg": problem})
            self.message("SAVE RECOVERED", 0xFFA000)
        elif problem:
            self.emit("error", {"code": "save_bad", "msg": problem})
            lost = getattr(self.store, "damaged", 0) > 1  # no good copy among several
            self.message("SAVE LOST" if lost else "SAVE BAD", 0xFF2000)
        self.saved = True if (rec is not None or kept) else None
        rec = None
        if self.hw.read_mask() & (1 << btn.A) and self.start_selftest():
            self.buttons.update(self.hw.read_mask(), self.now())  # swallow the held A
            return
        self.to_menu()

    def resume(self):
        """Resume the saved game; False (and a message) if it cannot be replayed."""
        if not self.saved:
            return False
        try:
            rec = self.saved
            if not isinstance(rec, dict):  # True: the record is on flash (not kept in RAM)
                rec, problem = self.store.load()
                if rec is None:
                    raise ValueError(problem or "no saved game")
            self.start_game(rec["game"], rec["options"], rec["seed"], rec.get("moves", []),
                            resumed=True)
            return True
        except MemoryError:
            raise  # no room now: the save is kept, step() reports it
        except Exception as exc:  # a damaged or hostile save: set aside, never a crash
            why = str(exc) if isinstance(exc, (ValueError, KeyError, TypeError, OSError)) \
                else type(exc).__name__ + ": " + str(exc)
            why = why[:120] + self.set_aside()
            self.emit("error", {"code": "save_bad", "msg": "cannot resume: " + why})
            self.message("SAVE BAD", 0xFF2000)
            self.saved = None
            self.to_menu()
            return False

    def set_aside(self):
        """Keep a save the board cannot use as a bad file (store.set_aside) when the flash
        allows it; returns how to say where it went (" (kept as game.bad1)") or ""."""
        try:
            name = self.store.set_aside()
        except OSError:
            self.errors += 1
            return " (could not be set aside)"
        if isinstance(name, str):
            return " (kept as " + name[name.rfind("/") + 1:] + ")"
        return ""

    # ---- host commands --------------------------------------------------------------------
    def handle(self, msg):
        """One host command; errors become error lines and change nothing."""
        self.announce()  # the host hears of a move before the reply to its next command
        if isinstance(msg, tuple):  # an input error found by the link, in arrival order
            self.link.error(msg[0], msg[1])
            return
        cmd = msg.get("cmd")
        try:
            if cmd == "hello":
                self.emit("hello", {"fw": VERSION, "profile": self.profile["name"],
                                    "width": self.width, "height": self.height,
                                    "games": games.available(self.profile)})
            elif cmd == "new":  # start_game checks every field before anything changes
                self.start_game(msg.get("game", "tayu"), msg.get("options", {}),
                                msg.get("seed", 0), msg.get("moves", []))
            elif cmd == "brightness":
                from firmware import field_checks  # only here: boot does not load it

                value = field_checks.integer("value", msg.get("value"), 0, 255)
                self.emit("brightness", {"value": self.set_brightness(value)})
            elif cmd == "resume":
                if self.saved is None:
                    raise ValueError("no saved game")
                if not self.resume():
                    raise ValueError("saved game could not be resumed")
            elif cmd == "stats":
                from firmware import field_checks

                reset = field_checks.flag("reset", msg.get("reset", False))  # not 1, "x", null
                probe = field_checks.flag("probe", msg.get("probe"), none_ok=True)
                if reset:
                    self.stats.clear()
                if probe is not None and hasattr(self.hw, "probe"):
                    self.hw.probe(probe)  # the interrupt probe (the rp2 backend's)
                from firmware.stats_reply import report

                self.emit("stats", report(self.stats, VERSION, self.hw))
            elif cmd == "menu":
                self.to_menu()
                self.emit("menu", None)
            elif cmd in ("move", "state", "undo"):
                reply = self.mode.command(msg)
                if reply is not None:
                    self.emit(reply.pop("ev"), reply)
            else:
                self.link.error("unknown_cmd", "unknown command: " + str(cmd)[:40], cmd)
        except (ValueError, KeyError, TypeError) as exc:
            # a move that does not parse or is not legal; a `move` that is not a text: bad_arg
            code = "illegal" if cmd == "move" and isinstance(msg.get("move"), str) else "bad_arg"
            if self.link is not None:
                self.link.error(code, str(exc), cmd)
        except MemoryError:
            raise  # step() reports it as `memory` and carries on
        except Exception as exc:  # last resort: a bug must not stop the board
            self.survived(exc, cmd)

    def survived(self, exc, cmd=None):
        """Report an unexpected exception as an `internal` error line; the board goes on."""
        self.errors += 1
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
        self.wrote = False
        for b, kind in self.buttons.update(self.hw.read_mask(), now):
            mode = self.mode
            if isinstance(mode, GameMode) and (mode.asking or (b == btn.B and kind == btn.LONG)):
                if self.question is None:
                    from firmware import question

                    self.question = question
                self.question.button(mode, b, kind, now)  # the long-B question
            else:
                mode.on_button(b, kind, now)
            pressed = True
        if pressed:
            stats.pressed(start)
        if self.port is not None and self.link is not None:
            data = self.port.read()
            if data:
                self.link.feed(data)
        if self.link is not None:
            msg = self.link.pop()
            while msg is not None:
                self.handle(msg)
                msg = self.link.pop()
        mode = self.mode
        if isinstance(mode, GameMode) and mode.asking:
            animating = self.question.moved(self, mode, now)  # the game waits
        else:
            animating = mode.tick(now)
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
        self.announce()  # a move's save, then its event
        if self.save_due:
            self.write_save()
        if self.wrote and _MICROPYTHON:  # once per move, off the press -> frame path
            stats.collect()
        if self.moved and not pressed:
            stats.took(MOVE, start)
        stats.took(LOOP, start)

    def frame(self):
        """Draw the current mode; push to the LEDs only if the pixels changed."""
        self.dirty = False
        stats = self.stats
        c = self.canvas
        c.clear()
        mode = self.mode
        mode.draw(c)
        if isinstance(mode, GameMode) and mode.asking:
            self.question.draw(self, c, mode)
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
            self.hw.wait_ms(LOOP_MS)


def main(profile_path="profile.json", backend=None):
    """Pico entry: load the profile, open the hardware and the USB serial link, run.
    The profile path is relative to the working directory ("/" on a Pico), so the same
    main.py also boots under the unix port from a folder laid out like the Pico's flash."""
    from firmware import hw as hwmod
    from firmware import profile as prof
    from firmware.link import Link, StdinPort

    p = prof.load(profile_path)
    hw = hwmod.open_hardware(p, backend)
    app = App(p, hw, link=Link(), port=StdinPort(), store=Store(folder=""))
    app.boot()
    app.run()
