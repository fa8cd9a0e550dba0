"""Pebbles on the board: A takes one pebble, RIGHT takes two; the pile is the number shown."""

from shared_rules.pebbles import rules

from firmware import buttons as btn
from firmware import font
from firmware.gamemode import GameMode


class PebblesMode(GameMode):
    name = "pebbles"

    def __init__(self, app, options, seed, moves=()):
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
        state = rules.new_game(seed=seed, **self.engine_options(options))
        GameMode.__init__(self, app, options, seed, state.players)
        self.state = state
        self.view = self  # over_button flips self.view.overlay
        self.overlay = 0
        self.replay(moves)
        self.options = self.board_options(state.options())

    def play(self, move, bot=False):
        seat = self.apply_move(move, bot)
        self.app.redraw()
        self.moved(seat, bot)

    def on_button(self, button, kind, now_ms):
        if self.over_button(button, kind):
            return
        if kind != btn.PRESS or self.bot_turn():
            return
        take = 1 if button == btn.A else 2 if button == btn.RIGHT else 0
        if take and take <= self.state.pile:
            self.play(take)

    def tick(self, now_ms):
        if self.bot_turn():
            mv = self.bot_choice(now_ms)
            if mv is not None:
                self.play(mv, True)
        return False

    def end_winner(self):
        w = self.state.winner()
        return w[0] if w else None

    def draw(self, canvas):
        canvas.clear(0)
        font.draw_number(canvas, 1, 1, self.state.pile, 0x40C040)
