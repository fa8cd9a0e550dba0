"""What just happened, in words: the board's events as sentences for people (issue 23).

Each game says its own moves in its package, `firmware/games/<game>/words.py` (host-only, left
out of what ships to the board), with `move(state_before, text, seat)`, `title(options)`,
`end(state)`; the games are those of `shared_rules.registry`. This module dispatches to them
and says the events every game shares (new, resumed, undo, end, menu):

    describe("tactik", state, "3 T28-T31", 1, bot=True)
        # 'blue plays 3: T28→T31, eats green (bot)'
    new_game("tayu", {"players": 2, "edition": "kosmos"}, 7)
        # 'new game: Ta Yü (kosmos), 2 players, seed 7'

Users: the simulator's side panel (`lanterne sim`, `sim --pico`: `Narrator`), the console of
`lanterne log` (`Narrator(numbered=True)`), `lanterne watch` (`after_event`), `lanterne replay
--step` and the HTML replay page (`describe`, through lanterne.replay_view).
Whatever a log or the cable says is untrusted: a move that does not read falls back to its
notation, cut short; nothing here raises on a bad event.
"""

from __future__ import annotations

import json

from lanterne.untrusted import printable, short, shown


def formatter(game):
    """The words module of a game (`firmware.games.<game>.words`); ValueError if unknown."""
    from shared_rules import registry

    if not isinstance(game, str) or not registry.known(game):
        raise ValueError("unknown game: " + short(str(game), 40))
    return __import__(f"firmware.games.{game}.words", None, None, ("words",))


def describe(game, state_before, move_text, seat=None, bot=False, public=False):
    """One sentence for a move: `blue plays 3: T28→T31, eats green`, `Yin gives red`,
    `north-south places e-n1-s1 at 9,7→9,9 (exits N E S)`; ` (bot)` when the board's bot made
    it. `state_before` is the engine's state before the move (it is not changed); `seat` the
    seat that moved (default: the one to move). A move that does not read on that state (or a
    game without words) is said plainly: `seat 1: 9,7,E`. `public`: only what the table sees
    (a Tac-Tik card given face down is not named), for the views players look at while playing."""
    try:
        text = formatter(game).move(state_before, move_text, seat, public)
    except Exception:  # words are for reading: a move they cannot say is shown as written
        who = "" if seat is None else f"seat {shown(seat, 8)}: "
        text = who + printable(shown(move_text, 80))
    return text + (" (bot)" if bot else "")


def title(game, options):
    try:
        return printable(formatter(game).title(dict(options or {})))
    except (ValueError, TypeError, AttributeError):
        return printable(shown(game, 40))


def new_game(game, options, seed, moves=0, resumed=False):
    """`new game: Ta Yü (kosmos), 2 players, hard bots, seed 7` (the bots' level when the
    board names one); resumed: `resumed: …, at move 12`."""
    head = "resumed" if resumed else "new game"
    out = f"{head}: {title(game, options)}"
    level = options.get("level") if isinstance(options, dict) else None
    if level and options.get("bots"):
        out += f", {shown(level, 12)} bots"
    out += f", seed {shown(seed, 12)}"
    if moves:
        out += f", at move {moves}"
    return out


def end(game, state):
    """`end: north-south 12, east-west 8 — north-south wins` (the state after the game)."""
    try:
        return "end: " + formatter(game).end(state)
    except (ValueError, TypeError, AttributeError):
        return "end: scores " + short(str(list(state.scores())), 60)


def undo(game, state_after, move_text, left, seat=None, public=False):
    """`undo: back to move 12 (takes back: red plays 5: T3→T8)`; `state_after` is the state
    once the move is taken back (the one before it was made)."""
    said = describe(game, state_after, move_text, seat, public=public)
    return f"undo: back to move {left} (takes back: {said})"


def after_event(game, obj, fallback="", public=False):
    """Words for a `move`, `undo` or `end` event that `game` (a lanterne.rebuild.Game) has
    just taken (`game.event(obj)` returned without a Divergence); `fallback` otherwise."""
    ev = obj.get("ev")
    try:
        if ev == "move" and len(game.history) >= 2:
            seat = obj.get("player") if isinstance(obj.get("player"), int) else None
            return describe(game.game, game.history[-2], game.moves[-1], seat,
                            obj.get("bot") is True, public)
        if ev == "undo" and isinstance(obj.get("move"), str):
            return undo(game.game, game.history[-1], obj["move"], len(game.moves),
                        public=public)
        if ev == "end":
            return end(game.game, game.state)
    except Exception:  # the words never stop a watch: the plain summary then
        pass
    return fallback


