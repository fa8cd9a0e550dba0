"""Tac-Tik rules engine: board, deck, every card, notation and a greedy baseline bot.

One file, kept small so MicroPython can compile it inside a Pico heap. Rules as read in
docs/tactik.md (its rulings); judgement calls are the flags in FLAGS.
"""

# pyright: reportArgumentType=false, reportCallIssue=false
# (what the type checker cannot follow here: lists made as [None] * n, filled later; the scratch
# State(None))

import gc
import sys

from micropython import const

from shared_rules import canon
from shared_rules.rng import Rng
from shared_rules.tactik import record
from shared_rules.tactik.spec import NAME, PLAYERS  # noqa: F401  (the interface)

CARDS = ("1", "2", "3", "5", "6", "8", "9", "10", "12", "-4", "7", "P")
_VALUE = const(b"\x01\x02\x03\x05\x06\x08\x09\x0a\x0c\x04\x07\x00")
# How much the greedy bot wants to keep each card (lowest is given away / discarded first).
_KEEP = b"\x06\x02\x02\x02\x02\x02\x02\x07\x03\x05\x0a\x08"
_C1 = const(0)
_C10 = const(7)
_CM4 = const(9)
_C7 = const(10)
_CP = const(11)
# The history is kept as records, a few bytes a move (_record), in chunks of at most _CHUNK
# bytes: a 450-move game's texts were 4.3 KB of a Pico's heap, its records are about 1 KB. The
# board's save holds the chunks themselves (record.saved); texts are spelt from them when
# asked for (record.fill: history, last_move, a resume).
_CHUNK = const(128)
_PLAY = const(128)  # a record's first byte: + card, a play
_GIVE = const(144)  # + card, a give
_DISCARD = const(160)  # + card, a discard
_ASIS = const(176)  # the text as it is follows (one the codes do not cover)
_TAKEN = const(121)  # before the hole of a pawn a 7x1 takes
_LONGEST = const(95)  # characters of a move text a record holds (record.fill's room)

COLOURS4 = ("red", "blue", "yellow", "green")
COLOURS6 = ("red", "black", "blue", "yellow", "white", "green")
LETTERS = {"red": "r", "blue": "b", "yellow": "y", "green": "g", "black": "k", "white": "w"}

# Pawn location codes: 0..95 track hole, 101..104 base hole 1..4, 255 nest.
NEST = const(255)
_B = const(100)
# a 7x1's search in pieces (_card_uses): the subtrees _SPLIT7 single steps down are run one
# at a time, and a piece ends once the memo has grown by _PIECE7 entries. Over 1,701 searches
# of 20 six-player games the worst piece held 273 nodes and 20 outcomes (each evaluated), where
# a crowded search is 2,400 nodes; 3 steps and 10 entries gave 343 and 35 (a Pico pass of 161
# ms) in 20 % fewer pieces; 5 steps reach below the memo (four times the nodes)
_SPLIT7 = const(4)
_PIECE7 = const(5)
# ... and a pause (a yield the bots do not count as work: their moves stay the same) after
# _WALK7 subtrees that grew the memo less: subtrees met before cost little each, but a 6-player
# piece walked 86 of them (a Pico's pass of 184 ms)
_WALK7 = const(12)


def _declared():
    """The engine's options from its declaration's rows (shared_rules/options.py: all but
    the board's own), without loading the options checker."""
    from shared_rules.tactik.spec import OPTIONS as rows

    return {r[0]: r[1] for r in rows if r[3] != "board"}


# the engine's options with their allowed values, the default first (docs/game-interface.md),
# from its declaration (spec.py)
OPTIONS = _declared()
# Variant flags (judgement calls) and their defaults: the options but physical_cards; see
# docs/tactik.md.
FLAGS = {k: OPTIONS[k][0] for k in OPTIONS if k != "physical_cards"}
PHASES = ("exchange", "play", "over")
# the fields apply() takes from its scratch copy: the game state and its history
_STATE = const(("phase", "current_player", "dealer", "turns_left", "ply", "win", "_hist",
                "_hbuf", "_hn", "pos", "stake", "hands", "pack", "played", "pending", "rng"))
# what _fork() takes as it is: the plain fields above, options and board size
_SAME = const(("phase", "current_player", "dealer", "turns_left", "ply", "win", "_hist",
               "_hbuf", "_hn", "players", "individual", "ncol", "L", "colours", "hand_size",
               "physical", "seed", "flags", "_cache"))
_MPY = sys.implementation.name == "micropython"
# 64-bit ints are immediate: a 7x1 memo key is one int; on a 32-bit Pico a pair of small ints
# (a big int would allocate on every search node)
_WIDE = getattr(sys, "maxsize", 0) > 1 << 40  # (a port without sys.maxsize: pairs)


def _loc(v):
    # location code -> positions() text without the stake mark: T5, B2, N
    if v == NEST:
        return "N"
    if v > _B:
        return "B" + str(v - _B)
    return "T" + str(v)


def _snap(pos, st):
    # canonical bytes of a position: each colour's 4 codes sorted, then the stake flags
    for c in range(0, len(pos), 4):
        pos[c : c + 4] = bytes(sorted(pos[c : c + 4]))
    return bytes(pos) + bytes(st)


def _compact():
    # MicroPython: collect now so that what is allocated next packs low in the heap
    if _MPY:
        gc.collect()


def _sets():
    return [set() for _ in range(32)]


def _filled(sets):
    # the entries of a _sets() (the 7x1 search's progress, counted between its pieces)
    n = 0
    for x in sets:
        n += len(x)
    return n


class _Stop(Exception):
    # raised by a sink that has what it wants: ends a move search at once
    pass


