"""Ta Yü: the whole rules engine (both editions, 2/3/4 players, every variant), its notation and
the greedy baseline bot. Runs unchanged on CPython and MicroPython; see docs/tayu.md.

Board squares are numbered `row * 19 + col`; each square is one byte of `cells()`: 0 when empty,
else COVERED | exit bits (N=1, E=2, S=4, W=8). The open exits of the network are kept
incrementally (`_inc`/`_front`), so listing placements never scans the board.
"""

# pyright: reportArgumentType=false, reportCallIssue=false, reportOperatorIssue=false
# (what the type checker cannot follow here: lists made as [None] * n, filled later; fields None
# until the bidding sets them)

import binascii
import hashlib

from micropython import const

from shared_rules import native
from shared_rules.canon import DIGEST_LEN, ascii_int, ascii_strip
from shared_rules.rng import Rng
from shared_rules.tayu.spec import NAME, PLAYERS  # noqa: F401  (the interface)

SIZE = 19
CENTRE = 9 * 19 + 9
COVERED = 0x10
SIDES = "NESW"  # side/direction index 0..3; side bit = 1 << index
DR = (-1, 0, 1, 0)  # row step of direction/side index 0..3 (N E S W)
DC = (0, 1, 0, -1)  # column step

# Tile exit codes in the canonical frame (tile lying west to east over cells 0, 1, 2);
# canonical mask bit i is CODES[i].
CODES = ("n0", "n1", "n2", "s0", "s1", "s2", "w", "e")

# The 28 kinds, sorted; index in this tuple = kind number (checked by tests against the
# enumeration of 3-of-8 subsets up to a 180° turn).
KINDS = (
    "e-n0-n1", "e-n0-n2", "e-n0-s0", "e-n0-s1", "e-n0-s2", "e-n0-w", "e-n1-n2", "e-n1-s0",
    "e-n1-s1", "e-n1-s2", "e-n1-w", "e-n2-s0", "e-n2-s1", "e-n2-s2", "e-n2-w", "e-s0-s1",
    "e-s0-s2", "e-s1-s2", "n0-n1-n2", "n0-n1-s0", "n0-n1-s1", "n0-n1-s2", "n0-n2-s0", "n0-n2-s1",
    "n0-n2-s2", "n0-s0-s1", "n1-n2-s0", "n1-n2-s1",
)

EDITIONS = {"kosmos": 4, "goliath": 3}  # copies of each kind
DEFAULT_DOUBLES = {"kosmos": (3, 9, 15), "goliath": (3, 7, 11, 15)}

# Phases (state.phase)
BID = "bid"
TAKE = "take"
CHOOSE = "choose"
PLACE = "place"
OVER = "over"

# Move types
M_PLACE = 0
M_TAKE = 1
M_BID = 2
M_PASS = 3
M_PLAY = 4


def _declared():
    """The engine's options from its declaration's rows (shared_rules/options.py: all but
    the board's own), without loading the options checker."""
    from shared_rules.tayu.spec import OPTIONS as rows

    return {r[0]: r[1] for r in rows if r[3] != "board"}


# The engine's options (docs/game-interface.md), from its declaration (spec.py): each with its
# allowed values, the default first; None: as the edition (Kosmos bids, its doubles). A number
# or list option takes any value in range (see docs/tayu.md); its tuple holds the values a
# menu offers.
OPTIONS = _declared()

# Reasons a placement is refused (index 0 = legal)
_REASONS = const((
    None,
    "off the board",
    "square already covered",
    "first tile must cover the centre",
    "exit against a blank side",
    "blank side blocks a channel",
    "not connected to the network",
))

# Scratch shared by every state (listing is never re-entered): a bit for each placement
# code, set once the current listing has tried it (181 bytes, not a byte a code: 1.2 KB of
# a Pico's heap).
_marks = None
# The search's inner loop in native code (fastfit.search), found at the first listing:
# [None] where there is none (CPython, a port without native code); tests empty it to
# compare both loops (the plain one: plainfit.search).
_native = []

_tables = None  # lazily built: bytearray of 28 kinds x 4 directions x 3 cell exit masks


def _kind_mask(kind_text):
    """Canonical 8-bit code mask of a kind string (or of any 3-code text)."""
    m = 0
    for code in kind_text.split("-"):
        m |= 1 << CODES.index(code)
    return m


def _turn_mask(m):
    """The mask of the same tile turned 180°: n_i <-> s_(2-i), w <-> e."""
    t = 0
    for i in range(3):
        if m & (1 << i):
            t |= 1 << (5 - i)
        if m & (1 << (3 + i)):
            t |= 1 << (2 - i)
    if m & 64:
        t |= 128
    if m & 128:
        t |= 64
    return t


def kind_sides(kind):
    """How many of the tile's 4 sides (north, south, west end, east end) carry an exit."""
    m = _kind_mask(KINDS[kind] if isinstance(kind, int) else kind)
    return (1 if m & 7 else 0) + (1 if m & 56 else 0) + (1 if m & 64 else 0) + (1 if m & 128 else 0)


