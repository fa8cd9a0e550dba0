"""Rebuild games from the board's events with shared_rules, checking each step (used by `replay`
and `watch`): every move legal and made by the seat to move, every state digest equal to the
board's, the end scores equal. The first difference is reported as a `Divergence`."""

import json

from lanterne import gamehooks, untrusted
from shared_rules import registry


class Divergence(Exception):
    """The log and the host's rules disagree; str() says where and how, in one line."""

    def __init__(self, n, what, expected, actual):
        self.n, self.what, self.expected, self.actual = n, what, expected, actual
        super().__init__(f"move {n}: {what}: expected {expected}, actual {actual}")


def move_texts(items, game):
    """Move notations from a `new` or `state` event's `moves`: a flat list, or (a resumed game
    whose save keeps its moves in another form, such as Tac-Tik's chunks of records, or an
    older board's `;`-joined texts) what the game's engine reads in them (its `texts(moves)`:
    docs/game-interface.md). ValueError for moves the engine finds corrupt."""
    items = [str(item) for item in items or ()]
    read = getattr(registry.engine(game), "texts", None) if registry.known(game) else None
    return list(read(items)) if read is not None else items


def new_states(game, options, seed):
    """Candidate starting states for a `new` event, most likely first: the game's own
    `starts(options, seed)` (several only where a log may mean more than one start, such as an
    old Tac-Tik log whose card mode is "auto"), else its engine's replay without the board's
    options (lanterne.gamehooks). ValueError for a game the registries do not know."""
    return gamehooks.starts(game, options, seed)


