"""Wuxing duel: both modes (Théâtre du duel on a 5 x 5 Latin square, Chemin du duel on a path
of 5 islands), every variant flag, the notation and the greedy baseline bot. Runs unchanged on
CPython and MicroPython; the rules as the board plays them, with every ruling and variant flag:
docs/wuxing.md.

Elements 0..4 are wood, fire, earth, metal, water: element e generates e + 1 (a red link) and
dominates e + 2 (a blue link), modulo 5. Théâtre squares are numbered `row * 5 + col`, row 0 the
north (Yin's side); they are written A-E (west to east) and 1-5 (south to north): Yang starts on
D1 E1 D2 E2, Yin on A4 B4 A5 B5. Chemin islands are numbered 0 (Yang's end) to 4 (Yin's end).
"""

# pyright: reportAttributeAccessIssue=false
# (a State's fields are set by the builders (_new, deserialize, clone), not __init__: the type
# checker cannot see them)

import binascii

from micropython import const

from shared_rules import canon
from shared_rules.rng import Rng
from shared_rules.wuxing.spec import NAME, PLAYERS  # noqa: F401  (the interface)

ELEMENTS = ("wood", "fire", "earth", "metal", "water")
COLOURS = ("red", "blue")  # red: generation link, blue: domination link
SEATS = ("yang", "yin")
FILES = "ABCDE"


def _declared():
    """The engine's options from its declaration's rows (shared_rules/options.py: all but
    the board's own), without loading the options checker."""
    from shared_rules.wuxing.spec import OPTIONS as rows

    return {r[0]: r[1] for r in rows if r[3] != "board"}


# Every option: its allowed values, the default first (docs/wuxing.md), from its declaration.
OPTIONS = _declared()

_KEYS = ("board", "links", "mode", "no_discard", "path", "plain_faces", "round_limit")  # sorted

M_MOVE = const(0)  # Move.kind: a pawn move
M_GIVE = const(1)
M_TURN = const(2)
M_DUEL = const(3)
_NONE = const(255)  # no card / captured pawn

# phases
MOVE = "move"  # Théâtre: move a pawn (or give a token when no move exists)
TURN = "turn"  # Théâtre: turn an empty island face down
DUEL = "duel"  # Chemin: both players choose a card
OVER = "over"


def link(a, b):
    """The colour index of the link from element a to element b when a generates (0, red) or
    dominates (1, blue) b; None otherwise (b generates or dominates a, or a == b)."""
    d = (b - a) % 5
    if d == 1:
        return 0
    if d == 2:
        return 1
    return None


# each square's name, A5 (0) to E1 (24): a save writes two a move (a table: the name made
# from the number took an emulated Pico some 0.3 ms a move)
SQUARE_NAMES = (
    "A5", "B5", "C5", "D5", "E5",
    "A4", "B4", "C4", "D4", "E4",
    "A3", "B3", "C3", "D3", "E3",
    "A2", "B2", "C2", "D2", "E2",
    "A1", "B1", "C1", "D1", "E1",
)


def square_name(i):
    return SQUARE_NAMES[i]


def _square(text):
    # "C4" -> square number, else -1 (ASCII only)
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345":
        return -1
    return (5 - int(text[1])) * 5 + FILES.index(text[0])


class Move:
    """A move: `D1-D3 red` (pawn move, token paid), `give blue`, `turn B3` or `duel wood:fire`
    (Chemin: Yang's card then Yin's)."""

    def __init__(self, kind, a=0, b=0, c=0):
        self.kind = kind
        self.a = a  # MOVE: from square, GIVE: colour, TURN: square, DUEL: Yang's card
        self.b = b  # MOVE: to square, DUEL: Yin's card
        self.c = c  # MOVE: colour

    def __str__(self):
        k = self.kind
        if k == M_MOVE:
            return square_name(self.a) + "-" + square_name(self.b) + " " + COLOURS[self.c]
        if k == M_GIVE:
            return "give " + COLOURS[self.a]
        if k == M_TURN:
            return "turn " + square_name(self.a)
        return "duel " + ELEMENTS[self.a] + ":" + ELEMENTS[self.b]

    def __repr__(self):
        return "Move(" + str(self) + ")"

    def code(self):
        """The move as a 16-bit number (the history record)."""
        return (self.kind << 12) | (self.a << 6) | (self.b << 1) | self.c

    def __eq__(self, other):
        return (isinstance(other, Move) and self.a == other.a and self.b == other.b
                and self.kind == other.kind and self.c == other.c)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return self.code()