def panel_lines(sentences, width, rows=8):
    """The last sentences wrapped to `width` columns (a sentence's next lines indented by two),
    the newest at the bottom, at most `rows` lines: a side panel's event list, whole words
    rather than cut ones."""
    import textwrap

    out = []
    for said in sentences[-rows:]:
        out += textwrap.wrap(printable(said), max(8, width), subsequent_indent="  ") or [""]
    return out[-rows:]


class Narrator:
    """Follows a board's event stream and says each line in words (the simulator's side
    panel): it rebuilds the game with the host's rules (lanterne.rebuild.Game), so each move
    is read against the position before it. Lines it cannot follow are summed up as
    `lanterne log` prints them."""

    def __init__(self, keep=50, numbered=False, public=False):
        self.numbered = numbered  # `move 6: seat 1 9,7,E — east-west places …` (`log`)
        self.public = public  # only what the table sees (the players' side panel)
        self.game = None
        self.said: list[str] = []
        self.read = 0
        self.keep = keep

    def follow(self, lines):
        """The sentences for a growing list of JSON lines (only the new ones are read)."""
        if len(lines) < self.read:  # another list, or it was cut: start over
            self.read = 0
        for raw in lines[self.read:]:
            self.line_text(raw)
        self.read = len(lines)
        return self.said

    def line_text(self, raw):
        from lanterne.untrusted import json_object

        obj = json_object(raw.strip()) if isinstance(raw, str) else None
        if obj is None:  # not an event: as it came, made safe and cut
            return self._say(printable(shown(str(raw).strip(), 200)))
        return self.line(obj)

    def line(self, obj):
        """Words for one event object (and remember them)."""
        return self._say(self._words(obj))

    def _say(self, text):
        self.said = (self.said + [text])[-self.keep:]
        return text

    def _words(self, obj):
        from lanterne.rebuild import Game, move_texts

        ev = obj.get("ev")
        try:
            if ev in ("new", "state") and obj.get("game") and obj.get("seed") is not None:
                self.game = Game(obj)
                n = len(move_texts(obj.get("moves"), self.game.game))
                if ev == "state":
                    return f"state: {title(self.game.game, self.game.options)}, move {n}"
                return new_game(self.game.game, self.game.options, self.game.seed, n,
                                obj.get("resumed") is True)
            if ev == "menu":
                self.game = None
                return "back at the menu"
            if ev == "relaunch":  # docs/protocol.md: a game of another kind, a clean heap
                self.game = None
                return (f"the board restarts to start {shown(obj.get('game'), 20)} "
                        "from a clean heap")
            if ev in ("move", "undo", "end") and self.game is not None:
                fallback = self.game.event(obj) or plain(obj)
                said = after_event(self.game, obj, fallback, self.public)
                if ev == "move" and self.numbered and said is not fallback:
                    n, text = len(self.game.moves), self.game.moves[-1]
                    seat = self.game.history[-2].current_player
                    said = f"move {n}: seat {seat} {printable(text)} — {said}"
                return said
        except Exception:  # whatever the line says, the narrator goes on (as `log` would say)
            if ev in ("new", "state"):
                self.game = None
        return plain(obj)


def plain(obj):
    """A one-line summary of an event that has no words of its own (every value cut short): what
    `lanterne log` printed before moves were said in words."""
    def f(key, limit=40):
        return shown(obj.get(key), limit)

    ev = obj.get("ev")
    if ev == "move":
        return (f"move {f('n')}: seat {f('player')} {f('move')}"
                + (" (bot)" if obj.get("bot") is True else ""))
    if ev == "new":
        return (f"new {f('game')} seed {f('seed')} {f('options', 200)}"
                + (" (resumed)" if obj.get("resumed") is True else ""))
    if ev == "end":
        return f"end: scores {f('scores')} winner {f('winner')}"
    if ev == "error":
        return f"error {f('code')}: {f('msg', 200)}"
    if ev == "hello":
        return f"hello: firmware {f('fw')} profile {f('profile')}"
    return short(json.dumps(obj), 200)