class Game:
    """One game being rebuilt from its events; `state` is the host's state after them."""

    def __init__(self, new_event):
        """Raises untrusted.BadInput (a ValueError) on fields of the wrong type, ValueError when
        the host's rules refuse the game or its options."""
        fields = untrusted.new_event(new_event)
        self.new = new_event
        self.game = fields["game"]
        self.options = fields["options"]
        self.seed = fields["seed"]
        try:
            self.candidates = new_states(self.game, self.options, self.seed)
        except TypeError as exc:  # an option of a type the engine cannot take
            raise untrusted.BadInput(f"options refused: {exc}") from None
        self.state = self.candidates[0]
        self.moves = []          # notations applied so far
        self.checked = 0         # digests compared
        self.ended = None        # the end event, once seen
        self.scores_checked = False  # its scores were compared with the host's
        self.recovered = 0       # moves taken from a resume event rather than move events
        self.undos = 0           # moves taken back by undo events
        self.undo_checked = 0    # undo digests compared (the last of each undo)
        self.restarts = 0        # the board restarted (a hello) while this game went on
        self.junk = 0            # unreadable lines while this game went on
        self.tracebacks = 0      # tracebacks the board printed while this game went on
        self.history = [self.state.clone()]
        self.by_bot = []          # per move: the log's `bot` flag (None: not told)
        self.bots_checked = 0     # bot choices verified with the secret the end revealed
        for text in move_texts(fields["moves"], self.game):
            self._apply(len(self.moves) + 1, text, None, None)

    def title(self):
        shown = gamehooks.shown_options(self.game, self.options)  # those that apply
        opts = ", ".join(f"{k}={v}" for k, v in sorted(shown.items())
                         if v is not False and not isinstance(v, (list, dict)))
        return f"{self.game} seed {self.seed} ({opts})"

    # -- steps ------------------------------------------------------------------------------
    def _apply(self, n, text, player, digest):
        """Apply one move to every remaining candidate; keep those that agree with the log."""
        errors = []
        keep = []
        for st in self.candidates:
            try:
                if player is not None and st.current_player != player:
                    raise Divergence(n, f"{text!r} by the wrong seat", f"seat {player} (log)",
                                     f"seat {st.current_player} to move (host)")
                try:
                    st.apply(st.parse_move(text))
                except ValueError as exc:
                    raise Divergence(n, f"{text!r} is illegal on the host", "a legal move",
                                     f"rejected: {exc}") from None
                if digest is not None and st.digest() != digest:
                    raise Divergence(n, f"state digest after {text!r}", f"{digest} (log)",
                                     f"{st.digest()} (host)")
                keep.append(st)
            except Divergence as d:
                errors.append(d)
        if not keep:
            raise errors[0]
        self.candidates = keep
        self.state = keep[0]
        self.moves.append(text)
        self.history.append(self.state.clone())
        if digest is not None:
            self.checked += 1

    def event(self, obj):
        """Check one board event against the rules; returns a short description or None.
        Every field used is checked for its type and size first (untrusted.BadInput)."""
        ev = obj.get("ev")
        if ev == "move":
            n = untrusted.integer(obj, "n", len(self.moves) + 1, 0, untrusted.MAX_NUMBER)
            text = untrusted.text(obj, "move", "", 200)
            player = untrusted.integer(obj, "player", None, 0, 15)
            digest = untrusted.text(obj, "digest", None, 64, null=True)  # null: no memory for it
            if n != len(self.moves) + 1:
                raise Divergence(n, "move number", len(self.moves) + 1, n)
            self._apply(n, text, player, digest)
            self.by_bot.append(obj.get("bot") if isinstance(obj.get("bot"), bool) else None)
            return f"move {n}: seat {player} {text}"
        if ev == "undo":
            return self.undo(obj)
        if ev == "end":
            theirs = untrusted.int_list(obj, "scores")
            n = len(self.moves)
            if not self.state.is_over():
                raise Divergence(n, "game end", "the game over on the host", "not over")
            mine = list(self.state.scores())
            if theirs is not None:
                if theirs != mine:
                    raise Divergence(n, "end scores", f"{theirs} (log)", f"{mine} (host)")
                self.scores_checked = True
            self.ended = obj
            secret = obj.get("secret")
            if isinstance(secret, int) and not isinstance(secret, bool) \
                    and 0 <= secret <= 0xFFFFFFFF:
                self.verify_bots(secret)
            return f"end: scores {theirs}"
        return None

    def verify_bots(self, secret):
        """The `end` event revealed the bots' secret (issue 33): every bot move of the game is
        computed again from the position before it at the game's level with that secret and
        must be the one the log gives (a Chemin round: each bot seat's card)."""
        from shared_rules import bots

        opts = self.options if isinstance(self.options, dict) else {}
        level = opts.get("level", "greedy")
        seats = opts.get("bots") or []
        if level not in bots.ALL_LEVELS or not seats:
            return
        offset = len(self.moves) - len(self.by_bot)  # moves replayed from a resume: not told
        bots.set_secret(secret)
        try:
            for i, flag in enumerate(self.by_bot):
                n = offset + i
                before = self.history[n]
                if before.simultaneous():
                    self._verify_round(bots, before, n, seats, level)
                elif flag:
                    want = str(bots.bot_move(before.clone(), level, self.game))
                    if want != self.moves[n]:
                        raise Divergence(n + 1, "bot move (with the revealed secret)",
                                         f"{self.moves[n]!r} (log)", f"{want!r} (host)")
                    self.bots_checked += 1
        finally:
            bots.set_secret(0)

    def _verify_round(self, bots, before, n, seats, level):
        # a simultaneous round: each bot seat's choice is the level's with the secret
        after = self.history[n + 1]
        for seat in seats:
            want = bots.bot_choice(before.clone(), seat, level, self.game)
            got = after.last[seat] if hasattr(after, "last") else None
            if got is not None and got != want:
                raise Divergence(n + 1, f"bot seat {seat}'s choice (with the revealed secret)",
                                 f"{got} (log)", f"{want} (host)")
            self.bots_checked += 1

    def undo(self, obj):
        """An `undo` event: the last move taken back. `n` is the number of moves left; the
        digest may be null on all but the last event of an undo of several moves (a player's
        undo on the board takes back the bot replies too, one event each, last move first)."""
        text = untrusted.text(obj, "move", None, 200)
        left = untrusted.integer(obj, "n", None, 0, untrusted.MAX_NUMBER)
        digest = untrusted.text(obj, "digest", None, 64, null=True)
        n = len(self.moves)
        if not self.moves or (text and text != self.moves[-1]):
            raise Divergence(n, "undo", repr(self.moves[-1] if self.moves else None),
                             repr(text))
        if left is not None and left != n - 1:
            raise Divergence(n, "moves left after an undo", n - 1, left)
        self.moves.pop()
        self.history.pop()
        if len(self.by_bot) > len(self.moves):
            self.by_bot.pop()
        self.candidates = [self.history[-1].clone()]
        self.state = self.candidates[0]
        self.undos += 1
        if digest is not None:
            if digest != self.state.digest():
                raise Divergence(n, "state digest after undo", f"{digest} (log)",
                                 f"{self.state.digest()} (host)")
            self.undo_checked += 1
        return f"undo of move {n}"

    def resume(self, obj):
        """A `new` event with `resumed`: its move list must extend what we have."""
        theirs = move_texts(untrusted.new_event(obj)["moves"], self.game)
        n = len(self.moves)
        if theirs[:n] != self.moves[: len(theirs)] or len(theirs) < n:
            k = next((i for i, (a, b) in enumerate(zip(theirs, self.moves)) if a != b),
                     min(len(theirs), n))
            raise Divergence(k + 1, "resumed game's moves",
                             repr(theirs[k] if k < len(theirs) else None) + " (board save)",
                             repr(self.moves[k] if k < n else None) + " (log)")
        for text in theirs[n:]:
            self._apply(len(self.moves) + 1, text, None, None)
            self.recovered += 1

    def same_game(self, obj):
        """Whether a `new` (resumed) or `state` event is about this game: same game, seed and
        options (the options a `state` reply or a save gives are the same as its `new`)."""
        return (obj.get("game") == self.game and obj.get("seed") == self.seed
                and json.dumps(obj.get("options"), sort_keys=True)
                == json.dumps(self.new.get("options"), sort_keys=True))


