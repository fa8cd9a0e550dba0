"""The Wuxing duel controller: buttons -> moves on the shared engine (shared_rules/wuxing.py),
bots, undo, save, serial events (docs/wuxing.md, "On the board").

Théâtre: the arrows move a cursor over the islands; A on one of your pawns picks it (its legal
destinations show, framed in the colour of the token paid), A on a destination moves it there,
B puts the pawn back (with none picked, B shows the tokens as numbers until the next key); a
long A jumps to the next legal move; the last move stays drawn until the next (from a dotted
pink ring, to a solid one, red dashes in it for a pawn taken). With no move left the token to
give is picked with the arrows and given with A; in the turning phase A turns the island under
the cursor. Chemin: the arrows pick a card of the hand (the one you may not play is dimmed and
skipped by the cursor), A plays it. A bot chooses first (its card stays hidden); two humans
choose one after the other, the panel hiding the first choice. Once both have chosen, both
cards and the duel's result show for a moment, then the round is played as one move
(`duel wood:fire`). A long B is the app's (firmware/question.py: UNDO? or MENU?).
"""

# pyright: reportAttributeAccessIssue=false
# (the engine's State fields, set by its builders: the type checker cannot see them)

import sys

from micropython import const

from firmware import buttons as btn
from firmware.gamemode import GameMode
from firmware.games.wuxing import view as wv
from firmware.games.wuxing.layout import layout_for
from firmware.store import MoveTexts
from shared_rules import registry
from shared_rules.wuxing import rules as wuxing

_NONE = const(255)
# each mode's bot code, let go while the other mode is played
_BOTS = {"theatre": ("shared_rules.wuxing.bot_theatre", "shared_rules.wuxing.fasttheatre"),
         "chemin": ("shared_rules.wuxing.bot_chemin",)}


def wuxing_options(mode, options):
    """The engine's options from the board's: all but the board's own (`bots`, `level`,
    `age`: the declaration's "board" options) and `players`; `age` 8 sets no_discard, 6 also
    plain_faces (the seed's levels, docs/wuxing.md)."""
    opts = mode.engine_options(options, ("players",))
    age = options.get("age", 10)
    if age <= 8:
        opts["no_discard"] = True
    if age <= 6:
        opts["plain_faces"] = True
    return opts


def st_over(mode):
    return mode.state.is_over()


