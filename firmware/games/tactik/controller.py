"""The Tac-Tik controller (a firmware mode): turns the six buttons into moves on the
shared_rules.tactik engine and fills the Scene that view.py draws.

Flow on a human turn: up/down pick the card (the real card held in physical-cards mode, a card of
the hand in virtual-deck mode); the pawns it can move blink, the selected pawn and its destination
are marked; left/right cycle the uses; A confirms, B goes back. Permuter: pick your pawn, A, then
the other pawn, A. 7x1: pick the pawn for each single step with left/right, A adds the step, B
takes the last one back; after the seventh step A plays it. A card with no legal use is shown
crossed out and A discards it. Every card played (bots' too) stays in the middle in its
player's colour until the next move starts (a bot's move, or the next player's press), and
view.SHOW_MS at the least. A long B is the app's question (UNDO? or MENU?, firmware/question.py).
See docs/tactik-board.md.
"""

# pyright: reportAttributeAccessIssue=false
# (a Layout's and a TactikView's fields, set by layout_build and view_build: the type checker
# cannot see them)

import gc
import sys

from micropython import const

from firmware.gamemode import GameMode, bot_seats
from firmware.games.tactik import colours_on_board
from firmware.games.tactik import layout as tactik_layout
from firmware.games.tactik import view as tactik_view
from firmware.games.tactik.layout import pack, xy
from firmware.games.tactik.moves import move_eaten, move_paths
from firmware.games.tactik.picker import PICK, Picker
from firmware.games.tactik.view import GIVE_MS, SHOW_MS
from shared_rules.tactik import rules as tactik
from shared_rules.tactik.rules import CARDS

_MICROPYTHON = sys.implementation.name == "micropython"

STEP_MS = const(70)  # animation: one hole per frame step
FLY_FRAMES = const(6)  # an eaten pawn flies home in this many steps
# The board's bot pause (App's bot_delay_ms): at this pace or slower a bot waits until the last
# card has shown SHOW_MS (view.py); a faster pace (simulator option, tests) shortens that wait in
# proportion.
PACE_MS = const(600)
CARD_MODES = ("auto", "deal", "real")  # auto: dealt when a bot plays or in the simulator


