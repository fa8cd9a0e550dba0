"""Rondo: the whole of its rules, its notation and its baseline bot, on CPython and MicroPython
alike (docs/rondo.md: the rules as implemented, every option, the notation).

The card holder has up to nine slots. Each turn the player to move makes a new word from the
one there: cards from the hand cover slots (a letter, a joker standing for a letter, an eraser
on a letter at an end) or lengthen the holder by one slot at either end; at least one card of
the previous word stays visible; the word is the letters between the erasers, three at least,
and the word set must hold it. The turn scores the whole holder as it shows (erasers -2), plus
3 a card laid from the third on, minus 2 a card exchanged; the hand is refilled to seven. A
player who finds no word passes (`pass`, or `timeout` when the hourglass ran out) and draws a
card. The hourglass is the board's: the engine only sees its `timeout`.

Moves (cards: a letter A-Z, `*` a joker, `-` an eraser):
  show W            who starts: a three-letter word of the hand (a small letter: a joker)
  show none         no such word
  play SLOTS        the holder after the play, a character a slot (below)
  accept SLOTS      the same, for a word the table takes that the word set lacks
  exchange C        a card of the hand under the deck, the top card taken (-2)
  pass | timeout    no word: draw a card
With real cards in the players' hands (option physical): the play's cards are any of those
not on the holder; `exchange` (no card named: -2), `finish` (the table saw the end), then
`left N` from each seat in turn (the points of the cards left in its hand).

SLOTS: the old holder's slots between brackets, one character each: `.` kept, a capital a
letter card laid, a small letter a joker laid for that letter, `-` an eraser laid, `#C` card C
laid face down (the beginners' variant); a character before `[` or after `]` lengthens the
holder at that end. The first word, the holder empty, is its letters alone: `play MAR`. From
MARE with a joker as its E: `play [.E..]` makes MERE, `play [.INI]` MINI, `play [....]S` MARES,
`play [-...]` ARE.
"""

# pyright: reportAttributeAccessIssue=false
# (the State's fields are set by its builders, new_game() and _copy(): the checker cannot see them)

import binascii

from shared_rules import canon
from shared_rules.dictionary import judge, reader
from shared_rules.rng import Rng
from shared_rules.rondo import cards as carddata

NAME = "rondo"
PLAYERS = (2, 3, 4, 5, 6)


def _declared():
    from shared_rules.rondo.spec import OPTIONS as rows

    return {r[0]: r[1] for r in rows if r[3] != "board"}


OPTIONS = _declared()
_KEYS = ("beginners", "first_word", "joker", "lemmas", "physical", "start", "teams",
         "values")  # sorted

OPEN_MOVES = ("play", "accept", "show", "left")  # legal beyond those legal_moves() lists: any word
LISTED = 4  # plays legal_moves() lists: the first the baseline finds
HAND = 7
MAX_SLOTS = 9
MIN_WORD = 3
BONUS = 3  # a card laid from the third on
EXCHANGE_COST = 2

SHOW = "show"  # who starts: each seat shows a three-letter word of its hand
PLAY = "play"
LEFT = "left"  # real cards: each seat tells the points of the cards left in its hand
OVER = "over"
PHASES = (SHOW, PLAY, LEFT, OVER)
MAX_LEFT = 999

ERASED = "-"  # a slot's meaning: an eraser shows
FACE_DOWN = "#"  # a card laid face down (the beginners' variant)
LETTERS = carddata.LETTERS


def is_letter(ch):
    return "A" <= ch <= "Z"


