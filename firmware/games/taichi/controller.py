"""The Tai Chi Chuan controller: buttons -> moves on the shared engine
(shared_rules/taichi/rules.py), bots, undo, save, serial events (docs/taichi.md, "On the
board").

A word: the word entry opens for the seat to announce (firmware/wordentry.py: the round's first
letter filled in, up/down the letter, left/right the slot, A done, B delete; B on the first
letter alone offers GIVEUP or PASS). The board judges the word at once: taken, it shows in
green and the player chooses (left/right, A) DRAW, STOP or REFUSE (the table refuses it);
refused, it shows with the reason (?DICT not in the word set, FORM a plural or conjugated
form, NO FIT, SAID, SHORT) and the player chooses RETRY, ACCEPT (the table takes it: the
players keep the last word) or GIVEUP. The other choices (JOIN or NO; the symbol set to take;
the card to take) are one row of choices too. A challenge with people in it: any of them
presses A first (the buzzer), picks its seat (or NOBODY) and enters its word; the bots in it
answer after their think time unless someone buzzed. A long B is the app's (UNDO? or MENU?).
"""

# pyright: reportAttributeAccessIssue=false
# (the engine's State fields, set by its builders: the type checker cannot see them)

from micropython import const

from firmware import buttons as btn
from firmware import wordentry as we
from firmware.gamemode import THINK_SLICE_US, GameMode, think_slice
from firmware.games.taichi import view as tv
from firmware.games.taichi.layout import layout_for
from shared_rules.taichi import rules

UI_NONE = const(0)  # nothing to choose or enter at the panel
UI_ENTRY = const(1)  # a word being entered
UI_CHOICE = const(2)  # a row of choices

# a choice's kind
C_MOVE = const(0)  # play the move text arg
C_ENTRY = const(1)  # back to the word entry
C_SEAT = const(2)  # the challenge: the seat arg buzzed, its word entry opens

PROMPTS = {rules.ANNOUNCE: "WORD", rules.OFFER: "WORD", rules.CHOOSE: "MORE", rules.JOIN: "JOIN",
           rules.RACE: "RACE", rules.TAKE: "TAKE", rules.PICK: "PICK", rules.OVER: "END"}
LAST = {"draw": "DRAW", "stop": "STOP", "fail": "GIVE UP", "pass": "PASS", "join": "JOINS",
        "decline": "NO", "nobody": "NOBODY", "refuse": "REFUSED", "card": "CARD"}
SYMBOL_LABELS = ("OMBR", "YINYANG", "LOTUS")
RACE_THINK = const(4)  # a bot's answer in a challenge: this many bot pauses after its search
# a block held while nothing reads the word sets, let go just before a lookup or a bots' search:
# their inflater's window (2 KB and its header) then finds room in one piece, however the heap
# has been cut up by a game's small objects (a heap with 40 KB free in holes of at most 2.3 KB
# failed it on the unix port's 48 x 48 board). No larger: what it holds, the rest of the game
# has not (8 KB made the random presses run out on the 32 x 32 board)
RESERVE = const(2560)
RACE_READY_MS = const(800)  # a board with seats: the buzzer opens this long after the race shows


def short_reason(why):
    """The panel's word for a refusal (judge.py's and rules.py's reasons)."""
    if "not in the dictionary" in why:
        return "?DICT"
    if "not a dictionary entry" in why:
        return "FORM"
    if "was said" in why:
        return "SAID"
    if "shorter" in why:
        return "SHORT"
    if "start" in why:
        return "START"
    return "NO FIT"