def _decode(v):
    return Move(v >> 12, (v >> 6) & 63, (v >> 1) & 31, v & 1)


def _syntax(text):
    """The Move written `text` (syntax only), else ValueError. ASCII only, so that both
    runtimes agree (CPython's str methods know Unicode digits and spaces, MicroPython's not)."""
    if not isinstance(text, str):
        raise ValueError("a move is a text")
    for ch in text:
        if ord(ch) > 126 or (ord(ch) < 32 and ch not in "\t\r\n"):
            raise ValueError("not an ASCII move")  # (no echo: reprs differ by runtime)
    w = text.split()
    if len(w) == 2:
        if w[0] == "give" and w[1] in COLOURS:
            return Move(M_GIVE, COLOURS.index(w[1]))
        if w[0] == "turn" and _square(w[1]) >= 0:
            return Move(M_TURN, _square(w[1]))
        if w[0] == "duel":
            e = w[1].split(":")
            if len(e) == 2 and e[0] in ELEMENTS and e[1] in ELEMENTS:
                return Move(M_DUEL, ELEMENTS.index(e[0]), ELEMENTS.index(e[1]))
        if w[1] in COLOURS and len(w[0]) == 5 and w[0][2] == "-":
            a = _square(w[0][:2])
            b = _square(w[0][3:])
            if a >= 0 and b >= 0:
                return Move(M_MOVE, a, b, COLOURS.index(w[1]))
    raise ValueError("malformed move: " + text)


def _options(opts):
    """Every option checked against OPTIONS, the defaults filled in; ValueError if bad."""
    o = {}
    for k in opts:
        if k not in OPTIONS:
            raise ValueError("unknown option: " + str(k))
    for k in OPTIONS:
        allowed = OPTIONS[k]
        v = opts.get(k, allowed[0])
        for x in allowed:  # the allowed value itself (True is not 1, "1" is not 1)
            if type(x) is type(v) and x == v:
                o[k] = x
                break
        else:
            raise ValueError("bad value for " + k + ": " + str(v))
    return o


def _latin(rng):
    """A 5 x 5 Latin square drawn from `rng`, row by row: each cell takes a random element
    still free in its row and column; a row that gets stuck is drawn again (a Latin
    rectangle always completes, so this ends)."""
    sq = bytearray(25)
    for r in range(5):
        while True:
            used = 0
            ok = True
            for c in range(5):
                free = [e for e in range(5) if not used >> e & 1
                        and all(sq[q * 5 + c] != e for q in range(r))]
                if not free:
                    ok = False
                    break
                e = free[rng.below(len(free))]
                sq[r * 5 + c] = e
                used |= 1 << e
            if ok:
                break
    return sq


def new_game(players=2, seed=0, **options):
    """A new game. Options (OPTIONS, defaults first): mode theatre|chemin, board, links,
    path, no_discard, plain_faces, round_limit."""
    if players != 2:
        raise ValueError("Wuxing duel is for 2 players")
    return _new(_options(options), int(seed), True)


