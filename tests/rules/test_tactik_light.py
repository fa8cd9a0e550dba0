"""Tac-Tik engine on a small heap: one card's moves, the streamed uses (each_move) and
parse_move, the 7x1 made of chosen steps and the greedy bot's streamed choice each agree with
the whole legal-move list; apply() changes nothing when
a move fails (an illegal move, or a MemoryError forced in the middle of applying it)."""

import sizes
import tactik_helpers as th

from shared_rules.rng import Rng
from shared_rules.tactik import rules as tactik
from shared_rules.tactik import setup as tactik_setup


def _fresh(state):
    """The same position with no cached move list (what a board turn starts from)."""
    return tactik.deserialize(state.serialize())


def _crowded(r, players):
    """A random crowded position; the player to move holds a 7x1 and three other cards."""
    ncol = 6 if players in (3, 6) else 4
    names = tactik.COLOURS6 if ncol == 6 else tactik.COLOURS4
    holes = list(range(20))
    r.shuffle(holes)
    off = r.below(16 * ncol)
    pos = {}
    k = 0
    for c in range(ncol):
        locs = []
        for i in range(2 + r.below(3)):
            if i == 0 and r.below(4) == 0:
                locs.append("B" + str(1 + r.below(4)))
            else:
                locs.append("T%d" % ((holes[k] + off) % (16 * ncol)))
                k += 1
        pos[names[c]] = locs
    cards = list(tactik.CARDS)
    r.shuffle(cards)
    hand = ["7"] + [x for x in cards if x != "7"][:3]
    return tactik_setup.from_positions(pos, players, 0, {0: hand},
                                 base_entry_compulsory=r.below(4) == 0)


# on a board the random games' states are checked SPREAD times further apart, along their first
# MOVES moves (playing them is most of the cost), and fewer crowded positions are built
# (sizes.pick(full, port, board))
SPREAD = sizes.pick(1, 1, 4)
MOVES = sizes.pick(300, 300, 150)


def _game_states(players, seed, every, physical=False, spread=SPREAD, length=MOVES):
    """States met along a random game's first `length` moves (every `every` moves, `spread` times
    that: SPREAD on a board), each without a cached list; one at a time (a Pico heap holds few
    move lists)."""
    s = tactik.new_game(players, seed, physical)
    r = Rng(seed + 77)
    every *= spread
    n = 0
    while not s.is_over() and n < length:
        if n % every == 0:
            yield _fresh(s)
        moves = s.legal_moves()
        s.apply(moves[r.below(len(moves))])
        moves = None
        n += 1


def _states(seed, crowded, games, spread=SPREAD, length=MOVES):
    """`crowded` random crowded positions, then the states of the given random games."""
    r = Rng(seed)
    for i in range(crowded):
        yield _crowded(r, (4, 6, 2, 3)[i % 4])
    for players, seed, every in games:
        for s in _game_states(players, seed, every, spread=spread, length=length):
            yield s


def _check_one_card(s):
    """card_moves(card) of a fresh copy == the whole list filtered, and so is card_moves(card)
    of the state holding the whole list; returns discards seen. The lists are compared item by
    item against the whole one: a crowded 7x1's list and a filtered copy need not fit together
    in a Pico heap."""
    discards = 0
    whole = s.legal_moves()  # cached on s
    n = 0
    for card in tactik.CARDS:
        got = _fresh(s).card_moves(card)  # generated alone
        i = _same_as_filtered(got, whole, card, s)
        n += i
        for m in got:
            discards += m.kind == "discard"
        _check_streamed(s, card, got)
        got = None
        assert _same_as_filtered(s.card_moves(card), whole, card, s) == i  # the cache filtered
    assert n == len(whole)  # every move has its card
    return discards


def _same_as_filtered(moves, whole, card, s):
    """Assert `moves` are the moves of `card` in `whole`, in order (texts and paths)."""
    i = 0
    for m in whole:
        if m.card == card:
            assert i < len(moves) and moves[i] == m, (s.serialize(), card, str(m))
            i += 1
    assert i == len(moves), (s.serialize(), card, [str(m) for m in moves])
    return i