class _Out:
    # Where move generation sends each move (text, hops). want 0: a move list, records
    # [text length, text, hops length, hops] in 200-byte chunks (a Pico heap is fragmented);
    # a State: only its best move for greedy_move (first on ties), no list; a _snap: the
    # text of the first 7x1 with that outcome, then stop; a tuple of texts: the first move
    # written so (parse_move), then stop; a function: called with each text (each_move);
    # None: stop at the first move.
    def __init__(self, want=0):
        self.want = want
        self.n = 0
        self.ch = [bytearray()]
        self.text = None

    def put(self, text, hops, v=None):
        w = self.want
        self.n += 1
        if w == 0:
            t = text.encode()
            if len(self.ch[-1]) + len(t) + len(hops) > 200:
                self.ch.append(bytearray())
            ch = self.ch[-1]
            ch.append(len(t))
            ch.extend(t)
            ch.append(len(hops))
            ch.extend(hops)
        elif isinstance(w, tuple):
            if text in w:
                self.text = text
                self.hops = bytes(hops)
                raise _Stop()
        elif callable(w):
            if text[0] != "d":  # a discard is no use
                w(text)
        elif not isinstance(w, State):
            self.text = text
            raise _Stop()
        else:
            if v is None:
                v = w._value(text, hops)
            if self.text is None or v > self.v:
                self.v = v
                self.text = text
                self.hops = bytes(hops)

    def put7(self, s, c, pos, st, seq):
        # a 7x1 outcome as the search holds it: evaluated or compared in place, its text
        # made only when wanted
        w = self.want
        v = None
        if isinstance(w, State):
            v = s._eval(pos, st, s.current_player)
            if self.text is not None and v <= self.v:
                self.n += 1
                return
        elif isinstance(w, bytes) and _snap(bytearray(pos), st) != w:
            return
        self.put(s._split_text(c, pos, seq), bytes(seq), v)

    def moves(self, s):
        # the Move objects of the records, made in one go after a collection so that they
        # pack together in the heap (the list first, while a large free block exists)
        ctx = [s.colours, bytes(s.pos) + bytes(s.stake), s._sig(), 4 * s.ncol, self.ch]
        _compact()
        out = [None] * self.n
        k = 0
        for ci in range(len(self.ch)):
            ch = self.ch[ci]
            o = 0
            while o < len(ch):
                out[k] = Move((ci << 12) | o, ctx)
                k += 1
                o += 2 + ch[o] + ch[o + 1 + ch[o]]
        return out


def _hole(w):
    # a location's record code, leniently (_record checks the text it spells): T0..T95 0..95,
    # N 96, a base hole 97 + 4 x its colour letter's place in "rbygkw" + hole - 1
    if w == "N":
        return 96
    if w.startswith("T"):
        return int(w[1:]) & 127
    return (97 + 4 * "rbygkw".find(w[:1]) + int(w[2:]) - 1) & 127


def _record(text):
    # a move text as its history record: a first byte (_PLAY, _GIVE or _DISCARD + the card;
    # _ASIS and the text as it is, for a text these codes do not spell back), then a play's
    # locations a byte each (_hole), from, to, from, to..., _TAKEN before a pawn taken
    if len(text) > _LONGEST:
        raise ValueError("move text too long: " + text)
    w = text.split(" ")
    try:
        if w[0] in ("give", "discard"):
            r = bytearray(((_GIVE if w[0] == "give" else _DISCARD) + CARDS.index(w[1]),))
        else:
            r = bytearray((_PLAY + CARDS.index(w[0]),))
            for p in w[1:]:
                if p.startswith("x"):
                    r.append(_TAKEN)
                    r.append(_hole(p[1:]))
                else:
                    a, b = p.split("-")
                    r.append(_hole(a))
                    r.append(_hole(b))
        if _texts(r) == text + ";":
            return r
    except ValueError:
        pass
    return bytearray((_ASIS,)) + text.encode()  # ASCII: the engine's (parse_move's canon)


def _after(ch, i):
    # where the record starting at ch[i] ends (the next first byte, or the chunk's end)
    i += 1
    while i < len(ch) and ch[i] < _PLAY:
        i += 1
    return i


def _texts(ch):
    # a history chunk's texts as one string, each ";"-ended (spelt 256 bytes at a time)
    buf = bytearray(256)
    n = len(ch)
    i = 0
    out = ""
    while i < n:
        r = record.fill(ch, n, i, buf, 256)
        i = r >> 16
        out += bytes(buf[: r & 0xFFFF]).decode()
    return out


def _kind(text):
    # move kind from its text (Move.kind)
    w = text.split(" ")
    if w[0] in ("give", "discard"):
        return w[0]
    k = {"P": "swap", "7": "split", "-4": "back"}
    return k[w[0]] if w[0] in k else ("start" if w[1][0] == "N" else "forward")


def _replay(before, n, h, kind, lean=False):
    # hops h replayed on `before` (n pawn codes + stake flags):
    # ([(colour, code before, [codes])], [(colour, code) eaten], pos, st); `lean` (a bot's
    # search): (None, None, pos, st), without the paths and the eaten
    pos = bytearray(before[:n])
    st = bytearray(before[n:])
    paths = None if lean else []
    idx = None if lean else {}
    ee = None if lean else []
    last = len(h) - 2
    for j in range(0, len(h), 2):
        g = h[j]
        v = h[j + 1]
        c = g >> 2
        a = pos[g]
        if not lean:
            if g not in idx:
                idx[g] = len(paths)
                paths.append((c, a, []))
            paths[idx[g]][2].append(v)
        if v < _B and (kind == "split" or (kind != "swap" and j == last)):
            for e in range(n):
                if e != g and pos[e] == v:
                    if not lean:
                        ee.append((e >> 2, v))
                    pos[e] = NEST
        if a == 16 * c:
            st[c] = 0  # a stake that moves or is swapped becomes a plain pawn
        if a == NEST:
            st[c] = 1
        pos[g] = v
    return paths, ee, pos, st


class Move:
    """A move: `text`, `card`, `kind`, and for a UI `path`, `eaten` (docs/tactik.md)."""
    # Its data sits in byte chunks shared by its move list and is replayed on demand: a Pico
    # holds many moves.

    def __init__(self, i, x):
        self._i = i  # chunk index << 12 | offset of its record
        self._x = x  # shared: [colour names, codes + stakes before, state sig, 4*ncol, chunks]

    def _rec(self):
        ch = self._x[4][self._i >> 12]
        o = self._i & 4095
        return ch, o + 1, o + 1 + ch[o]

    @property
    def text(self):
        ch, a, b = self._rec()
        return bytes(ch[a:b]).decode()

    def _hops(self):
        # pawn index, code reached, ... in order
        ch, a, b = self._rec()
        return bytes(ch[b + 1 : b + 1 + ch[b]])

    def __str__(self):
        return self.text

    def __repr__(self):
        return "Move(" + repr(self.text) + ")"

    def __eq__(self, other):
        return (isinstance(other, Move) and other.text == self.text
                and other._hops() == self._hops())

    def __hash__(self):
        return hash(self.text)

    @property
    def card(self):
        w = self.text.split(" ")
        return w[1] if w[0] in ("give", "discard") else w[0]

    @property
    def kind(self):
        return _kind(self.text)

    @property
    def _sig(self):
        return self._x[2]

    @property
    def _after(self):
        return _snap(*self._replay()[2:]) if self._hops() else None

    def _replay(self):
        return _replay(self._x[1], self._x[3], self._hops(), self.kind)

    @property
    def path(self):
        return [(_loc(a), [_loc(v) for v in s]) for _c, a, s in self._replay()[0]]

    @property
    def colours(self):
        """Colour of each `path` entry."""
        return [self._x[0][x[0]] for x in self._replay()[0]]

    @property
    def colour(self):
        """Colour of the (first) pawn moved, None for give/discard."""
        p = self._replay()[0]
        return self._x[0][p[0][0]] if p else None

    @property
    def eaten(self):
        """Locations of the eaten pawns, in eating order (`eaten_colours` gives their colours)."""
        return [_loc(v) for _c, v in self._replay()[1]]

    @property
    def eaten_colours(self):
        return [self._x[0][c] for c, _v in self._replay()[1]]


