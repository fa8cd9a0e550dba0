"""Helpers for the Wuxing duel tests: hand-built positions (test-only: the engine ships no
setup code) and the invariants checked after every move.

The cyclic board (default), rank 5 at the north (Yin's side), rank 1 at the south (Yang's):
    5  wood  fire  earth metal water
    4  earth metal water wood  fire
    3  water wood  fire  earth metal
    2  fire  earth metal water wood
    1  metal water wood  fire  earth
       A     B     C     D     E
"""

import sizes

from shared_rules import canon
from shared_rules.rng import Rng
from shared_rules.wuxing import rules as wuxing

# random games of each mode and level (Théâtre: 10 and up; Chemin: 10 and up, 8 with
# no_discard, 6 with no_discard and plain_faces) in test_wuxing_random_*.py: the issue's
# 1,000 on CPython, 100 on the unix port, BOARD_GAMES on a Pico (sizes.py)
BOARD_GAMES = 12
GAMES = sizes.pick(1000, 100, BOARD_GAMES)
# the Chemin levels and the random board: on a board 8 (both seats win, and draw, within them)
FEW = sizes.pick(GAMES, GAMES, 8)

NONE = 255


def raises(fn, *args):
    """Call fn(*args), which must raise ValueError; returns its message."""
    try:
        fn(*args)
    except ValueError as exc:
        return str(exc)
    raise AssertionError("no ValueError")


def texts(state):
    return [str(m) for m in state.legal_moves()]


def sq(name):
    return wuxing._square(name)


def theatre(yang=(), yin=(), turned=(), tokens=(2, 2, 2, 2), to_move=0, phase="move",
            last_spender=None, seed=0, **options):
    """A Théâtre position: pawns on the named squares, those squares turned, tokens held
    (Yang red, blue, Yin red, blue; the rest in the centre), `to_move` to play. It rewinds
    from its seed (the initial position), not from here: tests only."""
    s = wuxing.new_game(2, seed, **options)
    s.pawn = bytearray(25)
    for seat, squares in ((0, yang), (1, yin)):
        for name in squares:
            s.pawn[sq(name)] = seat + 1
    for name in turned:
        s.turned[sq(name)] = 1
    s.tokens = bytearray([tokens[0], tokens[1], tokens[2], tokens[3],
                          4 - tokens[0] - tokens[2], 4 - tokens[1] - tokens[3]])
    s.current_player = to_move
    s.phase = phase
    s.last_spender = 1 - to_move if last_spender is None else last_spender
    s._legal = None
    return s


def chemin(path="wood fire earth metal water", pos=(0, 4), faces=(0, 0), tokens=(0, 0, 0, 0),
           last=(None, None), seed=0, **options):
    """A Chemin position: the path from Yang's end, each pawn's island, faces (1: Yin-Yang),
    tokens held (Yang red, blue, Yin red, blue; the rest in the centre), the cards played
    in the previous round (element names or None)."""
    options["mode"] = "chemin"
    s = wuxing.new_game(2, seed, **options)
    s.path = bytearray([wuxing.ELEMENTS.index(e) for e in path.split()])
    s.pos = bytearray(pos)
    s.face = bytearray(faces)
    s.tokens = bytearray([tokens[0], tokens[1], tokens[2], tokens[3],
                          2 - tokens[0] - tokens[2], 2 - tokens[1] - tokens[3]])
    s.last = bytearray([NONE if x is None else wuxing.ELEMENTS.index(x) for x in last])
    s._legal = None
    return s


def is_latin(elem):
    for k in range(5):
        if sorted(elem[k * 5:k * 5 + 5]) != [0, 1, 2, 3, 4]:
            return False
        if sorted([elem[r * 5 + k] for r in range(5)]) != [0, 1, 2, 3, 4]:
            return False
    return True


def check_invariants(s, before=None):
    """Checks after a move: pawns never grow, tokens conserved, Latin square kept, turned
    tiles only grow, canonical bytes round trip, clone independent, every legal move's text
    parses back to it. `before` is a clone of the state before the move (or None)."""
    t = s.tokens
    total = 4 if s.mode == "theatre" else 2
    assert t[0] + t[2] + t[4] == total and t[1] + t[3] + t[5] == total, list(t)
    for x in t[:4]:
        assert 0 <= x <= 2, list(t)
    if s.mode == "theatre":
        if before is None:
            assert is_latin(s.elem)
        for i in range(25):
            assert not (s.turned[i] and s.pawn[i]), i  # no pawn on a turned tile
        if before is not None:
            assert s.elem == before.elem
            for i in range(25):
                assert s.turned[i] >= before.turned[i]
    else:
        assert sorted(s.path) == [0, 1, 2, 3, 4]
        a, b = s.pos
        assert a == NONE or b == NONE or 0 <= a < b <= 4, (a, b)
        assert s.face[0] + s.face[1] <= 1
        if before is not None:
            assert s.path == before.path
    if before is not None:
        for seat in (0, 1):
            assert s.pawns(seat) <= before.pawns(seat)
        assert s.history_len() == before.history_len() + 1
    data = s.serialize()
    again = wuxing.deserialize(data)
    assert again.serialize() == data and canon.digest(data) == s.digest()
    moves = s.legal_moves()
    assert (len(moves) == 0) == s.is_over()
    for m in moves:
        assert s.parse_move(str(m)) == m
    c = s.clone()
    if moves:
        mine = (bytes(s.pawn), bytes(s.turned), bytes(s.tokens), bytes(s.pos), bytes(s.face),
                bytes(s.last), s.phase, s.current_player, s.history_len(), s.rounds)
        c.apply(moves[0])
        assert mine == (bytes(s.pawn), bytes(s.turned), bytes(s.tokens), bytes(s.pos),
                        bytes(s.face), bytes(s.last), s.phase, s.current_player,
                        s.history_len(), s.rounds)  # the clone is independent
    assert s.winner() is None or s.is_over()


def random_game(seed, options, check=True):
    """A game to the end between two random players (drawn from the shared generator), the
    invariants checked after every move."""
    s = wuxing.new_game(2, seed, **options)
    if check:
        check_invariants(s)  # the Latin square, then kept move by move
    r = Rng(seed + 7)
    played = []
    while not s.is_over():
        moves = s.legal_moves()
        m = moves[r.below(len(moves))]
        before = s.clone() if check else None
        if s.phase == "duel" and seed % 2:  # the board's way: each seat chooses apart
            last = len(played) % 2  # the seat choosing second: Yang on even rounds
            assert s.choose(1 - last, m.b if last == 0 else m.a) is None
            v = s.view(last)
            assert v["chosen"] is None and v["opponent_chosen"] and s.current_player == last
            assert s.choose(last, m.a if last == 0 else m.b) == m
        s.apply(m)
        played.append(str(m))
        if check:
            check_invariants(s, before)
    assert s.winner() is not None and s.history == played
    return s


def random_games(base, level, variants, games=None):
    """`games` random games of a level (its options), cycling through option variants;
    returns {winning seat or "draw": games}."""
    ends = {}
    for k in range(GAMES if games is None else games):
        o = dict(level)
        o.update(variants[k % len(variants)])
        w = random_game(base + k, o).winner()
        key = w[0] if w else "draw"
        ends[key] = ends.get(key, 0) + 1
    return ends