def has_ring(kind):
    """True for the 12 kinds whose exits touch three sides (ring engraved on the back)."""
    return kind_sides(kind) == 3


def _get_tables():
    """Build once, on first use, the exit bits of each kind's 3 squares in each direction."""
    global _tables
    if _tables is None:
        t = bytearray(28 * 12)
        for k in range(28):
            m = _kind_mask(KINDS[k])
            for d in range(4):
                left = 1 << ((d + 3) % 4)
                right = 1 << ((d + 1) % 4)
                for i in range(3):
                    v = 0
                    if m & (1 << i):
                        v |= left
                    if m & (1 << (3 + i)):
                        v |= right
                    if i == 0 and m & 64:
                        v |= 1 << ((d + 2) % 4)
                    if i == 2 and m & 128:
                        v |= 1 << d
                    t[k * 12 + d * 3 + i] = v
        _tables = t
    return _tables


def kind_index(kind):
    """Kind number of a kind string (ValueError if not a canonical kind)."""
    try:
        return KINDS.index(kind)
    except ValueError:
        raise ValueError("unknown tile kind: " + str(kind))


class Move:
    """A move: a placement `R,C,D`, `take:A|B`, `bid:N`, `pass` or `play:KIND`."""

    def __init__(self, mtype, row=0, col=0, d=0, value=0):
        self.type = mtype
        self.row = row
        self.col = col
        self.dir = d
        self.value = value

    def __str__(self):
        t = self.type
        if t == M_PLACE:
            return "%d,%d,%s" % (self.row, self.col, SIDES[self.dir])
        if t == M_TAKE:
            return "take:" + "AB"[self.value]
        if t == M_BID:
            return "bid:%d" % self.value
        if t == M_PASS:
            return "pass"
        return "play:" + KINDS[self.value]

    def __repr__(self):
        return "Move(" + str(self) + ")"

    def _key(self):
        if self.type == M_PLACE:
            return (self.row * 64 + self.col) * 4 + self.dir
        return self.type * 100000 + self.value

    def __eq__(self, other):
        return (isinstance(other, Move) and self.type == other.type
                and self._key() == other._key())

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return self.type * 1000003 + self._key()


_DIRS = const(("N", "E", "S", "W", "n", "e", "s", "w"))


def parse_move(text):
    """Parse move notation (syntax only; legality is `State.check`). ValueError if malformed."""
    s = ascii_strip(str(text))  # ASCII only: the same texts on both runtimes (canon)
    if s == "pass":
        return Move(M_PASS)
    if s.startswith("take:"):
        lane = s[5:]
        if lane not in ("A", "B"):
            raise ValueError("bad stack: " + s)
        return Move(M_TAKE, value="AB".index(lane))
    if s.startswith("bid:"):
        try:
            v = ascii_int(s[4:])
        except ValueError:
            raise ValueError("bad bid: " + s)
        return Move(M_BID, value=v)
    if s.startswith("play:"):
        return Move(M_PLAY, value=kind_index(s[5:]))
    parts = s.split(",")
    if len(parts) != 3:
        raise ValueError("bad move: " + s)
    try:
        r = ascii_int(parts[0])
        c = ascii_int(parts[1])
    except ValueError:
        raise ValueError("bad move: " + s)
    d = ascii_strip(parts[2])  # N E S W, either case (str.upper() maps U+017F to S on CPython)
    if d not in _DIRS or not (0 <= r < SIZE and 0 <= c < SIZE):
        raise ValueError("bad move: " + s)
    return Move(M_PLACE, r, c, SIDES.index(d.upper()))


def _check_options(players, edition, flags):
    """Validated, normalised flags dict (bools, sorted doubles tuple); ValueError if bad.
    A flag left out or None takes its default (OPTIONS; the edition's doubles and bidding)."""
    if players not in PLAYERS:
        raise ValueError("players must be 2, 3 or 4")
    if edition not in EDITIONS:
        raise ValueError("edition must be kosmos or goliath")
    f = {}
    for k in OPTIONS:
        if k != "edition":
            f[k] = OPTIONS[k][0]
    f["doubles"] = DEFAULT_DOUBLES[edition]
    f["bidding"] = edition == "kosmos"
    for k in flags:
        if k not in f:
            raise ValueError("unknown flag: " + str(k))
        if flags[k] is not None:
            f[k] = flags[k]
    for k in ("stacks", "two_tiles", "redraw_if_unscored", "bidding", "pass_is_final"):
        f[k] = bool(f[k])
    d = tuple(sorted(int(i) for i in f["doubles"]))
    for i in d:
        if not 0 <= i < SIZE:
            raise ValueError("double position out of range")
    f["doubles"] = d
    f["target"] = int(f["target"])
    f["flood_seat"] = int(f["flood_seat"])
    f["max_bid"] = int(f["max_bid"])
    if f["target"] < 1 or not 1 <= f["max_bid"] <= 9999 or not 0 <= f["flood_seat"] < 3:
        raise ValueError("bad 3-player flag")
    return f


