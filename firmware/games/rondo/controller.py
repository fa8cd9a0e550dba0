"""The Rondo controller: buttons -> moves on the shared engine (shared_rules/rondo/rules.py),
the hourglass, the bots, undo, save, serial events (docs/rondo.md, "On the board").

The hand of the seat to play shows on its turn only (with two humans or more, the board asks
for that seat first: A shows the hand). Hand focus: left/right pick a card, A takes it to the
holder, B takes back the card laid last, up plays the word, down opens the menu (PLAY, PASS,
SWAP the card under the cursor, HINT), a long A lays the baseline's first play as a hint. Holder
focus: left/right choose a slot (the holder's two ends too, while it may grow), A lays the
card there (a joker then asks for its letter: up/down, A), a long A lays it face down (the
beginners' variant), B goes back to the hand. A refused word shows its reason a moment on the
hand line; nothing is played. The hourglass drains while a human has the board (option
`hourglass`: 60 or 120 s, or none); when it runs out the turn is a `timeout`. A long B is the
app's (firmware/question.py: UNDO? or MENU?).
"""

# pyright: reportAttributeAccessIssue=false
# (the engine's State fields, set by its builders: the type checker cannot see them)

from micropython import const

from firmware import buttons as btn
from firmware.gamemode import THINK_SLICE_US, GameMode
from firmware.games.rondo import view as rv
from shared_rules.rondo import rules

_NO = const(255)
_TICK_MAX = const(1000)  # the hourglass counts at most this much of one loop pass (a pause)
_MSG_MS = const(1500)  # how long a refusal's reason stays
KINDS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ*-"  # real cards: the cards a player may lay


def short_reason(why):
    """A refusal's reason in at most 8 characters of the panel's font."""
    for key, text in (("dictionary", "NO WORD"), ("is kept", "KEEP ONE"),
                      ("three letters", "3 LETTERS"[:8]), ("ends", "AT ENDS"),
                      ("eraser covers", "AT ENDS"), ("no card laid", "NO CARD"),
                      ("nine slots", "9 SLOTS"), ("face down", "ONE DOWN"),
                      ("card not in hand", "NO CARD"), ("slot", "SLOT")):
        if key in why:
            return text
    return "NO"


