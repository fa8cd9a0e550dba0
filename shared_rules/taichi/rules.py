"""Tai Chi Chuan: the whole of its rules, its notation and its baseline bot, on CPython and
MicroPython alike (docs/taichi.md: the rules as implemented, every option, the notation).

A round: its player (the active seat) turns the first card; the letter on it starts every word
of the round. After each word the board accepts, the player pushes on (`draw`: one more card,
whose letter the next word must hold too) or stops (`stop`), when the others may join a
challenge by staking the last card they won. A player who finds no word gives up (`fail`):
the others, clockwise, try one word each, and those who find one take a visible card each.

Words are moves: `word SATELLITE` is legal when it fits the visible cards and the board's word
set holds it (shared_rules/dictionary/judge.py, one verdict for the board, the host and the
bots); any other word is refused with its reason and the game is unchanged. The players keep
the last word: `accept WORD` takes a word that fits but the dictionary lacks, `refuse` takes
back the word just accepted (the "same family" rule is theirs to judge). Word moves are open:
legal_moves() lists the closed moves and a few words the baseline knows (OPEN_MOVES).

Moves (seats are numbered from 0):
  word W | accept W            announce W (the round's player, or a seat offered the round)
  word W seat N | accept W seat N   the challenge: seat N was the fastest, with W
  nobody                       the challenge: nobody found a word (the challenged seat wins)
  refuse                       the table refuses the word just accepted
  draw | stop | fail | pass    push on, stop, give up, no word when offered the round
  join | decline               take part in the challenge (staking the last card won) or not
  set SYMBOL                   take the visible cards of that symbol (ombrelle, yinyang, lotus)
  card N                       take the N-th visible card (1 = the first turned)
"""

# pyright: reportAttributeAccessIssue=false
# (the State's fields are set by its builders, new_game() and _copy(): the checker cannot see them)

import binascii

from micropython import const

from shared_rules import canon
from shared_rules.dictionary import judge, reader
from shared_rules.rng import Rng
from shared_rules.taichi import deck as decks
from shared_rules.taichi.spec import NAME, PLAYERS  # noqa: F401  (the interface)

SYMBOLS = decks.SYMBOLS


def _declared():
    """The engine's options from its declaration's rows (shared_rules/options.py: all but
    the board's own), without loading the options checker."""
    from shared_rules.taichi.spec import OPTIONS as rows

    return {r[0]: r[1] for r in rows if r[3] != "board"}


# Every option, its values (the default first; `deck` also takes an owner's deck text):
# docs/taichi.md, from its declaration
OPTIONS = _declared()
_KEYS = ("deck", "first_double", "forms", "min_letters", "reshuffle")  # sorted

OPEN_MOVES = ("word", "accept")  # legal beyond those legal_moves() lists: any word that fits
LISTED_WORDS = 6  # how many words legal_moves() lists: the first the baseline knows that fit

# phases
ANNOUNCE = "announce"  # the round's player finds a word (or fails)
CHOOSE = "choose"  # after a word: push on or stop
OFFER = "offer"  # a failed round: the others, clockwise, try a word each
PICK = "pick"  # a failed round: those who found one take a visible card each, in turn
JOIN = "join"  # after a stop: the others, clockwise, join the challenge or not
RACE = "race"  # the challenge: the fastest word among the challenged and those who joined
TAKE = "take"  # symbol sets taken
OVER = "over"
PHASES = (ANNOUNCE, CHOOSE, OFFER, PICK, JOIN, RACE, TAKE, OVER)

MOST = 0  # TAKE kinds: the most frequent symbol (a plain stop), any symbol (otherwise)
ANY = 1