def new_game(players=2, seed=0, edition="kosmos", **flags):
    """A new game state: `players` 2, 3 or 4, `edition` kosmos/goliath, variant flags."""
    f = _check_options(players, edition, flags)
    seed = int(seed)
    rng = Rng(seed)
    bag = []
    for k in range(28):
        for _ in range(EDITIONS[edition]):
            bag.append(k)
    rng.shuffle(bag)
    st = State()
    st._init(players, edition, seed, f, bag, (), rng, None)
    return st


def replay(options, seed, moves):
    """Rebuild a state from `options` (`state.options()`: players, edition, flags), the seed
    and move texts."""
    opts = dict(options)
    opts.pop("seed", None)
    st = new_game(seed=seed, **opts)
    for text in moves:
        st.apply(text)
    return st


class State:
    """A Ta Yü game in progress; build it with `new_game` and change it only with `apply`."""

    def _init(self, players, edition, seed, flags, bag, placements, rng, current):
        """Shared by new_game and setup: fresh board, bag in draw order, first turn."""
        _get_tables()
        self.players = players
        self.edition = edition
        self.seed = seed
        self.flags = flags
        self._dbl = bytearray(SIZE)
        for i in flags["doubles"]:
            self._dbl[i] = 1
        n = len(bag)
        self.total_tiles = n + len(placements)
        self._bag = bytearray(bag)
        if flags["stacks"]:
            half = n // 2
            self._lane_pos = [0, half]
            self._lane_end = [half, n]
        else:
            self._lane_pos = [0, n]
            self._lane_end = [n, n]
        self._board = bytearray(SIZE * SIZE)
        self._tid = bytearray(SIZE * SIZE)
        self._inc = bytearray(SIZE * SIZE)
        self._front = []
        self._counts = [0, 0, 0, 0]  # N E S W coasts, doubles counted twice
        self.placed = 0
        self.hands = [[] for _ in range(players)]
        self.set_aside = []
        self.unplaced = None
        self._tile = -1
        self._legal = None
        # move history, 2 bytes a move, preallocated so a long game never needs a big
        # contiguous block on a fragmented Pico heap
        self._hist = bytearray(2 * (3 * n + flags["max_bid"] + 16))
        self._nhist = 0
        self.phase = PLACE
        self.current_player = current or 0
        for k, mv in placements:
            why = self._fit(k, mv.row, mv.col, mv.dir)
            if why in (1, 2):
                raise ValueError("cannot set up " + str(mv) + ": " + _REASONS[why])
            self._place(k, mv.row, mv.col, mv.dir)
        self.bid = None
        self.bidder = None
        self._passed = [0] * players
        self.flood = None
        self.target = None
        if flags["two_tiles"]:
            for p in range(players):
                if self.tiles_left():
                    self.hands[p].append(self._draw_auto())
        if players == 3:
            if flags["bidding"]:
                self.phase = BID
                self.current_player = rng.below(3) if current is None else current
                return
            self.flood = flags["flood_seat"]
            self.target = flags["target"]
            self.current_player = (self.flood + 1) % 3
        self._start_turn()

    # ---- read access -------------------------------------------------------------------
    @property
    def tile(self):
        """The kind string in hand to be placed now, or None."""
        return KINDS[self._tile] if self._tile >= 0 else None

    def cells(self):
        """The board bytearray (read only!): per square 0 = empty, else COVERED | exit bits."""
        return self._board

    def cell(self, r, c):
        """(covered, exit bits N=1 E=2 S=4 W=8) of one square."""
        v = self._board[r * SIZE + c]
        return (v != 0, v & 15)

    def tile_at(self, r, c):
        """Placement number (1 = first tile) of the tile covering a square, 0 if empty."""
        return self._tid[r * SIZE + c]

    def tile_ids(self):
        """The bytearray of tile_at by square, r * 19 + c (read only!): what a drawing of the
        whole board reads without a call a square."""
        return self._tid

    def open_exits(self):
        """Sorted (row, col, side) of exits pointing into empty squares (side in 'NESW')."""
        out = []
        for y in self._front:
            m = self._inc[y]
            yr = y // SIZE
            yc = y % SIZE
            for s in range(4):
                if m & (1 << s):
                    out.append((yr + DR[s], yc + DC[s], SIDES[(s + 2) % 4]))
        out.sort()
        return out

    def open_targets(self):
        """Sorted (row, col) of empty squares that an open exit points into."""
        return sorted((y // SIZE, y % SIZE) for y in self._front)

    def estuaries(self):
        """List of (coast, index, value) of exits on the outer edge; value 2 on a double."""
        out = []
        b = self._board
        dbl = self._dbl
        for i in range(SIZE):
            if b[i] & 1:
                out.append(("N", i, 1 + dbl[i]))
            if b[(SIZE - 1) * SIZE + i] & 4:
                out.append(("S", i, 1 + dbl[i]))
            if b[i * SIZE] & 8:
                out.append(("W", i, 1 + dbl[i]))
            if b[i * SIZE + SIZE - 1] & 2:
                out.append(("E", i, 1 + dbl[i]))
        return out

    def is_double(self, index):
        """True if coast position `index` (0..18) is a marked double position."""
        return self._dbl[index] == 1

    def coast_counts(self):
        """{"N", "S", "E", "W"}: estuaries on each coast, double positions counted twice."""
        c = self._counts
        return {"N": c[0], "E": c[1], "S": c[2], "W": c[3]}

    def scores(self):
        """(north_south, east_west): each side's product of its two coasts."""
        c = self._counts
        return (c[0] * c[2], c[1] * c[3])

    def tiles_left(self):
        """Tiles still to draw (bag or stacks)."""
        p = self._lane_pos
        e = self._lane_end
        return (e[0] - p[0]) + (e[1] - p[1])

    def hand(self, seat=None):
        """Kind strings held by a seat (default: the player to move)."""
        if seat is None:
            seat = self.current_player
        return [KINDS[k] for k in self.hands[seat]]

    def view(self, seat):
        """The hidden information `seat` may see: its own held kinds, how many tiles each
        seat holds, and the ring flags of the stack tops (the bag order stays hidden)."""
        return {"hand": self.hand(seat), "held": [len(x) for x in self.hands],
                "tops": self.stack_tops(), "tile": self.tile}

    def stack_tops(self):
        """`stacks` variant: [(lane 'A'/'B', ring flag)] of the choosable stack tops."""
        if not self.flags["stacks"]:
            return []
        out = []
        for lane in range(2):
            if self._lane_pos[lane] < self._lane_end[lane]:
                out.append(("AB"[lane], has_ring(self._bag[self._lane_pos[lane]])))
        return out

    def side_of(self, seat):
        """'NS', 'EW' or 'flood' (None for a 3-player seat before the bidding ends)."""
        if self.players == 3:
            if self.flood is None:
                return None
            if seat == self.flood:
                return "flood"
            return "NS" if seat == (self.flood + 1) % 3 else "EW"
        return "NS" if seat % 2 == 0 else "EW"

    def flood_stopped(self):
        """3 players: True once a builder has reached the target (the flood no longer plays)."""
        if self.flood is None:
            return False
        ns, ew = self.scores()
        return max(ns, ew) >= self.target

    def simultaneous(self):
        """No round of Ta Yü is a simultaneous choice (docs/game-interface.md)."""
        return False

    def is_over(self):
        """True once the bag is exhausted or a drawn tile could not be placed."""
        return self.phase == OVER

    def winner(self):
        """None while running; else a tuple of winning seats (a team, one builder or the
        flood); () for a draw."""
        if self.phase != OVER:
            return None
        ns, ew = self.scores()
        if self.players == 3:
            if self.flood is None:  # cannot end during bidding, but be total
                return ()
            if max(ns, ew) < self.target:
                return (self.flood,)
        if ns == ew:
            return ()
        side = "NS" if ns > ew else "EW"
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    def options(self):
        """What `replay` needs besides seed and moves: players, edition and every flag."""
        o = {"players": self.players, "edition": self.edition}
        for k in self.flags:
            o[k] = self.flags[k]
        return o

    @property
    def history(self):
        """Texts of the moves applied so far (built on demand from the compact record)."""
        out = [None] * self._nhist
        for i in range(self._nhist):
            out[i] = self.move_text(i)
        return out

    def history_len(self):
        """How many moves were applied (without building the history)."""
        return self._nhist

    def move_text(self, i):
        """Text of move number i (0 = first) of the history (a placement's written here as
        Move's str writes it, without the Move: a save writes every move's text)."""
        h = self._hist
        v = h[2 * i] * 256 + h[2 * i + 1]
        if v < 1444:
            return "%d,%d,%s" % (v // 76, (v // 4) % 19, SIDES[v % 4])
        return str(_decode(v))

    def rewind(self, count):
        """A new state replayed from the same start through the first `count` moves (undo is
        `rewind(len(history) - 1)`); reads the compact record, so no list of texts is built."""
        if self.seed is None or not 0 <= count <= self._nhist:
            raise ValueError("cannot rewind")
        o = self.options()
        st = new_game(seed=self.seed, **o)
        h = self._hist
        for i in range(count):
            st.apply(_decode(h[2 * i] * 256 + h[2 * i + 1]))
        return st

    def undo(self):
        """A new state without the last move: `rewind(history_len() - 1)`."""
        return self.rewind(self._nhist - 1)

    def last_move(self):
        """Text of the last move applied, or None."""
        i = self._nhist - 1
        if i < 0:
            return None
        return str(_decode(self._hist[2 * i] * 256 + self._hist[2 * i + 1]))

    def last_played(self):
        """The last move applied, as a Move (None if none): last_move() without its text."""
        i = self._nhist - 1
        if i < 0:
            return None
        return _decode(self._hist[2 * i] * 256 + self._hist[2 * i + 1])

    def _record(self, move):
        """Append a move to the 2-byte history record (grows only past the preallocation)."""
        v = _encode(move)
        i = 2 * self._nhist
        if i + 2 > len(self._hist):
            self._hist.extend(bytearray(64))
        self._hist[i] = v >> 8
        self._hist[i + 1] = v & 255
        self._nhist += 1

    # ---- moves ----------------------------------------------------------------------
    def parse_move(self, text):
        """The legal move written `text` (notation of docs/tayu.md), else ValueError: the
        syntax is `tayu.parse_move`'s, then the move must be legal now (`check`)."""
        mv = parse_move(text)
        why = self.check(mv)
        if why is not None:
            raise ValueError("illegal move " + str(mv) + ": " + why)
        return mv

    def move_at(self, r, c, d):
        """The placement move for the tile in hand with cell 0 at (r, c) heading d."""
        if isinstance(d, str):
            d = SIDES.index(d.upper())
        return Move(M_PLACE, r, c, d)

    def footprint(self, move, kind=None):
        """[(row, col, exit bits)] of the squares a placement would cover (on-board ones)."""
        k = self._tile if kind is None else (kind if isinstance(kind, int) else kind_index(kind))
        out = []
        if k < 0:
            return out
        t = _tables
        base = k * 12 + move.dir * 3
        for i in range(3):
            r = move.row + i * DR[move.dir]
            c = move.col + i * DC[move.dir]
            if 0 <= r < SIZE and 0 <= c < SIZE:
                out.append((r, c, t[base + i]))
        return out

    # over the complexity ceiling on purpose: the rules' checks in their order, on every move and
    # every listing
    def check(self, move, kind=None):  # noqa: C901
        """None if `move` is legal now, else a short reason. With `kind`, check that tile's
        placement geometry whatever the phase (ghost of a tile not yet chosen)."""
        if kind is not None:
            if move.type != M_PLACE:
                return "not a placement"
            k = kind if isinstance(kind, int) else kind_index(kind)
            return _REASONS[self._fit(k, move.row, move.col, move.dir)]
        ph = self.phase
        t = move.type
        if ph == OVER:
            return "game over"
        if t == M_PLACE:
            if ph != PLACE:
                return "no tile to place"
            return _REASONS[self._fit(self._tile, move.row, move.col, move.dir)]
        if t == M_TAKE:
            if ph != TAKE:
                return "not drawing now"
            if not 0 <= move.value < 2 or self._lane_pos[move.value] >= self._lane_end[move.value]:
                return "stack empty"
            return None
        if t == M_PLAY:
            if ph != CHOOSE:
                return "not choosing now"
            if move.value not in self.hands[self.current_player]:
                return "tile not in hand"
            if not self._placeable(move.value):
                return "tile cannot be placed"
            return None
        if ph != BID:
            return "not bidding now"
        if t == M_PASS:
            if self.bid is None:
                return "opening bid required"
            return None
        if t == M_BID:
            v = move.value
            if v < 1:
                return "bid too low"
            if self.bid is None:
                if v > self.flags["max_bid"]:
                    return "bid above max_bid"
            elif v >= self.bid:
                return "bid must be lower"
            return None
        return "unknown move"

    def legal_moves(self):
        """Every legal move now (placements sorted by row, col, direction)."""
        ph = self.phase
        if ph == PLACE:
            out = []
            for code in self._placements():
                out.append(Move(M_PLACE, code // 76, (code // 4) % 19, code % 4))
            return out
        if ph == TAKE:
            return [Move(M_TAKE, value=lane) for lane in range(2)
                    if self._lane_pos[lane] < self._lane_end[lane]]
        if ph == CHOOSE:
            out = []
            for k in sorted(self.hands[self.current_player]):
                if self._placeable(k) and (not out or out[-1].value != k):
                    out.append(Move(M_PLAY, value=k))
            return out
        if ph == BID:
            hi = self.flags["max_bid"] if self.bid is None else self.bid - 1
            out = [Move(M_BID, value=v) for v in range(hi, 0, -1)]
            if self.bid is not None:
                out.append(Move(M_PASS))
            return out
        return []

    def apply(self, move):
        """Play a move (a Move or its text); an illegal move raises ValueError, state unchanged."""
        if isinstance(move, str):
            move = self.parse_move(move)
        else:
            why = self.check(move)
            if why is not None:
                raise ValueError("illegal move " + str(move) + ": " + why)
        self._record(move)
        t = move.type
        p = self.current_player
        if t == M_PLACE:
            self.hands[p].remove(self._tile)
            self._place(self._tile, move.row, move.col, move.dir)
            self._tile = -1
            self._advance()
            self._start_turn()
        elif t == M_TAKE:
            self.hands[p].append(self._draw(move.value))
            if self._after_draw():
                self._start_turn()
        elif t == M_PLAY:
            self._tile = move.value
            self._legal = None
            self.phase = PLACE
        else:
            self._apply_bid(move)

    def clone(self):
        """An independent copy (board, bag, hands, history) for look-ahead or undo."""
        st = State()
        d = self.__dict__
        for k in d:
            v = d[k]
            if isinstance(v, bytearray):
                v = bytearray(v)
            elif isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            elif isinstance(v, dict):
                v = dict(v)
            setattr(st, k, v)
        st._legal = None
        return st

    def _fields(self):
        """The canonical fields: ints, strings, or (prefix, bytes) written prefix + hex."""
        f = ["tayu", 1, self.edition, self.players, self.seed]
        for k in sorted(self.flags):
            v = self.flags[k]
            if isinstance(v, tuple):
                v = ".".join(str(i) for i in v)
            elif v is True or v is False:
                v = 1 if v else 0
            f.append(k + "=" + str(v))
        f.append(self.phase)
        f.append(self.current_player)
        f.append(self._tile)
        f.append(("", self._bag))
        f.extend(self._lane_pos)
        f.extend(self._lane_end)
        f.append(("", self._board))
        f.append(("", self._tid))
        f.extend(self._counts)
        f.append(self.placed)
        for h in self.hands:
            f.append(("h", bytearray(h)))
        f.append(("x", bytearray(self.set_aside)))
        f.append(-1 if self.unplaced is None else self.unplaced)
        f.append(-1 if self.bid is None else self.bid)
        f.append(-1 if self.bidder is None else self.bidder)
        f.append("".join(str(x) for x in self._passed))
        f.append(-1 if self.flood is None else self.flood)
        f.append(-1 if self.target is None else self.target)
        return f

    def _write(self, out):
        """Feed the canonical bytes to `out(chunk)` in small chunks (no big block needed)."""
        first = True
        for x in self._fields():
            if not first:
                out(b";")
            first = False
            if isinstance(x, tuple):
                out(x[0].encode())
                data = x[1]
                for i in range(0, len(data), 48):
                    out(binascii.hexlify(data[i:i + 48]))
            else:
                out(str(x).encode())

    def serialize(self):
        """Canonical ASCII bytes of the whole state (identical on CPython and MicroPython)."""
        parts = []
        self._write(parts.append)
        return b"".join(parts)

    def digest(self):
        """16 hex characters of the SHA-256 of `serialize()`, hashed as a stream so a busy
        Pico heap needs no 2 KB block for it (equals `canon.digest(serialize())`)."""
        h = hashlib.sha256()
        self._write(h.update)
        return binascii.hexlify(h.digest()).decode()[:DIGEST_LEN]

    # ---- internals --------------------------------------------------------------------
    def _fit(self, k, r, c, d):
        """Reason index (0 = legal) for kind k with cell 0 at (r, c) heading d."""
        dr = DR[d]
        dc = DC[d]
        r2 = r + 2 * dr
        c2 = c + 2 * dc
        if not (0 <= r < SIZE and 0 <= c < SIZE and 0 <= r2 < SIZE and 0 <= c2 < SIZE):
            return 1
        b = self._board
        p0 = r * SIZE + c
        step = dr * SIZE + dc
        if b[p0] or b[p0 + step] or b[p0 + 2 * step]:
            return 2
        if self.placed == 0:
            if CENTRE != p0 and CENTRE != p0 + step and CENTRE != p0 + 2 * step:
                return 3
            return 0
        t = _tables
        base = k * 12 + d * 3
        conn = 0
        for i in range(3):
            got = _cell(b, p0 + i * step, t[base + i], r + i * dr, c + i * dc)
            if got < 0:
                return -got
            conn += got
        return 0 if conn else 6

    # over the complexity ceiling on purpose: the listing's inner loop, on every move and every
    # bot's node
    def _placements(self, k=None, first=False):  # noqa: C901
        """Sorted placement codes ((row*19+col)*4+d) legal for kind k (default: in hand).
        Only squares an open exit points into are tried: O(frontier x 12) candidates. With
        `first`, only the first legal one found (is there one? the turn's start asks that)."""
        cache = k is None
        if cache:
            if self._legal is not None:
                return self._legal
            k = self._tile
        out = []
        if k < 0:
            return out
        if self.placed == 0:
            cr = CENTRE // SIZE
            for d in range(4):
                for i in range(3):
                    r = cr - i * DR[d]
                    c = cr - i * DC[d]
                    out.append((r * SIZE + c) * 4 + d)
            out.sort()
        else:
            global _marks
            if _marks is None:
                _marks = bytearray((SIZE * SIZE * 4 + 7) // 8)
            search = _native[0] if _native else load_native()
            if search is None:
                from shared_rules.tayu.plainfit import search
            # mode FIRST (1) or LIST (0): this module cannot import fastfit's constants
            search(self._board, self._inc, _tables, k, _marks, out, 1 if first else 0)
            if first:
                return out
            out.sort()
        if cache and not first:
            self._legal = out
        return out

    def _placeable(self, k):
        """Kind k has at least one legal placement now."""
        return len(self._placements(k, True)) > 0

    def _place(self, k, r, c, d):
        """Lay a tile (already checked) and update frontier, tile numbers and coast counts."""
        t = _tables
        base = k * 12 + d * 3
        b = self._board
        inc = self._inc
        front = self._front
        dbl = self._dbl
        counts = self._counts
        self.placed += 1
        step = DR[d] * SIZE + DC[d]
        p0 = r * SIZE + c
        for i in range(3):
            p = p0 + i * step
            if inc[p]:
                inc[p] = 0
                front.remove(p)
            b[p] = COVERED | t[base + i]
            self._tid[p] = self.placed
        for i in range(3):
            p = p0 + i * step
            m = t[base + i]
            rr = p // SIZE
            cc = p % SIZE
            for s in range(4):
                if not m & (1 << s):
                    continue
                nr = rr + DR[s]
                nc = cc + DC[s]
                if 0 <= nr < SIZE and 0 <= nc < SIZE:
                    q = nr * SIZE + nc
                    if b[q] == 0:
                        if inc[q] == 0:
                            front.append(q)
                        inc[q] |= 1 << ((s + 2) % 4)
                else:
                    counts[s] += 1 + dbl[cc if s % 2 == 0 else rr]
        self._legal = None

    def _draw(self, lane):
        """Next tile of a lane (A = 0, the only lane without `stacks`)."""
        pos = self._lane_pos[lane]
        self._lane_pos[lane] = pos + 1
        return self._bag[pos]

    def _draw_auto(self):
        """A draw without a choice: from the fuller lane (A on a tie)."""
        p = self._lane_pos
        e = self._lane_end
        return self._draw(0 if e[0] - p[0] >= e[1] - p[1] else 1)

    def _advance(self):
        """Pass the turn clockwise."""
        self.current_player = (self.current_player + 1) % self.players

    def _anyone_holds(self):
        """Some seat that may still play holds a tile (two_tiles play-out after the bag)."""
        for p in range(self.players):
            if self.hands[p] and not (p == self.flood and self.flood_stopped()):
                return True
        return False

    def _start_turn(self):
        """Begin the current player's turn: skip who cannot play, draw, or end the game.
        A loop, not recursion: a long run of set-aside tiles must not grow the Pico stack."""
        self._tile = -1
        self._legal = None
        two = self.flags["two_tiles"]
        while True:
            p = self.current_player
            if self.flood is not None and p == self.flood and self.flood_stopped():
                self._advance()
                continue
            if self.tiles_left() > 0:
                if self.flags["stacks"]:
                    self.phase = TAKE
                    return
                self.hands[p].append(self._draw_auto())
                if self._after_draw():
                    continue
                return
            if two and self.hands[p]:
                if self._after_draw():
                    continue
                return
            if two and self._anyone_holds():
                self._advance()
                continue
            break
        self.phase = OVER

    def _after_draw(self):
        """The current player holds what they may play: choose, place, or handle a dead
        tile. Returns True when the dead tile was set aside and the same player draws again."""
        hand = self.hands[self.current_player]
        ok = 0
        for k in hand:
            if self._placeable(k):  # the listing itself waits until asked (_legal)
                ok = 1
                break  # one tile that fits is enough: a search less on every turn's start
        if not ok:
            dead = hand.pop()
            self.set_aside.append(dead)
            if self.flags["redraw_if_unscored"] and not any(self._counts):
                return True
            self.unplaced = dead
            self._tile = -1
            self.phase = OVER
            return False
        if len(hand) == 1 or hand[0] == hand[1]:
            self._tile = hand[0]
            self._legal = None
            self.phase = PLACE
            return False
        self._tile = -1
        self.phase = CHOOSE
        return False

    def _apply_bid(self, move):
        """A bid or pass; when only the lowest bidder is left, they become the flood."""
        p = self.current_player
        if move.type == M_BID:
            self.bid = move.value
            self.bidder = p
            if not self.flags["pass_is_final"]:
                for i in range(3):
                    self._passed[i] = 0
        else:
            self._passed[p] = 1
        nxt = None
        for i in range(1, 3):
            s = (p + i) % 3
            if not self._passed[s] and s != self.bidder:
                nxt = s
                break
        if nxt is not None:
            self.current_player = nxt
            return
        self.flood = self.bidder
        self.target = self.bid
        self.current_player = (self.flood + 1) % 3
        self._start_turn()


def load_native():
    """fastfit.search on MicroPython, None elsewhere (and on a port without native code);
    kept in _native (once: a game's start asks, else the first search)."""
    return native.load(_native, "shared_rules.tayu.fastfit", ("search",))


def _cell(b, p, m, rr, cc):
    """One cell of a tile (exit bits `m`) on square `p` (row rr, column cc) against its four
    neighbours, north first: the channels it joins (0..4), or -4 when an exit meets a blank
    side, -5 when a blank side blocks a neighbour's exit (the first of them found)."""
    conn = 0
    if rr > 0:
        nb = b[p - SIZE]
        if nb:
            mine = (m & 1) != 0
            if mine != ((nb & 4) != 0):
                return -4 if mine else -5
            conn += mine
    if cc < SIZE - 1:
        nb = b[p + 1]
        if nb:
            mine = (m & 2) != 0
            if mine != ((nb & 8) != 0):
                return -4 if mine else -5
            conn += mine
    if rr < SIZE - 1:
        nb = b[p + SIZE]
        if nb:
            mine = (m & 4) != 0
            if mine != ((nb & 1) != 0):
                return -4 if mine else -5
            conn += mine
    if cc > 0:
        nb = b[p - 1]
        if nb:
            mine = (m & 8) != 0
            if mine != ((nb & 2) != 0):
                return -4 if mine else -5
            conn += mine
    return conn


def _encode(move):
    """Move -> 16-bit record: placement code, or 1444+ for the other kinds."""
    t = move.type
    if t == M_PLACE:
        return (move.row * SIZE + move.col) * 4 + move.dir
    if t == M_TAKE:
        return 1444 + move.value
    if t == M_PASS:
        return 1446
    if t == M_PLAY:
        return 1450 + move.value
    return 1500 + move.value


def _decode(v):
    """16-bit history record -> Move (inverse of `_encode`)."""
    if v < 1444:
        return Move(M_PLACE, v // 76, (v // 4) % 19, v % 4)
    if v < 1446:
        return Move(M_TAKE, value=v - 1444)
    if v == 1446:
        return Move(M_PASS)
    if v < 1500:
        return Move(M_PLAY, value=v - 1450)
    return Move(M_BID, value=v - 1500)


# ---- the baseline bot -------------------------------------------------------------------

def _side_value(state, seat, counts):
    """Greedy value of coast counts [N, E, S, W] for a seat (bigger is better)."""
    ns = counts[0] * counts[2]
    ew = counts[1] * counts[3]
    side = state.side_of(seat)
    if side == "NS":
        return (ns - ew) * 64 + (counts[0] + counts[2]) - (counts[1] + counts[3])
    if side == "EW":
        return (ew - ns) * 64 + (counts[1] + counts[3]) - (counts[0] + counts[2])
    return -(ns if ns > ew else ew) * 64 - (counts[0] + counts[1] + counts[2] + counts[3])


def _placement_value(state, seat, k, code):
    """Score-difference value of placing kind k at code, plus a small positional nudge:
    builders reach toward their coasts, the flood leaves few open exits."""
    r = code // 76
    c = (code // 4) % 19
    d = code % 4
    t = _tables
    base = k * 12 + d * 3
    counts = list(state._counts)
    dbl = state._dbl
    b = state._board
    opened = 0
    reach = 0
    side = state.side_of(seat)
    for i in range(3):
        rr = r + i * DR[d]
        cc = c + i * DC[d]
        if side == "NS":
            v = rr - 9 if rr > 9 else 9 - rr
        else:
            v = cc - 9 if cc > 9 else 9 - cc
        if v > reach:
            reach = v
        m = t[base + i]
        for s in range(4):
            if m & (1 << s):
                nr = rr + DR[s]
                nc = cc + DC[s]
                if 0 <= nr < SIZE and 0 <= nc < SIZE:
                    if b[nr * SIZE + nc] == 0:
                        opened += 1
                else:
                    counts[s] += 1 + dbl[cc if s % 2 == 0 else rr]
    v = _side_value(state, seat, counts) * 64
    if side == "flood":
        return v - opened
    return v + reach


def greedy_move(state, rng=None):
    """The baseline bot's move for the player to move (any seat, any phase): the placement
    maximising the mover's side's score difference; ties go to the first move in listing
    order, or to `rng` (a shared_rules.rng.Rng) when given. Never touches the game's draw."""
    ph = state.phase
    seat = state.current_player
    if ph == OVER:
        return None
    if ph == BID:
        # Open at 30; undercut by one while the bid stays above 16; else pass.
        if state.bid is None:
            return Move(M_BID, value=min(30, state.flags["max_bid"]))
        if state.bid > 16:
            return Move(M_BID, value=state.bid - 1)
        return Move(M_PASS)
    if ph == TAKE:
        tops = state.stack_tops()
        # builders like three-sided (ring) tiles, the flood avoids them; lane A on a tie.
        want = state.side_of(seat) != "flood"
        for lane, ring in tops:
            if ring == want:
                return Move(M_TAKE, value="AB".index(lane))
        return Move(M_TAKE, value="AB".index(tops[0][0]))
    if ph == CHOOSE:
        best = None
        bestv = None
        for mv in state.legal_moves():
            codes = state._placements(mv.value)
            v = max(_placement_value(state, seat, mv.value, code) for code in codes)
            if bestv is None or v > bestv:
                best = mv
                bestv = v
        return best
    k = state._tile
    codes = state._placements()
    bestv = None
    best = []
    for code in codes:
        v = _placement_value(state, seat, k, code)
        if bestv is None or v > bestv:
            bestv = v
            best = [code]
        elif v == bestv:
            best.append(code)
    code = best[0] if rng is None else best[rng.below(len(best))]
    return Move(M_PLACE, code // 76, (code // 4) % 19, code % 4)
