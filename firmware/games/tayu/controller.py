"""The Ta Yü controller: buttons -> moves on the shared engine, bots, undo, save, serial events.

Placing: the tile in hand is a ghost the arrows move, starting on the legal placement nearest
the last cursor; B turns it (to the next direction legal there, if any); A places it where
legal, and on a red ghost says why not (WHY over the board until the next key); a long A
jumps to the next legal placement. Stacks: left/right pick a stack top, A takes it.
Two tiles: left/right pick the tile, A plays it. Bidding (3 players, Kosmos): up/down change the
bid, A bids, B passes. A long B is the app's (firmware/question.py: UNDO? or MENU?).
"""

from firmware import buttons as btn
from firmware.gamemode import GameMode
from firmware.games.tayu import view as td
from firmware.store import MoveTexts
from shared_rules.tayu import rules as tayu


def _inside(lo, hi):
    """How far to shift a span [lo, hi] so that it lies within 0..18."""
    if lo < 0:
        return -lo
    if hi > 18:
        return 18 - hi
    return 0


class TayuMode(GameMode):
    name = "tayu"
    turns = True  # a seat's arrows are turned to its side (firmware/seats.py)
    covers = True  # the board's picture is copied over the whole canvas (view.draw)

    def __init__(self, app, options, seed, moves=()):
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
        # the view's buffers first, on the heap the start has just tidied, and the native
        # loops (the placement search, the ring's squares) now rather than at the first
        # placement's press (an import cost that press 12 ms of a Pico)
        self.view = td.View(app.layout("tayu"), app.canvas)
        tayu.load_native()
        td.load_native()
        state = tayu.new_game(seed=seed, **self.engine_options(options))  # its own checks first
        GameMode.__init__(self, app, options, seed, state.players)
        self.state = state
        self.replay(moves)
        self.options = state.options()
        self.options["doubles"] = list(self.options["doubles"])
        self.board_options(self.options)
        self.after_change(None)

    # ---- helpers ---------------------------------------------------------------------------
    @property
    def moves(self):
        """Notations of the moves so far (built on demand from the engine's history)."""
        return self.state.history

    def after_change(self, prev_cursor, later=False):
        """Refresh the cached view after a move (or at start) and place the ghost; `later`
        (a move): the next player's hand and ghost wait for the move's frame (show_rest)."""
        st = self.state
        v = self.view
        later = later and not st.is_over()  # a finished game shows its end at once
        v.refresh(st, later)
        v.overlay = td.NONE
        v.select = 0 if st.phase in ("choose", "take") else -1
        v.bid_choice = -1
        if st.phase == "bid":
            legal = st.legal_moves()
            v.bid_choice = legal[0].value if legal else 0
        # the ghost is a human's cursor: a bot's turn shows its tile in the hand only (and
        # the placed tile's frame does not wait for the search of a spot nobody will use)
        v.ghost = st.phase == "place" and not (self.app.autobots and
                                                st.current_player in self.bots)
        self.rest_wait = False
        self.ghost_wait = False
        v.hand_later = False
        if st.is_over():
            v.ghost = False
            v.overlay = td.END
            w, text, rgb = td.winner_info(st)
            v.winner_text = text
            v.winner_rgb = rgb
            v.end_ns, v.end_ew = td.end_lines(st)
        if later:
            # the placed tile's frame first (the tile leaves the hand as it lands): the next
            # player's hand and ghost (its search of the legal spots) come in a pass after
            # it, while that frame is still going out
            v.hand_later = True
            self.rest_wait = True
            self.rest_frame = self.app.frames
            self.ghost_wait = v.ghost
            self.ghost_from = prev_cursor
            v.ghost = False
        elif v.ghost:
            v.gslot = 0
            self.ghost_to_nearest(prev_cursor)
        self.bot_reset()
        self.app.redraw()

    def show_rest(self):
        """What waited for a move's frame: the hand, and the ghost on the legal spot nearest
        the cursor."""
        v = self.view
        v.refresh_hand(self.state)
        self.rest_wait = False
        v.hand_later = False
        if self.ghost_wait:
            self.ghost_wait = False
            v.ghost = True
            v.gslot = 0
            self.ghost_to_nearest(self.ghost_from)
        self.app.redraw()

    def ghost_to_nearest(self, prev):
        """Put the ghost on the legal placement nearest the previous cursor."""
        st = self.state
        v = self.view
        r0, c0 = (9, 9) if prev is None else prev
        best = None
        bestd = 0
        for mv in st.legal_moves():
            dist = abs(mv.row - r0) + abs(mv.col - c0)
            if best is None or dist < bestd:
                best = mv
                bestd = dist
        if best is None:
            v.gr, v.gc, v.gd = 9, 8, 1
        else:
            v.gr, v.gc, v.gd = best.row, best.col, best.dir
        self.check_ghost()

    def check_ghost(self):
        v = self.view
        st = self.state
        v.glegal = st.check(st.move_at(v.gr, v.gc, v.gd)) is None

    def turn_ghost(self):
        """B: turn the ghost about its middle square to the next direction that is legal there
        (a quarter turn when none is): one press instead of a turn and a search."""
        v = self.view
        st = self.state
        for k in range(1, 4):
            r, c, d = self.turned(v.gr, v.gc, v.gd, k)
            if st.check(st.move_at(r, c, d)) is None:
                self.move_ghost(0, 0, k)
                return
        self.move_ghost(0, 0, 1)

    def turned(self, r, c, d, dd):
        """(row, col, dir) of the ghost turned dd quarters about its middle square, slid back
        inside the board near an edge."""
        mr = r + tayu.DR[d]
        mc = c + tayu.DC[d]
        d = (d + dd) % 4
        r = mr - tayu.DR[d]
        c = mc - tayu.DC[d]
        r2 = r + 2 * tayu.DR[d]
        c2 = c + 2 * tayu.DC[d]
        return r + _inside(min(r, r2), max(r, r2)), c + _inside(min(c, c2), max(c, c2)), d

    def move_ghost(self, dr, dc, dd):
        """Shift the ghost (never off the board) or turn it dd quarters."""
        v = self.view
        if dd:
            r, c, d = self.turned(v.gr, v.gc, v.gd, dd)
        else:
            r, c, d = v.gr + dr, v.gc + dc, v.gd
            r2 = r + 2 * tayu.DR[d]
            c2 = c + 2 * tayu.DC[d]
            if not (0 <= r < 19 and 0 <= c < 19 and 0 <= r2 < 19 and 0 <= c2 < 19):
                return
        v.gr, v.gc, v.gd = r, c, d
        self.check_ghost()
        self.app.redraw()

    def next_legal(self):
        """Jump the ghost to the next legal placement after the cursor (listing order)."""
        st = self.state
        v = self.view
        legal = st.legal_moves()
        if not legal:
            return
        here = (v.gr * 19 + v.gc) * 4 + v.gd
        pick = legal[0]
        for mv in legal:
            if (mv.row * 19 + mv.col) * 4 + mv.dir > here:
                pick = mv
                break
        v.gr, v.gc, v.gd = pick.row, pick.col, pick.dir
        self.check_ghost()
        self.app.redraw()

    def play(self, move, bot=False):
        """Apply a move (ValueError if illegal: nothing changes), announce it, save."""
        prev = (self.view.gr, self.view.gc)
        seat = self.apply_move(move, bot)
        self.after_change(prev, True)
        self.moved(seat, bot)  # its save and events follow its frame

    # ---- GameMode hooks -------------------------------------------------------------------------
    def player_at(self, seat):
        """Two players are the two sides (North-South, East-West): every seat of a side is its
        player's; otherwise as every game (GameMode.player_at)."""
        q = self.app.quarters
        if self.state.players == 2 and 0 <= seat < len(q):
            return q[seat] & 1
        return GameMode.player_at(self, seat)

    def refreshed(self):
        self.after_change((self.view.gr, self.view.gc))

    def end_winner(self):
        return td.winner_info(self.state)[0]

    def state_fields(self, reply):
        reply["tile"] = self.state.tile

    def saved_moves(self):
        return MoveTexts(self.state.move_text, self.count)  # made as the store needs them

    # ---- mode interface ----------------------------------------------------------------------
    def on_button(self, button, kind, now_ms):
        st = self.state
        if self.over_button(button, kind):  # A or B: the menu; an arrow: the end screen
            return
        if self.bot_turn():
            return
        if self.rest_wait:  # a press before the hand came: it comes now, then the press
            self.show_rest()
        if self.view.overlay == td.WHY:  # any key takes the reason away, and acts
            self.view.overlay = td.NONE
            self.app.redraw()
        ph = st.phase
        if ph == "place":
            self.place_button(button, kind)
        elif ph in ("choose", "take"):
            self.hand_button(button, kind, ph)
        elif ph == "bid":
            self.bid_button(button, kind)

    def place_button(self, button, kind):
        """Placing: the arrows move the ghost, B turns it, a long A jumps to the next legal
        placement, A places it where legal."""
        v = self.view
        if button == btn.UP:
            self.move_ghost(-1, 0, 0)
        elif button == btn.DOWN:
            self.move_ghost(1, 0, 0)
        elif button == btn.LEFT:
            self.move_ghost(0, -1, 0)
        elif button == btn.RIGHT:
            self.move_ghost(0, 1, 0)
        elif button == btn.B and kind == btn.PRESS:
            self.turn_ghost()
        elif button == btn.A and kind == btn.LONG:
            self.next_legal()
        elif button == btn.A and kind == btn.PRESS and v.glegal:
            self.play(self.state.move_at(v.gr, v.gc, v.gd))
        elif button == btn.A and kind == btn.PRESS:  # the red ghost: say why, not nothing
            st = self.state
            v.why = td.why_lines(st.check(st.move_at(v.gr, v.gc, v.gd)))
            v.overlay = td.WHY
            self.app.redraw()

    def hand_button(self, button, kind, ph):
        """Stacks (take) and two tiles (choose): an arrow picks the other, A plays it."""
        st = self.state
        v = self.view
        if button in (btn.LEFT, btn.RIGHT, btn.UP, btn.DOWN):
            v.select = 1 - v.select
            self.app.redraw()
        elif button == btn.A and kind == btn.PRESS:
            if ph == "take":
                for mv in st.legal_moves():
                    if mv.value == v.select:
                        self.play(mv)
                        return
            else:
                hand = st.hand()
                if v.select < len(hand):
                    mv = tayu.parse_move("play:" + hand[v.select])
                    if st.check(mv) is None:
                        self.play(mv)

    def bid_button(self, button, kind):
        """Bidding: the arrows change the bid among the legal ones, A bids, B passes."""
        st = self.state
        v = self.view
        legal = [mv.value for mv in st.legal_moves() if mv.type == tayu.M_BID]
        can_pass = st.bid is not None
        if button in (btn.UP, btn.RIGHT, btn.DOWN, btn.LEFT) and legal:
            up = button in (btn.UP, btn.RIGHT)
            cur = v.bid_choice if v.bid_choice in legal else legal[0]
            i = legal.index(cur)
            i = i - 1 if up else i + 1  # legal bids are listed high to low
            v.bid_choice = legal[max(0, min(len(legal) - 1, i))]
            self.app.redraw()
        elif button == btn.A and kind == btn.PRESS and v.bid_choice > 0:
            self.play(tayu.Move(tayu.M_BID, value=v.bid_choice))
        elif button == btn.B and kind == btn.PRESS and can_pass:
            self.play(tayu.Move(tayu.M_PASS))

    def tick(self, now_ms):
        if self.rest_wait:
            if self.app.frames == self.rest_frame:
                return False  # the move's frame first: the bot's pause starts after it
            self.show_rest()
        if not self.bot_turn():
            return False
        mv = self.bot_choice(now_ms)
        if mv is not None:
            self.play(mv, bot=True)
        return False

    def draw(self, canvas):
        td.draw(canvas, self.state, self.view)