class Move:
    """A move: its kind (the first word of its text) and what follows it (a word, the slots,
    a card), kept as written canonically."""

    def __init__(self, kind, arg=""):
        self.kind = kind
        self.arg = arg

    def __str__(self):
        return self.kind + (" " + self.arg if self.arg else "")

    def __repr__(self):
        return "Move(" + str(self) + ")"

    def __eq__(self, other):
        return isinstance(other, Move) and str(self) == str(other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(str(self))


# ---- the slots notation ----------------------------------------------------------------------
# a token: (what, char): what is "." kept, "L" a letter card, "J" a joker (char its letter),
# "E" an eraser, "F" a card face down (char the card)


def _token(text, i):
    """The token at `text[i]` and the index after it, else ValueError."""
    ch = text[i]
    if ch == ".":
        return (".", ""), i + 1
    if is_letter(ch):
        return ("L", ch), i + 1
    if "a" <= ch <= "z":
        return ("J", chr(ord(ch) - 32)), i + 1
    if ch == ERASED:
        return ("E", ERASED), i + 1
    if ch == FACE_DOWN and i + 1 < len(text):
        c = text[i + 1]
        if is_letter(c) or c == carddata.JOKER:
            return ("F", c), i + 2
    raise ValueError("not a slot: " + text[i:i + 2])


def _tokens(text):
    out = []
    i = 0
    while i < len(text):
        t, i = _token(text, i)
        out.append(t)
    return out


def parse_slots(text):
    """(left token or None, the old slots' tokens or None when written without brackets,
    right token or None) of a SLOTS text, else ValueError (syntax only)."""
    a = text.find("[")
    b = text.find("]")
    if a < 0 and b < 0:
        return None, None, _tokens(text)
    if a < 0 or b < a or text.find("[", a + 1) >= 0 or text.find("]", b + 1) >= 0:
        raise ValueError("malformed slots: " + text[:24])
    left = _tokens(text[:a])
    right = _tokens(text[b + 1:])
    if len(left) > 1 or len(right) > 1:
        raise ValueError("the holder grows by one slot at most at each end")
    return (left[0] if left else None), _tokens(text[a + 1:b]), (right[0] if right else None)


def token_text(t):
    what, ch = t
    if what == ".":
        return "."
    if what == "J":
        return chr(ord(ch) + 32)
    if what == "F":
        return FACE_DOWN + ch
    return ch


def slots_text(left, mid, right):
    """The canonical SLOTS text of parse_slots' parts."""
    if mid is None:
        return "".join([token_text(t) for t in right])
    return ((token_text(left) if left else "") + "[" + "".join([token_text(t) for t in mid])
            + "]" + (token_text(right) if right else ""))


def _syntax(text):
    """The Move written `text` (syntax only), else ValueError. ASCII only."""
    if not isinstance(text, str):
        raise ValueError("a move is a text")
    if len(text) > 60:
        raise ValueError("a move this long is no move")
    for ch in text:
        if ord(ch) > 126 or (ord(ch) < 32 and ch not in "\t\r\n"):
            raise ValueError("not an ASCII move")
    w = canon.ascii_words(text.replace("\r", " ").replace("\n", " "))
    if len(w) == 1 and w[0] in ("pass", "timeout", "finish", "exchange"):
        return Move(w[0])
    if len(w) == 2 and w[0] == "left" and canon.is_digits(w[1]) and len(w[1]) <= 3:
        return Move("left", str(int(w[1])))
    if len(w) == 2 and w[0] == "exchange" and len(w[1]) == 1 and (
            is_letter(w[1]) or w[1] in (carddata.JOKER, carddata.ERASER)):
        return Move("exchange", w[1])
    if len(w) == 2 and w[0] == "show":
        if w[1] != "none":
            _show_cards(w[1])
        return Move("show", w[1])
    if len(w) == 2 and w[0] in ("play", "accept"):
        left, mid, right = parse_slots(w[1])
        return Move(w[0], slots_text(left, mid, right))
    raise ValueError("malformed move: " + text[:40])


def _show_cards(word):
    """The cards a `show` word lays out (a capital its letter card, a small letter a joker),
    else ValueError."""
    if len(word) != 3:
        raise ValueError("who starts is told by a word of three letters")
    out = ""
    for ch in word:
        if is_letter(ch):
            out += ch
        elif "a" <= ch <= "z":
            out += carddata.JOKER
        else:
            raise ValueError("not a word of letters only: " + word[:8])
    return out


def _options(opts):
    """Every option checked against OPTIONS, the defaults filled in; ValueError if bad."""
    o = {}
    for k in opts:
        if k not in OPTIONS:
            raise ValueError("unknown option: " + str(k))
    for k in OPTIONS:
        allowed = OPTIONS[k]
        v = opts.get(k, allowed[0])
        for x in allowed:
            if type(x) is type(v) and x == v:
                o[k] = x
                break
        else:
            raise ValueError("bad value for " + k + ": " + str(v)[:40])
    return o


def new_game(players=2, seed=0, **options):
    """A new game: the 110 cards shuffled from `seed`, seven dealt to each seat; then each
    seat shows a three-letter word (the best starts), or seat 0 starts at once with
    start=seat0. Options: OPTIONS (docs/rondo.md)."""
    if players not in PLAYERS:
        raise ValueError("Rondo is for 2 to 6 players")
    o = _options(options)
    st = _blank(players, int(seed), o)
    st.rng = Rng(st.seed)
    order = list(range(len(st.cards)))
    st.rng.shuffle(order)
    st.pile = order
    if o["physical"]:  # the cards are in the players' hands: the engine keeps none
        st.phase = PLAY  # the table chose who starts: seat 0
        return st
    for _ in range(HAND):
        for seat in range(players):
            st.hands[seat].append(st.pile.pop())
    for h in st.hands:
        h.sort()
    if o["start"] == "seat0":
        st.phase = PLAY
    return st


def _blank(players, seed, o):
    st = State()
    st.players = players
    st.seed = seed
    st.flags = o
    st.cards = carddata.deck()
    st.vals = carddata.values(o["values"], o["joker"])
    st.rng = None
    st.pile = []  # the deck face down, its top last
    st.hands = [[] for _ in range(players)]  # card numbers, sorted
    st.slots = []  # the holder: the top card of each slot
    st.means = ""  # what each slot shows: a letter, ERASED or FACE_DOWN
    st.fresh = []  # the slots the last play laid cards in
    st.buried = []  # the cards covered
    st.score = [0] * players
    st.shown = [-1] * players  # SHOW: each seat's word's points (-1: not yet)
    st.left = [0] * players  # at the end: the points of the cards left in each hand
    st.exch = 0  # cards exchanged this turn
    st.idle = 0  # turns passed in a row with the deck empty
    st.last = 0  # the last turn's points
    st.phase = SHOW
    st.current_player = 0
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


# ---- serialisation ---------------------------------------------------------------------------
def _int(text):
    """A signed integer written in ASCII digits, else ValueError."""
    if text[:1] == "-":
        return -canon.ascii_int(text[1:])
    return canon.ascii_int(text)


def _ints(text, n):
    parts = text.split(",")
    if len(parts) != n:
        raise ValueError("not a Rondo state")
    return [_int(x) for x in parts]


def _unhex(x):
    try:
        return list(binascii.unhexlify(x))
    except Exception:
        raise ValueError("not a Rondo state")


def deserialize(data):
    """The state whose serialize() gave `data` (its history starts empty)."""
    try:
        return _deserialize(data)
    except (IndexError, KeyError, TypeError, UnicodeError):
        raise ValueError("not a Rondo state")


def _deserialize(data):
    if isinstance(data, (bytes, bytearray)):
        data = bytes(data).decode()
    f = canon.split_fields(data)
    k = len(_KEYS)
    if len(f) != k + 17 or f[0] != "RD1" or f[k + 3] not in PHASES:
        raise ValueError("not a Rondo state")
    o = {}
    for i in range(k):
        key = _KEYS[i]
        v = f[1 + i]
        if key == "joker":
            v = _int(v)
        elif OPTIONS[key][0] is False:
            if v not in ("0", "1"):
                raise ValueError("not a Rondo state")
            v = v == "1"
        o[key] = v
    o = _options(o)
    f = f[k + 1:]  # what follows the options
    players = canon.ascii_int(f[0])
    if players not in PLAYERS:
        raise ValueError("not a Rondo state")
    st = _blank(players, canon.ascii_int(f[1]), o)
    st.rng = Rng(0)
    st.phase = f[2]
    st.rng.state = canon.ascii_int(f[3])
    st.current_player = canon.ascii_int(f[4])
    st.pile, st.slots, st.fresh, st.buried = [_unhex(x) for x in f[5:9]]
    hands = f[9].split(",")
    if len(hands) != players:
        raise ValueError("not a Rondo state")
    st.hands = [_unhex(x) for x in hands]
    st.means = f[10]
    st.score = _ints(f[11], players)
    st.shown = _ints(f[12], players)
    st.left = _ints(f[13], players)
    st.exch, st.idle, st.last = _ints(f[14] + "," + f[15], 3)
    if not _consistent(st):
        raise ValueError("not a Rondo state")
    return st


def _consistent(st):
    """What every position of a game holds, so that a state read from outside cannot make a
    later move fail: every card once, slots and their meanings alike, seats in range, hands
    sorted, the holder's word between its erasers."""
    n = len(st.cards)
    every = list(st.pile) + list(st.slots) + list(st.buried)
    for h in st.hands:
        every += list(h)
        if list(h) != sorted(h):
            return False
    if sorted(every) != list(range(n)) or not 0 <= st.current_player < st.players:
        return False
    if len(st.means) != len(st.slots) or len(st.slots) > MAX_SLOTS:
        return False
    for i in range(len(st.slots)):
        c = st.cards[st.slots[i]]
        m = st.means[i]
        if m == FACE_DOWN:
            ok = c != carddata.ERASER
        elif m == ERASED:
            ok = c == carddata.ERASER
        else:
            ok = is_letter(m) and (c == m or c == carddata.JOKER)
        if not ok:
            return False
    for i in st.fresh:
        if not 0 <= i < len(st.slots):
            return False
    if st.slots and _word_span(st.means) is None:
        return False
    if st.exch < 0 or st.idle < 0 or st.idle > st.players:
        return False
    return st.phase != SHOW or not st.slots


def _word_span(means):
    """(start, end) of the letters of a holder whose erased or face-down slots are only at its
    ends, else None."""
    i = 0
    n = len(means)
    while i < n and not is_letter(means[i]):
        i += 1
    j = n
    while j > i and not is_letter(means[j - 1]):
        j -= 1
    for k in range(i, j):
        if not is_letter(means[k]):
            return None
    return i, j


def word_of(means):
    """The word a holder shows: its letters between the erasers ("" when none)."""
    span = _word_span(means)
    return "" if span is None else means[span[0]:span[1]]


class State:
    """A Rondo game; build it with new_game() and change it only with apply()."""

    # ---- queries -------------------------------------------------------------------------
    def options(self):
        """Every option and `players`: what replay() and new_game() take besides the seed."""
        o = dict(self.flags)
        o["players"] = self.players
        return o

    def is_over(self):
        return self.phase == OVER

    def simultaneous(self):
        return False  # no simultaneous round

    def teams(self):
        """Each seat's team: partners for 4 and 6 players with the teams option (seats i and
        i + players / 2), else each seat alone."""
        p = self.players
        if self.flags["teams"] and p in (4, 6):
            return [s % (p // 2) for s in range(p)]
        return list(range(p))

    def scores(self):
        """Each seat's points (each team's with the teams option), the cards left in hand
        taken off at the end."""
        t = self.teams()
        out = [0] * (max(t) + 1)
        for s in range(self.players):
            out[t[s]] += self.score[s]
        return tuple(out)

    def winner(self):
        """None while running, else the seats of the side(s) with the most points."""
        if self.phase != OVER:
            return None
        s = self.scores()
        top = max(s)
        t = self.teams()
        return tuple([i for i in range(self.players) if s[t[i]] == top])

    def word(self):
        """The word on the holder ("" before the first)."""
        return word_of(self.means)

    def hand_text(self, seat):
        """A seat's cards, one character each, in order."""
        return "".join([self.cards[c] for c in self.hands[seat]])

    def value(self, card_char):
        """The points of a card on the holder (a letter, `*`, `-`)."""
        return self.vals[card_char]

    def view(self, seat):
        """What `seat` may know: its own hand, the holder, each seat's number of cards and
        points, the deck's size; never another hand nor the deck's order."""
        return {
            "phase": self.phase, "to_move": self.current_player, "seat": seat,
            "hand": self.hand_text(seat), "held": [len(h) for h in self.hands],
            "holder": self.means, "cards": "".join([self.cards[c] for c in self.slots]),
            "fresh": list(self.fresh), "word": self.word(), "deck": len(self.pile),
            "scores": list(self.score), "shown": list(self.shown), "exchanged": self.exch,
            "last": self.last, "left": list(self.left), "winner": self.winner(),
        }

    def holder_points(self, means=None, slots=None):
        """The points the holder shows: each visible card's value (an eraser -2, a card face
        down 0)."""
        means = self.means if means is None else means
        slots = self.slots if slots is None else slots
        t = 0
        for i in range(len(slots)):
            m = means[i]
            if m != FACE_DOWN:
                t += self.vals[self.cards[slots[i]]]
        return t

    # ---- history -------------------------------------------------------------------------
    @property
    def history(self):
        return list(self._hist)

    def history_len(self):
        return len(self._hist)

    def last_move(self):
        return self._hist[-1] if self._hist else None

    def rewind(self, count):
        """A new state after the first `count` moves of this one, replayed from the seed."""
        if not 0 <= count <= self.history_len():
            raise ValueError("cannot rewind to " + str(count))
        return replay(self.options(), self.seed, self._hist[:count])

    def undo(self):
        if not self._hist:
            raise ValueError("nothing to undo")
        return self.rewind(len(self._hist) - 1)

    # ---- copying, serialisation ----------------------------------------------------------
    def clone(self):
        st = State()
        d = self.__dict__
        for k in d:
            v = d[k]
            if isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            setattr(st, k, v)
        st.rng = Rng(0)
        st.rng.state = self.rng.state
        return st  # the flags, cards and values are shared (never changed)

    def serialize(self):
        """Canonical ASCII bytes of the position."""
        hx = binascii.hexlify
        head = [canon.field(self.flags[k]) for k in _KEYS]
        head += [str(self.players), str(self.seed), self.phase, str(self.rng.state),
                 str(self.current_player)]
        for b in (self.pile, self.slots, self.fresh, self.buried):
            head.append(hx(bytes(b)).decode())
        head.append(",".join([hx(bytes(h)).decode() for h in self.hands]))
        head.append(self.means)
        for v in (self.score, self.shown, self.left):
            head.append(",".join([str(x) for x in v]))
        head.append(str(self.exch))
        head.append(str(self.idle) + "," + str(self.last))
        return ("RD1;" + ";".join(head)).encode()

    def digest(self):
        return canon.digest(self.serialize())

    # ---- moves ---------------------------------------------------------------------------
    def legal_moves(self):
        """The legal moves now, a fresh list: every closed move, and the first plays (or
        words shown) the baseline finds (any other word the board accepts is legal too)."""
        if self._legal is None:
            self._legal = self._moves()
        return list(self._legal)

    def _moves(self):
        from shared_rules.rondo import search

        out = []
        if self.phase == OVER:
            return out
        if self.phase == LEFT:
            return [Move("left", "0")]
        if self.flags["physical"]:
            return [Move("exchange"), Move("pass"), Move("timeout"), Move("finish")]
        found = search.listed(self, LISTED)
        if self.phase == SHOW:
            out += [Move("show", w) for w in found]
            out.append(Move("show", "none"))
            return out
        out += [Move("play", s) for s in found]
        if self.pile:
            seen = ""
            for c in self.hands[self.current_player]:
                ch = self.cards[c]
                if ch not in seen:
                    seen += ch
                    out.append(Move("exchange", ch))
        out.append(Move("pass"))
        out.append(Move("timeout"))
        return out

    def parse_move(self, text):
        """The legal move written `text`, else ValueError with the reason (a refused play says
        why: no letter kept, a card not in hand, a word not in the word set...)."""
        m = _syntax(text)
        self._check(m)
        return m

    def _check(self, m):
        k = m.kind
        if self.phase == OVER:
            raise ValueError("the game is over")
        if (k == "show") != (self.phase == SHOW) or (k == "left") != (self.phase == LEFT):
            raise ValueError("not a move now: " + str(m))
        real = self.flags["physical"]
        if k == "finish" and not real:
            raise ValueError("finish: with real cards only (the board sees the end)")
        if k == "exchange" and real == bool(m.arg):
            raise ValueError("exchange: name the card" if not real else
                             "exchange: with real cards, no card is named")
        if k in ("finish", "left"):
            return
        if k == "show":
            if m.arg != "none":
                self._check_show(m.arg)
            return
        if k in ("play", "accept"):
            self.lay(m.arg, k == "accept")
            return
        if k == "exchange" and not self.flags["physical"]:
            if not self.pile:
                raise ValueError("the deck is empty: no exchange")
            if self._card_in_hand(m.arg) < 0:
                raise ValueError("card not in hand: " + m.arg)

    def _card_in_hand(self, ch, skip=()):
        for c in self.hands[self.current_player]:
            if self.cards[c] == ch and c not in skip:
                return c
        return -1

    def _take(self, needed):
        """The hand's cards for the characters `needed` (real cards: any not on the holder),
        else ValueError naming the first card missing."""
        used = []
        for ch in needed:
            if self.flags["physical"]:
                c = -1
                for x in self.pile:
                    if self.cards[x] == ch and x not in used:
                        c = x
                        break
                if c < 0:
                    raise ValueError("no card " + ch + " left off the holder")
            else:
                c = self._card_in_hand(ch, used)
                if c < 0:
                    raise ValueError("card not in hand: " + ch)
            used.append(c)
        return used

    def _check_show(self, word):
        used = self._take(_show_cards(word))
        self._judge(word.upper(), False)
        return used

    def _judge(self, word, accept):
        """ValueError unless the word set holds `word` (A-Z), with the option's forms; for
        `accept`, unless it lacks it."""
        found = judge.words().lookup(word.lower())
        ok = found == reader.ENTRY or (found == reader.FORM and not self.flags["lemmas"])
        if accept:
            if ok:
                raise ValueError(word + " is in the word set: play it, no need to accept")
            return
        if ok:
            return
        if found == reader.FORM:
            raise ValueError(word + " is not a dictionary entry (a plural, a conjugated form "
                             "or a proper noun), and lemmas is on (the players may take it: "
                             "accept)")
        raise ValueError(word + " is not in the dictionary (the players may take it: accept)")

    def lay(self, slots, accept=False):
        """What the play written `slots` (its SLOTS text) makes: (the new holder's cards, their
        meanings, the slots laid in, the cards used from the hand, the cards covered, the
        word), else ValueError with the reason. Nothing changes."""
        left, mid, right = parse_slots(slots)
        n = len(self.slots)
        if mid is None:
            if n:
                raise ValueError("write the holder's slots between brackets: [" + "." * n + "]")
            toks = list(right or ())
            hi = MIN_WORD if self.flags["first_word"] == "three" else MAX_SLOTS
            if not MIN_WORD <= len(toks) <= hi:
                raise ValueError("the first word has three letters" if hi == 3 else
                                 "the first word has three to nine letters")
            for t in toks:
                if t[0] not in "LJ":
                    raise ValueError("the first word is of letters and jokers")
        else:
            if len(mid) != n:
                raise ValueError("the holder has " + str(n) + " slots: [" + "." * n + "]")
            toks = ([left] if left else []) + mid + ([right] if right else [])
            for t in (left, right):
                if t and t[0] not in "LJ":
                    raise ValueError("a slot added at an end takes a letter or a joker")
        if len(toks) > MAX_SLOTS:
            raise ValueError("the holder has nine slots at most")
        return self._lay(toks, 1 if left else 0, mid is not None, accept)

    def _lay(self, toks, shift, had, accept):
        means = ""
        cards_needed = ""
        laid = []
        kept = 0
        faces = 0
        for i in range(len(toks)):
            what, ch = toks[i]
            old = i - shift
            om = self.means[old] if had and 0 <= old < len(self.means) else ""
            if what == ".":
                if not om:
                    raise ValueError("no card to keep in slot " + str(i + 1))
                kept += is_letter(om)
                means += om
                continue
            if what in "EF":
                if not is_letter(om):
                    raise ValueError("an eraser covers a letter of the word")
                faces += what == "F"
            laid.append(i)
            cards_needed += carddata.JOKER if what == "J" else ch
            means += ERASED if what == "E" else (FACE_DOWN if what == "F" else ch)
        if faces and not self.flags["beginners"]:
            raise ValueError("a card face down is the beginners' variant")
        if faces > 1:
            raise ValueError("one card face down a turn")
        if not laid:
            raise ValueError("no card laid")
        span = _word_span(means)
        if span is None:
            raise ValueError("erasers only at the ends of the word")
        word = means[span[0]:span[1]]
        if len(word) < MIN_WORD:
            raise ValueError("a word has three letters at least")
        if had and self.word() and not kept:
            raise ValueError("no letter of " + self.word() + " is kept")
        used = self._take(cards_needed)
        self._judge(word, accept)
        slots = []
        covered = []
        k = 0
        for i in range(len(toks)):
            old = i - shift
            if i in laid:
                slots.append(used[k])
                k += 1
                if had and 0 <= old < len(self.slots):
                    covered.append(self.slots[old])
            else:
                slots.append(self.slots[old])
        return slots, means, laid, used, covered, word

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
        self._hist.append(str(m))
        k = m.kind
        seat = self.current_player
        if k == "show":
            self._shown(seat, m.arg)
        elif k in ("play", "accept"):
            self._laid(seat, self.lay(m.arg, k == "accept"))
        elif k == "exchange" and not m.arg:  # real cards: the cost only
            self.exch += 1
        elif k == "finish":
            self.exch = 0
            self.phase = LEFT
            self.current_player = 0
        elif k == "left":
            n = int(m.arg)
            self.left[seat] = n
            self.score[seat] -= n
            if seat + 1 < self.players:
                self.current_player = seat + 1
            else:
                self.phase = OVER
        elif k == "exchange":
            h = self.hands[seat]
            c = self._card_in_hand(m.arg)
            h.remove(c)
            self.pile.insert(0, c)  # under the deck, then its top card taken
            h.append(self.pile.pop())
            h.sort()
            self.exch += 1
        else:  # pass, timeout
            self._passed(seat)

    def _shown(self, seat, word):
        pts = 0
        if word != "none":
            for ch in _show_cards(word):
                pts += self.vals[ch]
        self.shown[seat] = pts
        if seat + 1 < self.players:
            self.current_player = seat + 1
            return
        best = 0
        for s in range(self.players):
            if self.shown[s] > self.shown[best]:
                best = s  # a tie goes to the first seat (docs/rondo.md)
        self.phase = PLAY
        self.current_player = best

    def _laid(self, seat, made):
        slots, means, laid, used, covered, _word = made
        h = self.hands[seat]
        for c in used:
            if self.flags["physical"]:
                self.pile.remove(c)
            else:
                h.remove(c)
        self.buried += covered
        self.slots = slots
        self.means = means
        self.fresh = laid
        pts = self.holder_points()
        if len(laid) > 2:
            pts += BONUS * (len(laid) - 2)
        pts -= EXCHANGE_COST * self.exch
        self.score[seat] += pts
        self.last = pts
        while len(h) < HAND and self.pile and not self.flags["physical"]:
            h.append(self.pile.pop())
        h.sort()
        self.idle = 0
        if not self.pile and not h and not self.flags["physical"]:
            self._finish()
            return
        self._next(seat)

    def _passed(self, seat):
        pts = -EXCHANGE_COST * self.exch
        self.score[seat] += pts
        self.last = pts
        self.fresh = []
        if self.flags["physical"]:
            pass  # the player draws a real card
        elif self.pile:
            self.hands[seat].append(self.pile.pop())
            self.hands[seat].sort()
            self.idle = 0
        else:
            self.idle += 1
            if self.idle >= self.players:
                self._finish()  # a whole round without a card laid, the deck empty
                return
        self._next(seat)

    def _next(self, seat):
        self.exch = 0
        self.current_player = (seat + 1) % self.players

    def _finish(self):
        """The end: each seat loses the points of the cards left in its hand, counted as
        positive numbers."""
        self.exch = 0
        for s in range(self.players):
            t = 0
            for c in self.hands[s]:
                v = self.vals[self.cards[c]]
                t += v if v >= 0 else -v
            self.left[s] = t
            self.score[s] -= t
        self.phase = OVER


def greedy_move(state):
    """The baseline bot's move, or None when the game is over: the best-scoring play (or the
    best word shown) among those legal_moves() lists, else a pass (`show none`)."""
    if state.phase == OVER:
        return None
    if state.phase == LEFT:
        return Move("left", "0")
    best = None
    best_pts = 0
    for m in state.legal_moves():
        if m.kind == "play" or (m.kind == "show" and m.arg != "none"):
            pts = points_of(state, m)
            if best is None or pts > best_pts:
                best, best_pts = m, pts
    if best is not None:
        return best
    return Move("show", "none") if state.phase == SHOW else Move("pass")


def points_of(state, m):
    """The points move `m` (a play or a word shown, legal) scores."""
    if m.kind == "show":
        t = 0
        for ch in _show_cards(m.arg):
            t += state.vals[ch]
        return t
    slots, means, laid, _u, _c, _w = state.lay(m.arg, m.kind == "accept")
    t = state.holder_points(means, slots)
    if len(laid) > 2:
        t += BONUS * (len(laid) - 2)
    return t - EXCHANGE_COST * state.exch