class RondoMode(GameMode):
    name = "rondo"
    think_us = THINK_SLICE_US  # its bots' reads: pieces of 512 bytes of words

    def __init__(self, app, options, seed, moves=()):
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
        self.physical = options.get("cards", "deal") == "real"
        if self.physical and options.get("bots"):
            options = dict(options)
            options["bots"] = []  # real cards: every seat human (a bot has no cards)
        opts = self.engine_options(options, ("players", "physical"))
        state = rules.new_game(options.get("players", 2), seed, physical=self.physical, **opts)
        GameMode.__init__(self, app, options, seed, state.players)
        self.state = state
        self.glass_ms = options.get("hourglass", 60) * 1000
        self.left_n = 0  # real cards, at the end: the points entered for the seat to tell
        self.view = rv.View(app.profile["width"], app.profile["height"])
        self.view.players = state.players
        self.view.real = self.physical
        # what is laid now, not yet played: per position + 1 (-1..9) the hand index, the
        # letter a joker stands for, 1 when face down; the first word's as a sequence
        self.t_hand = bytearray(rv.SLOTS)
        self.t_ch = bytearray(rv.SLOTS)
        self.t_face = bytearray(rv.SLOTS)
        self.t_order = bytearray(rv.SLOTS)  # the order they were laid in (B takes back)
        self.t_n = 0
        self.disp = bytearray(rv.SLOTS)  # display slot -> position + 1
        self.picked = -1  # the hand card taken to the holder
        self.left_ms = 0  # the hourglass's time left
        self.last_ms = -1
        self.msg_until = -1
        self.seen = -1  # the human seat that last saw its hand
        self.replay(moves, False)
        opts = state.options()  # the `new` event, the save: the board's options, not the
        del opts["physical"]  # engine's physical (which `cards` stands for)
        opts["cards"] = "real" if self.physical else "deal"
        opts["hourglass"] = self.glass_ms // 1000
        self.options = self.board_options(opts)
        self.after_change()

    # ---- the view ------------------------------------------------------------------------
    def humans(self):
        n = 0
        for s in range(self.state.players):
            if not (self.app.autobots and s in self.bots):
                n += 1
        return n

    def human_turn(self):
        st = self.state
        return not st.is_over() and not (self.app.autobots and st.current_player in self.bots)

    def clear_tent(self):
        for i in range(rv.SLOTS):
            self.t_hand[i] = _NO
            self.t_ch[i] = 0
            self.t_face[i] = 0
        self.t_n = 0
        self.picked = -1

    def after_change(self):
        """Refresh after a move (or at the start, or an undo): whose hand, the hourglass."""
        st = self.state
        v = self.view
        self.bot_reset()
        self.clear_tent()
        v.overlay = rv.NONE
        v.hand_cur = 0
        v.menu = 0
        v.msg_n = 0
        self.msg_until = -1
        self.left_ms = self.glass_ms
        self.last_ms = -1
        if st.is_over():
            v.overlay = rv.END
            v.focus = rv.F_WAIT
        elif st.phase == rules.LEFT:
            v.focus = rv.F_LEFT
            v.left_n = 0
        elif self.human_turn():
            seat = st.current_player
            v.focus = rv.F_HAND
            if self.humans() > 1 and seat != self.seen and not self.physical:
                v.focus = rv.F_HIDDEN
        else:
            v.focus = rv.F_WAIT
        self.refresh()

    def refresh(self):
        """Fill the view's buffers from the state and what is laid now."""
        st = self.state
        v = self.view
        v.seat = st.current_player
        for s in range(st.players):
            v.scores[s] = st.score[s]
        v.deck = len(st.pile)
        self.fill_points()
        self.fill_hand()
        self.fill_holder()
        v.cached = False
        v.glass = -1
        if self.glass_ms and v.focus in (rv.F_HAND, rv.F_HOLDER, rv.F_LETTER, rv.F_MENU):
            v.glass = (self.left_ms * rv.SAND_CELLS + self.glass_ms - 1) // self.glass_ms
            v.low = self.left_ms < 10000
        self.app.redraw()

    def refresh_holder(self):
        """refresh() when only the holder and the card picked changed (A on a card of the
        hand): its letters, scores and points stay as they are (a millisecond of an RP2040
        less between the press and the frame)."""
        self.view.used[self.picked] = 1
        self.fill_holder()
        self.view.cached = False
        self.app.redraw()

    def fill_points(self):
        v = self.view
        p = v.points_text
        for i in range(8):
            p[i] = 0
        st = self.state
        if not st.fresh or st.is_over():
            return
        val = st.last
        i = 0
        p[i] = 43 if val >= 0 else 45
        i += 1
        val = abs(val)
        d = 1
        while d * 10 <= val:
            d *= 10
        while d and i < 8:
            p[i] = 48 + (val // d) % 10
            i += 1
            d //= 10

    def card_char(self, i):
        """The card at index `i` of the hand shown (real cards: every kind of card)."""
        st = self.state
        if self.physical:
            return KINDS[i]
        return st.cards[st.hands[st.current_player][i]]

    def fill_hand(self):
        st = self.state
        v = self.view
        hand = v.hand
        used = v.used
        if self.physical:
            n = len(KINDS)
            for i in range(n):
                hand[i] = ord(KINDS[i])
                used[i] = 0
            v.hand_n = n
            return
        h = st.hands[st.current_player]
        cards = st.cards
        n = min(len(h), rv.HAND)
        for i in range(n):
            hand[i] = ord(cards[h[i]])
            used[i] = 0
        for t in self.t_hand:
            if t < n:  # (_NO, a free slot, is beyond every hand)
                used[t] = 1
        if 0 <= self.picked < n:
            used[self.picked] = 1
        v.hand_n = n
        if v.hand_cur >= n:
            v.hand_cur = max(0, n - 1)

    def sequence(self):
        """The holder is empty (the first word, or the words shown): cards lay one after the
        other."""
        st = self.state
        return st.phase == rules.SHOW or not st.slots

    def most(self):
        st = self.state
        if st.phase == rules.SHOW or st.flags["first_word"] == "three":
            return rules.MIN_WORD
        return rules.MAX_SLOTS

    def positions(self):
        """The positions shown, in order (-1: the new slot before the first)."""
        st = self.state
        v = self.view
        holder = v.focus in (rv.F_HOLDER, rv.F_LETTER)
        if self.sequence():
            k = self.t_n
            n = k + (1 if holder and k < self.most() else 0)
            return -0, n  # positions 0..n-1
        n = len(st.slots)
        grown = (self.t_hand[0] != _NO) + (self.t_hand[n + 1] != _NO)
        room = n + grown < rules.MAX_SLOTS
        lo = -1 if self.t_hand[0] != _NO or (holder and room) else 0
        hi = n + 1 if self.t_hand[n + 1] != _NO or (holder and room) else n
        return lo, hi

    def fill_holder(self):  # noqa: C901 (one pass over the slots shown)
        st = self.state
        v = self.view
        lo, hi = self.positions()
        seq = self.sequence()
        n = len(st.slots)
        t_hand = self.t_hand
        kinds = v.kind
        chars = v.ch
        marks = v.mark
        k = 0
        for p in range(lo, hi):
            self.disp[k] = p + 1
            t = t_hand[p + 1]
            mark = rv.M_NONE
            if t != _NO:
                c = self.card_char(t)
                mark = rv.M_TENT
                if self.t_face[p + 1]:
                    kind, ch = rv.K_FACE, 0
                elif c == "*":
                    kind, ch = rv.K_JOKER, self.t_ch[p + 1]
                elif c == "-":
                    kind, ch = rv.K_ERASER, 0
                else:
                    kind, ch = rv.K_LETTER, ord(c)
            elif seq or p < 0 or p >= n:
                kind, ch = rv.K_OPEN, 0
            else:
                m = st.means[p]
                if m == rules.ERASED:
                    kind, ch = rv.K_ERASER, 0
                elif m == rules.FACE_DOWN:
                    kind, ch = rv.K_FACE, 0
                elif st.cards[st.slots[p]] == "*":
                    kind, ch = rv.K_JOKER, ord(m)
                else:
                    kind, ch = rv.K_LETTER, ord(m)
                if p in st.fresh:
                    mark = rv.M_FRESH
            kinds[k] = kind
            chars[k] = ch
            marks[k] = mark
            k += 1
        v.count = k
        if v.focus not in (rv.F_HOLDER, rv.F_LETTER):
            v.slot_cur = -1
        elif v.slot_cur >= k or v.slot_cur < 0:
            v.slot_cur = k - 1 if seq else 0

    # ---- laying, taking back, playing ---------------------------------------------------------
    def slot_pos(self):
        """The position of the holder's cursor (-1..n)."""
        return self.disp[self.view.slot_cur] - 1

    def lay_here(self, face):
        """Lay the picked card at the cursor's slot (a card laid there before goes back)."""
        st = self.state
        v = self.view
        p = self.slot_pos()
        i = p + 1
        if self.t_hand[i] == _NO:
            self.t_order[self.t_n] = i
            self.t_n += 1
        c = self.card_char(self.picked)
        self.t_hand[i] = self.picked
        self.t_face[i] = 1 if face and c != "-" else 0
        self.picked = -1
        if c == "*" and not self.t_face[i]:
            old = st.means[p] if 0 <= p < len(st.means) and rules.is_letter(st.means[p]) else "E"
            self.t_ch[i] = ord(old)
            v.focus = rv.F_LETTER
        else:
            v.focus = rv.F_HAND
            self.next_card()
        self.refresh()

    def next_card(self):
        v = self.view
        if self.physical:
            return  # the same kind of card may be laid again
        for _ in range(v.hand_n):
            if not v.used[v.hand_cur] and not self.is_tent(v.hand_cur):
                return
            v.hand_cur = (v.hand_cur + 1) % max(1, v.hand_n)

    def is_tent(self, i):
        for k in range(rv.SLOTS):
            if self.t_hand[k] == i:
                return True
        return False

    def take_back(self):
        if not self.t_n:
            return
        self.t_n -= 1
        i = self.t_order[self.t_n]
        self.view.hand_cur = self.t_hand[i]
        self.t_hand[i] = _NO
        self.t_ch[i] = 0
        self.t_face[i] = 0
        self.refresh()

    def token(self, i):
        c = self.card_char(self.t_hand[i])
        if self.t_face[i]:
            return "#" + c
        if c == "*":
            return chr(self.t_ch[i] + 32)
        return c

    def text(self):
        """The move the cards laid now make: `play SLOTS` (or `show W`), None when none."""
        st = self.state
        if not self.t_n:
            return None
        if self.sequence():
            out = ""
            for k in range(self.t_n):
                out += self.token(self.t_order_sorted(k))
            return ("show " if st.phase == rules.SHOW else "play ") + out
        n = len(st.slots)
        out = self.token(0) if self.t_hand[0] != _NO else ""
        out += "["
        for p in range(n):
            out += self.token(p + 1) if self.t_hand[p + 1] != _NO else "."
        out += "]"
        if self.t_hand[n + 1] != _NO:
            out += self.token(n + 1)
        return "play " + out

    def t_order_sorted(self, k):
        # the first word's cards by position (positions 0..t_n-1 are filled in order)
        return k + 1

    def submit(self, now_ms):
        text = self.text()
        if text is None:
            self.say("NO CARD", now_ms)
            return
        try:
            move = self.state.parse_move(text)
        except ValueError as exc:
            self.say(short_reason(str(exc)), now_ms)
            return
        self.play(move)

    def say(self, text, now_ms):
        v = self.view
        n = min(8, len(text))
        for i in range(n):
            v.msg[i] = ord(text[i])
        v.msg_n = n
        self.msg_until = now_ms + _MSG_MS
        self.app.redraw()

    def hint(self):
        """A long A: the baseline's first listed play (or word shown), laid out to see (none
        with real cards: the board does not know the hands)."""
        st = self.state
        if self.physical:
            return
        for m in st.legal_moves():
            if m.kind in ("play", "show") and m.arg != "none":
                self.lay_text(m.arg)
                return

    def lay_text(self, arg):  # noqa: C901 (one pass over the notation's slots)
        st = self.state
        self.clear_tent()
        left, mid, right = rules.parse_slots(arg) if st.phase == rules.PLAY else (
            None, None, [(("J", c.upper()) if "a" <= c <= "z" else ("L", c)) for c in arg])
        if mid is None:
            toks = [(i, t) for i, t in enumerate(right or ())]
        else:
            toks = []
            if left:
                toks.append((-1, left))
            for i, t in enumerate(mid):
                toks.append((i, t))
            if right:
                toks.append((len(mid), right))
        hand = st.hands[st.current_player]
        taken = []
        for p, (what, ch) in toks:
            if what == ".":
                continue
            want = "*" if what == "J" else ch
            for j in range(len(hand)):
                if j not in taken and st.cards[hand[j]] == want:
                    taken.append(j)
                    i = p + 1
                    self.t_hand[i] = j
                    self.t_ch[i] = ord(ch) if what == "J" else 0
                    self.t_face[i] = 1 if what == "F" else 0
                    self.t_order[self.t_n] = i
                    self.t_n += 1
                    break
        self.view.focus = rv.F_HAND
        self.refresh()

    def play(self, move, bot=False):
        """Apply a move (ValueError if illegal: nothing changes) and refresh; its save, then
        its `move` and `end` events follow its frame (GameMode.settle)."""
        seat = self.apply_move(move, bot)
        if not bot and self.humans() > 1:
            self.seen = seat
        self.after_change()
        self.moved(seat, bot)

    # ---- GameMode hooks -------------------------------------------------------------------
    def refreshed(self):
        self.after_change()

    def end_winner(self):
        w = self.state.winner()
        if not w or len(w) == self.state.players:
            return None
        return self.state.teams()[w[0]]

    # ---- buttons ----------------------------------------------------------------------------
    def on_button(self, button, kind, now_ms):
        if self.over_button(button, kind):
            return
        v = self.view
        if v.msg_n:
            v.msg_n = 0
            self.app.redraw()
            if kind == btn.PRESS:
                return
        if v.focus == rv.F_WAIT:
            return
        if v.focus == rv.F_HIDDEN:
            if button == btn.A and kind == btn.PRESS:
                self.seen = self.state.current_player
                v.focus = rv.F_HAND
                self.last_ms = -1
                self.refresh()
            return
        if v.focus == rv.F_LEFT:
            self.left_button(button, kind)
        elif v.focus == rv.F_HOLDER:
            self.holder_button(button, kind)
        elif v.focus == rv.F_LETTER:
            self.letter_button(button, kind)
        elif v.focus == rv.F_MENU:
            self.menu_button(button, kind, now_ms)
        else:
            self.hand_button(button, kind, now_ms)

    def hand_button(self, button, kind, now_ms):
        v = self.view
        if button in (btn.LEFT, btn.RIGHT):
            if v.hand_n:
                step = 1 if button == btn.RIGHT else v.hand_n - 1
                v.hand_cur = (v.hand_cur + step) % v.hand_n
                self.app.redraw()
            return
        if button == btn.A and kind == btn.LONG:
            self.hint()
            return
        if kind != btn.PRESS:
            return
        if button == btn.A:
            if v.hand_n and not v.used[v.hand_cur]:
                if self.sequence() and self.t_n >= self.most():
                    self.say("FULL", now_ms)
                    return
                self.picked = v.hand_cur
                v.focus = rv.F_HOLDER
                v.slot_cur = -1
                self.refresh_holder()
        elif button == btn.B:
            self.take_back()
        elif button == btn.UP:
            self.submit(now_ms)
        elif button == btn.DOWN:
            v.focus = rv.F_MENU
            v.menu = 0
            self.refresh()

    def holder_button(self, button, kind):
        v = self.view
        if button in (btn.LEFT, btn.RIGHT, btn.UP, btn.DOWN):
            if v.count:
                step = 1 if button in (btn.RIGHT, btn.DOWN) else v.count - 1
                v.slot_cur = (v.slot_cur + step) % v.count
                self.app.redraw()
            return
        if button == btn.A and kind in (btn.PRESS, btn.LONG):
            face = kind == btn.LONG and self.state.flags["beginners"]
            if self.sequence() and self.slot_pos() != self.t_n:
                v.slot_cur = v.count - 1  # the first word: cards follow one another
            self.lay_here(face)
        elif button == btn.B and kind == btn.PRESS:
            self.picked = -1
            v.focus = rv.F_HAND
            self.refresh()

    def letter_button(self, button, kind):
        v = self.view
        i = self.slot_pos() + 1
        if button in (btn.UP, btn.DOWN, btn.LEFT, btn.RIGHT):
            step = 1 if button in (btn.DOWN, btn.RIGHT) else 25
            self.t_ch[i] = 65 + (self.t_ch[i] - 65 + step) % 26
            self.refresh()
            return
        if kind != btn.PRESS:
            return
        if button == btn.A:
            v.focus = rv.F_HAND
            self.next_card()
            self.refresh()
        elif button == btn.B:  # the joker back to the hand
            self.take_back()
            v.focus = rv.F_HAND
            self.refresh()

    def menu_button(self, button, kind, now_ms):
        v = self.view
        if button in (btn.LEFT, btn.RIGHT, btn.UP, btn.DOWN):
            step = 1 if button in (btn.RIGHT, btn.DOWN) else len(rv.MENU) - 1
            v.menu = (v.menu + step) % len(rv.MENU)
            self.app.redraw()
            return
        if kind != btn.PRESS:
            return
        if button == btn.B:
            v.focus = rv.F_HAND
            self.refresh()
            return
        if button != btn.A:
            return
        choice = rv.MENU[v.menu]
        if choice == "HINT" and self.physical:
            choice = "END"
        v.focus = rv.F_HAND
        st = self.state
        if choice == "PLAY":
            self.refresh()
            self.submit(now_ms)
        elif choice == "PASS":
            self.play(rules.Move("show", "none") if st.phase == rules.SHOW else
                      rules.Move("pass"))
        elif choice == "SWAP":
            self.swap(now_ms)
        elif choice == "END":
            self.play(rules.Move("finish"))
        else:
            self.hint()

    def left_button(self, button, kind):
        """Real cards, at the end: up/down one point, left/right ten, A tells them, B 0."""
        v = self.view
        step = {btn.UP: 1, btn.DOWN: -1, btn.RIGHT: 10, btn.LEFT: -10}.get(button, 0)
        if step:
            v.left_n = min(rules.MAX_LEFT, max(0, v.left_n + step))
            self.app.redraw()
            return
        if kind != btn.PRESS:
            return
        if button == btn.A:
            self.play(rules.Move("left", str(v.left_n)))
        elif button == btn.B:
            v.left_n = 0
            self.app.redraw()

    def swap(self, now_ms):
        st = self.state
        v = self.view
        if self.physical:  # a real card exchanged: its cost only
            self.play(rules.Move("exchange"))
            return
        if st.phase != rules.PLAY or not st.pile or not v.hand_n:
            self.say("NO SWAP", now_ms)
            return
        card = st.cards[st.hands[st.current_player][v.hand_cur]]
        self.play(rules.Move("exchange", card))

    # ---- time -------------------------------------------------------------------------------
    def tick(self, now_ms):
        v = self.view
        if self.msg_until >= 0 and now_ms - self.msg_until >= 0:
            self.msg_until = -1
            v.msg_n = 0
            self.app.redraw()
        if self.pending < 0 and self.human_turn() and self.glass_ms and v.focus != rv.F_HIDDEN:
            if self.last_ms >= 0:
                dt = now_ms - self.last_ms
                self.left_ms -= min(max(dt, 0), _TICK_MAX)
            self.last_ms = now_ms
            if self.left_ms <= 0:
                self.play(rules.Move("timeout"))
                return False
            cells = (self.left_ms * rv.SAND_CELLS + self.glass_ms - 1) // self.glass_ms
            if cells != v.glass and v.glass >= 0:
                v.glass = cells
                v.low = self.left_ms < 10000
                self.app.redraw()
        if not self.bot_turn():
            return False
        mv = self.bot_choice(now_ms)
        if mv is not None:
            self.play(mv, bot=True)
        return False

    def draw(self, canvas):
        rv.draw(canvas, self.state, self.view)