class TaichiMode(GameMode):
    name = "taichi"
    think_us = THINK_SLICE_US  # its bots' reads: pieces of 20 words

    def __init__(self, app, options, seed, moves=()):
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
        players = options.get("players", 3)
        GameMode.__init__(self, app, options, seed, players)  # shared checks: the bots' seats
        opts = self.engine_options(options)
        opts["players"] = players
        self.state = rules.new_game(seed=seed, **opts)
        self.timer = options.get("timer", 0)
        self.view = tv.View(layout_for(app.profile, players))
        self.entry = we.WordEntry()
        self.ui = UI_NONE
        self.choices = []  # (label, kind, arg)
        self.sel = 0
        self.entry_seat = -1  # the challenge: the seat whose word is entered
        self.refused = ""  # the last word the board refused (ACCEPT takes it)
        self.last = None  # (kind, word, seat, count, symbol) of the last move
        self.race_plan = None  # the bots' search in a challenge with people in it
        self.race_found = None  # its result: (word,) once done
        self.race_due = -1
        self.deadline = -1  # the timer option: when the seat to answer runs out of time
        self.reserve = None
        self.replay(moves)
        self.options = self.board_options(self.state.options())
        if self.timer:
            self.options["timer"] = self.timer
        self.refresh()
        self.hold()

    # ---- the heap ---------------------------------------------------------------------------
    def hold(self):
        """Take the reserve back (after a lookup or a search), if the heap has the room (an
        allocation that finds none collects first by itself: no collection asked for here, it
        would cost a word's check some milliseconds on a Pico)."""
        if self.reserve is None:
            try:
                self.reserve = bytearray(RESERVE)
            except MemoryError:
                pass

    def release(self):
        """Let the reserve go before the word sets are read (a lookup, a bots' search): the
        allocation that needs its room collects it then (MicroPython collects before it gives
        up), so nothing is collected here."""
        self.reserve = None

    def thinking(self):
        """The bot's search (GameMode's), with the reserve let go while it reads its words."""
        self.release()
        yield from GameMode.thinking(self)

    # ---- who acts -------------------------------------------------------------------------
    def is_bot(self, seat):
        return self.app.autobots and seat in self.bots

    def race_seats(self):
        st = self.state
        return [st.active] + list(st.joined)

    def people_race(self):
        """A challenge with a person in it: the panel's buzzer decides, not the bots' search."""
        if self.state.phase != rules.RACE:
            return False
        for s in self.race_seats():
            if not self.is_bot(s):
                return True
        return False

    def bot_turn(self):
        st = self.state
        if st.is_over() or not self.app.autobots:
            return False
        if st.phase == rules.RACE:
            return not self.people_race()
        return st.current_player in self.bots

    def busy(self):
        return self.bot_turn() or (self.people_race() and self.race_found is None and
                                   self.bot_racers())

    def bot_racers(self):
        return [s for s in self.race_seats() if self.is_bot(s)]

    # ---- the view -------------------------------------------------------------------------
    def refresh(self):
        """After a move, an undo or at the start: the view and what the panel asks for."""
        st = self.state
        v = self.view
        self.bot_reset()
        self.race_plan = None
        self.race_found = None
        self.race_due = -1
        self.race = None  # a board with seats: the challenge's buzzer race (firmware/race.py)
        self.deadline = -1
        self.ui = UI_NONE
        self.entry.active = False
        v.entry = None
        v.card_cursor = -1
        v.overlay = tv.NONE
        for s in range(6):
            v.race[s] = 0
        if st.phase in (rules.JOIN, rules.RACE):
            v.race[st.active] = 1
            for s in st.joined:
                v.race[s] = 2
        v.seat = st.current_player
        v.prompt = PROMPTS[st.phase]
        v.prompt_rgb = tv.WHITE
        self.show_last()
        if st.is_over():
            v.overlay = tv.END
            w, v.winner_text, v.winner_rgb = tv.winner_info(st)
            v.seat = -1
        elif st.phase == rules.RACE:
            if self.people_race():
                self.race_choices()
        elif not self.is_bot(st.current_player):
            self.human_turn()
        self.app.redraw()

    def show_last(self):
        v = self.view
        last = self.last
        v.line = tv.LINE_NONE
        if last is None:
            return
        kind, word, seat, count, sym = last
        if kind in rules.OPEN_MOVES:
            v.line = tv.LINE_WORD
            v.word = word
            v.word_rgb = tv.GREEN if kind == "word" else tv.AMBER
        elif kind == "set":
            v.line = tv.LINE_SET
            v.word = "+" + str(count)
            v.word_rgb = tv.SEAT_RGB[seat]
            v.sym = sym
        else:
            v.line = tv.LINE_WORD
            v.word = LAST.get(kind, "")
            v.word_rgb = tv.SEAT_RGB[seat]

    def human_turn(self):
        st = self.state
        ph = st.phase
        if ph in (rules.ANNOUNCE, rules.OFFER):
            self.entry_seat = -1
            self.open_entry(False)
        elif ph == rules.CHOOSE:
            c = []
            if st.can_draw():
                c.append(("DRAW", C_MOVE, "draw"))
            c.append(("STOP", C_MOVE, "stop"))
            if st.before is not None:
                c.append(("REFUSE", C_MOVE, "refuse"))
            self.offer(c)
        elif ph == rules.JOIN:
            self.offer([("JOIN", C_MOVE, "join"), ("NO", C_MOVE, "decline")])
        elif ph == rules.TAKE:
            c = []
            for m in st.legal_moves():
                if m.kind == "set":
                    c.append((SYMBOL_LABELS[m.arg], C_MOVE, str(m)))
            self.offer(c)
        elif ph == rules.PICK:
            c = []
            for i in range(len(st.row)):
                c.append((str(i + 1), C_MOVE, "card " + str(i + 1)))
            self.offer(c)
            self.view.card_cursor = 1

    def offer(self, choices, sel=0):
        self.choices = choices
        self.sel = sel
        self.ui = UI_CHOICE
        self.entry.active = False
        self.show_choice()

    def show_choice(self):
        v = self.view
        label = self.choices[self.sel][0]
        v.prompt = "<" + label + ">" if len(label) <= 6 else label
        v.prompt_rgb = tv.YELLOW
        v.seat = -1
        if self.state.phase == rules.PICK:
            v.card_cursor = self.sel + 1
        if self.state.phase == rules.TAKE and self.choices[self.sel][1] == C_MOVE:
            v.line = tv.LINE_SET
            v.sym = rules.SYMBOLS.index(self.choices[self.sel][2][4:])
            v.word = "+" + str(self.count_symbol(v.sym))
            v.word_rgb = tv.WHITE

    def count_symbol(self, sym):
        st = self.state
        n = 0
        for c in st.row:
            if st.cards[c][1] == sym:
                n += 1
        return n

    def open_entry(self, keep):
        """The word entry for the seat to answer (entry_seat in a challenge): the round's first
        letter filled in, the other cards' letters first on the wheel; `keep`: the word as it
        was (RETRY)."""
        st = self.state
        letters = st.row_letters()
        if not keep:
            # a double first card: either letter (left, then up/down swaps them)
            self.entry.start(letters[0][0], letters[1:], letters[0][1:])
        self.entry.active = True
        self.ui = UI_ENTRY
        v = self.view
        v.entry = self.entry
        v.line = tv.LINE_ENTRY
        v.prompt = ""
        v.seat = st.current_player if self.entry_seat < 0 else self.entry_seat
        v.prompt = PROMPTS[st.phase] if v.lay.word_y != v.lay.status_y else ""
        v.prompt_rgb = tv.WHITE
        self.app.redraw()

    def race_choices(self):
        """A challenge with people in it: A buzzes; the seats (people) or NOBODY."""
        c = []
        for s in self.race_seats():
            if not self.is_bot(s):
                c.append(("P" + str(s + 1), C_SEAT, str(s)))
        c.append(("NOBODY", C_MOVE, "nobody"))
        self.offer(c)

    # ---- moves ------------------------------------------------------------------------------
    def play(self, move, bot=False):
        """Apply a move (ValueError if illegal: nothing changes) and refresh; its save, then its
        `move` and `end` events follow its frame (GameMode.settle)."""
        st = self.state
        # the text's syntax only here: the engine judges it once, as it applies it (a word: a
        # lookup in the word set, with the reserve let go)
        move = rules._syntax(move if isinstance(move, str) else str(move))
        count = 0
        if move.kind in rules.OPEN_MOVES:
            self.release()
        if move.kind == "set":
            count = self.count_symbol(move.arg)
        seat = st.current_player
        if move.kind in rules.OPEN_MOVES and move.seat >= 0:
            seat = move.seat
        try:
            mover = self.apply_move(str(move), bot)
        except ValueError:
            self.hold()
            raise
        self.last = (move.kind, move.word, seat, count, move.arg)
        self.refresh()
        self.hold()
        self.moved(mover, bot)

    def submit(self):
        """A: the word entered is judged; taken, it is played; refused, the verdict shows."""
        word = self.entry.word()
        tail = "" if self.entry_seat < 0 else " seat " + str(self.entry_seat)
        try:
            self.play("word " + word + tail)  # judged once: refused, nothing is played
        except ValueError as exc:
            self.verdict(word, str(exc), tail)
            self.hold()

    def verdict(self, word, why, tail):
        v = self.view
        self.refused = word
        c = [("RETRY", C_ENTRY, "")]
        if "accept" in why:  # fits the cards: the table may take it
            c.append(("ACCEPT", C_MOVE, "accept " + word + tail))
        if self.state.phase == rules.RACE:
            c.append(("BACK", C_ENTRY, "back"))
        else:
            c.append(self.give_up())
        self.offer(c)
        v.line = tv.LINE_WORD
        v.word = word
        v.word_rgb = tv.RED
        v.prompt = short_reason(why)
        v.prompt_rgb = tv.RED
        self.app.redraw()

    def give_up(self):
        return ("GIVEUP", C_MOVE, "fail") if self.state.phase == rules.ANNOUNCE else (
            "PASS", C_MOVE, "pass")

    def choose(self):
        label, kind, arg = self.choices[self.sel]
        if kind == C_MOVE:
            self.play(arg)
        elif kind == C_SEAT:
            self.entry_seat = ord(arg) - 48
            self.open_entry(False)
        elif arg == "back":  # the challenge's buzzer again
            self.race = None  # a board with seats: a new race (the seats still in it)
            self.entry_seat = -1
            self.race_choices()
            self.app.redraw()
        else:
            self.open_entry(kind == C_ENTRY and self.refused != "")
            self.refused = ""

    # ---- GameMode hooks ---------------------------------------------------------------------
    def parse(self, text):
        """A host's `move`: its text, judged once by play() (ValueError there: nothing played)."""
        if not isinstance(text, str):
            raise ValueError("a move is a text")
        return text

    def refreshed(self):
        self.last = None  # an undo or a resume: no last move to show
        self.refresh()

    def end_winner(self):
        return tv.winner_info(self.state)[0]

    def state_fields(self, reply):
        st = self.state
        reply["cards"] = [rules.decks.card_name(st.cards[c]) for c in st.row]
        reply["held"] = [len(w) for w in st.won]

    # ---- every seat its own buttons: the challenge as a buzzer race (firmware/race.py) -------
    def seat_race(self):
        """A board with seats and a challenge with people in it, its buzzer waiting: the first
        seat to press wins the race (the scans decide), not a choice on the panel."""
        return (bool(self.app.quarters) and self.ui == UI_CHOICE and bool(self.choices)
                and self.choices[0][1] == C_SEAT and self.people_race())

    def seat_acts(self, player, button, kind):
        """The buzzer: every person in the challenge; the word entry and its verdict: the seat
        that won the race; else as every game (GameMode.seat_acts)."""
        if self.howto is None and not self.asking and player >= 0:
            if self.seat_race():
                return player in self.race_seats() and not self.is_bot(player)
            if self.entry_seat >= 0 and self.state.phase == rules.RACE:
                return player == self.entry_seat or (button == btn.B and kind == btn.LONG)
        return GameMode.seat_acts(self, player, button, kind)

    def buzz(self, button, kind, now_ms):
        """A person's press in the race: an arrow (taken as it goes down) or A buzzes; B says
        NOBODY for the table. A buzz before the buzzer opens locks that seat out."""
        if button == btn.B:
            if kind == btn.PRESS:
                self.play("nobody")
            return
        if kind == btn.PRESS:
            self.race_ready(now_ms).buzz(self.presser, self.app.at)

    def race_ready(self, now_ms):
        """The race of this challenge, opened RACE_READY_MS after it shows (READY, then GO);
        its ties are settled by a generator seeded from the game's seed and move count."""
        if self.race is None:
            from firmware.race import Race

            seed = (self.seed * 1009 + self.count * 7 + 1) & 0x3FFFFFFF
            self.race = Race(self.state.players, seed)
            self.race.open(now_ms + RACE_READY_MS)
            self.race_prompt("READY")
        return self.race

    def race_prompt(self, text):
        v = self.view
        if v.lay.word_y != v.lay.status_y and v.prompt != text:
            v.prompt = text
            self.app.redraw()

    def seat_race_tick(self, now_ms):
        """After the pass's presses: the race decided opens the winner's word entry (the race
        said on the serial line, the tie and its draw with it; the move then names the seat)."""
        r = self.race_ready(now_ms)
        if not r.decided():
            if now_ms - r.open_at >= 0:
                self.race_prompt("GO")
            return
        self.race = None
        self.app.emit("race", {"game": self.name, "n": self.count, "result": r.result(),
                               "early": list(r.early)})
        self.entry_seat = r.winner()
        self.open_entry(False)
        self.app.redraw()

    # ---- mode interface ---------------------------------------------------------------------
    def on_button(self, button, kind, now_ms):
        if self.over_button(button, kind):
            return
        if self.presser >= 0 and self.seat_race():
            self.buzz(button, kind, now_ms)
            return
        if self.ui == UI_ENTRY:
            r = self.entry.button(button, kind)
            if r == we.DONE:
                self.submit()
            elif r == we.CANCEL:
                if self.entry_seat >= 0:
                    self.race_choices()
                else:
                    self.offer([("WORD", C_ENTRY, ""), self.give_up()])
                self.app.redraw()
            elif r == we.CHANGED:
                self.app.redraw()
            return
        if self.ui != UI_CHOICE:
            return
        if button < btn.A:
            n = len(self.choices)
            self.sel = (self.sel + (n - 1 if button in (btn.LEFT, btn.UP) else 1)) % n
            self.show_choice()
            self.app.redraw()
        elif kind == btn.PRESS and button == btn.A:
            self.choose()
        elif kind == btn.PRESS and button == btn.B and self.choices[0][1] == C_ENTRY:
            self.open_entry(self.refused != "")  # B after a refusal: back to the word
            self.refused = ""

    def tick(self, now_ms):
        if self.timer and self.ui != UI_NONE and self.state.phase in (rules.ANNOUNCE,
                                                                     rules.OFFER):
            if self.deadline < 0:
                self.deadline = now_ms + self.timer * 1000
            elif now_ms - self.deadline >= 0 and self.pending < 0:
                self.play(self.give_up()[2])  # "a reasonable time" is over
                return False
        if self.seat_race():
            self.seat_race_tick(now_ms)
        if self.people_race():
            self.race_tick(now_ms)
            return False
        if not self.bot_turn():
            return False
        mv = self.bot_choice(now_ms)
        if mv is not None:
            self.play(mv, bot=True)
        return False

    def race_tick(self, now_ms):
        """A challenge with people in it: the bots in it search (a slice a pass), then answer
        after their think time, unless a person buzzed (the word entry or a verdict open)."""
        bots = self.bot_racers()
        if not bots or self.pending >= 0:
            return
        if self.race_found is None:
            if self.race_plan is None:
                from shared_rules.taichi import bot

                level = self.search if self.search in bot.LEVELS else "easy"
                self.release()
                self.race_plan = bot.race_steps(self.state, level)
                return
            try:
                value = think_slice(self.race_plan, THINK_SLICE_US)
            except StopIteration:
                value = (None,)
            if value is not None:
                self.race_found = value
                self.hold()
                self.race_due = now_ms + RACE_THINK * self.app.bot_delay_ms
            return
        word = self.race_found[0]
        if word is None or self.ui != UI_CHOICE or self.choices[0][1] != C_SEAT:
            if self.ui != UI_CHOICE:  # someone buzzed: the bots wait for the verdict
                self.race_due = now_ms + RACE_THINK * self.app.bot_delay_ms
            return
        if now_ms - self.race_due < 0:
            return
        from shared_rules.taichi import bot

        best = bots[0]
        for s in bots:
            if bot.race_delay(self.state, s) < bot.race_delay(self.state, best):
                best = s
        self.play("word " + word + " seat " + str(best), bot=True)

    def draw(self, canvas):
        tv.draw(canvas, self.state, self.view)
