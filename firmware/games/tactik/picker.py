"""The Tac-Tik input flow (mixed into controller.TactikMode): choosing the card, its use,
the Permuter's two pawns and the 7x1 steps with the six buttons, and marking them on the Scene.
Kept apart so each module compiles within a Pico-sized heap."""

# pyright: reportAttributeAccessIssue=false
# (a mixin: TactikMode's fields (state, scene, layout...): the type checker cannot see them)

from micropython import const

from firmware import buttons as btn
from firmware.games.tactik.moves import (
    move_dest,
    move_source,
    split_positions,
    split_step,
    swap_pawns,
)
from firmware.games.tactik.view import MOVABLE, SELECTED, SHOW_MS, TARGET
from shared_rules.tactik.rules import CARDS

# Levels of the human input flow.
PICK = const(0)  # choose the card; left/right cycle its uses (pawns for Permuter / 7x1)
_SWAP2 = const(1)  # Permuter: choose the other pawn
SPLIT = const(2)  # 7x1: steps being placed
_OVER = const(3)  # game over: celebration; A or B back to the menu


class Picker:
    """Selection state and button handling; TactikMode supplies state, layout, scene, play()."""

    # ---- engine glue ------------------------------------------------------------------------
    def _human_turn(self):
        return (not self.state.is_over()) and self.state.current_player not in self.bots

    def _cards_to_pick(self):
        """The card choices on this turn: the hand (virtual deck) or every card kind."""
        if self.physical:
            return CARDS
        return self.state.hand(self.state.current_player)

    def _reset_choice(self):
        """The choice starts again at its card; the old position's moves go (while the bots
        play they would hold heap: a card's moves and their records, on a Pico some 300
        bytes to 2 KB)."""
        self.hand_key = -1  # the hand's uses: worked out again (scene.hand_ok)
        self.level = PICK
        self.choice_i = 0
        self.target_i = 0
        self.steps = []
        self.split_pos = None
        self.uses = self.choices = self.targets = self.step_opts = ()
        self.discard = None

    # ---- the picture ----------------------------------------------------------------------
    def _refresh(self, choices=True):
        """Recompute the choices and the scene after any change of state or of selection.
        Marked stale until done: a pass that ran out of heap half-way leaves no stale choices
        behind for the next press (see on_button). `choices` False: the scene alone, a
        person's cards and choices left stale and due in a pass of their own
        (TactikMode.tick, once): on a Pico they cost up to 130 ms, too much beside the move
        before them."""
        self.stale = True
        self.choices_due = False
        self.stale = self.choices_due = bool(self._refresh_now(choices))

    def _refresh_now(self, choices):
        """The scene made anew; True when a person's choices were left for later."""
        sc = self.scene
        st = self.state
        if self.split_pos is not None:
            sc.set_positions(self.split_pos)
        else:
            sc.show_state(st)
        sc.clear_marks()
        sc.clear_sprites()
        sc.steps = -1
        sc.hand = ()
        sc.hand_sel = -1
        sc.busy = False
        if st.is_over():
            self.level = _OVER
            sc.winners = tuple([self.colours.index(c) for seat in st.winner()
                                for c in st.seat_colours(seat)])
            sc.mover = -1
            sc.set_card("")
            return
        sc.winners = ()
        seat = st.current_player
        sc.mover = self.colours.index(st.seat_colours(seat)[0])
        sc.turn = [self.colours.index(c) for c in st.seat_colours(seat)]
        sc.give_to = -1
        if st.phase == "exchange":  # the card goes to the partner (individual: the next seat)
            n = st.players
            to = (seat + (1 if st.individual else n // 2)) % n
            sc.give_to = self.colours.index(st.seat_colours(to)[0])
        if not self._human_turn():
            sc.busy = True
            sc.set_card("")
            return
        if not choices:  # (the person's turn shows its cards a pass later)
            sc.set_card("")
            return True
        cards = self._cards_to_pick()
        if not cards:
            sc.set_card("")
            return
        if self.card_i >= len(cards):
            self.card_i = 0
        if not self.physical:
            self._hand_uses(cards)  # (a turn starts on a card that can be played)
        card = cards[self.card_i]
        if not self.physical:
            sc.hand = cards
            sc.hand_sel = self.card_i
        if st.phase == "exchange":
            sc.set_card(card)
            return
        if self.level == PICK:
            self._pick_uses(card)
        sc.set_card(card, bad=not self.uses)
        self._mark_card(card)

    def _mark_card(self, card):
        """The marks of the card chosen: a 7x1's steps, a Permuter's pawns, or the pawns its
        uses move, the chosen use's pawn and destination."""
        sc = self.scene
        if card == "7" and self.uses:  # steps left, the pawns that can take the next step
            sc.steps = 7 - len(self.steps)
            pos = self.split_pos if self.split_pos is not None else self.state.positions()
            opts = self.step_opts if self.level == SPLIT else self.choices
            i_sel = self.choice_i if self.level == PICK else self.target_i
            track_len = self.layout.track_len
            for i in range(len(opts)):
                colour, a, b = split_step(pos, opts[i], track_len)
                if i == i_sel:  # and where the chosen one lands
                    self._mark_pawn((colour, a), SELECTED)
                    sc.mark(self._pixel(colour, b), TARGET)
                else:
                    self._mark_pawn((colour, a), MOVABLE)
        elif self.level == _SWAP2:  # the pawn picked, the pawns it may swap with
            self._mark_pawn(self.choices[self.choice_i], SELECTED)
            for i in range(len(self.targets)):
                t = self.targets[i][0]
                if i == self.target_i:
                    sc.mark(self._pixel(t[0], t[1]), TARGET)
                else:
                    self._mark_pawn(t, MOVABLE)
        elif card == "P":
            for i in range(len(self.choices)):
                self._mark_pawn(self.choices[i], SELECTED if i == self.choice_i else MOVABLE)
        elif self.uses:
            for i in range(len(self.uses)):
                if i != self.choice_i:
                    self._mark_pawn(move_source(self.uses[i]), MOVABLE)
            m = self.uses[self.choice_i]
            self._mark_pawn(move_source(m), SELECTED)
            dest = move_dest(m)
            sc.mark(self._pixel(dest[0], dest[1]), TARGET)

    def _hand_uses(self, cards):
        """Which cards of the hand have a use (scene.hand_ok, 1 each), worked out once a
        position (the whole hand shows at once, the playable ones apart); in the exchange
        every card may be given."""
        st = self.state
        key = st.history_len() * 8 + st.current_player
        if key == self.hand_key:
            return
        ok = self.scene.hand_ok
        give = st.phase == "exchange"
        n = min(len(cards), len(ok))
        for i in range(n):
            c = cards[i]
            if give:
                ok[i] = 1
            elif c == "7":
                ok[i] = 1 if st.split_next_steps([]) else 0
            elif c == "P":
                ok[i] = 1 if self._swap_sources() else 0
            else:  # (the search stops at the card's first use)
                ok[i] = 1 if st.each_move(c) else 0
        self.hand_key = key
        new = key != self.start_key or st is not self.start_state
        if new and self.card_i < n and not ok[self.card_i]:
            # a new position: the choice starts on a card that can be played (A on one that
            # cannot would only say PLAY OTHER); the arrows still reach every card, and a card
            # chosen stays chosen when the uses are worked out again
            for i in range(n):
                if ok[i]:
                    self.card_i = i
                    self.choice_i = 0
                    break
        self.start_key = key
        self.start_state = st

    def _pick_uses(self, card):
        """Legal uses of `card` now, its discard if that is all it allows, and the choices:
        the uses; for a Permuter the pawns to pick first, for a 7x1 its first single steps
        (`uses` then holds one of them: neither card keeps a list of its many moves)."""
        st = self.state
        moves = None
        if card == "7":
            choices = st.split_next_steps([])  # far lighter than listing every outcome
            uses = choices[:1]
        elif card == "P":
            choices = uses = self._swap_sources()
        else:
            moves = st.card_moves(card)
            choices = uses = [m for m in moves if m.kind not in ("give", "discard")]
        discard = None
        if not uses:  # (for a 7 or a Permuter then cheap: a discard, if the hand allows it)
            for m in moves if moves is not None else st.card_moves(card):
                if m.kind == "discard":
                    discard = m
        self.uses = uses
        self.discard = discard
        self.choices = choices
        if self.choice_i >= len(self.choices):
            self.choice_i = 0

    def _swap_sources(self):
        """The pawns a Permuter may pick first: one's own (either of two own pawns swapped)."""
        mine = self.state.playing_colours()
        pos = self.state.positions()
        out = []

        def fn(text):  # (a name the board has interned already)
            a, b = swap_pawns(text, pos)
            if a not in out:
                out.append(a)
            if b[0] in mine and b not in out:
                out.append(b)

        self.state.each_move("P", fn)
        return out

    def _swap_targets(self, src):
        """[(other pawn, move text)] for the Permuter uses of the picked pawn src."""
        mine = self.state.playing_colours()
        pos = self.state.positions()
        out = []

        def fn(text):
            a, b = swap_pawns(text, pos)
            if a == src:
                out.append((b, text))
            elif b == src and b[0] in mine:
                out.append((a, text))

        self.state.each_move("P", fn)
        return out

    def _split_opts(self):
        if len(self.steps) >= 7:
            return []
        if not self.steps:
            return self.choices
        return self.state.split_next_steps(self.steps)

    def _pixel(self, colour, loc):
        if loc == "N":
            return self.layout.nests[colour][0]
        return self.layout.where(colour, loc)

    def _mark_pawn(self, pawn, style):
        colour, loc = pawn[0], pawn[1]
        c = self.colours.index(colour)
        if loc == "N":
            # The pawn that would leave the nest: the last lit nest slot.
            n = 0
            for p in self.state.positions()[colour]:
                if p == "N":
                    n += 1
            p = self.layout.nests[colour][max(0, n - 1)]
        else:
            p = self.layout.where(colour, loc)
        self.scene.mark(p, style, c)

    # ---- input ----------------------------------------------------------------------------
    def _cycle(self, step):
        """LEFT/RIGHT: the next target of a Permuter, step of a 7x1 or use of the card."""
        if self.level == _SWAP2:
            self.target_i = (self.target_i + step) % len(self.targets)
        elif self.level == SPLIT:
            if self.step_opts:
                self.target_i = (self.target_i + step) % len(self.step_opts)
        elif self.choices and self.state.phase == "play":
            self.choice_i = (self.choice_i + step) % len(self.choices)

    def _catch_up(self, button):
        """Before a press acts: the animation ended, and the choices made anew where a pass
        ran out of heap before it made them. True when the press only shows the turn's cards:
        an A before they showed (tick shows them after the move before), so that no move is
        made on a choice never seen; the next A plays."""
        unseen = button == btn.A and self.choices_due
        if self.frames:
            self._finish_animation()
        if self.stale:  # (after an unseen turn's move the choice is already reset)
            self._reset_choice()
            self._refresh()
        if unseen:
            self.app.redraw()
        return unseen

    def on_button(self, button, kind, now_ms):
        self.now = now_ms
        if self._catch_up(button):
            return
        if self.level == _OVER:
            if button in (btn.A, btn.B) and kind == btn.PRESS:
                self.app.to_menu()
            return
        if not self._human_turn():
            return
        cards = self._cards_to_pick()
        if not cards:
            return
        sc = self.scene
        if sc.nplayed:  # the player to move starts a move: the card played before goes, once
            if now_ms - self.played_at >= SHOW_MS:  # it has shown SHOW_MS (the press acts
                sc.nplayed = 0  # at once either way: the board's marks follow it)
                sc.give_at = now_ms
            else:
                self.played_end = True
        if button == btn.UP or button == btn.DOWN:
            if self.level != PICK:
                return
            self.card_i = (self.card_i + (1 if button == btn.DOWN else -1)) % len(cards)
            self.choice_i = 0
            sc.give_at = now_ms  # an exchange shows the card chosen first
        elif button == btn.LEFT or button == btn.RIGHT:
            self._cycle(1 if button == btn.RIGHT else -1)
        elif button == btn.A and kind == btn.PRESS:
            n = self.count
            self._confirm(cards[self.card_i])
            if self.count != n:  # a move: play() made its scene and animation (kept as is)
                return
        elif button == btn.B and kind == btn.PRESS:
            self._back()
        else:
            return
        self._refresh()
        self.app.redraw()

    def _confirm(self, card):
        st = self.state
        if st.phase == "exchange":
            self.play(st.parse_move("give " + card))
            return
        if self.level == _SWAP2:
            self.play(st.parse_move(self.targets[self.target_i][1]))
            return
        if self.level == SPLIT:
            if self.step_opts:
                self._add_step(self.step_opts[self.target_i])
            return
        if not self.uses:
            if self.discard is not None:
                self.play(self.discard)
            else:
                self.app.message("PLAY OTHER", 0xFF2000, 1200)
            return
        if card == "P":
            src = self.choices[self.choice_i]
            self.targets = self._swap_targets(src)
            self.target_i = 0
            self.level = _SWAP2
            return
        if card == "7":
            self.level = SPLIT
            self._add_step(self.choices[self.choice_i])
            return
        self.play(self.uses[self.choice_i])

    def _add_step(self, text):
        """A 7x1 step; the seventh plays the card at once (no hidden extra press: B before
        it takes a step back, the long-B UNDO? after it)."""
        self.steps.append(text)
        if len(self.steps) == 7:
            self.play(self.state.split_move(self.steps))
            return
        self._split_update()

    def _split_update(self):
        st = self.state
        self.split_pos = split_positions(st.positions(), self.steps, self.layout.track_len)
        self.step_opts = self._split_opts()
        self.target_i = 0

    def _back(self):
        if self.level == _SWAP2:
            self.level = PICK
        elif self.level == SPLIT:
            self.steps.pop()
            if not self.steps:
                self._reset_choice()
            else:
                self._split_update()