class Move:
    """A move: its kind (the first word of its text), a word, a seat, a number or symbol."""

    def __init__(self, kind, word="", seat=-1, arg=-1):
        self.kind = kind
        self.word = word
        self.seat = seat
        self.arg = arg

    def __str__(self):
        k = self.kind
        if k in ("word", "accept"):
            return k + " " + self.word + ("" if self.seat < 0 else " seat " + str(self.seat))
        if k == "set":
            return "set " + SYMBOLS[self.arg]
        if k == "card":
            return "card " + str(self.arg)
        return k

    def __repr__(self):
        return "Move(" + str(self) + ")"

    def __eq__(self, other):
        return isinstance(other, Move) and str(self) == str(other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(str(self))


_PLAIN = const(("draw", "stop", "fail", "pass", "join", "decline", "nobody", "refuse"))


def _syntax(text):
    """The Move written `text` (syntax only), else ValueError. ASCII only."""
    if not isinstance(text, str):
        raise ValueError("a move is a text")
    if len(text) > 80:
        raise ValueError("a move this long is no move")
    for ch in text:
        if ord(ch) > 126 or (ord(ch) < 32 and ch not in "\t\r\n"):
            raise ValueError("not an ASCII move")
    w = canon.ascii_words(text.replace("\r", " ").replace("\n", " "))
    if len(w) == 1 and w[0] in _PLAIN:
        return Move(w[0])
    if len(w) == 2 and w[0] == "set" and w[1] in SYMBOLS:
        return Move("set", arg=SYMBOLS.index(w[1]))
    if len(w) == 2 and w[0] == "card" and canon.is_digits(w[1]) and len(w[1]) <= 2:
        return Move("card", arg=int(w[1]))
    if len(w) in (2, 4) and w[0] in ("word", "accept"):
        word = judge.fold(w[1])
        if word is None:
            raise ValueError("not a word of letters only: " + w[1][:32])
        seat = -1
        if len(w) == 4:
            if w[2] != "seat" or not canon.is_digits(w[3]) or len(w[3]) > 1:
                raise ValueError("malformed move: " + text[:40])
            seat = int(w[3])
        return Move(w[0], word, seat)
    raise ValueError("malformed move: " + text[:40])


def _options(opts):
    """Every option checked against OPTIONS, the defaults filled in; ValueError if bad."""
    o = {}
    for k in opts:
        if k not in OPTIONS:
            raise ValueError("unknown option: " + str(k))
    for k in OPTIONS:
        allowed = OPTIONS[k]
        v = opts.get(k, allowed[0])
        if k == "deck" and isinstance(v, str) and v != "approx":
            decks.parse(v)  # an owner's deck: refused with the first bad line's reason
            o[k] = v
            continue
        for x in allowed:
            if type(x) is type(v) and x == v:
                o[k] = x
                break
        else:
            raise ValueError("bad value for " + k + ": " + str(v)[:40])
    return o


def new_game(players=2, seed=0, **options):
    """A new game: the deck shuffled from `seed`, a card dealt face down to each seat, seat 0
    turning the first card of the first round. Options: OPTIONS (docs/taichi.md)."""
    if players not in PLAYERS:
        raise ValueError("Tai Chi Chuan is for 2 to 6 players")
    o = _options(options)
    st = _blank(players, int(seed), o)
    st.rng = Rng(st.seed)
    order = list(range(len(st.cards)))
    st.rng.shuffle(order)
    st.pile = order
    for seat in range(players):
        st.won[seat].append(st._pop())  # dealt face down
    st._start_round(0)
    return st


def _blank(players, seed, o):
    st = State()
    st.players = players
    st.seed = seed
    st.flags = o
    st.cards = decks.parse(decks.APPROX if o["deck"] == "approx" else o["deck"])
    st.rng = None
    # card numbers (lists: MicroPython's bytearray has no pop)
    st.pile = []  # the deck face down, its top last
    st.discard = []
    st.won = [[] for _ in range(players)]  # each seat's cards, the last won last
    st.row = []  # the visible cards, the first turned first
    st.reshuffled = False
    st.last_round = False
    st.active = 0
    st.phase = ANNOUNCE
    st.current_player = 0
    st.said = []  # the words said this round (accepted, or refused by the table)
    st.initial = ""  # first_double=fixed: the letter the round's first word took
    st.queue = []  # seats still to ask (OFFER, JOIN) or to serve (PICK, TAKE)
    st.kinds = []  # TAKE: the kind of each queued take
    st.found = []  # OFFER: the seats that found a word
    st.joined = []  # JOIN, RACE: the seats in the challenge, their stakes beside
    st.stakes = []
    st.undo_word = ""  # the word `refuse` would take back, with the state before it
    st.before = None
    st._trust = False  # rewind(): words of this game's own history, judged when played
    st._hist = []
    st._legal = None
    return st


def replay(options, seed, moves):
    """new_game(seed=seed, **options) with the move texts applied in order."""
    o = dict(options)
    st = new_game(o.pop("players", 2), seed, **o)
    for t in moves:
        st.apply(t)
    return st


def deserialize(data):
    """The state whose serialize() gave `data` (its history starts empty)."""
    try:
        return _deserialize(data)
    except (IndexError, KeyError, TypeError, UnicodeError):
        raise ValueError("not a Tai Chi Chuan state")


def _unhex(x):
    try:
        return list(binascii.unhexlify(x))
    except Exception:
        raise ValueError("not a Tai Chi Chuan state")


def _deserialize(data):
    if isinstance(data, (bytes, bytearray)):
        data = bytes(data).decode()
    cut = data.find("|")
    before = None
    undo_word = ""
    if cut >= 0:
        rest = data[cut + 1:]
        data = data[:cut]
        cut = rest.find("|")
        if cut < 0 or "|" in rest[cut + 1:]:
            raise ValueError("not a Tai Chi Chuan state")
        undo_word = rest[:cut]
        before = _deserialize(rest[cut + 1:])
        if judge.fold(undo_word) != undo_word:
            raise ValueError("not a Tai Chi Chuan state")
    st = _fields(data)
    st.before = before
    st.undo_word = undo_word
    return st


def _fields(data):
    f = canon.split_fields(data)
    if len(f) != 24 or f[0] != "TC1" or f[12] not in PHASES:
        raise ValueError("not a Tai Chi Chuan state")
    o = {}
    for i in range(5):
        k = _KEYS[i]
        v = f[1 + i]
        if k == "deck":
            v = "approx" if v == "approx" else bytes(_unhex(v)).decode()
        elif k == "forms":
            v = v == "1"
        elif k == "min_letters":
            v = canon.ascii_int(v)
        o[k] = v
    o = _options(o)
    players = canon.ascii_int(f[6])
    if players not in PLAYERS:
        raise ValueError("not a Tai Chi Chuan state")
    st = _blank(players, canon.ascii_int(f[7]), o)
    st.rng = Rng(0)
    st.rng.state = canon.ascii_int(f[8])
    st.active = canon.ascii_int(f[9])
    st.current_player = canon.ascii_int(f[10])
    st.reshuffled = f[11][0] == "1"
    st.last_round = f[11][1] == "1"
    st.phase = f[12]
    st.initial = f[13]
    st.pile, st.discard, st.row, st.queue, st.kinds, st.found, st.joined, st.stakes = [
        _unhex(x) for x in f[14:22]]
    won = f[22].split(",")
    if len(won) != players:
        raise ValueError("not a Tai Chi Chuan state")
    st.won = [_unhex(x) for x in won]
    st.said = [] if not f[23] else f[23].split(",")
    n = len(st.cards)
    every = list(st.pile) + list(st.discard) + list(st.row) + list(st.stakes)
    for w in st.won:
        every += list(w)
    if sorted(every) != list(range(n)) or not _consistent(st):
        raise ValueError("not a Tai Chi Chuan state")
    return st


def _consistent(st):
    """What every position of a game holds, so that a state read from outside cannot make a
    later move fail: seats in range, the queues the phase needs, the stakes beside the
    joiners, words of letters only."""
    p = st.players
    seats = [st.active, st.current_player] + list(st.queue) + list(st.found) + list(st.joined)
    for s in seats:
        if not 0 <= s < p:
            return False
    ph = st.phase
    if len(st.stakes) != len(st.joined) or (ph != OVER and not st.row):
        return False
    if ph in (OFFER, PICK, JOIN, TAKE) and (not st.queue or st.current_player != st.queue[0]):
        return False
    if ph == TAKE and (len(st.kinds) != len(st.queue) or
                       [k for k in st.kinds if k not in (MOST, ANY)]):
        return False
    if st.initial and (len(st.initial) != 1 or st.initial not in st.cards[st.row[0]][0]):
        return False
    for w in st.said:
        if judge.fold(w) != w:
            return False
    return True


class State:
    """A Tai Chi Chuan game; build it with new_game() and change it only with apply()."""

    # ---- queries -------------------------------------------------------------------------
    def options(self):
        """Every option and `players`: what replay() and new_game() take besides the seed."""
        o = dict(self.flags)
        o["players"] = self.players
        return o

    def is_over(self):
        return self.phase == OVER

    def simultaneous(self):
        """No round of Tai Chi Chuan is a simultaneous choice (the challenge's race is told
        to the board by its winner: `word W seat N`)."""
        return False

    def scores(self):
        """The cards in front of each seat (the one dealt at the start included)."""
        return tuple([len(w) for w in self.won])

    def winner(self):
        """None while running, else the seats with the most cards (several share a tie)."""
        if self.phase != OVER:
            return None
        s = self.scores()
        top = max(s)
        return tuple([i for i in range(self.players) if s[i] == top])

    def card(self, i):
        """Card number `i`: (letters, symbol number)."""
        return self.cards[i]

    def row_letters(self):
        """The visible cards' letters, the first card first, as the judge takes them; with
        first_double=fixed and a word already accepted, the first card is its one letter."""
        out = [self.cards[c][0] for c in self.row]
        if self.initial and out:
            out[0] = self.initial
        return out

    def can_draw(self):
        """A card can still be turned (the deck, or the discard not yet reshuffled)."""
        return bool(self.pile) or (not self.reshuffled and bool(self.discard))

    def view(self, seat):
        """What `seat` may know: everything face up (the visible cards, the discard, the words
        said, the stakes), each seat's number of cards, the deck's size; never the deck's
        order nor the cards face down."""
        def names(ids):
            return [decks.card_name(self.cards[c]) for c in ids]
        return {
            "phase": self.phase, "to_move": self.current_player, "active": self.active,
            "row": names(self.row), "discard": names(self.discard), "deck": len(self.pile),
            "reshuffled": self.reshuffled, "last_round": self.last_round,
            "held": [len(w) for w in self.won], "said": list(self.said),
            "joined": list(self.joined), "found": list(self.found),
            "queue": list(self.queue), "winner": self.winner(), "seat": seat,
        }

    # ---- history -------------------------------------------------------------------------
    @property
    def history(self):
        return list(self._hist)

    def history_len(self):
        return len(self._hist)

    def last_move(self):
        return self._hist[-1] if self._hist else None

    def undo(self):
        return self.rewind(self.history_len() - 1)

    def rewind(self, count):
        """A new state after the first `count` moves of this one, replayed from the seed."""
        if not 0 <= count <= self.history_len():
            raise ValueError("cannot rewind to " + str(count))
        # the words of this state's own history were judged when they were played: the replay
        # checks their fit with the cards, not the word set again (a lookup a word: an undo
        # on a board would read the dictionary once per word of the game)
        o = self.options()
        st = new_game(o.pop("players"), self.seed, **o)
        st._trust = True
        try:
            for t in self._hist[:count]:
                st.apply(t)
        finally:
            st._trust = False
        return st

    # ---- copying, serialisation -------------------------------------------------------------
    def clone(self):
        return self._copy(True)

    def _copy(self, with_history):
        # a copy; without its history, the move list and the state `refuse` goes back to
        # when it is that state itself (no growing copy of the history each word)
        st = State()
        d = self.__dict__
        for k in d:
            v = d[k]
            if not with_history and k in ("_hist", "_legal", "before"):
                v = [] if k == "_hist" else None
            if isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            setattr(st, k, v)
        st.rng = Rng(0)
        st.rng.state = self.rng.state
        st._trust = False  # a copy made during a rewind judges its words again
        return st  # `before` (a state never changed) and the flags and cards are shared

    def serialize(self):
        """Canonical ASCII bytes of the position (and of the one `refuse` would go back to)."""
        hx = binascii.hexlify
        fl = self.flags
        head = []
        for k in _KEYS:
            v = fl[k]
            custom = k == "deck" and v != "approx"  # an owner's deck text, in hex
            head.append(hx(v.encode()).decode() if custom else canon.field(v))
        head += [str(self.players), str(self.seed), str(self.rng.state), str(self.active),
                 str(self.current_player),
                 ("1" if self.reshuffled else "0") + ("1" if self.last_round else "0"),
                 self.phase, self.initial]
        for b in (self.pile, self.discard, self.row, self.queue, self.kinds, self.found,
                  self.joined, self.stakes):
            head.append(hx(bytes(b)).decode())
        head.append(",".join([hx(bytes(w)).decode() for w in self.won]))
        head.append(",".join(self.said))
        out = ("TC1;" + ";".join(head)).encode()
        if self.before is not None:
            out += b"|" + self.undo_word.encode() + b"|" + self.before.serialize()
        return out

    def digest(self):
        return canon.digest(self.serialize())

    # ---- moves ---------------------------------------------------------------------------
    def _listed_words(self, out, seat):
        """Append `word W` moves (with `seat` in the challenge) for the first LISTED_WORDS
        words of the bots' easiest level that the board accepts now."""
        letters = self.row_letters()
        need = judge.counts(letters)
        n = 0
        b = _bot_words()
        for ch in letters[0]:
            lines = b.stream(ch, 0)
            try:
                while n < LISTED_WORDS:
                    words = lines.piece()
                    if words is None:
                        break
                    for w in words:
                        if n < LISTED_WORDS and judge.could_fit(w, need):
                            w = w.decode().upper()
                            if self._refusal(w, letters) is None:
                                out.append(Move("word", w, seat))
                                n += 1
            finally:
                lines.close()
        return out

    def _refusal(self, w, letters=None):
        """Why `w` is refused now (fit, length, said this round), or None. The dictionary is
        not read here."""
        if len(w) < self.flags["min_letters"]:
            return "shorter than " + str(self.flags["min_letters"]) + " letters"
        if w in self.said:
            return w + " was said this round"
        why = judge.misfit(w, letters or self.row_letters())
        return None if why is None else w + " " + why

    def legal_moves(self):
        """The legal moves now, a fresh list: every closed move, and the first words the
        baseline knows that the board accepts (any other accepted word is legal too)."""
        if self._legal is None:
            self._legal = self._moves()
        return list(self._legal)

    def _moves(self, words=True):
        ph = self.phase
        out = []
        if ph == OVER:
            return out
        if self.before is not None:
            out.append(Move("refuse"))
        if ph in (ANNOUNCE, OFFER):
            if words:
                self._listed_words(out, -1)
            out.append(Move("fail" if ph == ANNOUNCE else "pass"))
        elif ph == CHOOSE:
            if self.can_draw():
                out.append(Move("draw"))
            out.append(Move("stop"))
        elif ph == JOIN:
            out.append(Move("join"))
            out.append(Move("decline"))
        elif ph == RACE:
            for seat in [self.active] + list(self.joined) if words else ():
                self._listed_words(out, seat)
            out.append(Move("nobody"))
        elif ph == TAKE:
            for s in self._symbols(self.kinds[0]):
                out.append(Move("set", arg=s))
        elif ph == PICK:
            for i in range(len(self.row)):
                out.append(Move("card", arg=i + 1))
        return out

    def _symbols(self, kind):
        """The symbols a TAKE of `kind` may take from the visible cards."""
        count = [0, 0, 0]
        for c in self.row:
            count[self.cards[c][1]] += 1
        top = max(count)
        if kind == MOST:
            return [s for s in range(3) if count[s] == top and top]
        return [s for s in range(3) if count[s]]

    def parse_move(self, text):
        """The legal move written `text`, else ValueError with the reason (a refused word says
        why: it does not fit, it is not in the word set, it was said)."""
        m = _syntax(text)
        self._check(m)
        return m

    def _check(self, m):
        k = m.kind
        if k in OPEN_MOVES:
            self._check_word(m)
            return
        # the closed moves only: no word of the bots' list read for a draw or a stop
        legal = self._legal if self._legal is not None else self._moves(False)
        if m not in legal:
            raise ValueError("not a move now: " + str(m))

    def _check_word(self, m):
        ph = self.phase
        if ph == RACE:
            if m.seat != self.active and m.seat not in self.joined:
                raise ValueError("seat " + str(m.seat) + " is not in the challenge")
        elif ph not in (ANNOUNCE, OFFER):
            raise ValueError("no word is announced now")
        elif m.seat >= 0:
            raise ValueError("a seat is named only in a challenge")
        why = self._refusal(m.word)
        if why:
            raise ValueError(why)
        if self._trust:
            return
        ok, why = judge.judge(m.word, self.row_letters(), self.flags["forms"],
                              self.flags["min_letters"])
        if m.kind == "word" and not ok:
            raise ValueError(why + " (the players may take it: accept " + m.word + ")")
        if m.kind == "accept" and ok:
            raise ValueError(m.word + " is accepted: no need to overrule")

    def apply(self, move):
        """Play a legal move (a Move or its text); ValueError and no change if not."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif isinstance(move, Move):
            move = self.parse_move(str(move))
        else:
            raise ValueError("not a move")
        self._play(move)

    def _play(self, m):
        self._legal = None
        k = m.kind
        text = str(m)
        if k == "refuse":
            back = self.before._copy(False)
            back.said.append(self.undo_word)
            back._hist = self._hist
            back._hist.append(text)
            back._trust = self._trust  # (a rewind replaying this refuse goes on trusting)
            d = back.__dict__
            for key in d:
                setattr(self, key, d[key])
            return
        if k in OPEN_MOVES:
            before = self._copy(False)
            before.undo_word = ""
            self.said.append(m.word)
            self.before = before if k == "word" else None
            self.undo_word = m.word if k == "word" else ""
        else:
            self.before = None
            self.undo_word = ""
        self._hist.append(text)
        if k in OPEN_MOVES:
            self._word_found(m)
        else:
            self._step(m, k)

    def _word_found(self, m):
        """A word announced, found in a failed round's offer, or winning the race."""
        ph = self.phase
        if ph == ANNOUNCE:
            if self.flags["first_double"] == "fixed" and not self.initial:
                self.initial = m.word[0]
            if self.last_round:
                self._takes([self.active], [ANY])
            else:
                self.phase = CHOOSE
        elif ph == OFFER:
            self.found.append(self.current_player)
            self._next_offer()
        else:
            self._race_won(m.seat)

    def _step(self, m, k):
        """Every move that is not a word."""
        if k == "fail":
            self.queue = [(self.active + i) % self.players for i in range(1, self.players)]
            self.phase = OFFER
            self.current_player = self.queue[0]
        elif k == "pass":
            self._next_offer()
        elif k == "draw":
            self._turn()
            self.phase = ANNOUNCE
        elif k == "stop":
            self._stop()
        elif k in ("join", "decline"):
            seat = self.queue.pop(0)
            if k == "join":
                self.joined.append(seat)
                self.stakes.append(self.won[seat].pop())
            self._next_join()
        elif k == "nobody":
            self._race_won(self.active)
        elif k == "set":
            self._take_set(m.arg)
        elif k == "card":
            c = self.row.pop(m.arg - 1)
            self.won[self.queue.pop(0)].append(c)
            self._next_pick()

    # ---- the round's steps -------------------------------------------------------------------
    def _pop(self):
        # the deck's top card; the discard reshuffled into the deck once, when needed
        if not self.pile and not self.reshuffled:
            self._reshuffle()
        c = self.pile.pop()
        if not self.pile and not self.reshuffled and self.flags["reshuffle"] == "at_once":
            self._reshuffle()
        return c

    def _reshuffle(self):
        cards = list(self.discard)
        self.rng.shuffle(cards)
        self.pile = list(cards)
        self.discard = []
        self.reshuffled = True

    def _turn(self):
        # a card turned face up beside the others; the last card of the second deck makes
        # this the last round
        self.row.append(self._pop())
        if self.reshuffled and not self.pile:
            self.last_round = True

    def _start_round(self, seat):
        self.active = seat
        self.current_player = seat
        self.said = []
        self.initial = ""
        self.found = []
        if not self.can_draw():
            self.phase = OVER
            return
        self._turn()
        self.phase = ANNOUNCE

    def _end_round(self):
        self.discard += self.row
        self.row = []
        self.queue = []
        self.kinds = []
        self.joined = []
        self.stakes = []
        if self.last_round:
            self.phase = OVER
            return
        self._start_round((self.active + 1) % self.players)

    def _next_offer(self):
        self.queue.pop(0)
        if self.queue:
            self.current_player = self.queue[0]
            return
        self.queue = list(self.found)  # those who found a word, in the order of play
        self._next_pick()

    def _next_pick(self):
        if self.queue and self.row:
            self.phase = PICK
            self.current_player = self.queue[0]
            return
        self._end_round()

    def _stop(self):
        # the others, clockwise, may join a challenge: only those with a card to stake, and
        # only when a card can be turned for it
        others = [(self.active + i) % self.players for i in range(1, self.players)]
        self.queue = [s for s in others if self.won[s]]
        if not self.queue or not self.can_draw():
            self.queue = []
            self._takes([self.active], [MOST])
            return
        self.phase = JOIN
        self.current_player = self.queue[0]

    def _next_join(self):
        if self.queue:
            self.current_player = self.queue[0]
            return
        if not self.joined:
            self._takes([self.active], [MOST])
            return
        self._turn()
        self.phase = RACE
        self.current_player = self.active

    def _race_won(self, seat):
        # the stakes: the winner keeps theirs, the other joiners lose theirs
        for i in range(len(self.joined)):
            if self.joined[i] == seat:
                self.won[seat].append(self.stakes[i])
            else:
                self.discard.append(self.stakes[i])
        self.joined = []
        self.stakes = []
        if seat == self.active:
            self._takes([seat], [ANY])
        else:
            self._takes([seat, self.active], [ANY, ANY])

    def _takes(self, seats, kinds):
        self.queue = list(seats)
        self.kinds = list(kinds)
        self._next_take()

    def _next_take(self):
        while self.queue and not self._symbols(self.kinds[0]):
            self.queue.pop(0)
            self.kinds.pop(0)
        if not self.queue:
            self._end_round()
            return
        self.phase = TAKE
        self.current_player = self.queue[0]

    def _take_set(self, symbol):
        seat = self.queue.pop(0)
        self.kinds.pop(0)
        keep = []
        for c in self.row:
            if self.cards[c][1] == symbol:
                self.won[seat].append(c)
            else:
                keep.append(c)
        self.row = keep
        self._next_take()


# ---- the baseline bot ----------------------------------------------------------------------
_BOTS = {}


def _bot_words():
    if "b" not in _BOTS:
        _BOTS["b"] = reader.BotWords()
    return _BOTS["b"]


def greedy_move(state):
    """The baseline bot's move, or None when the game is over: the first listed word when
    there is one (in a challenge, the challenged seat's), else giving up; pushes on while
    fewer than three cards are visible; joins no challenge; takes the symbol with the most
    cards, the first visible card."""
    ph = state.phase
    if ph == OVER:
        return None
    moves = state.legal_moves()
    for m in moves:
        if m.kind == "word":
            return m
    if ph == CHOOSE:
        return Move("draw") if len(state.row) < 3 and state.can_draw() else Move("stop")
    if ph == JOIN:
        return Move("decline")
    if ph == TAKE:
        return _best_set(state, moves)
    if ph == PICK:
        return Move("card", arg=1)
    return moves[-1]  # fail, pass, nobody


def _best_set(state, moves):
    best = None
    bestn = -1
    for m in moves:
        if m.kind == "set":
            n = 0
            for c in state.row:
                n += state.cards[c][1] == m.arg
            if n > bestn:
                best, bestn = m, n
    return best
