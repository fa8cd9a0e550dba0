"""GameMode: what every game on the board shares, and the hooks a game fills in (KMK's `Module`
idea: the base declares every hook with its default; a game overrides what it needs).

A game's controller subclasses GameMode (see docs/firmware.md and docs/ADDING_A_GAME.md):

    class MyMode(GameMode):
        name = "mygame"

        def __init__(self, app, options, seed, moves=()):
            players = options.get("players", 2) if isinstance(options, dict) else 0
            GameMode.__init__(self, app, options, seed, players)   # shared checks and state
            self.state = engine.new_game(...)
            self.replay(moves)
            ...

        def play(self, move, bot=False):
            seat = self.apply_move(move, bot)
            ...                              # refresh the view
            self.moved(seat, bot)            # save, `move` event, `end`: after the frame

The engine state follows docs/game-interface.md. The long-B question (UNDO? / MENU?) is the
mode's: `press`, `advance` and `paint` route to firmware/question.py while it is open, so
the app never asks what kind of mode it runs.
"""

# pyright: reportAttributeAccessIssue=false
# (what the type checker cannot follow here: view, options: a game's controller sets them)

import gc
import sys
from array import array

from micropython import const

from firmware import buttons as btn
from firmware.mode import Mode
from firmware.stats import diff, ticks
from firmware.store import MoveTexts

# A game whose bots' search comes in many small pieces of about the same size (the word
# games' reads: GameMode.think_us) runs them one after another in a loop pass while the pass
# has room for one more like the last in this many microseconds. The pieces are bounded by
# counts, so the move is the same whatever the clock; what the slice saves is the pass around
# each piece (buttons, serial line, frame, 1 ms of sleep): a Tai Chi Chuan read of 143 pieces
# of some 2.5 ms took 143 passes (docs/bots.md: its turns, 5.1 s at worst before the slices
# and its fit on bytes, 1.4). Not for pieces of mixed sizes: a slice before a long piece made
# Tac-Tik's worst pass 155 ms (123 with one piece a pass).
THINK_SLICE_US = const(25000)

# a game view's `overlay` over the final position (the views' NONE and END: see over_button)
OVERLAY_NONE = const(0)
OVERLAY_END = const(1)


def bot_seats(options, players):
    """The seats the bot plays, from a game's `bots` option (a list of seats 0..players-1);
    ValueError otherwise."""
    bots = options.get("bots", [])
    if not isinstance(bots, list):
        raise ValueError("bots must be a list of seats")
    for seat in bots:
        if not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError("bot seat %s out of range" % seat)
    return list(bots)


