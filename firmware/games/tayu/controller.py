"""The Ta Yü controller: buttons -> moves on the shared engine, bots, undo, save, serial events.

Placing: the tile in hand is a ghost the arrows move; B turns it; A places it (only where legal);
a long A jumps to the next legal placement. Stacks: left/right pick a stack top, A takes it.
Two tiles: left/right pick the tile, A plays it. Bidding (3 players, Kosmos): up/down change the
bid, A bids, B passes. A long B asks to undo the last move (A confirms) when a human made it.
"""

import gc

from firmware.io import buttons as btn
from firmware.games.tayu import view as td
from shared_rules import tayu

_NOT_ENGINE = ("bots",)


def engine_options(options):
    """Split board options into the engine's keyword arguments (players, edition, flags)."""
    opts = {}
    for k in options:
        if k not in _NOT_ENGINE:
            opts[k] = options[k]
    return opts


def _inside(lo, hi):
    """How far to shift a span [lo, hi] so that it lies within 0..18."""
    if lo < 0:
        return -lo
    if hi > 18:
        return 18 - hi
    return 0


class TayuMode:
    name = "tayu"

    def __init__(self, app, options, seed, moves=()):
        self.app = app
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
        bots = options.get("bots", [])
        if not isinstance(bots, list):
            raise ValueError("bots must be a list of seats")
        state = tayu.new_game(seed=seed, **engine_options(options))
        for s in bots:
            if not isinstance(s, int) or not 0 <= s < state.players:
                raise ValueError("bad bot seat: " + str(s))
        self.seed = seed
        self.bots = list(bots)
        # who made each move (1 = the bot): preallocated, so a long game adds nothing to the heap;
        # the moves themselves live in the engine's compact history
        self.by_bot = bytearray(2 * (3 * state.total_tiles + state.flags["max_bid"] + 16))
        self.count = 0
        for text in moves:
            seat = state.current_player
            state.apply(state.parse_move(text))
            self.mark(seat in self.bots)
        self.state = state
        self.options = state.options()
        self.options["doubles"] = list(self.options["doubles"])
        self.options["bots"] = list(self.bots)
        self.view = td.View(app.layout("tayu"))
        self.bot_due = -1
        self.show_board = False  # end of game: arrows flip between the scores and the board
        self.after_change(None)

    # ---- helpers ---------------------------------------------------------------------------
    @property
    def moves(self):
        """Notations of the moves so far (built on demand from the engine's history)."""
        return self.state.history

    def digest(self):
        """The engine's state digest; None (sent as null, with an error line) if the heap has
        no room for it right now: the move stands and the board goes on."""
        try:
            return self.state.digest()
        except MemoryError:
            gc.collect()
            self.app.emit("error", {"code": "memory", "msg": "no room for the state digest"})
            return None

    def mark(self, bot):
        if self.count < len(self.by_bot):
            self.by_bot[self.count] = 1 if bot else 0
        self.count += 1

    def is_bot_turn(self):
        st = self.state
        return not st.is_over() and st.current_player in self.bots

    def busy(self):
        return self.app.autobots and self.is_bot_turn()

    def can_undo(self):
        n = self.count
        return 0 < n <= len(self.by_bot) and not self.by_bot[n - 1]

    def after_change(self, prev_cursor):
        """Refresh the cached view after a move (or at start) and place the ghost."""
        st = self.state
        v = self.view
        v.refresh(st)
        v.overlay = td.NONE
        v.select = 0 if st.phase in ("choose", "take") else -1
        v.bid_choice = -1
        if st.phase == "bid":
            legal = st.legal_moves()
            v.bid_choice = legal[0].value if legal else 0
        v.ghost = st.phase == "place"
        if v.ghost:
            v.gslot = 0
            self.ghost_to_nearest(prev_cursor)
        if st.is_over():
            v.ghost = False
            v.overlay = td.END
            w, text, rgb = td.winner_info(st)
            v.winner_text = text
            v.winner_rgb = rgb
        self.bot_due = -1
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

    def move_ghost(self, dr, dc, dd):
        """Shift/turn the ghost, keeping all three squares on the board."""
        v = self.view
        r, c, d = v.gr, v.gc, v.gd
        if dd:
            # turn about the middle square
            mr = r + tayu.DR[d]
            mc = c + tayu.DC[d]
            d = (d + dd) % 4
            r = mr - tayu.DR[d]
            c = mc - tayu.DC[d]
        r += dr
        c += dc
        r2 = r + 2 * tayu.DR[d]
        c2 = c + 2 * tayu.DC[d]
        if not (0 <= r < 19 and 0 <= c < 19 and 0 <= r2 < 19 and 0 <= c2 < 19):
            if not dd:
                return  # a shift never leaves the board
            r += _inside(min(r, r2), max(r, r2))  # a turn near the edge slides back inside
            c += _inside(min(c, c2), max(c, c2))
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
        st = self.state
        seat = st.current_player
        prev = (self.view.gr, self.view.gc)
        st.apply(move)
        text = str(move)
        self.mark(bot)
        app = self.app
        app.emit("move", {"game": "tayu", "n": self.count, "player": seat, "move": text,
                          "digest": self.digest(), "bot": bool(bot)})
        self.after_change(prev)
        if st.is_over():
            self.announce_end()
            app.clear_save()
        else:
            app.save()

    def announce_end(self):
        st = self.state
        w, text, rgb = td.winner_info(st)
        self.app.emit("end", {"game": "tayu", "scores": list(st.scores()), "winner": w,
                              "n": self.count})

    def undo(self):
        """Take back the last move: rebuild the state from the seed and the other moves."""
        if not self.count:
            raise ValueError("nothing to undo")
        taken = self.state.last_move()
        # the engine replays its compact record (no list of move texts is built); a
        # MemoryError here leaves the game as it was: the app reports it and goes on
        st = self.state.rewind(self.count - 1)
        self.state = st
        self.count -= 1
        self.app.emit("undo", {"game": "tayu", "n": self.count, "move": taken,
                               "digest": self.digest()})
        self.after_change((self.view.gr, self.view.gc))
        self.app.save()

    # ---- mode interface ----------------------------------------------------------------------
    def on_button(self, button, kind, now_ms):
        st = self.state
        v = self.view
        app = self.app
        if v.overlay == td.UNDO:
            if button == btn.A and kind == btn.PRESS:
                self.undo()
            elif button == btn.B and kind == btn.PRESS:
                v.overlay = td.NONE
                self.bot_due = -1
                app.redraw()
            return
        if st.is_over():
            if button in (btn.A, btn.B) and kind == btn.PRESS:
                app.to_menu()
            elif button < btn.A and kind == btn.PRESS:
                v.overlay = td.NONE if v.overlay == td.END else td.END
                app.redraw()
            return
        if button == btn.B and kind == btn.LONG:
            if self.can_undo():
                v.overlay = td.UNDO
                app.redraw()
            return
        if self.is_bot_turn() and app.autobots:
            return
        ph = st.phase
        if ph == "place":
            if button == btn.UP:
                self.move_ghost(-1, 0, 0)
            elif button == btn.DOWN:
                self.move_ghost(1, 0, 0)
            elif button == btn.LEFT:
                self.move_ghost(0, -1, 0)
            elif button == btn.RIGHT:
                self.move_ghost(0, 1, 0)
            elif button == btn.B and kind == btn.PRESS:
                self.move_ghost(0, 0, 1)
            elif button == btn.A and kind == btn.LONG:
                self.next_legal()
            elif button == btn.A and kind == btn.PRESS and v.glegal:
                self.play(st.move_at(v.gr, v.gc, v.gd))
        elif ph in ("choose", "take"):
            options = st.legal_moves() if ph == "take" else None
            if button in (btn.LEFT, btn.RIGHT, btn.UP, btn.DOWN):
                v.select = 1 - v.select
                app.redraw()
            elif button == btn.A and kind == btn.PRESS:
                if ph == "take":
                    for mv in options:
                        if mv.value == v.select:
                            self.play(mv)
                            return
                else:
                    hand = st.hand()
                    if v.select < len(hand):
                        mv = st.parse_move("play:" + hand[v.select])
                        if st.check(mv) is None:
                            self.play(mv)
        elif ph == "bid":
            legal = [mv.value for mv in st.legal_moves() if mv.type == tayu.M_BID]
            can_pass = st.bid is not None
            if button in (btn.UP, btn.RIGHT, btn.DOWN, btn.LEFT) and legal:
                up = button in (btn.UP, btn.RIGHT)
                cur = v.bid_choice if v.bid_choice in legal else legal[0]
                i = legal.index(cur)
                i = i - 1 if up else i + 1  # legal bids are listed high to low
                v.bid_choice = legal[max(0, min(len(legal) - 1, i))]
                app.redraw()
            elif button == btn.A and kind == btn.PRESS and v.bid_choice > 0:
                self.play(tayu.Move(tayu.M_BID, value=v.bid_choice))
            elif button == btn.B and kind == btn.PRESS and can_pass:
                self.play(tayu.Move(tayu.M_PASS))

    def tick(self, now_ms):
        if not self.app.autobots or not self.is_bot_turn() or self.view.overlay == td.UNDO:
            return False
        if self.bot_due < 0:
            self.bot_due = now_ms + self.app.bot_delay_ms
            return False
        if now_ms - self.bot_due >= 0:
            mv = tayu.greedy_move(self.state)
            if mv is not None:
                self.play(mv, bot=True)
        return False

    def draw(self, canvas):
        td.draw(canvas, self.state, self.view)

    def command(self, msg):
        cmd = msg.get("cmd")
        if cmd == "state":
            st = self.state
            return {"ev": "state", "mode": "tayu", "game": "tayu", "options": self.options,
                    "seed": self.seed, "moves": self.moves, "n": self.count,
                    "digest": st.digest(), "to_move": st.current_player,
                    "over": st.is_over(), "scores": list(st.scores()), "tile": st.tile,
                    "phase": st.phase}
        if cmd == "move":
            text = msg.get("move")
            if not isinstance(text, str):
                raise ValueError("move needs a string 'move'")
            mv = self.state.parse_move(text)
            why = self.state.check(mv)
            if why is not None:
                raise ValueError("illegal move " + text + ": " + why)
            self.play(mv, bot=False)
            return None
        if cmd == "undo":
            self.undo()
            return None
        raise ValueError("unsupported command: " + str(cmd))

    def save_record(self):
        st = self.state
        # the moves as a generator: the store writes them one by one, no list is built
        return {"game": "tayu", "options": self.options, "seed": self.seed,
                "moves": (st.move_text(i) for i in range(self.count))}

    def leave(self):
        pass