TRACEBACK = "Traceback (most recent call last):"


def log_items(lines):
    """What a log's text lines hold, as (line number, kind, value): ("event", board event
    object) or ("junk", text) for a line that is neither an event nor a record `lanterne log`
    writes (not JSON, a JSON value that is no event, or a `raw` record: text the board printed,
    such as a traceback). A log file holds `lanterne log` records ({"board": ...}, "raw",
    "sent", "note") or bare event objects (as the board or the simulator writes them); blank
    lines, the logger's own records and the hello copied at the top of a game file are
    skipped."""
    for i, line in enumerate(lines, 1):
        text = line.strip()
        if not text:
            continue
        rec = untrusted.json_object(text)
        if rec is None:  # not JSON, too long or too deep, a huge number, a list...
            yield i, "junk", line.rstrip()  # indented: a traceback's frames keep their place
        elif "board" in rec:
            if not isinstance(rec["board"], dict) or not isinstance(rec["board"].get("ev"), str):
                yield i, "junk", text
            elif rec.get("note") != "hello":  # the hello copied at the top of a game file
                yield i, "event", rec["board"]
        elif "raw" in rec:
            yield i, "junk", str(rec["raw"])  # a line the board sent that was not JSON
        elif isinstance(rec.get("ev"), str):
            yield i, "event", rec
        elif "sent" not in rec and "note" not in rec:
            yield i, "junk", text


def board_events(lines):
    """Board event objects from log text lines, as (line number, event); junk is left out."""
    for i, kind, value in log_items(lines):
        if kind == "event":
            yield i, value


def summary(game, source=None):
    """One line on a rebuilt game: moves legal, digests matched, undos, restarts, end scores
    (`source` "save": a save has no digests)."""
    legal = len(game.moves) + game.undos  # every move applied, those taken back too
    if source == "save":
        parts = [f"{game.title()}: {legal} moves legal (a save has no digests)"]
    else:
        parts = [f"{game.title()}: {legal} moves legal, {game.checked} digests match"]
        if game.recovered:
            parts.append(f"{game.recovered} moves taken from the board's resume")
    if game.undos:
        plural = "s" if game.undos > 1 else ""
        parts.append(f"{game.undos} move{plural} taken back ({game.undo_checked} undo digests "
                     f"match), {len(game.moves)} stand")
    if game.restarts:
        parts.append(f"the board restarted {game.restarts} time(s)")
    if game.scores_checked:
        parts.append(f"end scores {game.ended.get('scores')} match")
    elif game.ended is not None:
        parts.append("the end gives no scores to check")
    elif not game.state.is_over():
        parts.append("not finished")
    return "; ".join(parts)