class GameMode(Mode):
    """One game in play: its engine state, who made each move, the bot's pause, the after-move
    sequence (save, `move`, `end`), undo, the long-B question, the host's `move`/`undo`/`state`
    and the save record. A subclass sets `name` and `state` and fills in the hooks below."""

    name = "game"
    think_us = 0  # a bot's search: one piece a pass, or a slice of this many us (think_slice)

    def __init__(self, app, options, seed, players):
        """The checks and state every game shares: `options` a dict, its `bots` seats within
        `players`, its bots' `level`; sets app, seed, bots, bot_level, by_bot, the bot's search
        and the question's state."""
        Mode.__init__(self, app)
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
        self.seed = seed
        # the bots' secret (shared_rules/bots.py: set_secret), drawn at the start or the
        # save's: never sent while the game runs, revealed by the `end` event
        self.secret = app.take_secret()
        self.bots = bot_seats(options, players)
        from shared_rules import options as checker  # (games.check imported it)

        self.bot_level = checker.level(options)  # checked by games.check: options.py
        self.search = self.bot_level  # what the bots play: greedy for a game without bots
        if self.bots and self.bot_level != "greedy":
            # the level's bots load with the game, on the heap as it is at the start (a failed
            # load fails the start, reported, rather than every bot move of the game)
            from shared_rules import bots

            self.search = bots.plays(self.name, self.bot_level)
            if self.search != "greedy":
                bots.bot_module(self.name)
        # each move a person made (not a bot's: undo takes those back with it), as its index
        # in the history << 3 | the seat that made it (a joint move: 0); a game of bots keeps none
        self.person_moves = array("H")
        self.presser = -1  # the player at the seat of the press being handled (-1: any seat)
        self.asker = -1  # the player whose long B opened the question (-1: any seat)
        self.bot_due = -1  # when the bot's visible pause ends (-1: not started)
        self.think_at = -1  # when its turn began (the board's clock, stats' microseconds)
        self.plan = None  # the bot's search under way (thinking()), a piece per loop pass
        self.chosen = None  # its move, once found
        self.pending = -1  # the move waiting for its frame: seat * 2 + bot, -1 for none
        self.fresh = False  # it was made in the loop pass under way: it settles in the next
        self.asking = 0  # question.ASK_UNDO or ASK_MENU while the question is on the panel
        self.note = None  # why nothing can be undone, scrolled above the question
        self.question = None  # firmware.question, imported at the first long B
        # a move the heap ran out in the middle of, and no room to replay the moves before
        # it: the state cannot be trusted, the app leaves it for the menu (its save is sound)
        self.broken = False
        self.howto = None  # how to play (firmware/howto.py), open from the question's HELP?

    # ---- hooks a game fills in ----------------------------------------------------------------
    def play(self, move, bot=False):
        """Apply a legal move (ValueError if not: nothing changes), refresh, then moved()."""
        raise NotImplementedError

    def refreshed(self):
        """The state was replaced (undo): refresh the view and the input from it."""

    def end_winner(self):
        """The `end` event's `winner` (a seat or team index, or None)."""
        return None

    def parse(self, text):
        """The legal move written `text` (a host `move`), else ValueError."""
        return self.state.parse_move(text)

    def saved_moves(self):
        """The move texts for the save record: a store.MoveTexts (the store encodes only the
        moves it has not kept: a 154-move Tai Chi Chuan game's worst save on a Pico went from
        98 to 51 ms), or a list."""
        h = self.state.history
        return MoveTexts(lambda i: h[i], len(h))

    def state_fields(self, reply):
        """Add the game's own fields to a `state` reply."""

    def over_button(self, button, kind):
        """A button once the game is over (returns False while it is not: the game's own input
        goes on): a press of A or B goes back to the menu, an arrow shows or hides the end
        screen over the final position (the view's `overlay`, OVERLAY_END or OVERLAY_NONE)."""
        if not self.state.is_over():
            return False
        if kind == btn.PRESS:
            if button == btn.A or button == btn.B:
                self.app.to_menu()
            elif button < btn.A:
                v = self.view
                v.overlay = OVERLAY_NONE if v.overlay == OVERLAY_END else OVERLAY_END
                self.app.redraw()
        return True

    # ---- who moves ----------------------------------------------------------------------------
    @property
    def count(self):
        """Moves made so far."""
        return self.state.history_len()

    def bot_turn(self):
        """A bot seat is to move and bots move by themselves."""
        st = self.state
        return self.app.autobots and not st.is_over() and st.current_player in self.bots

    busy = bot_turn  # something will happen without input: the bot's move

    def thinking(self):
        """The bot's search for the seat to move, as a generator of pieces: each `next()` a
        piece bounded by a count, the move last (shared_rules/bots.py: bot_steps), so the board
        and the host's simulator pick the same move. Greedy, the engine's own bot, is one
        piece, with no bot module loaded (heap)."""
        st = self.state
        if self.search == "greedy":
            yield sys.modules[type(st).__module__].greedy_move(st)
            return
        from shared_rules import bots

        bots.set_secret(self.secret)
        yield from bots.bot_steps(st, self.search, self.name)

    def bot_choice(self, now_ms, shown=True):
        """The bot's move once its visible pause is over, its search done and (`shown`) the
        game ready to show it; None until then. The pause starts at the first call; the search
        runs during it, a piece (or a slice of pieces: think_us) per loop pass, so no pass
        keeps the buttons, the serial line or the next frame waiting for long, and the pass
        that plays the move only plays it."""
        if self.plan is None:
            self.plan = self.thinking()
            self.chosen = None
            self.bot_due = now_ms + self.app.bot_delay_ms
            self.think_at = self.app.stats.now()
            return None
        if self.chosen is None:
            try:
                self.chosen = think_slice(self.plan, self.think_us)
            except StopIteration:  # no move to make (the game is over): start afresh
                self.bot_reset()
            except MemoryError:  # no room for the level's search now: a smaller one
                self.plan = iter(())  # spent (not None: that would start the search again)
                gc.collect()
                self.chosen = sys.modules[type(self.state).__module__].greedy_move(self.state)
                self.app.errors += 1
                self.app.emit("error", {"code": "memory",
                                        "msg": "no room for the bot's search: greedy move"})
            return None
        if now_ms - self.bot_due < 0 or not shown:
            return None
        mv = self.chosen
        self.bot_reset()
        self.app.thought_at = self.think_at  # the turn ends with the pass that shows it
        return mv

    def searching(self):
        """The bot's search is under way (not yet its move, nor its pause's end), and the
        game is not waiting for the question or the pages to close."""
        return self.plan is not None and self.chosen is None and not self.asking and \
            self.howto is None

    def bot_reset(self):
        """Forget the bot's pause and search: the position changed (a move, an undo)."""
        self.bot_due = -1
        self.plan = None
        self.chosen = None

    def board_options(self, options):
        """`options` with the board's own `bots` and (when chosen) `level` written in: the
        options the `new` event, the save and the `state` reply give (options.with_board)."""
        from shared_rules import options as checker

        return checker.with_board(options, self.bots, self.bot_level)

    def engine_options(self, options, drop=()):
        """The engine's keyword arguments among `options`: all but the board's own (the
        declaration's "board" options, bots, level) and `drop` (options.engine)."""
        from shared_rules import options as checker
        from shared_rules import registry

        return checker.engine(registry.spec(self.name), options, drop)

    # ---- moves --------------------------------------------------------------------------------
    def replay(self, moves, bots=True):
        """Apply saved or sent move texts (resume, host `new`); `bots`: a bot seat's replayed
        move counts as the bot's (so undo after a resume takes its replies back too)."""
        for text in moves:
            self.apply_move(text, bots and self.state.current_player in self.bots)

    def apply_move(self, move, bot):
        """Apply a move and note who made it (taken back if the engine refuses it; if the heap
        runs out in the middle, the engine replays the moves before it, so no half move
        stays); returns the seat that moved. The move is pending from here (moved(), settle():
        its save and events), even if the game's own refresh after it finds no room. A simultaneous
        round's joint move (`state.simultaneous()`: every seat chose) is every seat's: it is
        written as seat 0's, and in a resumed game it is the bot's when every seat is a bot."""
        self.settle()  # a move still waiting for its frame is told first
        self.bot_reset()  # a search under way was for the position before this move
        st = self.state
        joint = st.simultaneous()
        seat = 0 if joint else st.current_player
        if self.app.replaying and self.app.autobots:
            if self.all_bots() if joint else seat in self.bots:
                bot = True  # a resumed game: its bot seats' moves were the bot's
        n = st.history_len()
        if not bot:
            self.person_moves.append((min(n, 8191) << 3) | (seat & 7))  # in 16 bits
        try:
            st.apply(move)
        except MemoryError:  # the heap ran out in the middle of the move: none of it stays
            self.keep_person_moves(n)
            st = None
            gc.collect()
            self.broken = True  # until the moves before it are replayed (App.pass_)
            self.state = self.state.rewind(n)
            self.refreshed()
            self.broken = False
            raise
        except Exception:
            self.keep_person_moves(n)
            raise
        if not self.app.replaying:  # told even if what follows it finds no room (settle)
            self.pending = seat * 2 + (1 if bot else 0)
        return seat

    def keep_person_moves(self, keep):
        """Forget the person_moves from move `keep` on (taken back, or refused)."""
        marks = self.person_moves
        k = len(marks)
        while k and marks[k - 1] >> 3 >= keep:
            k -= 1
        if k < len(marks):
            self.person_moves = marks[:k]

    def all_bots(self):
        """Every seat is the bot's."""
        for seat in range(self.state.players):
            if seat not in self.bots:
                return False
        return True

    def bot_pick(self, seat):
        """A simultaneous round: the bot's choice for `seat` at the game's level (the engine's
        greedy_choice without loading a bot module, heap; else shared_rules/bots.py)."""
        st = self.state
        if self.search == "greedy":
            return sys.modules[type(st).__module__].greedy_choice(st, seat)
        from shared_rules import bots

        bots.set_secret(self.secret)
        return bots.bot_choice(st, seat, self.search, self.name)

    def digest(self):
        """The engine's state digest; None (sent as null, with an error line) if the heap has
        no room for it right now: the move stands and the board goes on."""
        try:
            return self.state.digest()
        except MemoryError:
            gc.collect()
            self.app.emit("error", {"code": "memory", "msg": "no room for the state digest"})
            return None

    def moved(self, seat, bot):
        """A move was applied: what follows it waits for its frame (settle())."""
        self.pending = seat * 2 + (1 if bot else 0)
        self.fresh = self.app.in_pass
        self.app.moved = True

    def settle(self, later=False):
        """After a move's frame, in this order (issue 19, "nothing lost"): 1. the save, durable
        (or, the game over, the save cleared); 2. the `move` event; 3. the `end` event. The
        host hears of a move only once a power cut can no longer take it back; the app's
        collection follows in the same pass. Called by the app after every frame (`later`: a
        move made in that same pass waits for the next one, so that no pass holds both the
        move with its frame and its save with the collection: on a Pico each half is
        50-110 ms), before a host command and before the mode changes; nothing to do without
        a move pending."""
        code = self.pending
        if code < 0:
            return
        if later and self.fresh:
            self.fresh = False
            return
        self.pending = -1
        self.fresh = False
        app = self.app
        st = self.state
        over = st.is_over()
        if over:
            app.clear_save()
        else:
            app.save()
        fields = {"game": self.name, "n": self.count, "player": code >> 1,
                  "move": st.last_move(), "digest": self.digest(), "bot": bool(code & 1)}
        try:
            app.emit("move", fields)
        except MemoryError:  # the move stands and is saved: the host must hear of it
            gc.collect()
            app.emit("move", fields)
        fields = None
        if over:
            app.emit("end", {"game": self.name, "scores": list(st.scores()),
                             "winner": self.end_winner(), "n": self.count,
                             "secret": self.secret})

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
        self.keep_person_moves(keep)
        self.bot_reset()
        self.refreshed()
        self.app.save()  # saved before the host hears of it (as a move)
        for i in range(n - 1, keep - 1, -1):
            self.app.emit("undo", {"game": self.name, "n": i, "move": taken[i - keep],
                                   "digest": self.digest() if i == keep else None})

    def undo_target(self):
        """How many moves stay when the last human move is taken back (with the bot replies
        made after it); -1 when no human has moved, or (a board with seats) when the seat
        that asked (`asker`) did not make it: undo is asked of the seat that moved."""
        marks = self.person_moves
        if not marks:
            return -1
        last = marks[-1]
        if self.asker >= 0 and last & 7 != self.asker and not self.state.simultaneous():
            return -1
        return last >> 3

    # ---- seats (a board that tells them apart: firmware/seats.py) -----------------------------
    def player_at(self, seat):
        """The player at a seat of the board's chain (-1: nobody plays there)."""
        from firmware import seats

        return seats.player_at(self.app.quarters, seat, self.state.players)

    def seat_acts(self, player, button, kind):
        """Whether a press from `player`'s seat acts: the question and the pages answer the
        seat that opened them; a finished game any seat; a simultaneous round each player
        (the game reads `presser`); a long B any player (undo: only their own move); else only
        the player to move. Other presses are ignored."""
        if self.howto is not None or self.asking:
            return player == self.asker
        if player < 0:
            return False
        st = self.state
        if st.is_over() or st.simultaneous():
            return True
        if button == btn.B and kind == btn.LONG:
            return True
        return player == st.current_player

    # ---- the app's calls: the long-B question over the game's own hooks ------------------------
    def press(self, button, kind, now_ms):
        """A button: to the question while it is open (and the long B that opens it, imported
        then), else the game's on_button. On a board with seats, only the seats it concerns
        act (seat_acts)."""
        seat = self.app.seat
        if seat >= 0:
            player = self.player_at(seat)
            if not self.seat_acts(player, button, kind):
                return
            if self.howto is None and not self.asking and button == btn.B and \
                    kind == btn.LONG:
                self.asker = player
            self.presser = player
        else:
            self.presser = -1
            if self.howto is None and not self.asking:
                self.asker = -1
        if self.howto is not None:  # the pages take every button until they close
            if not self.howto.button(button, kind):
                self.howto.close()
                self.howto = None
            self.app.redraw()
            return
        if self.asking or (button == btn.B and kind == btn.LONG):
            if self.question is None:
                from firmware import question

                self.question = question
            self.question.button(self, button, kind, now_ms)
        else:
            self.on_button(button, kind, now_ms)

    def advance(self, now_ms):
        """The game's tick, stopped while the question is open (the bot waits)."""
        if self.howto is not None:
            return False  # the game waits while its pages are read
        if self.asking:
            return self.question.moved(self.app, self, now_ms)
        return self.tick(now_ms)

    def paint(self, canvas):
        """The game's picture, the question over it while open (the pages instead of both
        while how to play is open)."""
        if self.howto is not None:
            self.howto.draw(canvas)
            return
        self.draw(canvas)
        if self.asking:
            self.question.draw(self.app, canvas, self)

    # ---- host commands and persistence ---------------------------------------------------------
    def command(self, msg):
        cmd = msg.get("cmd")
        if cmd == "state":
            st = self.state
            reply = {"ev": "state", "mode": self.name, "game": self.name,
                     "options": self.options, "seed": self.seed, "moves": st.history,
                     "n": self.count, "digest": st.digest(), "to_move": st.current_player,
                     "over": st.is_over(), "scores": list(st.scores()), "phase": st.phase}
            if st.simultaneous():  # who has chosen (never the choice)
                reply["chosen"] = [st.chosen(s) for s in range(st.players)]
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

    def save_record(self):
        """Options, seed and moves: the engines are deterministic, so they resume the game;
        and the bots' secret (the board's own: the `state` reply and the events leave it out)."""
        return {"game": self.name, "options": self.options, "seed": self.seed,
                "moves": self.saved_moves(), "secret": self.secret}


def think_slice(plan, slice_us):
    """The next value of a bot's search `plan` that is not None, its pieces run one after
    another within `slice_us` (the next one only while one as long as the last still fits; 0:
    one piece); None when the slice is spent first. StopIteration when the plan is over."""
    start = before = ticks()
    while True:
        value = next(plan)
        now = ticks()
        if value is not None or diff(now, start) + diff(now, before) >= slice_us:
            return value
        before = now
