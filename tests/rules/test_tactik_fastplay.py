"""Tac-Tik's play-outs (shared_rules/tactik/look.py): their native loop (fastplay.py,
MicroPython) and its Python twin (plainplay.py: CPython, and MicroPython when told to) give
the same values to every world for every seat (greedy's, and hard's at a play-out's end) and
the same play-outs, move for move, along whole games of 4 and 6 players with each rule flag;
hard's value of a world is its value of the state (bot.py); and each play-out move is the
engine's
greedy move with the 7x1 left out while another card has a use, and then only its moves of one
pawn."""

import gc
from array import array

import sizes
from native_twins import check_load_native, with_each_loop

from shared_rules.rng import Rng
from shared_rules.tactik import bot, look, plainplay
from shared_rules.tactik import rules as tactik

_C7 = tactik.CARDS.index("7")
_HARD = bot.WEIGHTS["hard"]
_VARIANTS = ((4, {}), (4, {"base_entry_compulsory": True}), (6, {}),
             (6, {"partner_stake_own": True}))


def _world(s):
    # the world, hands and parameters of a play-phase state (look.py's layout)
    w = bytearray(32)
    w[:4 * s.ncol] = s.pos
    w[24:24 + s.ncol] = s.stake
    hands = bytearray(72)
    for j in range(s.players):
        for k in s.hands[j]:
            hands[12 * j + k] += 1
    f = s.flags
    flags = (1 if f["base_entry_compulsory"] else 0) | (2 if f["partner_stake_own"] else 0)
    return w, hands, bytearray((s.players, s.ncol, s.L, s.current_player, flags, 255, 0, 0))


def _positions(players, seed, flags, every):
    """Play-phase states along a game of greedy and random legal moves (one in `every`)."""
    s = tactik.new_game(players, seed, **flags)
    rng = Rng(seed * 3 + 1)
    n = 0
    while not s.is_over():
        if s.phase == "play" and n % every == 0:
            yield s
        moves = s.legal_moves()
        s.apply(moves[rng.below(len(moves))] if rng.below(3) else tactik.greedy_move(s))
        n += 1