class WuxingMode(GameMode):
    name = "wuxing"
    turns = True  # a seat's arrows are turned to its side (firmware/seats.py)

    def __init__(self, app, options, seed, moves=()):
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
        GameMode.__init__(self, app, options, seed, 2)  # shared checks: the bots' seats
        state = wuxing.new_game(seed=seed, **wuxing_options(self, options))
        self.state = state
        # a game plays one mode: a Chemin game started after a Théâtre one without the menu
        # between (a host's `new`) kept the Théâtre's search on the heap, some 23 KB (on a
        # computer the modules stay, as firmware/games' unload_others leaves them)
        if sys.implementation.name == "micropython":
            for mode, bots in _BOTS.items():
                if mode != state.mode:
                    for name in bots:
                        registry.forget(name)
        self.view = wv.View(layout_for(app.profile))
        self.view.theatre = state.mode == "theatre"
        self.legal = []  # the legal moves of the position (Théâtre), listed once per move
        self.reveal_due = -1  # Chemin: when the revealed round is played
        self.duel = None
        self.replay(moves, False)  # a resumed game's bot moves: apply_move knows them
        self.options = state.options()
        self.board_options(self.options)
        self.after_change()

    # ---- helpers ---------------------------------------------------------------------------
    def humans_act(self):
        st = self.state
        if st.is_over():
            return False
        if st.simultaneous():
            return self.view.chooser >= 0
        return not (self.app.autobots and st.current_player in self.bots)

    def after_change(self):
        """Refresh the view after a move (or at start, or an undo): who acts, the cursor."""
        st = self.state
        v = self.view
        v.fresh = False
        v.overlay = wv.NONE
        v.sel = -1
        v.reveal = False
        self.duel = None
        self.reveal_due = -1
        self.bot_reset()
        if st.is_over():
            v.human = False
            v.chooser = -1
            v.overlay = wv.END
            w, v.winner_text, v.winner_rgb = wv.winner_info(st)
        elif v.theatre:
            self.legal = st.legal_moves()
            self.theatre_view()
        else:
            self.next_chooser()  # the bots choose at the next tick (bots_choose)
        self.app.redraw()

    def bots_due(self):
        """Chemin: a bot seat has still to choose its card."""
        st = self.state
        if not st.simultaneous() or self.duel is not None or not self.app.autobots:
            return False
        for seat in self.bots:
            if not st.chosen(seat):
                return True
        return False

    def bots_choose(self):
        """Chemin: each bot seat chooses (before any human's choice is read: RULINGS). Not
        done within the pass of a move: a choice changes the seat awaited, so the move's
        digest, taken once its frame is out, would not be the position's."""
        st = self.state
        for seat in self.bots:
            if not st.chosen(seat):
                m = st.choose(seat, self.bot_pick(seat))
                if m is not None:
                    self.start_reveal(m)
                    return
        self.next_chooser()
        self.app.redraw()

    def theatre_view(self):
        st = self.state
        v = self.view
        v.human = self.humans_act()
        v.turning = st.phase == wuxing.TURN
        v.give = False
        for i in range(25):
            v.dest[i] = 0
            v.turnable[i] = 0
        v.give_ok[0] = v.give_ok[1] = 0
        for m in self.legal:
            if m.kind == wuxing.M_GIVE:
                v.give = True
                v.give_ok[m.a] = 1
            elif m.kind == wuxing.M_TURN:
                v.turnable[m.a] = 1
        if v.give:
            v.give_sel = 0 if v.give_ok[0] else 1
        elif not v.turning and self.legal:
            here = v.cur
            if not self.movable(here):
                v.cur = self.legal[0].a
                best = 99
                for m in self.legal:  # the movable pawn nearest the cursor
                    d = abs(m.a // 5 - here // 5) + abs(m.a % 5 - here % 5)
                    if d < best:
                        best = d
                        v.cur = m.a

    def movable(self, sq):
        for m in self.legal:
            if m.kind == wuxing.M_MOVE and m.a == sq:
                return True
        return False

    def pick(self, sq):
        """Pick the pawn on sq: its destinations light up."""
        v = self.view
        v.sel = sq
        for i in range(25):
            v.dest[i] = 0
        for m in self.legal:
            if m.kind == wuxing.M_MOVE and m.a == sq:
                v.dest[m.b] = 1 + m.c

    def next_chooser(self):
        """Chemin: the human seat to choose now (-1 when none: bots, or no human at the
        board), its hand and cursor."""
        st = self.state
        v = self.view
        v.chooser = -1
        for seat in range(2):
            v.chosen[seat] = 1 if st.chosen(seat) else 0
        if self.app.quarters:  # seats of their own: both choose at once, unseen (seat_choose)
            v.human = False
            v.fresh = False
            return
        for seat in range(2):
            if not st.chosen(seat) and not (self.app.autobots and seat in self.bots):
                v.chooser = seat
                break
        v.human = v.chooser >= 0
        if v.chooser >= 0:
            allowed = st.allowed_cards(v.chooser)
            for e in range(5):
                v.allowed[e] = 1 if e in allowed else 0
            v.hand = allowed[0]
        v.fresh = False

    def start_reveal(self, m):
        """Both have chosen: show both cards and the result, play the round a moment later."""
        v = self.view
        st = self.state
        self.duel = m
        v.reveal = True
        v.human = False
        v.chooser = -1
        v.cards[0] = m.a
        v.cards[1] = m.b
        v.rcol = -1 if m.a == m.b else wuxing.link(m.a, m.b)
        if v.rcol is None:
            v.rcol = wuxing.link(m.b, m.a)
        after = st.clone()  # the round played on a copy: who moves forward
        after.apply(m)
        v.rwin = -1
        if after.pos[0] != _NONE and after.pos[0] > st.pos[0]:
            v.rwin = 0
        elif after.pos[1] != _NONE and after.pos[1] < st.pos[1]:
            v.rwin = 1
        v.fresh = False
        self.reveal_due = -1
        self.app.redraw()

    def play(self, move, bot=False):
        """Apply a move (ValueError if illegal: nothing changes) and refresh; its save, then
        its `move` and `end` events follow its frame (GameMode.settle). A Chemin round is one
        joint move, written as Yang's (GameMode.apply_move). A Théâtre move stays marked on the
        board until the next (the view's last_a/last_b: from, to, a pawn taken)."""
        st = self.state
        kind = move.kind
        a = b = wv.NO_SQ
        cap = False
        if kind == wuxing.M_MOVE:
            a, b, cap = move.a, move.b, st.pawn[move.b] != 0
        elif kind == wuxing.M_TURN:
            b = move.a
        seat = self.apply_move(move, bot)
        v = self.view
        v.last_a, v.last_b, v.last_cap = a, b, cap
        self.after_change()
        self.moved(seat, bot)

    def next_legal(self):
        """Long A: the next legal move after the one the cursor shows."""
        v = self.view
        st = self.state
        legal = self.legal
        if not legal or v.give:
            return
        if st.phase == wuxing.TURN:
            pick = legal[0].a
            for m in legal:
                if m.a > v.cur:
                    pick = m.a
                    break
            v.cur = pick
        else:
            here = (v.sel * 25 + v.cur) if v.sel >= 0 else -1
            pick = legal[0]
            found = False
            for m in legal:
                if found:
                    pick = m
                    break
                if m.a * 25 + m.b == here:
                    found = True
            self.pick(pick.a)
            v.cur = pick.b
        self.app.redraw()

    # ---- GameMode hooks -------------------------------------------------------------------------
    def refreshed(self):
        v = self.view  # an undo or a resume: no last move to show
        v.last_a = v.last_b = wv.NO_SQ
        v.last_cap = False
        self.after_change()

    def end_winner(self):
        return wv.winner_info(self.state)[0]

    def saved_moves(self):
        return MoveTexts(self.state.move_text, self.count)

    def busy(self):
        return self.duel is not None or self.bots_due() or self.bot_turn()

    # ---- mode interface ----------------------------------------------------------------------
    def on_button(self, button, kind, now_ms):
        if self.over_button(button, kind):  # A or B: the menu; an arrow: the end screen
            return
        v = self.view
        if v.counts:  # any key hides the token counts
            v.counts = False
            self.app.redraw()
            return
        if not v.theatre and self.presser >= 0 and self.duel is None and not st_over(self):
            self.seat_choose(self.presser, self.app.raw, kind)
            return
        if not v.human:
            return
        if v.theatre:
            self.theatre_button(button, kind)
        else:
            self.chemin_button(button, kind)

    def theatre_arrow(self, button):
        """Théâtre: an arrow picks the other token to give, or moves the cursor (within the
        5 x 5 square)."""
        v = self.view
        if v.give:
            v.give_sel = 1 - v.give_sel
        else:
            r = v.cur // 5
            c = v.cur % 5
            if button == btn.UP:
                r = max(0, r - 1)
            elif button == btn.DOWN:
                r = min(4, r + 1)
            elif button == btn.LEFT:
                c = max(0, c - 1)
            else:
                c = min(4, c + 1)
            v.cur = r * 5 + c
        self.app.redraw()

    def theatre_button(self, button, kind):
        v = self.view
        if button < btn.A:
            self.theatre_arrow(button)
            return
        if button == btn.A and kind == btn.LONG:
            self.next_legal()
            return
        if kind != btn.PRESS:
            return
        if button == btn.B:
            if v.sel >= 0:
                v.cur = v.sel
                v.sel = -1
            else:  # nothing to put back: the tokens as numbers
                v.counts = True
            self.app.redraw()
            return
        # A
        if v.give:
            if v.give_ok[v.give_sel]:
                self.play(wuxing.Move(wuxing.M_GIVE, v.give_sel))
        elif v.turning:
            if v.turnable[v.cur]:
                self.play(wuxing.Move(wuxing.M_TURN, v.cur))
        elif v.sel >= 0 and v.dest[v.cur]:
            self.play(wuxing.Move(wuxing.M_MOVE, v.sel, v.cur, v.dest[v.cur] - 1))
        elif self.movable(v.cur):
            self.pick(v.cur)
            self.app.redraw()

    def chemin_button(self, button, kind):
        v = self.view
        if button in (btn.UP, btn.LEFT, btn.DOWN, btn.RIGHT):
            # the cursor steps over the card that may not be played: it never rests there
            step = 4 if button in (btn.UP, btn.LEFT) else 1
            for _ in range(5):
                v.hand = (v.hand + step) % 5
                if v.allowed[v.hand]:
                    break
            self.app.redraw()
        elif button == btn.B and kind == btn.PRESS:
            v.counts = True  # the tokens as numbers
            self.app.redraw()
        elif button == btn.A and kind == btn.PRESS and v.allowed[v.hand]:
            if self.bots_due():
                self.bots_choose()  # the bot's card is fixed first
                if self.duel is not None:
                    return
            m = self.state.choose(v.chooser, v.hand)
            if m is not None:
                self.start_reveal(m)
            else:
                self.next_chooser()  # the next human: the panel hides the first choice
                self.app.redraw()

    def seat_choose(self, player, button, kind):
        """Chemin on a board with seats: the player's own buttons are the five elements (up
        wood, down fire, left earth, right metal, A water: as pressed, never turned), no
        cursor; the panel shows only that the seat has chosen. B takes the card back until
        the other has chosen; choosing again changes it."""
        st = self.state
        if kind != btn.PRESS or (self.app.autobots and player in self.bots):
            return
        if button == btn.B:
            if st.chosen(player):
                st.unchoose(player)
        elif button < 5 and button in st.allowed_cards(player):
            if self.bots_due():
                self.bots_choose()  # the bot's card is fixed first
                if self.duel is not None:
                    return
            m = st.choose(player, button)
            if m is not None:
                self.start_reveal(m)
                return
        else:
            return
        self.next_chooser()
        self.app.redraw()

    def tick(self, now_ms):
        if self.pending < 0 and self.bots_due():
            self.bots_choose()
        if self.duel is not None:
            if self.reveal_due < 0:
                self.reveal_due = now_ms + 2 * self.app.bot_delay_ms
            elif now_ms - self.reveal_due >= 0:
                m = self.duel
                self.duel = None
                self.play(m, self.all_bots())
            return False
        if not self.bot_turn():
            return False
        mv = self.bot_choice(now_ms)
        if mv is not None:
            self.play(mv, bot=True)
        return False

    def draw(self, canvas):
        wv.draw(canvas, self.state, self.view)