class State:
    """One game of Tac-Tik; build it with new_game(), from_positions() or deserialize()."""

    # a hand-built position's first state (serialize()), where rewind() starts; a class
    # default, so a dealt game's states carry no extra attribute (their table stays small)
    start = None

    def __init__(self, players=4, seed=0, physical_cards=False, flags=None):
        if players is None:
            return  # a blank that _fork() fills
        if players not in PLAYERS:
            raise ValueError("players must be 2, 3, 4 or 6")
        self.players = players
        self.individual = players < 4
        self.ncol = 6 if players % 3 == 0 else 4
        self.L = 16 * self.ncol
        self.colours = COLOURS6 if self.ncol == 6 else COLOURS4
        self.hand_size = 6 if players == 2 else 4
        self.physical = bool(physical_cards)
        self.seed = seed
        f = dict(FLAGS)
        for k in flags or ():
            if k not in FLAGS:
                raise ValueError("unknown flag: " + str(k))
            f[k] = bool(flags[k])
        self.flags = f
        self.pos = bytearray([NEST] * (4 * self.ncol))
        self.stake = bytearray(self.ncol)
        self.hands = [[] for _ in range(players)]
        self.pack = bytearray()  # card codes: a byte each, not a list slot (8 bytes on 64-bit)
        self.played = bytearray()
        self.pending = [-1] * players
        self.phase = "play"
        self.current_player = 0
        self.dealer = players - 1
        self.turns_left = 0
        self.ply = 0
        self.rng = Rng(seed)
        self.win = -1
        self._hist = []  # history kept as a few bytes chunks: a Pico heap stays unfragmented
        self._hbuf = bytearray()
        self._hn = 0  # texts in the history
        self._cache = None

    @property
    def history(self):
        """Texts of the moves applied so far (gives, plays, discards)."""
        return list(self.iter_history())

    def iter_history(self):
        """The history texts one by one, decoded chunk by chunk (no big block on a Pico)."""
        for ch in self._hist + [self._hbuf]:
            for t in _texts(ch).split(";")[:-1]:
                yield t

    def history_len(self):
        return self._hn

    def last_move(self):
        """The text of the last move applied, or None."""
        ch = self._hbuf or (self._hist[-1] if self._hist else b"")
        if not ch:
            return None
        i = len(ch) - 1
        while ch[i] < _PLAY:  # back to the last record's first byte
            i -= 1
        return _texts(ch[i:])[:-1]

    def history_blocks(self):
        """The history as the board saves it: a chunk of records a string, "@" and its base64
        (record.saved; replay() and texts() take them as they are)."""
        return [record.saved(ch) for ch in self.history_chunks()]

    def history_chunks(self):
        """The history as the state keeps it: a few chunks of records, a few bytes a move (the
        last one grows in place: read it now)."""
        return [ch for ch in self._hist + [self._hbuf] if ch]

    def options(self):
        """What new_game() needs besides the seed to rebuild this game: players,
        physical_cards and the flags (docs/game-interface.md)."""
        o = dict(self.flags)
        o["players"] = self.players
        o["physical_cards"] = self.physical
        return o

    # ----- seats and teams (colour indexes internally) ---------------------------------
    def _seat_cols(self, seat):
        return [seat, seat + self.ncol // 2] if self.individual else [seat]

    def _team_cols(self, seat):
        if self.individual:
            return self._seat_cols(seat)
        return [seat, (seat + self.players // 2) % self.players]

    def seat_colours(self, seat):
        """Colours a seat owns (two in the individual variants)."""
        return [self.colours[c] for c in self._seat_cols(seat)]

    def team_of(self, seat):
        """Colours of the seat's team (its own two colours when individual)."""
        return [self.colours[c] for c in self._team_cols(seat)]

    def _home(self, c, pos=None):
        for v in (pos or self.pos)[4 * c : 4 * c + 4]:
            if v <= _B or v == NEST:
                return False
        return True

    def _controlled(self, seat):
        # colours whose pawns the seat moves this turn: the partner's once its own are home
        if self.individual:
            return self._seat_cols(seat)
        if self._home(seat):
            return [(seat + self.players // 2) % self.players]
        return [seat]

    def playing_colours(self, seat=None):
        """Colours the seat (default: the player to move) moves this turn."""
        return [self.colours[c] for c in self._controlled(self.current_player if seat is None
                                                            else seat)]

    # ----- queries ---------------------------------------------------------------------
    def hand(self, seat):
        """Card codes in a seat's hand (empty in physical_cards mode)."""
        return [CARDS[k] for k in self.hands[seat]]

    def positions(self):
        """{colour: sorted locations of its 4 pawns}, a stake written with a trailing `*`."""
        out = {}
        for c in range(self.ncol):
            locs = []
            for v in self.pos[4 * c : 4 * c + 4]:
                locs.append(_loc(v) + ("*" if v == 16 * c and self.stake[c] else ""))
            out[self.colours[c]] = sorted(locs)
        return out

    def view(self, seat):
        """The hidden information `seat` may see: its hand, the card it passed face down, how
        many cards each seat holds, the played pile (face up) and the pack size."""
        p = self.pending[seat]
        return {"hand": self.hand(seat), "given": CARDS[p] if p >= 0 else None,
                "held": [len(h) for h in self.hands], "played": [CARDS[k] for k in self.played],
                "pack": len(self.pack)}

    def simultaneous(self):
        """No round of Tac-Tik is a simultaneous choice (docs/game-interface.md)."""
        return False

    def is_over(self):
        return self.phase == "over"

    def winner(self):
        """None while running, else the winning seats: a team's two (team i: seat i and its
        partner, (i, i + players // 2)), or the one seat of an individual game. The team or
        seat is winner()[0], its index in scores()."""
        if self.win < 0:
            return None
        if self.individual:
            return (self.win,)
        return (self.win, self.win + self.players // 2)

    def scores(self):
        """Pawns home (in a base) per team: what the `end` event reports and a replay checks."""
        out = []
        for t in range(self.players if self.individual else self.players // 2):
            n = 0
            for c in self._team_cols(t):
                for v in self.pos[4 * c : 4 * c + 4]:
                    n += _B < v < NEST
            out.append(n)
        return out

    def card_count(self):
        """Cards in hands + pack + played + passed face down: 48 with a virtual deck."""
        n = len(self.pack) + len(self.played)
        for h in self.hands:
            n += len(h)
        for k in self.pending:
            n += k >= 0
        return n

    # ----- copying, serialisation ------------------------------------------------------
    def _fork(self, s=None):
        # a copy of the game sharing its history (apply() works on one, then takes its fields);
        # into the blank `s` if given, every field set anew
        s = s or State(None)
        for k in _SAME:
            setattr(s, k, getattr(self, k))
        s.pos = bytearray(self.pos)
        s.stake = bytearray(self.stake)
        s.hands = [list(h) for h in self.hands]
        s.pack = bytearray(self.pack)
        s.played = bytearray(self.played)
        s.pending = list(self.pending)
        s.rng = Rng(0)
        s.rng.state = self.rng.state
        if self.start is not None:
            s.start = self.start
        return s

    def clone(self):
        s = self._fork()
        s._hist = list(self._hist)
        s._hbuf = bytearray(self._hbuf)
        return s

    def serialize(self):
        """Canonical ASCII bytes of the game state (not the history)."""
        def cards(ks):
            return ",".join([CARDS[k] if k >= 0 else "-" for k in ks])

        return canon.join_fields([
            "TT1", self.players, int(self.physical), int(self.flags["base_entry_compulsory"]),
            int(self.flags["partner_stake_own"]), self.seed, PHASES.index(self.phase),
            self.current_player, self.dealer, self.turns_left, self.ply, self.rng.state, self.win,
            ",".join([str(v) for v in self.pos]), "".join([str(v) for v in self.stake]),
            "/".join([cards(h) for h in self.hands]), cards(self.pack), cards(self.played),
            cards(self.pending),
        ])

    def digest(self):
        return canon.digest(self.serialize())

    # ----- dealing and turns -----------------------------------------------------------
    def _deal(self):
        if len(self.pack) < self.players * self.hand_size:
            # normally the pack is empty exactly when all 48 cards have been played
            self.pack.extend(self.played)
            self.played = bytearray()
            self.rng.shuffle(self.pack)
        for _ in range(self.hand_size):
            for j in range(self.players):
                self.hands[(self.dealer + 1 + j) % self.players].append(self.pack[-1])
                self.pack[-1:] = b""  # (a bytearray has no pop())
        for h in self.hands:
            h.sort()
        self.phase = "exchange"
        self.current_player = (self.dealer + 1) % self.players

    def _next_turn(self):
        n = self.players
        if self.physical:
            self.turns_left -= 1
            if self.turns_left > 0:
                self.current_player = (self.current_player + 1) % n
                return
            self.turns_left = n * self.hand_size
            self.dealer = (self.dealer + 1) % n
            self.current_player = (self.dealer + 1) % n
            return
        for k in range(1, n + 1):
            s = (self.current_player + k) % n
            if self.hands[s]:
                self.current_player = s
                return
        self.dealer = (self.dealer + 1) % n
        self._deal()

    def _check_win(self):
        for s in range(self.players if self.individual else self.players // 2):
            done = True
            for c in self._team_cols(s):
                done = done and self._home(c)
            if done:
                self.win = s
                self.phase = "over"
                return True
        return False

    # ----- move generation -------------------------------------------------------------
    def _sig(self):
        # what a legal move list depends on: a Move carrying the same one needs no re-check
        h = self.hands[self.current_player] if self.phase != "over" else []
        return (bytes(self.pos) + bytes(self.stake)
                + bytes([self.current_player, PHASES.index(self.phase), self.ply & 255] + h))

    def _occ(self, pos):
        # track hole -> pawn index + 1 (0: empty)
        occ = bytearray(self.L)
        for g in range(4 * self.ncol):
            if pos[g] < _B:
                occ[pos[g]] = g + 1
        return occ

    def _mloc(self, c, v):
        # location as written in move texts: T5, N, or a base hole with its colour letter (rB2)
        if v > _B and v != NEST:
            return LETTERS[self.colours[c]] + _loc(v)
        return _loc(v)

    def _free(self, pos, c, hole):
        # base hole free? (a loop: `int in bytearray` is missing on MicroPython, and a
        # slice would allocate)
        v = _B + hole
        for i in range(4 * c, 4 * c + 4):
            if pos[i] == v:
                return False
        return True

    def _stake_at(self, st, t):
        return t & 15 == 0 and st[t >> 4]

    def _single(self, card, c, g, dest, path, out):
        # a one-pawn move of pawn g (colour c) to dest through path
        h = bytearray()
        for v in path:
            h.append(g)
            h.append(v)
        out.put(CARDS[card] + " " + self._mloc(c, self.pos[g]) + "-" + self._mloc(c, dest), h)

    def _forward(self, card, c, g, n, out):
        pos = self.pos
        t = pos[g]
        if t == NEST:
            return
        if t > _B:
            for j in range(t + 1, t + n + 1):
                if j > _B + 4 or not self._free(pos, c, j - _B):
                    return
            self._single(card, c, g, t + n, range(t + 1, t + n + 1), out)
            return
        stake = self.stake[c] and t == 16 * c
        path = bytearray()
        r = n
        while r > 0:
            if t == 16 * c and not stake and r <= 4:
                ok = True
                for j in range(1, r + 1):
                    ok = ok and self._free(pos, c, j)
                if ok:
                    self._single(card, c, g, _B + r, list(path) + list(range(_B + 1, _B + r + 1)),
                                 out)
                    if self.flags["base_entry_compulsory"]:
                        return
            stake = False
            t = (t + 1) % self.L
            if self._stake_at(self.stake, t):
                return
            path.append(t)
            r -= 1
        self._single(card, c, g, t, path, out)

    def _back(self, card, c, g, out):
        t = self.pos[g]
        if t >= _B:
            return
        path = bytearray()
        for _ in range(4):
            t = (t - 1) % self.L
            if self._stake_at(self.stake, t):
                return
            path.append(t)
        self._single(card, c, g, t, path, out)

    def _swaps(self, seat, cols, out):
        pos = self.pos
        st = self.stake
        own = cols
        if not (self.flags["partner_stake_own"] or self.individual):
            own = [seat]  # colours whose stake counts as one's own
        for g in range(4 * self.ncol):
            c = g >> 2
            a = pos[g]
            if c not in cols or a >= _B or (a == 16 * c and st[c] and c not in own):
                continue
            for h in range(4 * self.ncol):
                d = h >> 2
                b = pos[h]
                if h == g or b >= _B or (b == 16 * d and st[d] and d not in own):
                    continue
                if d in cols and b < a:
                    continue  # a swap of two own pawns is listed once, from the lower hole
                out.put("P " + self._mloc(c, a) + "-" + self._mloc(d, b), bytes([g, b, h, a]))

    # 7x1: depth-first over single steps; each distinct final position is one move
    def _steps(self, pos, st, c, g):
        p = pos[g]
        if p == NEST:
            return ()
        if p > _B:
            return (p + 1,) if p < _B + 4 and self._free(pos, c, p - _B + 1) else ()
        res = []
        if p == 16 * c and not st[c] and self._free(pos, c, 1):
            res.append(_B + 1)
            if self.flags["base_entry_compulsory"]:
                return res
        nt = (p + 1) % self.L
        if not self._stake_at(st, nt):
            res.append(nt)
        return res

    def _do(self, pos, st, occ, c, g, dest):
        # one single step of pawn g; returns the eaten pawn or -1
        p = pos[g]
        if p < _B:
            occ[p] = 0
        e = -1
        if dest < _B:
            if occ[dest]:
                e = occ[dest] - 1
                pos[e] = NEST
            occ[dest] = g + 1
        if p == 16 * c:
            st[c] = 0
        pos[g] = dest
        return e

    def _undo(self, pos, st, occ, c, g, p, dest, e, s0):
        # _do taken back: pawn g from dest to p again, its eaten pawn e back on dest, the
        # colour's stake as it was (s0). _dfs inlines the same (no call per node on a Pico)
        if dest < _B:
            occ[dest] = e + 1
            if e >= 0:
                pos[e] = dest
        if p < _B:
            occ[p] = g + 1
        st[c] = s0
        pos[g] = p

    # over the complexity ceiling on purpose: the 7x1 search's inner loop: a call a node would cost
    # a Pico's pass
    def _dfs(self, pos, st, occ, c, r, mask, seen, found, seq, out):  # noqa: C901
        # found None: only say whether r more steps can be made (stops at the first way);
        # else add one Move per new outcome (key: the colour's sorted pawns, stake, eaten)
        if r == 0 and found is None:
            return True
        if r == 0 or r > 2:
            # the colour's pawns: sorted for an outcome; in index order for the memo (that
            # only merges fewer states, and saves a sort on every node)
            k = st[c]
            for v in sorted(pos[4 * c : 4 * c + 4]) if r == 0 else pos[4 * c : 4 * c + 4]:
                k = k * 101 + (v if v < _B else (v - 5 if v != NEST else 100))
            m = mask * 8 + r  # k < 2**28 and m < 2**27: small ints even on a 32-bit Pico
            b = (k ^ m) & 31
            k = (k << 27) | m if _WIDE else (k, m)
            # 32 small sets of ints, not one big set: a Pico heap rarely has a large free
            # block; the last two steps (the most nodes, each cheap) are not remembered
            if r == 0:
                if k not in found[b]:
                    found[b].add(k)
                    out.put7(self, c, pos, st, seq)
                return True
            if k in seen[b]:
                return False
            seen[b].add(k)
        # the single steps of each pawn, as in _steps/_do (+ undo) but inlined: no allocation
        # per node (on a Pico, garbage is time)
        comp = self.flags["base_entry_compulsory"]
        for g in range(4 * c, 4 * c + 4):
            p = pos[g]
            if p == NEST:
                continue
            d1 = -1
            d2 = -1
            if p > _B:
                if p < _B + 4 and self._free(pos, c, p - _B + 1):
                    d1 = p + 1
            else:
                if p == 16 * c and not st[c] and self._free(pos, c, 1):
                    d1 = _B + 1
                if d1 < 0 or not comp:
                    nt = p + 1 if p + 1 < self.L else 0
                    if not (nt & 15 == 0 and st[nt >> 4]):
                        d2 = nt
            for j in range(2):
                dest = d2 if j else d1
                if dest < 0:
                    continue
                if p < _B:
                    occ[p] = 0
                e = -1
                if dest < _B:
                    if occ[dest]:
                        e = occ[dest] - 1
                        pos[e] = NEST
                    occ[dest] = g + 1
                cleared = p == 16 * c and st[c]
                if cleared:
                    st[c] = 0
                pos[g] = dest
                seq.append(g)
                seq.append(dest)
                # the mask keeps eaten pawns of other colours (own ones show in pos)
                ok = self._dfs(pos, st, occ, c, r - 1,
                               mask | (1 << e if e >= 0 and e >> 2 != c else 0),
                               seen, found, seq, out)
                seq.pop()
                seq.pop()
                if dest < _B:
                    occ[dest] = e + 1
                    if e >= 0:
                        pos[e] = dest
                if p < _B:
                    occ[p] = g + 1
                if cleared:
                    st[c] = 1
                pos[g] = p
                if ok and found is None:
                    if r > 2:
                        seen[b].remove(k)  # keep `seen` to dead ends only: it is reused
                    return True
        return False

    def _dfs_pieces(self, pos, st, occ, c, r, mask, seen, found, seq, out, split):
        # _dfs(found given) as a generator, yielding after the subtree under each path of
        # `split` single steps (_card_uses makes pieces of them). The few nodes above are not
        # remembered: one met again (two steps in either order) costs only its children's
        # memo lookups, and the outcomes and their order are _dfs's
        if split == 0:
            self._dfs(pos, st, occ, c, r, mask, seen, found, seq, out)
            yield
            return
        for g in range(4 * c, 4 * c + 4):
            for dest in self._steps(pos, st, c, g):
                p = pos[g]
                s0 = st[c]
                e = self._do(pos, st, occ, c, g, dest)
                seq.append(g)
                seq.append(dest)
                yield from self._dfs_pieces(pos, st, occ, c, r - 1,
                                            mask | (1 << e if e >= 0 and e >> 2 != c else 0),
                                            seen, found, seq, out, split - 1)
                seq.pop()
                seq.pop()
                self._undo(pos, st, occ, c, g, p, dest, e, s0)

    def _split_text(self, c, pos, seq):
        # text of a 7x1 outcome (final pawn codes pos): own pawns from-to, then others eaten
        text = "7"
        others = []
        moved = [seq[j] for j in range(0, len(seq), 2)]
        for g in range(4 * self.ncol):
            a = self.pos[g]
            if g >> 2 == c and (g in moved or a != pos[g]):
                text += " " + self._mloc(c, a) + "-" + self._mloc(c, pos[g])
            elif a != pos[g]:
                others.append(a)
        others.sort()
        for a in others:
            text += " x" + _loc(a)
        return text

    def _card_uses(self, seat, cols, card, out):
        # a generator: the uses of one card sent to `out`, in pieces: a crowded 7x1's search
        # (a Pico's longest: 305 ms in one piece) yields True every _PIECE7 entries of its memo
        # (a piece of work), False after _WALK7 subtrees without them (a pause)
        if card == _CP:
            self._swaps(seat, cols, out)
            return
        walked = 0  # subtrees since the last yield, whichever colour's
        for c in cols:
            if card == _C7:  # outcomes in search order: deterministic on both runtimes
                seen = _sets()
                found = _sets()
                done = 0
                for _ in self._dfs_pieces(bytearray(self.pos), bytearray(self.stake),
                                          self._occ(self.pos), c, 7, 0, seen, found, [], out,
                                          _SPLIT7):
                    w = _filled(seen) + _filled(found)
                    walked += 1
                    if w - done >= _PIECE7:
                        done = w
                        walked = 0
                        yield True
                    elif walked >= _WALK7:
                        walked = 0
                        yield False
                continue
            g = 4 * c + 3  # segments are sorted: a nest pawn is last
            if card in (_C1, _C10) and not self.stake[c] and self.pos[g] == NEST:
                self._single(card, c, g, 16 * c, (16 * c,), out)
            for g in range(4 * c, 4 * c + 4):
                if card == _CM4:
                    self._back(card, c, g, out)
                else:
                    self._forward(card, c, g, _VALUE[card], out)

    def _gen(self, only=-1, out=None):
        # the legal moves (of card code `only`; then a discard of it if it has no use) in
        # legal_moves() order: a Move list, or each sent to `out` (an _Out)
        o = out or _Out()
        for _ in self.gen_steps(only, o):
            pass
        return out or o.moves(self)

    def gen_steps(self, only, out):
        """_gen as a generator: each legal move sent to `out`; a crowded 7x1's search yields
        True after each piece of its work and False after a pause (_card_uses), so a bot's
        search spreads it over a board's passes."""
        seat = self.current_player
        kinds = sorted(set(self.hands[seat]))
        if only >= 0:
            kinds = (only,)
        elif self.physical:
            kinds = range(12)
        if self.phase == "exchange":
            for k in kinds:
                out.put("give " + CARDS[k], b"")
        elif self.phase == "play":
            cols = self._controlled(seat)
            for k in kinds:
                n0 = out.n
                yield from self._card_uses(seat, cols, k, out)
                if self.physical and out.n == n0:
                    out.put("discard " + CARDS[k], b"")
            if not out.n:
                for k in kinds:
                    out.put("discard " + CARDS[k], b"")

    def _one(self, text, hops):
        # the Move of one text and hops (greedy_move, split_move)
        o = _Out()
        o.put(text, hops)
        return o.moves(self)[0]

    def legal_moves(self):
        """Legal moves of the player to move, a fresh list (the moves are shared with a list
        cached for card_moves()). In physical_cards mode every card kind is listed: its uses,
        or its discard."""
        if self._cache is None:
            self._cache = self._gen()
        return list(self._cache)

    def card_moves(self, card):
        """The legal moves of one card (a code such as "7"), a list: only that card's moves
        are generated unless the whole list is cached already."""
        if card not in CARDS:
            raise ValueError("unknown card: " + str(card))
        if self._cache is not None:
            return [m for m in self._cache if m.card == card]
        k = CARDS.index(card)
        if not self._holds(k):
            return []
        # only this card's moves are generated (no whole-hand list on a Pico heap); with a
        # dealt hand its discard is legal only if no card has a use: the first move of the
        # whole hand (the search stops there) is then a discard
        moves = self._gen(k)
        if moves and moves[0].kind == "discard" and not self._only_discards():
            return []
        return moves

    def _holds(self, k):
        # the player to move may declare card code k: any card with physical cards, else one
        # in hand
        return self.physical or k in self.hands[self.current_player]

    def each_move(self, card, fn=None):
        """Call fn(text) for each legal use of `card` (no discard) and keep none: a board
        picks among a crowded Permuter's hundred uses this way on a Pico heap. Without `fn`:
        True when the card has a use now (neither a gift nor a discard), the search stopped
        at its first move (a board marks its hand's playable cards so)."""
        k = CARDS.index(card)
        if fn is not None:
            if self._holds(k):
                self._gen(k, _Out(fn))
            return None
        if self.phase != "play" or not self._holds(k):
            return False
        if self._cache is not None:
            return any(m.card == card and m.kind != "discard" for m in self._cache)
        o = _Out(None)
        try:
            self._gen(k, o)
        except _Stop:
            pass
        return o.text is not None and o.text[0] != "d"

    def rewind(self, count):
        """A new state: this game after its first `count` moves (an undo is
        rewind(len(history) - 1)), replayed from its start (the seed, or a from_positions()
        state's first position; a deserialize()d state keeps no record of its own, so it is
        rewound from its seed); it shares this one's full history chunks, so a Pico holds no
        second history while it undoes."""
        if not 0 <= count <= self._hn:
            raise ValueError("no move to take back" if count < 0 else "cannot rewind")
        if self.start:
            s = deserialize(self.start)
            s.start = self.start
        else:
            s = _start(self.options(), self.seed)
        hist = []
        buf = bytearray()
        left = count
        for ch in self._hist + [self._hbuf]:
            if not left:
                break
            end = 0
            for t in _texts(ch).split(";")[:-1]:
                if not left:
                    break
                s._play(s._legal(t), None)  # in place, history not written (see replay())
                end = _after(ch, end)
                left -= 1
            if end == len(ch) and ch is not self._hbuf:
                hist.append(ch)  # shared: a full chunk is bytes, never changed
            else:
                buf = bytearray(ch[:end])
        s._hist = hist
        s._hbuf = buf
        s._hn = count
        return s

    def undo(self):
        """A new state without the last move: rewind(history_len() - 1)."""
        return self.rewind(self._hn - 1)

    def _only_discards(self):
        # with a dealt hand a discard is legal only if no card has a use: the first move of
        # the whole hand (the search stops there) is then a discard
        if self.physical:
            return True
        o = _Out(None)
        try:
            self._gen(-1, o)
        except _Stop:
            pass
        return o.text[0] == "d"

    def parse_move(self, text):
        """The legal move written `text` (docs/tactik.md), else ValueError."""
        t = " ".join(canon.ascii_words(str(text)))  # ASCII spaces only, as on MicroPython
        if t.startswith("P ") and "-" in t:
            a, b = t[2:].split("-", 1)
            alt = "P " + b + "-" + a
        else:
            alt = t
        # Only its card's moves are generated, and none is kept: the search stops at the move
        # written so (a replay on a Pico never lists a 7x1's outcomes).
        w = t.split(" ")
        w = w[-1] if w[0] in ("give", "discard") else w[0]
        k = CARDS.index(w) if w in CARDS else -1
        o = _Out((t, alt))
        if k >= 0 and self._holds(k):
            try:
                self._gen(k, o)
            except _Stop:
                pass
        if o.text is None or (o.text[0] == "d" and not self._only_discards()):
            raise ValueError(("game is over: " if self.phase == "over" else "illegal move: ")
                             + t)
        return self._one(o.text, o.hops)

    # ----- applying --------------------------------------------------------------------
    def apply(self, move):
        """Play a legal move (Move or text); an illegal one raises ValueError, changes nothing.
        Atomic: a MemoryError (which the board catches) also leaves the game as it was."""
        # Everything that allocates happens first, on a scratch copy and new history buffers;
        # this state is changed only by the final block, assignments of existing attributes
        # that allocate nothing: a MemoryError or a ValueError before it changes nothing.
        move = self._legal(move)
        s = self._fork(_SCRATCH)
        s._play(move, False)
        # ---- commit: only assignments of existing attributes, nothing allocated ----
        for k in _STATE:
            setattr(self, k, getattr(s, k))
            setattr(s, k, None)  # the scratch keeps nothing of this game alive
        self._cache = None

    def _legal(self, move):
        # the legal Move that `move` (a Move or a text) is here, else ValueError
        if not isinstance(move, Move) or move._sig != self._sig():
            move = self.parse_move(str(move))
        return move

    def _play(self, move, own):
        # make a legal Move on this state (not atomic); own: its history buffer is not shared
        # with another state (replay), so it grows in place instead of being copied; None:
        # the history is not written (rewind() sets it afterwards)
        t = move.text
        self._advance(CARDS.index(move.card), _kind(t), move._after)
        self._cache = None
        if own is None:
            return
        r = _record(t)
        if len(self._hbuf) + len(r) > _CHUNK:  # a chunk holds at most _CHUNK bytes
            self._close_chunk()
        if own:
            self._hbuf.extend(r)
        else:
            self._hbuf = self._hbuf + r
        self._hn += 1
        if len(self._hbuf) == _CHUNK:
            self._close_chunk()

    def _close_chunk(self):
        # the open chunk joins the full ones (bytes, never changed: states share them)
        self._hist = self._hist + [bytes(self._hbuf)]
        self._hbuf = bytearray()

    def _advance(self, k, kind, after):
        # the move (card code k, kind, _snap after it) made on this state, a scratch copy
        seat = self.current_player
        self.ply += 1
        if kind == "give":
            self.hands[seat].remove(k)
            self.pending[seat] = k
            n = self.players
            for j in range(1, n + 1):
                if self.pending[(seat + j) % n] < 0:
                    self.current_player = (seat + j) % n
                    return
            for s in range(n):
                r = s + 1 if self.individual else s + n // 2
                self.hands[r % n].append(self.pending[s])
            for h in self.hands:
                h.sort()
            self.pending = [-1] * n
            self.phase = "play"
            self.current_player = (self.dealer + 1) % n
            return
        if not self.physical:
            self.hands[seat].remove(k)
            self.played.append(k)
        if after:
            self.pos[:] = after[: 4 * self.ncol]
            self.stake[:] = after[4 * self.ncol :]
        if not self._check_win():
            self._next_turn()

    # ----- 7x1 step by step, for a six-button UI -----------------------------------------
    def _walk(self, steps):
        # replay chosen single steps (texts `T5`, `rB1`, or `T16>rB1` to enter the base)
        if self.phase != "play" or not self._holds(_C7):
            raise ValueError("no 7x1 to play")
        cols = self._controlled(self.current_player)
        pos = bytearray(self.pos)
        st = bytearray(self.stake)
        occ = self._occ(pos)
        colour = -1
        seq = []
        if len(steps) > 7:
            raise ValueError("a 7x1 has seven steps")
        for s in steps:
            found = None
            for c in cols:
                for g in range(4 * c, 4 * c + 4):
                    for d, txt in self._step_texts(pos, st, c, g):
                        if txt == s:
                            found = (c, g, d)
            if found is None or (colour >= 0 and found[0] != colour):
                raise ValueError("illegal 7x1 step: " + s)
            colour, g, d = found
            self._do(pos, st, occ, colour, g, d)
            seq.append(g)
            seq.append(d)
        return colour, cols, pos, st, occ, seq

    def _step_texts(self, pos, st, c, g):
        # each single step of pawn g with its text: its location, `loc>xB1` to enter its base
        out = []
        for d in self._steps(pos, st, c, g):
            s = self._mloc(c, pos[g])
            if d > _B and pos[g] < _B:
                s += ">" + self._mloc(c, d)
            out.append((d, s))
        return out

    def split_next_steps(self, steps=()):
        """Legal next single steps of a 7x1 after `steps` (step texts, see docs/tactik.md),
        each leaving at least one complete legal outcome; [] once seven are chosen."""
        colour, cols, pos, st, occ, seq = self._walk(list(steps))
        r = 7 - len(steps)
        out = []
        dead = _sets()
        for c in ([colour] if colour >= 0 else cols) if r else ():
            for g in range(4 * c, 4 * c + 4):
                for d, s in self._step_texts(pos, st, c, g):
                    p2 = bytearray(pos)
                    s2 = bytearray(st)
                    o2 = bytearray(occ)
                    e = self._do(p2, s2, o2, c, g, d)
                    m = 1 << e if e >= 0 and e >> 2 != c else 0
                    if s not in out and self._dfs(p2, s2, o2, c, r - 1, m, dead, None, [],
                                                  None):
                        out.append(s)
        return out

    def split_move(self, steps):
        """The legal 7x1 Move made by these seven single steps (its path follows them)."""
        colour, cols, pos, st, occ, seq = self._walk(list(steps))
        if len(seq) != 14:
            raise ValueError("not a complete legal 7x1")
        # The steps made on a scratch copy give the outcome; its text is the canonical one:
        # the pawn pairing of the first step order the search finds for that outcome. The
        # search stops there and keeps no list.
        find = _Out(_snap(pos, st))
        try:
            self._dfs(bytearray(self.pos), bytearray(self.stake), self._occ(self.pos), colour,
                      7, 0, _sets(), _sets(), [], find)
        except _Stop:
            pass
        if find.text is None:
            raise ValueError("not a complete legal 7x1")
        return self._one(find.text, bytes(seq))

    # ----- greedy evaluation -----------------------------------------------------------
    def _value(self, text, hops):
        # greedy_move's value of a move: a give or discard by the card's keep order (a start
        # card given to a partner stuck in the nest first), else _eval of the position after
        w = text.split(" ")
        seat = self.current_player
        if w[0] in ("give", "discard"):
            k = CARDS.index(w[1])
            if w[0] == "give" and k in (_C1, _C10) and not self.individual:
                p = (seat + self.players // 2) % self.players
                seg = list(self.pos[4 * p : 4 * p + 4])
                mine = [x for x in self.pos[4 * seat : 4 * seat + 4] if x < _B]
                if NEST in seg and min(seg) >= _B and (mine or self.hands[seat].count(k) > 1):
                    return 0
            return -1000000 - _KEEP[k]
        r = _replay(bytes(self.pos) + bytes(self.stake), 4 * self.ncol, hops, _kind(text))
        return self._eval(r[2], r[3], seat)

    def _eval(self, pos, st, seat):
        # team progress minus the others': nest 0, track 10 + holes from the start square
        # (a stake 10, a free pawn on its own start square L + 10), base hole k L + 40 + 3k,
        # a colour all home +100; the team's sum is weighed against every other team's.
        n = 4 * self.ncol
        mine = self._team_cols(seat)
        total = 0
        for g in range(n):
            c = g >> 2
            v = pos[g]
            if v == NEST:
                x = 0
            elif v > _B:
                x = self.L + 40 + 3 * (v - _B)
            elif v == 16 * c:
                x = 10 if st[c] else 10 + self.L
            else:
                x = 10 + (v - 16 * c) % self.L
            if g & 3 == 3 and self._home(c, pos):
                x += 100
            total += x * (2 * (len(self.colours) // len(mine) - 1) if c in mine else -1)
        return total


# apply()'s scratch copy, one for every game: its attribute table (some 460 bytes, one block)
# is made once, not at every move of a long game on a fragmented Pico heap; each _fork() sets
# every field anew, and a move's commit empties them again.
_SCRATCH = State(None)


def new_game(players=4, seed=0, physical_cards=False, **flags):
    """A new game: the pack shuffled by the shared generator and dealt (unless physical_cards)."""
    s = State(players, seed, physical_cards, flags)
    s.current_player = (s.dealer + 1) % players
    if s.physical:
        s.turns_left = players * s.hand_size
    else:
        s.pack = bytearray(sorted(list(range(12)) * 4))
        s.rng.shuffle(s.pack)
        s._deal()
    return s


def deserialize(data):
    """Rebuild a state from serialize() bytes (its history starts empty)."""
    f = canon.split_fields(data)
    if f[0] != "TT1" or len(f) != 19:
        raise ValueError("not a Tac-Tik state")
    s = State(int(f[1]), int(f[5]), f[2] == "1",
               {"base_entry_compulsory": f[3] == "1", "partner_stake_own": f[4] == "1"})
    s.phase = PHASES[int(f[6])]
    (s.current_player, s.dealer, s.turns_left, s.ply, s.rng.state,
     s.win) = [int(x) for x in f[7:13]]
    s.pos = bytearray([int(x) for x in f[13].split(",")])
    s.stake = bytearray([int(x) for x in f[14]])

    def cards(t):
        return [CARDS.index(x) if x != "-" else -1 for x in t.split(",")] if t else []

    s.hands = [cards(h) for h in f[15].split("/")]
    s.pack = bytearray(cards(f[16]))
    s.played = bytearray(cards(f[17]))
    s.pending = cards(f[18])
    return s


def texts(moves):
    """Move texts one by one from a list of texts or of history_blocks() strings (a save's:
    chunks of records; an older board's save has ";"- or newline-ended texts). ValueError for
    a saved chunk that is not one."""
    for item in moves:
        if item[:1] == "@":
            try:
                item = _texts(record.chunk(item))
            except IndexError:  # a text kept as it is, longer than any the engine keeps
                raise ValueError("not a saved history chunk")
        if ";" in item or "\n" in item:
            for t in item.replace("\n", ";").split(";"):
                if t:
                    yield t
        else:
            yield item


def _start(options, seed):
    # a new game from state.options()
    o = dict(options)
    return new_game(o.pop("players", 4), seed, o.pop("physical_cards", False), **o)


def replay(options, seed, moves):
    """Rebuild a game from its options (state.options()), seed and moves (texts or history
    blocks): the firmware resumes a save and the host checks a log this way."""
    s = _start(options, seed)
    for t in texts(moves):
        # in place, not through apply(): a state being built needs no atomic move, and a
        # scratch copy per move would fragment a Pico heap over a long game
        s._play(s._legal(t), True)
    return s


def greedy_move(state):
    """Baseline bot: give/discard the card it least wants to keep (a start card to a partner
    stuck in the nest); else the best evaluation after the move, first on ties.
    The moves are evaluated as they are generated (no move list: light on a Pico heap)."""
    if state.phase == "over":
        return None
    best = state._gen(-1, _Out(state))
    return state._one(best.text, best.hops)