def _check_streamed(s, card, got):
    """each_move() streams the uses of `got` (no discard); parse_move(), which keeps no list,
    finds each listed move (for a 7x1: first, middle and last) and refuses a discard the hand
    does not allow."""
    uses = () if got and got[0].kind == "discard" else got  # a discard comes alone
    n = [0]

    def see(text):  # compared as they come: a crowded 7x1's texts need not fit at once
        assert text == uses[n[0]].text, (s.serialize(), card, text)
        n[0] += 1

    f = _fresh(s)
    f.each_move(card, see)
    assert n[0] == len(uses)
    some = [got[0], got[len(got) // 2], got[-1]] if card == "7" and got else got
    for m in some:
        assert f.parse_move(str(m)) == m
    if uses or not got:  # no discard listed
        assert "illegal" in th.raises(f.parse_move, "discard " + card)


def test_one_card_moves_equal_the_whole_list_filtered():
    games = ((4, 21, 9), (6, 22, 9), (2, 23, 9), (3, 24, 9))
    games = sizes.pick(games, games, games[1:2])
    discards = 0
    for s in _states(5, sizes.pick(12, 12, 1), games):  # board: one crowded 7x1 list (costly)
        discards += _check_one_card(s)
    # nothing usable: every card in hand may be discarded, and only those
    assert _check_one_card(th.build({"red": ["B1"]}, hands={0: ["5", "P"]})) == 2
    assert discards >= 1


def test_one_card_moves_in_physical_mode_and_parse_move():
    s = None
    games = ((4, 31, 13), (6, 32, 17))
    for players, seed, every in sizes.pick(games, games, games[1:]):
        for s in _game_states(players, seed, every, physical=True):
            whole = s.legal_moves()
            for card in tactik.CARDS:
                got = [str(m) for m in _fresh(s).card_moves(card)]
                assert got == [str(m) for m in whole if m.card == card]
                assert got  # the declared card: its uses or its discard
            for m in whole:
                assert _fresh(s).parse_move(str(m)) == m
            whole = None
    assert "illegal" in th.raises(s.parse_move, "discard 7x")


def test_split_move_gives_the_listed_outcome_and_follows_the_steps():
    r = Rng(8)
    done = 0
    for s in _states(8, sizes.pick(24, 24, 10), ()):
        if not s.split_next_steps([]):
            continue
        walks = []
        for _ in range(3):
            steps = []
            while len(steps) < 7:
                nxt = s.split_next_steps(steps)
                steps.append(nxt[r.below(len(nxt))])
            walks.append(steps)
        made = [_fresh(s).split_move(steps) for steps in walks]
        # the position's 7x1 list is made once for its three walks (a crowded one's list is
        # what this test spends most on), one move at a time matched against each walk's
        listed = [[], [], []]
        for x in s.card_moves("7"):
            for i in range(3):
                if x._after == made[i]._after:
                    listed[i].append(x.text)
        for i in range(3):
            m = made[i]
            assert listed[i] == [m.text], (s.serialize(), walks[i], m.text, listed[i])
            assert sum([len(p[1]) for p in m.path]) == 7
            t = s.clone()
            t.apply(m)
            u = s.clone()
            u.apply(s.parse_move(m.text))
            assert t.serialize() == u.serialize()
            done += 1
            m = t = u = None
        made = listed = None
    assert done >= 30


def _value(state, seat):
    """The greedy evaluation as docs/tactik.md states it, on positions() texts."""
    names = state.colours
    size = 16 * len(names)
    team = state.team_of(seat)
    pos = state.positions()
    total = 0
    for ci in range(len(names)):
        colour = names[ci]
        x = 0
        for loc in pos[colour]:
            if loc.startswith("B"):
                x += size + 40 + 3 * int(loc[1:])
            elif loc == "T%d*" % (16 * ci):
                x += 10
            elif loc.startswith("T"):
                x += 10 + (int(loc[1:]) - 16 * ci) % size
                if int(loc[1:]) == 16 * ci:
                    x += size
        if pos[colour] == ["B1", "B2", "B3", "B4"]:
            x += 100
        total += x * (2 * (len(names) // len(team) - 1)) if colour in team else -x
    return total


def test_greedy_move_is_the_first_best_of_the_whole_list():
    checked = 0
    # on a board 4 crowded positions (their 7x1 lists cost most), the games' states twice as
    # far apart as at full size, along their 300 moves
    for s in _states(12, sizes.pick(10, 10, 4), ((4, 41, 11), (6, 42, 11)),
                     sizes.pick(1, 1, 2), 300):
        seat = s.current_player
        moves = s.legal_moves()
        if s.phase != "play" or moves[0].kind == "discard":
            continue
        best = None
        best_v = 0
        for m in moves:
            t = s.clone()
            t.apply(m)
            v = _value(t, seat)
            t = None
            if best is None or v > best_v:
                best = m
                best_v = v
        got = tactik.greedy_move(_fresh(s))
        assert got == best, (s.serialize(), str(got), str(best))
        checked += 1
        moves = best = got = None
    assert checked >= 20


def _boom(*args):
    raise MemoryError("forced")


def _apply_fails_cleanly(s, move, where):
    """apply(move) with State.<where> raising MemoryError: nothing may change."""
    before = s.serialize()
    hist = s.history
    keep = getattr(tactik.State, where)
    setattr(tactik.State, where, _boom)
    try:
        s.apply(move)
        failed = False
    except MemoryError:
        failed = True
    finally:
        setattr(tactik.State, where, keep)
    assert failed, where
    assert s.serialize() == before and s.history == hist, where
    # and the same move still applies, exactly as on an untouched copy
    t = s.clone()
    s.apply(move)
    t.apply(str(move))
    assert s.serialize() == t.serialize() and s.history == t.history


def test_apply_is_atomic_when_a_move_fails():
    s = tactik.new_game(4, 3)
    before = s.serialize()
    for bad in ("5 T3-T8", "give", "give Q", "P T1-T2", "discard 7", "", "7 T0-T7"):
        assert th.raises(s.apply, bad)
        assert s.serialize() == before and s.history == []
    while s.phase == "exchange":
        s.apply(tactik.greedy_move(s))
    old = s.legal_moves()[0]
    s.apply(tactik.greedy_move(s))
    # a Move of an earlier position is checked again (and refused) before anything changes
    before = s.serialize()
    hist = s.history
    if old.text not in [str(m) for m in s.legal_moves()]:
        assert "illegal" in th.raises(s.apply, old)
        assert s.serialize() == before and s.history == hist
    # a MemoryError in the middle of a play, of the play that ends a deal cycle (the next
    # deal runs inside apply), and of a 7x1
    _apply_fails_cleanly(s, tactik.greedy_move(s), "_check_win")
    while sum([len(h) for h in s.hands]) > 1 or s.phase != "play":
        s.apply(tactik.greedy_move(s))
    _apply_fails_cleanly(s, tactik.greedy_move(s), "_deal")
    assert s.phase == "exchange"
    t = th.build({"red": ["T10", "T20"], "blue": ["T12"]}, hands={0: ["7"], 1: ["2"]})
    m = t.split_move(["T10", "T11", "T12", "T13", "T20", "T21", "T22"])
    _apply_fails_cleanly(t, m, "_next_turn")
    assert t.positions()["blue"] == ["N", "N", "N", "N"]


class _Texts:
    """A move sink (as the engine's _Out) that keeps the texts; a 7x1 outcome's text is made
    as the bots' sink makes it."""

    def __init__(self):
        self.n = 0
        self.texts = []

    def put(self, text, hops, v=None):
        self.n += 1
        self.texts.append(text)

    def put7(self, s, c, pos, st, seq):
        self.put(s._split_text(c, pos, seq), seq)


def test_7x1_search_in_pieces_lists_what_one_search_lists():
    """A bot's generation in pieces (gen_steps: a board runs one a loop pass) sends the moves
    the whole search sends, in its order; a crowded 7x1's search comes in several pieces,
    none of them more than a third of its nodes (a Pico's pass: at most some 55 ms of 305),
    nor more than 12 of its subtrees (rules._WALK7: walking those met before cost a 6-player
    pass 184 ms)."""
    nodes = [0]
    roots = [0]
    search = tactik.State._dfs

    def counted(*args):
        nodes[0] += 1
        if args[5] == 3:  # r: a subtree's root, 4 single steps down (rules._SPLIT7)
            roots[0] += 1
        return search(*args)

    r = Rng(41)
    split = 0
    walked = 0
    tactik.State._dfs = counted
    try:
        for i in range(sizes.pick(24, 24, 6)):
            s = _crowded(r, (4, 2)[i % 2])  # (six colours may want more than its 20 holes)
            whole = _Texts()
            nodes[0] = 0
            s._gen(-1, whole)
            total = nodes[0]
            parts = _Texts()
            largest = nodes[0] = roots[0] = 0
            for _ in s.gen_steps(-1, parts):
                largest = max(largest, nodes[0])
                walked = max(walked, roots[0])
                nodes[0] = roots[0] = 0
            largest = max(largest, nodes[0])
            walked = max(walked, roots[0])
            assert parts.texts == whole.texts, s.serialize()
            assert whole.n > 1
            if total > 600:
                assert largest * 3 <= total, (s.serialize(), largest, total)
                split += 1
    finally:
        tactik.State._dfs = search
    assert split >= sizes.pick(4, 4, 1)  # crowded searches were met and cut
    assert 1 < walked <= 12, walked