def _hard_values(s):
    # hard's evaluation of the world of s for every seat (look._outcome, as a play-out's end)
    w, hands, prm = _world(s)
    b = look._buffers()
    b[12][:] = array("i", (_HARD["risk"], _HARD["restart"], _HARD["threat"], _HARD["block"],
                           2 * (s.ncol // 2 - 1)))
    for k in range(12):
        b[13][k] = 0
    for k in s.played:
        b[13][k] += 1
    return [look._outcome(s, seat, b"", 0, w, hands, prm, b, look._loops())
            for seat in range(s.players)]


def _playouts(states):
    # each state's values for every seat (greedy's, hard's), then its play-out of 8 plies:
    # status and buffers
    playout, _after, value = look._loops()[:3]
    out = []
    for s in states:
        w, hands, prm = _world(s)
        out.append([value(w, prm, seat) for seat in range(s.players)])
        out.append(_hard_values(s))
        played = bytearray(24)
        bst = array("i", [0] * 6)
        r = playout(w, bytearray(32), hands, prm, played, 8, bst)
        out.append((r, bytes(w), bytes(hands), bytes(prm), bytes(played), list(bst)))
    return out


def test_native_and_plain_playouts_agree():
    every = sizes.pick(2, 6, 20)
    checked = 0
    for players, flags in _VARIANTS:
        for seed in range(sizes.pick(4, 1, 1)):
            for s in _positions(players, seed, flags, every):
                got, plain = with_each_loop(look, _playouts, [s])
                assert got == plain, (players, flags, seed, s.ply)
                checked += 1
            gc.collect()
    assert checked > sizes.pick(400, 60, 15), checked


def _greedy_no7(s):
    # the engine's greedy move with the 7x1 left out while another card has a use; then its
    # best move of one pawn alone; None when it has none (the engine plays that ply)
    best = None
    for k in sorted(set(s.hands[s.current_player])):
        if k == _C7:
            continue
        o = tactik._Out(s)
        s._gen(k, o)
        if o.text is not None and o.text[0] != "d" and (best is None or o.v > best.v):
            best = o
    if best is not None:
        return s._one(best.text, best.hops)
    if _C7 not in s.hands[s.current_player]:
        return tactik.greedy_move(s)
    bestv = None
    for m in s.card_moves("7"):
        hops = m._hops()
        if hops and all(hops[j] == hops[0] for j in range(0, len(hops), 2)):  # one pawn alone
            v = s._value(m.text, hops)
            if bestv is None or v > bestv:
                best = m
                bestv = v
    return best


def test_a_play_out_move_is_greedys():
    every = sizes.pick(1, 4, 12)
    moves = needs = 0
    for players, flags in _VARIANTS:
        for seed in range(sizes.pick(3, 1, 1)):
            for s in _positions(players, seed, flags, every):
                w, hands, prm = _world(s)
                played = bytearray(24)
                r = plainplay.ply(w, bytearray(32), hands, prm, played, array("i", [0] * 6))
                m = _greedy_no7(s)
                if m is None:
                    assert r == plainplay._NEED, (str(s.hands), r)
                    needs += 1
                    continue
                f = s._fork()
                f._play(m, None)
                w2, hands2, prm2 = _world(f) if f.phase == "play" else _world(s)
                assert bytes(w[:4 * s.ncol]) == bytes(f.pos), (str(m), list(w), list(f.pos))
                assert bytes(w[24:24 + s.ncol]) == bytes(f.stake), str(m)
                assert played[0] == tactik.CARDS.index(m.card), (str(m), played[0])
                if f.phase == "over":
                    assert r == plainplay._WON and prm[5] == f.win
                elif f.phase == "exchange":
                    assert r == plainplay._DEAL  # every hand out: the engine dealt
                else:
                    assert r == 0 and prm[3] == f.current_player
                    assert hands == hands2
                moves += 1
            gc.collect()
    assert moves > sizes.pick(4000, 300, 60), moves
    assert needs > 0


def test_a_world_is_valued_as_hard_values_its_state():
    # the native evaluation of a play-out's end is hard's own (bot._context, bot._eval)
    every = sizes.pick(2, 6, 20)
    checked = 0
    for players, flags in _VARIANTS:
        for s in _positions(players, 7, flags, every):
            want = [bot._eval(s, s.pos, s.stake, bot._context(s, seat, _HARD))
                    for seat in range(s.players)]
            assert _hard_values(s) == want, (players, flags, s.ply)
            checked += 1
        gc.collect()
    assert checked > sizes.pick(300, 50, 15), checked


def _shuffles(sizes_, rounds):
    # the re-deals' shuffle (look.py) of pools of each size, each result and the state after
    shuffle = look._loops()[6]
    st = array("I", [Rng(5).state])
    out = []
    for _ in range(rounds):
        for n in sizes_:
            pool = bytearray(range(n))
            shuffle(pool, n, st)
            out.append(bytes(pool))
    out.append(st[0])
    return out


def test_native_and_plain_shuffles_agree_and_deal_every_order_alike():
    got, plain = with_each_loop(look, _shuffles, (0, 1, 2, 3, 17, 36, 48), sizes.pick(40, 10, 4))
    assert got == plain
    for pool in got[:-1]:
        assert sorted(pool) == list(range(len(pool)))
    # each of the 6 orders of 3 cards about as often as any other (no modulo bias)
    counts = {}
    for pool in _shuffles((3,), sizes.pick(3000, 600, 600))[:-1]:
        counts[pool] = counts.get(pool, 0) + 1
    assert len(counts) == 6
    mean = sum(counts.values()) / 6
    assert all(abs(c - mean) < 0.25 * mean for c in counts.values()), counts


def test_load_native():
    check_load_native(look)