def _new(o, seed, deal):
    # the starting position; without `deal`, the board and the path are left blank (for
    # deserialize(), which writes them)
    rng = Rng(seed) if deal else None
    st = State()
    st.players = 2
    st.seed = seed
    st.flags = o
    st.mode = o["mode"]
    st._hist = bytearray()
    st._legal = None  # the legal moves of the position, listed once
    st.win = -1  # -1 running, 0/1 that seat won, 2 draw
    st.current_player = 0
    st.rounds = 0
    st.last_spender = 1
    st.pending = bytearray([_NONE, _NONE])  # Chemin: the choices made, not yet a move
    # tokens: Yang red, blue; Yin red, blue; centre red, blue
    if st.mode == "theatre":
        st.phase = MOVE
        if not deal:
            st.elem = bytearray(25)
        elif o["board"] == "cyclic":
            st.elem = bytearray([(i % 5 + 2 * (i // 5)) % 5 for i in range(25)])
        else:
            st.elem = _latin(rng)
        st.turned = bytearray(25)
        st.pawn = bytearray(25)  # 0 empty, 1 Yang, 2 Yin
        for i in (18, 19, 23, 24):
            st.pawn[i] = 1
        for i in (0, 1, 5, 6):
            st.pawn[i] = 2
        st.tokens = bytearray([2, 2, 2, 2, 0, 0])
        st.path = bytearray()
        st.pos = bytearray()
        st.face = bytearray()
        st.last = bytearray()
    else:
        st.phase = DUEL
        st.elem = bytearray()
        st.turned = bytearray()
        st.pawn = bytearray()
        st.tokens = bytearray([0, 0, 0, 0, 2, 2])
        p = list(range(5))
        if deal and o["path"] == "seeded":
            rng.shuffle(p)
        st.path = bytearray(p)
        st.pos = bytearray([0, 4])
        st.face = bytearray(2)  # 1: the pawn shows its Yin-Yang face
        st.last = bytearray([_NONE, _NONE])
    return st


def replay(options, seed, moves):
    """new_game(seed=seed, **options) with the move texts applied in order (each checked:
    an illegal one raises ValueError). `options` may also name `players` (2)."""
    o = dict(options)
    st = new_game(o.pop("players", 2), seed, **o)
    for t in moves:
        st.apply(t)
    return st


def deserialize(data):
    """The state whose serialize() gave `data` (its history starts empty; it rewinds from its
    seed)."""
    f = canon.split_fields(data)
    if len(f) != 22 or f[0] != "WX1" or f[9] not in (MOVE, TURN, DUEL, OVER):
        raise ValueError("not a Wuxing duel state")
    o = {}
    i = 1
    for k in _KEYS:
        v = f[i]
        i += 1
        for x in OPTIONS[k]:
            if canon.field(x) == v:
                o[k] = x
        if k not in o:
            raise ValueError("bad option field " + k)
    st = _new(o, int(f[i]), False)
    st.phase = f[i + 1]
    st.current_player, st.win, st.rounds, st.last_spender = [int(x) for x in f[i + 2:i + 6]]
    st.elem, st.turned, st.pawn, st.tokens, st.path, st.pos, st.face, st.last = [
        bytearray(binascii.unhexlify(x)) for x in f[i + 6:i + 14]]
    sizes = [len(st.elem), len(st.turned), len(st.pawn), len(st.tokens), len(st.path),
             len(st.pos), len(st.face), len(st.last)]
    want = [25, 25, 25, 6, 0, 0, 0, 0] if st.mode == "theatre" else [0, 0, 0, 6, 5, 2, 2, 2]
    if sizes != want or st.current_player not in (0, 1):
        raise ValueError("not a Wuxing duel state")
    st._legal = None
    return st


class State:
    """A Wuxing duel game; build it with new_game() and change it only with apply()."""

    # ---- queries -------------------------------------------------------------------------
    def options(self):
        """Every flag and `players`: what replay() and new_game() take besides the seed."""
        o = dict(self.flags)
        o["players"] = 2
        return o

    def simultaneous(self):
        """A Chemin round is a simultaneous choice (docs/game-interface.md): each seat
        `choose`s its card, hidden, and the round is then one joint move."""
        return self.phase == DUEL

    def chosen(self, seat):
        """A simultaneous round: `seat` has chosen (never which card)."""
        return self.pending[seat] != _NONE

    def is_over(self):
        return self.phase == OVER

    def winner(self):
        """None while running, else (seat,) for a win, () for a draw."""
        if self.phase != OVER:
            return None
        return () if self.win == 2 else (self.win,)

    def pawns(self, seat):
        """Pawns the seat still has on the board."""
        if self.mode == "chemin":
            return 0 if self.pos[seat] == _NONE else 1
        n = 0
        for v in self.pawn:
            n += v == seat + 1
        return n

    def held(self, seat):
        """(red, blue) tokens the seat holds."""
        return (self.tokens[2 * seat], self.tokens[2 * seat + 1])

    def centre(self):
        """(red, blue) tokens in the centre."""
        return (self.tokens[4], self.tokens[5])

    def scores(self):
        """Théâtre: pawns left per seat. Chemin: 1 for the winner, else 0."""
        if self.mode == "theatre":
            return (self.pawns(0), self.pawns(1))
        return (int(self.win == 0), int(self.win == 1))

    def allowed_cards(self, seat):
        """Chemin: the elements the seat may play this round."""
        last = _NONE if self.flags["no_discard"] else self.last[seat]
        return [e for e in range(5) if e != last]

    def view(self, seat):
        """What `seat` may know: the whole board, and of the pending choices (Chemin) only its
        own card and whether the opponent has chosen."""
        v = {"mode": self.mode, "phase": self.phase, "to_move": self.current_player,
             "tokens": [list(self.held(0)), list(self.held(1))], "centre": list(self.centre()),
             "pawns": [self.pawns(0), self.pawns(1)], "winner": self.winner()}
        if self.mode == "theatre":
            v["board"] = [ELEMENTS[e] for e in self.elem]  # square 0 is A5, 24 is E1
            v["turned"] = [square_name(i) for i in range(25) if self.turned[i]]
            for s in (0, 1):
                v[SEATS[s]] = [square_name(i) for i in range(25) if self.pawn[i] == s + 1]
        else:
            p = self.pending
            v["path"] = [ELEMENTS[e] for e in self.path]
            v["pos"] = [None if x == _NONE else x for x in self.pos]
            v["faces"] = ["yinyang" if x else "plain" for x in self.face]
            v["last"] = [None if x == _NONE else ELEMENTS[x] for x in self.last]
            v["rounds"] = self.rounds
            v["chosen"] = ELEMENTS[p[seat]] if p[seat] != _NONE else None
            v["opponent_chosen"] = p[1 - seat] != _NONE
            v["cards"] = [ELEMENTS[e] for e in self.allowed_cards(seat)]
        return v

    # ---- history -------------------------------------------------------------------------
    @property
    def history(self):
        return [self.move_text(i) for i in range(self.history_len())]

    def history_len(self):
        return len(self._hist) // 2

    def move_text(self, i):
        """Text of move i of the history (a pawn's move written as Move's str writes it,
        without the Move: a save writes every move's text)."""
        h = self._hist
        v = h[2 * i] << 8 | h[2 * i + 1]
        if v >> 12 == M_MOVE:
            return "%s-%s %s" % (SQUARE_NAMES[(v >> 6) & 63], SQUARE_NAMES[(v >> 1) & 31],
                                 COLOURS[v & 1])
        return str(_decode(v))

    def last_move(self):
        n = self.history_len()
        return self.move_text(n - 1) if n else None

    def undo(self):
        """A new state without the last move: rewind(history_len() - 1)."""
        return self.rewind(self.history_len() - 1)

    def rewind(self, count):
        """A new state after the first `count` moves of this one, replayed from the seed."""
        if not 0 <= count <= self.history_len():
            raise ValueError("cannot rewind to " + str(count))
        st = new_game(2, self.seed, **self.flags)
        h = self._hist
        for i in range(count):
            st._play(_decode(h[2 * i] << 8 | h[2 * i + 1]))
        return st

    # ---- copying, serialisation -------------------------------------------------------------
    def clone(self):
        st = State()
        d = self.__dict__
        for k in d:
            v = d[k]
            if isinstance(v, bytearray):
                v = bytearray(v)
            setattr(st, k, v)  # flags (never changed) and the legal codes list are shared
        return st

    def serialize(self):
        """Canonical ASCII bytes of the position (not the history, nor the pending choices
        of a Chemin round: they are no move yet)."""
        fl = self.flags
        head = ["WX1"]
        for k in _KEYS:
            head.append(canon.field(fl[k]))
        # a Chemin round's seat awaited depends on the choices made, which are no move: the
        # position is written as a replay reaches it, Yang (0) awaited
        awaited = 0 if self.phase == DUEL else self.current_player
        head.append("%d;%s;%d;%d;%d;%d;" % (self.seed, self.phase, awaited,
                                            self.win, self.rounds, self.last_spender))
        hx = binascii.hexlify  # a byte each: ff for no card, no pawn
        return ";".join(head).encode() + b";".join([
            hx(self.elem), hx(self.turned), hx(self.pawn), hx(self.tokens), hx(self.path),
            hx(self.pos), hx(self.face), hx(self.last)])

    def digest(self):
        return canon.digest(self.serialize())

    # ---- moves ---------------------------------------------------------------------------
    def _pawn_moves(self, seat, out, captures_only=False):
        """Append the codes (Move.code()) of seat's pawn moves with the tokens it holds to
        `out`: small ints, which take no heap of their own."""
        pawn = self.pawn
        elem = self.elem
        turned = self.turned
        own = seat + 1
        red = self.tokens[2 * seat] and self.flags["links"] == "both"
        blue = self.tokens[2 * seat + 1]
        if not red and not blue:
            return out
        for i in range(25):
            if pawn[i] != own:
                continue
            e = elem[i]
            r0 = i // 5
            c0 = i % 5
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                r = r0 + dr
                c = c0 + dc
                while 0 <= r < 5 and 0 <= c < 5:
                    j = r * 5 + c
                    r += dr
                    c += dc
                    if turned[j]:
                        continue
                    if pawn[j] == own:
                        break
                    k = link(e, elem[j])
                    if k is not None and (blue if k else red):
                        if pawn[j] or not captures_only:
                            out.append(i << 6 | j << 1 | k)  # (M_MOVE is 0)
                    if pawn[j]:
                        break
        return out

    def _empty_islands(self):
        return [i for i in range(25) if not self.turned[i] and not self.pawn[i]]

    def legal_moves(self):
        """The legal moves now, a fresh list. Chemin: every pair of cards the two players may
        play (those agreeing with the choices already made through choose())."""
        if self._legal is None:
            self._legal = self._moves()
        return [_decode(v) for v in self._legal]

    def _moves(self):
        # the codes of the legal moves
        ph = self.phase
        if ph == MOVE:
            p = self.current_player
            out = self._pawn_moves(p, [])
            if not out:
                out = [M_GIVE << 12 | k << 6 for k in (0, 1) if self.tokens[2 * p + k]]
            return out
        if ph == TURN:
            return [M_TURN << 12 | i << 6 for i in self._empty_islands()]
        if ph == DUEL:
            p = self.pending
            a = self.allowed_cards(0) if p[0] == _NONE else [p[0]]
            b = self.allowed_cards(1) if p[1] == _NONE else [p[1]]
            return [M_DUEL << 12 | x << 6 | y << 1 for x in a for y in b]
        return []

    def parse_move(self, text):
        """The legal move written `text`, else ValueError (malformed or illegal now)."""
        m = _syntax(text)
        if self._legal is None:
            self._legal = self._moves()
        if m.code() not in self._legal:
            raise ValueError("illegal move now: " + str(m))
        return m

    def apply(self, move):
        """Play a legal move (a Move or its text); ValueError and no change if illegal."""
        if isinstance(move, str):
            move = self.parse_move(move)
        else:
            if self._legal is None:
                self._legal = self._moves()
            if not isinstance(move, Move) or move.code() not in self._legal:
                try:
                    text = str(move)
                except Exception:  # a hand-made Move whose fields name nothing
                    text = "?"
                raise ValueError("illegal move now: " + text)
            move = _decode(move.code())  # (a hand-made Move with odd fields plays as listed)
        self._play(move)

    def choose(self, seat, card):
        """Chemin: record `seat`'s secret card (an element name or number) for this round.
        Returns the combined Move once both seats have chosen (apply it to play the round),
        else None. A seat may change its choice until then."""
        if self.phase != DUEL:
            raise ValueError("no duel to choose for")
        e = ELEMENTS.index(card) if card in ELEMENTS else card
        if seat not in (0, 1) or e not in self.allowed_cards(seat):
            raise ValueError("card not playable: " + str(card))
        self.pending[seat] = e
        self._legal = None
        self.current_player = 0 if self.pending[0] == _NONE else 1
        if self.pending[0] == _NONE or self.pending[1] == _NONE:
            return None
        return Move(M_DUEL, self.pending[0], self.pending[1])

    def unchoose(self, seat):
        """Chemin: `seat` takes its secret card back (before the other has chosen: once both
        have, `choose` returned the round, which is played)."""
        if self.phase != DUEL or seat not in (0, 1):
            raise ValueError("no duel to take a card back from")
        if self.pending[0] != _NONE and self.pending[1] != _NONE:
            raise ValueError("both have chosen")
        self.pending[seat] = _NONE
        self._legal = None
        self.current_player = 0 if self.pending[0] == _NONE else 1

    def _play(self, m):
        # a legal move: record it and play it
        self._legal = None
        v = m.code()
        self._hist.append(v >> 8)
        self._hist.append(v & 255)
        k = m.kind
        if k == M_DUEL:
            self._duel(m.a, m.b)
            return
        p = self.current_player
        t = self.tokens
        if k == M_TURN:
            self.turned[m.a] = 1
            if p == 0:
                self.current_player = 1
                if not self._empty_islands():
                    self._end(2)  # Yin cannot turn an island
            else:
                self._after_turning()
            return
        if k == M_MOVE:
            self.pawn[m.a] = 0
            self.pawn[m.b] = p + 1
            col = m.c
        else:
            col = m.a
        t[2 * p + col] -= 1
        t[4 + col] += 1
        if not self.pawns(1 - p):
            self._end(p)
            return
        self.last_spender = p
        if t[2 - 2 * p] + t[3 - 2 * p]:
            self.current_player = 1 - p
        elif not t[2 * p] + t[2 * p + 1]:
            self.phase = TURN  # no token left: Yang then Yin turn an island
            self.current_player = 0
            if not self._empty_islands():
                self._end(2)

    def _after_turning(self):
        # both have turned an island: isolated pawns are captured, tokens taken back
        turned = self.turned
        lost = []
        for i in range(25):
            if self.pawn[i]:
                r = i // 5
                c = i % 5
                alone = True
                for q in range(5):
                    if (q != c and not turned[r * 5 + q]) or (q != r and not turned[q * 5 + c]):
                        alone = False
                        break
                if alone:
                    lost.append(i)
        for i in lost:
            self.pawn[i] = 0
        a = self.pawns(0)
        b = self.pawns(1)
        if not a or not b:
            self._end(2 if a == b else (0 if a else 1))
            return
        self.tokens[:] = bytearray([2, 2, 2, 2, 0, 0])
        self.phase = MOVE
        self.current_player = 1 - self.last_spender

    def _end(self, win):
        self.win = win
        self.phase = OVER

    def _duel(self, a, b):
        self.rounds += 1
        self.pending[0] = self.pending[1] = _NONE
        self.current_player = 0
        self.last[0] = a
        self.last[1] = b
        pos = self.pos
        face = self.face
        plain = self.flags["plain_faces"]
        w = -1
        col = -1
        if a != b:
            d = (b - a) % 5
            w = 0 if d < 3 else 1
            col = 0 if d in (1, 4) else 1
        elif self.path[pos[0]] == a or self.path[pos[1]] == a:
            w = 0 if self.path[pos[0]] == a else 1  # the strong element
            if not plain:
                face[w] = 1
                face[1 - w] = 0
        elif face[0] != face[1] and not plain:
            w = 0 if face[0] else 1
            face[w] = 0
        if w >= 0:
            step = 1 if w == 0 else -1
            to = pos[w] + step
            o = 1 - w
            if pos[o] == to:
                back = to + step
                if 0 <= back < 5:
                    pos[o] = back
                else:
                    pos[o] = _NONE  # captured on its own end island
            pos[w] = to
            t = self.tokens
            if col >= 0 and t[2 * w + col] < 2:
                if t[4 + col]:
                    t[4 + col] -= 1
                else:
                    t[2 * o + col] -= 1
                t[2 * w + col] += 1
            if pos[o] == _NONE or t[2 * w] + t[2 * w + 1] == 4:
                self._end(w)
                return
        limit = self.flags["round_limit"]
        if limit and self.rounds >= limit:
            self._end(2)


# ---- the baseline bot --------------------------------------------------------------------
def _bot_rng(state, seat):
    # the bot's chance: from the game's seed and the move number, never changing the game
    return Rng((state.seed * 7919 + state.history_len() * 2 + seat) & 0x7FFFFFFF)


def _isolated(state, seat):
    # seat's pawns on an island with no other island in its row and its column
    n = 0
    t = state.turned
    for i in range(25):
        if state.pawn[i] == seat + 1:
            r = i // 5
            c = i % 5
            n += all((q == c or t[r * 5 + q]) and (q == r or t[q * 5 + c]) for q in range(5))
    return n


def _theatre_value(state, seat):
    if state.phase == OVER:
        return 0 if state.win == 2 else (10000 if state.win == seat else -10000)
    o = 1 - seat
    mine = state.pawns(seat) - _isolated(state, seat)
    theirs = state.pawns(o) - _isolated(state, o)
    threat = len({v >> 1 & 31 for v in state._pawn_moves(o, [], True)})  # squares
    chance = len({v >> 1 & 31 for v in state._pawn_moves(seat, [], True)})
    mob = len(state._pawn_moves(seat, []))
    return 100 * (mine - theirs) - 40 * threat + 15 * chance + 2 * mob


def _chemin_value(state, seat):
    if state.phase == OVER:
        return 0 if state.win == 2 else (10000 if state.win == seat else -10000)
    m = state.pos[0] + state.pos[1]
    ahead = m if seat == 0 else 8 - m
    mine = state.tokens[2 * seat] + state.tokens[2 * seat + 1]
    theirs = state.tokens[2 - 2 * seat] + state.tokens[3 - 2 * seat]
    return 30 * ahead + 25 * mine - 10 * theirs + 8 * (state.face[seat] - state.face[1 - seat])


def greedy_card(state, seat):
    """Chemin: the bot's card for `seat` (an element number), from what the seat may know only:
    the card of best average value over the opponent's playable cards, ties drawn from the
    seed. The opponent's pending choice is never read."""
    base = state.clone()
    base.pending[0] = base.pending[1] = _NONE
    theirs = base.allowed_cards(1 - seat)
    best = []
    bestv = None
    for c in base.allowed_cards(seat):
        v = 0
        for o in theirs:
            s = base.clone()
            if seat == 0:
                s._duel(c, o)
            else:
                s._duel(o, c)
            v += _chemin_value(s, seat)
        if bestv is None or v > bestv:
            bestv = v
            best = [c]
        elif v == bestv:
            best.append(c)
    return best[_bot_rng(state, seat).below(len(best))]


def greedy_choice(state, seat):
    """A simultaneous round: the baseline bot's choice for `seat` (greedy_card)."""
    return greedy_card(state, seat)


def greedy_move(state):
    """The baseline bot's move, or None when the game is over. Théâtre: the move (or token
    given, or island turned) with the best one-ply value for the mover (pawns, isolated pawns,
    pawns under threat, mobility), ties drawn from the seed. Chemin: the duel of each seat's
    pending choice, or else its greedy_card()."""
    if state.phase == OVER:
        return None
    if state.phase == DUEL:
        p = state.pending
        a = p[0] if p[0] != _NONE else greedy_card(state, 0)
        b = p[1] if p[1] != _NONE else greedy_card(state, 1)
        return Move(M_DUEL, a, b)
    seat = state.current_player
    best = []
    bestv = None
    for m in state.legal_moves():
        s = state.clone()
        s._play(m)
        v = _theatre_value(s, seat)
        if bestv is None or v > bestv:
            bestv = v
            best = [m]
        elif v == bestv:
            best.append(m)
    return best[_bot_rng(state, seat).below(len(best))]
