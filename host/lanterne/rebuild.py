"""Rebuild games from the board's events with shared_rules, checking each step (used by `replay`
and `watch`): every move legal and made by the seat to move, every state digest equal to the
board's, the end scores equal. The first difference is reported as a `Divergence`."""

import json

from lanterne import untrusted


class Divergence(Exception):
    """The log and the host's rules disagree; str() says where and how, in one line."""

    def __init__(self, n, what, expected, actual):
        self.n, self.what, self.expected, self.actual = n, what, expected, actual
        super().__init__(f"move {n}: {what}: expected {expected}, actual {actual}")


def _tactik_cards(options):
    """The Tac-Tik card modes (physical cards?) a `new` event may mean.

    The firmware names the mode in force, "deal" or "real". Only logs from firmware older than
    that say "auto" (or nothing), which meant either depending on the board: for those alone
    both are tried, the one with bots (dealt) first.
    """
    cards = options.get("cards", "auto")
    if cards == "real":
        return [True]
    if cards == "deal":
        return [False]
    return [False, True] if options.get("bots") else [True, False]


def move_texts(items):
    """Move notations from a `new` or `state` event's `moves`: a flat list, or (a resumed Tac-Tik
    game) the save's few strings of newline-ended notations, which are split."""
    out = []
    for item in items or ():
        out.extend(t for t in str(item).split("\n") if t)
    return out


def new_states(game, options, seed):
    """Candidate starting states for a `new` event, most likely first (several only for an old
    Tac-Tik log whose card mode is "auto": see _tactik_cards). The board's options name the
    engine's (docs/game-interface.md: replay(options, seed, moves)) beside its own (bots, cards)."""
    options = dict(options or {})
    if game == "tactik":
        from shared_rules import tactik

        opts = {k: v for k, v in options.items() if k not in ("bots", "cards")}
        return [tactik.replay(dict(opts, physical_cards=physical), seed, ())
                for physical in _tactik_cards(options)]
    # every other game: its engine by name (shared_rules.registry), without the options that
    # are the board's own (the game package's BOARD_ONLY, else just the bots)
    from firmware import games
    from shared_rules import registry

    if not isinstance(game, str) or not games.known(game) or game not in registry.GAMES:
        raise ValueError(f"unknown game {game!r}")
    mod = games.module(game)
    board_only = getattr(mod, "BOARD_ONLY", ("bots",))
    opts = {k: v for k, v in options.items() if k not in board_only}
    return [registry.engine(game).replay(opts, seed, ())]


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
        self.history = [self.state.clone()]
        for text in move_texts(fields["moves"]):
            self._apply(len(self.moves) + 1, text, None, None)

    def title(self):
        opts = ", ".join(f"{k}={v}" for k, v in sorted(self.options.items())
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
        """Check one board event against the rules; returns a short description or None."""
        ev = obj.get("ev")
        untrusted.text(obj, "digest", None, 64)
        if ev == "move":
            n = untrusted.integer(obj, "n", len(self.moves) + 1)
            if n != len(self.moves) + 1:
                raise Divergence(n, "move number", len(self.moves) + 1, n)
            self._apply(n, untrusted.text(obj, "move", "", 200), untrusted.integer(obj, "player"),
                        obj.get("digest"))
            return f"move {n}: seat {obj.get('player')} {obj.get('move')}"
        if ev == "undo":
            untrusted.text(obj, "move", None, 200)
            n = len(self.moves)
            if not self.moves or (obj.get("move") and obj["move"] != self.moves[-1]):
                raise Divergence(n, "undo", repr(self.moves[-1] if self.moves else None),
                                 repr(obj.get("move")))
            self.moves.pop()
            self.history.pop()
            self.candidates = [h.clone() for h in [self.history[-1]]]
            self.state = self.candidates[0]
            if obj.get("digest") and obj["digest"] != self.state.digest():
                raise Divergence(n, "state digest after undo", f"{obj['digest']} (log)",
                                 f"{self.state.digest()} (host)")
            return f"undo of move {n}"
        if ev == "end":
            if not isinstance(obj.get("scores"), (list, type(None))):
                raise untrusted.BadInput(
                    f"'scores' must be a list, not {untrusted.short(obj['scores'])}")
            n = len(self.moves)
            if not self.state.is_over():
                raise Divergence(n, "game end", "the game over on the host", "not over")
            mine = list(self.state.scores())
            theirs = obj.get("scores")
            if theirs is not None:
                if not isinstance(theirs, list) or theirs != mine:
                    raise Divergence(n, "end scores", f"{theirs} (log)", f"{mine} (host)")
                self.scores_checked = True
            self.ended = obj
            return f"end: scores {obj.get('scores')}"
        return None

    def resume(self, obj):
        """A `new` event with `resumed`: its move list must extend what we have."""
        theirs = move_texts(untrusted.text_list(obj, "moves"))
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
        return (obj.get("game") == self.game and obj.get("seed") == self.seed
                and json.dumps(obj.get("options"), sort_keys=True)
                == json.dumps(self.new.get("options"), sort_keys=True))


def board_events(lines):
    """Board event objects from log text lines: `lanterne log` records ({"board": ...}) or bare
    event objects (one per line, as the board or the simulator writes them)."""
    for i, text in enumerate(lines, 1):
        text = text.strip()
        if not text:
            continue
        rec = untrusted.json_object(text)
        if rec is None:
            continue  # a raw line the board sent (or one too long or deep to be an event)
        if "board" in rec and isinstance(rec["board"], dict):
            if rec.get("note") == "hello":
                continue  # the hello copied at the top of a game file, not a live event
            yield i, rec["board"]
        elif "ev" in rec:
            yield i, rec