class TactikMode(Picker, GameMode):
    """One Tac-Tik game on the board (see module doc); the input flow is in picker.py."""

    name = "tactik"
    # its layout's and its view's builders, run once a game (4 KB of a Pico's heap let go)
    start_only = ("firmware.games.tactik.layout_build", "firmware.games.tactik.view_build")

    def __init__(self, app, options, seed, moves=()):
        opts = dict(options)
        players = opts.get("players", 4)
        ncol = colours_on_board(players)
        bots = bot_seats(opts, players)
        cards = opts.get("cards", "auto")
        if cards not in CARD_MODES:
            raise ValueError("cards must be one of " + ", ".join(CARD_MODES))
        if cards == "auto":
            cards = "real" if app.real_cards and not bots else "deal"
        if cards == "real" and bots:
            raise ValueError("physical cards need every seat human (a bot has no cards)")
        # the engine's flags: every option but the board's own (checked before: no other key
        # reaches here, shared_rules/options.py)
        flags = self.engine_options(opts, ("players", "physical_cards"))
        opts["players"] = players  # named even when defaulted: new, save and state say it
        self.physical = cards == "real"
        state = tactik.new_game(players, seed, physical_cards=self.physical, **flags)
        GameMode.__init__(self, app, opts, seed, players)
        self.state = state
        self.options = self.board_options(opts)
        self.players = players
        self.replay(tactik.texts(moves), False)
        self.layout = tactik_layout.layout_for(app.profile, ncol)
        self.colours = self.layout.colours
        self.view = tactik_view.TactikView(self.layout)
        self.scene = tactik_view.Scene(self.layout)
        self.scene.give_at = app.now() + GIVE_MS  # an exchange opens on GIVE, then the card
        self.frames = []  # animation frames still to show (each a list of (xy, rgb))
        self.frame_at = 0
        self.level = PICK
        self.hand_key = -1  # the position whose hand's uses scene.hand_ok holds
        self.start_key = -1  # the position whose turn began on a playable card
        self.start_state = None
        self.card_i = 0
        self.uses = []  # legal uses of the chosen card
        self.discard = None  # its discard move when it has no use
        self.choices = []  # what left/right cycles at PICK: uses, own pawns (P), steps (7)
        self.choice_i = 0
        self.targets = []  # SWAP2: [(other pawn, move text)]
        self.target_i = 0
        self.steps = []  # 7x1 step texts chosen so far
        self.split_pos = None  # positions after those steps (display)
        self.step_opts = []  # next-step texts offered once a 7x1 has begun
        self.eaten_xy = []
        self.frame_i = -1
        self.now = 0
        self.played_at = 0  # when the card shown in the middle was played
        self.played_end = False  # a press came while it showed: it goes once SHOW_MS is over
        self.beat = -1
        self.stale = True
        self.choices_due = False  # a person's choices left for a pass of their own (tick)
        self._refresh()

    # ---- moves ------------------------------------------------------------------------------
    def play(self, move, bot=False):
        """Apply a move (any seat), animate it, announce it on the serial link and save."""
        # the card to show and its player, read first: their garbage goes in the collection below
        kind = move.kind
        card = CARDS.index(move.card)
        who = self.colours.index(self.state.seat_colours(self.state.current_player)[0])
        if self.frames:
            self._finish_animation()
        if _MICROPYTHON:  # (a full CPython collection costs ms and gains nothing here)
            gc.collect()  # the last passes' garbage goes: the new state is built low in the heap
        before = self.state.positions()
        seat = self.apply_move(move, bot)
        sc = self.scene
        sc.nplayed = 0  # this move started: the card before it goes
        self.played_end = False
        sc.nlast = 0
        if kind != "give":  # the card played stays in the middle (a gift stays secret)
            sc.show_played(card, who, kind == "discard")
            self.played_at = self.now
            for colour, locs in move_paths(move):  # and where its pawns ended blinks
                if sc.nlast < 4 and locs[-1] != "N":
                    sc.last_px[sc.nlast] = self._pixel(colour, locs[-1])
                    sc.last_c[sc.nlast] = self.colours.index(colour)
                    sc.nlast += 1
        sc.give_at = self.now + GIVE_MS  # an exchange turn: GIVE first, then the card
        self.stale = True  # the choices are the old position's until _refresh
        self._reset_choice()
        self.card_i = 0
        self.bot_reset()
        self._refresh(False)  # (the next turn's choices: tick, in a pass after its save)
        self._animate(before, move)
        self.moved(seat, bot)  # its save and events follow its frame
        self.app.redraw()

    # ---- animation ----------------------------------------------------------------------------
    def _animate(self, before, move):
        """Frames that walk each moved pawn hole by hole, then fly eaten pawns to their nests.
        A frame is one packed pixel with the colour index above bit 16."""
        paths = move_paths(move)
        if not paths:
            return
        L = self.layout
        frames = []
        for colour, locs in paths:
            c = self.colours.index(colour) << 16
            for loc in locs[1:]:
                frames.append(self._pixel(colour, loc) | c)
        eaten = move_eaten(move)
        for colour, loc in eaten:
            ax, ay = xy(L.where(colour, loc))
            bx, by = xy(L.nests[colour][0])
            c = self.colours.index(colour) << 16
            for k in range(1, FLY_FRAMES + 1):
                frames.append(pack(ax + (bx - ax) * k // FLY_FRAMES,
                                   ay + (by - ay) * k // FLY_FRAMES) | c)
        # While animating show the board as it was, without the moving pawns.
        sc = self.scene
        sc.set_positions(before)
        sc.clear_marks()
        for colour, locs in paths:
            if locs[0] != "N":
                sc.hide_pawn_at(L.where(colour, locs[0]))
            else:
                for p in reversed(L.nests[colour]):
                    if sc.hide_pawn_at(p):
                        break
        self.eaten_xy = [L.where(c, loc) for c, loc in eaten]
        self.frames = frames
        self.frame_at = self.now
        self.frame_i = -1

    def _finish_animation(self, choices=True):
        self.frames = []
        self._refresh(choices)

    def _end_played(self):
        """The middle shows the player's choice again (from its next frame); an exchange
        shows the card to give first."""
        sc = self.scene
        sc.nplayed = 0
        sc.give_at = self.now
        self.played_end = False
        self.app.redraw()

    def _card_seen(self, now_ms):
        """True once the card in the middle has shown long enough for a bot to move on
        (SHOW_MS at the board's pace, see PACE_MS)."""
        if not self.scene.nplayed:
            return True
        d = self.app.bot_delay_ms
        hold = SHOW_MS if d >= PACE_MS else SHOW_MS * d // PACE_MS
        return now_ms - self.played_at >= hold

    def tick(self, now_ms):
        self.now = now_ms
        sc = self.scene
        if self.played_end and now_ms - self.played_at >= SHOW_MS:
            self._end_played()  # pressed meanwhile: the presser's turn shows now
        if self.frames:
            i = (now_ms - self.frame_at) // STEP_MS
            if i >= len(self.frames):
                self._finish_animation(self.pending < 0)  # (not beside the move's save)
                self.app.redraw()
                return False
            if i != self.frame_i:
                self.frame_i = i
                f = self.frames[i]
                p = f & 0xFFFF
                sc.clear_sprites()
                sc.sprite(p, f >> 16)
                for e in self.eaten_xy:  # the walker reached an eaten pawn: it leaves
                    if e == p:
                        sc.hide_pawn_at(e)
                return True
            return False
        if self.choices_due and self.pending < 0:  # in a pass after the move's save
            self._refresh()
            return True
        st = self.state
        if self.bot_turn():
            mv = self.bot_choice(now_ms, self._card_seen(now_ms))
            if mv is not None:
                self.play(mv, bot=True)
                return True
        beat = now_ms // (tactik_view.BLINK_MS // 2 if st.is_over() else tactik_view.BLINK_MS)
        if sc.give_to >= 0:  # the exchange's GIVE and card take turns from the last press
            beat = beat << 1 | ((now_ms - sc.give_at) // GIVE_MS) & 1
        if beat != self.beat:
            self.beat = beat
            return True  # blinking highlights, stakes, the bot's pulsing turn marker
        return False

    def busy(self):
        """Something will happen without input: a bot's move, or a person's choices (tick)."""
        return self.choices_due or self.bot_turn()

    def draw(self, canvas):
        self.view.draw(canvas, self.scene, self.now, clear=False)  # the app cleared it

    # ---- host commands and persistence ---------------------------------------------------
    # ---- GameMode hooks -------------------------------------------------------------------------
    def refreshed(self):
        self.stale = True  # the choices are the old position's until _refresh
        self.frames = []
        self.scene.nplayed = 0
        self.played_end = False
        self._reset_choice()
        self.card_i = 0
        self._refresh()

    def end_winner(self):
        # the winning team (or seat when individual): its index in scores()
        return self.state.winner()[0]

    def state_fields(self, reply):
        reply["positions"] = self.state.positions()

    def saved_moves(self):
        return self.state.history_blocks()  # a string a chunk of records (a quarter KB)

    def save_record(self):
        if self.state.is_over() or self.state.start is not None:
            return None  # over, or a hand-built position: no seed and moves lead to it
        return GameMode.save_record(self)

    def leave(self):
        self.frames = []
