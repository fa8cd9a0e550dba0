"""Ta Yü random full games with every invariant checked after every move, in every player
count and variant; golden digests taken on CPython that MicroPython must reproduce; replay,
clone and serialisation."""

import gc

import sizes
import tayu_helpers as h

from shared_rules.canon import digest as canon_digest
from shared_rules.rng import Rng
from shared_rules.tayu import positions
from shared_rules.tayu import rules as tayu

CONFIGS = [
    dict(),
    dict(edition="goliath"),
    dict(players=4),
    dict(players=3),
    dict(players=3, edition="goliath"),
    dict(stacks=True),
    dict(two_tiles=True),
    dict(redraw_if_unscored=True),
    dict(players=4, edition="goliath", stacks=True, redraw_if_unscored=True),
    dict(players=3, two_tiles=True, stacks=True),
    dict(edition="goliath", two_tiles=True, redraw_if_unscored=True),
    dict(players=3, edition="goliath", target=12, flood_seat=1, stacks=True),
]


def _configs():
    # every configuration on CPython and the unix port, CPython playing more seeds; on a board
    # every sixth one
    return sizes.pick((CONFIGS, (1, 2, 3)), (CONFIGS, (1,)), (CONFIGS[::6], (1,)))


def test_random_full_games_keep_every_invariant():
    configs, seeds = _configs()
    for opts in configs:
        for seed in seeds:
            st = tayu.new_game(seed=seed, **opts)
            h.check_invariants(st)
            n = h.play_random(st, Rng(seed + 100), check_every=sizes.pick(1, 1, 10),
                              brute_every=sizes.pick(15, 40, 400))
            assert st.is_over() and n > 0
            assert st.winner() is not None
            st = None
            gc.collect()


def test_legal_listing_equals_brute_force_along_a_game():
    st = tayu.new_game(seed=21)
    rng = Rng(21)
    every = sizes.pick(4, 20, 40)
    n = 0
    while not st.is_over():
        moves = st.legal_moves()
        if n % every == 0:
            assert [str(m) for m in moves] == h.brute_legal(st, st.tile)
        st.apply(moves[rng.below(len(moves))])
        n += 1


# (options, seed, bot) -> (moves, placed, scores, digest at 20 tiles, final digest), computed
# on CPython.
GOLDEN = [
    ({}, 1, 'greedy', 81, 81, (48, 15), '9372e05cc1151a2e', 'b95caf56d57ce5b1'),
    ({}, 7, 'random', 84, 84, (36, 15), '5998befb9bbd1e18', '2007eac1a66753fa'),
    ({'edition': 'goliath'}, 1, 'greedy', 84, 84, (12, 14), 'a3b9fa3e35671286', 'cda0d234f601b157'),
    ({'players': 3}, 4, 'greedy', 84, 67, (9, 20), '61994245e2a50b48', '9294774eb1104c8b'),
    ({'players': 4, 'stacks': True}, 2, 'random', 163, 81, (20, 16),
     '6c50b3ba1c8f19be', 'ef18fe4ea11509aa'),
    ({'two_tiles': True, 'redraw_if_unscored': True}, 3, 'greedy', 177, 90, (24, 72),
     'fd5cb7e5769ae8a0', '2d30097b7509abe0'),
]


def _play(opts, seed, bot):
    st = tayu.new_game(seed=seed, **opts)
    rng = Rng(seed)
    mids = []
    while not st.is_over():
        if bot == "greedy":
            mv = tayu.greedy_move(st)
        else:
            moves = st.legal_moves()
            mv = moves[rng.below(len(moves))]
        st.apply(mv)
        if len(mids) < 1 and st.placed == 20:
            mids.append(st.digest())
    return st, mids


def test_golden_games_are_identical_on_both_runtimes():
    for opts, seed, bot, nmoves, placed, scores, mid, dig in sizes.pick(GOLDEN, GOLDEN,
                                                                        GOLDEN[::2]):
        st, mids = _play(opts, seed, bot)
        got = (len(st.history), st.placed, st.scores(), mids[0], st.digest())
        assert got == (nmoves, placed, scores, mid, dig), (opts, seed, bot, got)
        st = None
        gc.collect()


def test_replay_rebuilds_the_same_state():
    games = ((dict(players=3), 4, "greedy"), (dict(stacks=True), 2, "random"),
             (dict(two_tiles=True), 5, "random"))
    for opts, seed, bot in sizes.pick(games, games, games[1:2]):
        st, _ = _play(opts, seed, bot)
        texts = st.history
        assert texts[-1] == st.last_move() and texts[0] == st.move_text(0)
        again = tayu.replay(st.options(), st.seed, texts)
        assert again.serialize() == st.serialize()
        assert again.history == texts
        texts = again = None
        gc.collect()
        # undo: the state before the last move, plus that move, is the state again
        before = st.rewind(st._nhist - 1)
        assert before.digest() != st.digest()
        before.apply(before.parse_move(st.last_move()))
        assert before.digest() == st.digest()
        assert st.rewind(0).digest() == tayu.new_game(seed=seed, **opts).digest()
        st = before = None
        gc.collect()


def test_setup_positions_cannot_be_rewound():
    st = positions.setup([], bag=["e-n1-s1", "e-n0-w"])
    assert st.seed is None
    try:
        st.rewind(0)
    except ValueError:
        return
    raise AssertionError("rewound a setup position")


def test_clone_is_independent():
    st = tayu.new_game(seed=12, two_tiles=True)
    for _ in range(5):
        st.apply(st.legal_moves()[0])
    c = st.clone()
    assert c.serialize() == st.serialize()
    d = st.digest()
    while not c.is_over():
        c.apply(c.legal_moves()[-1])
    assert st.digest() == d and not st.is_over()
    h.check_invariants(st)
    h.check_invariants(c)


def test_serialize_is_canonical_ascii_and_tracks_every_change():
    st = tayu.new_game(seed=3)
    seen = {}
    for _ in range(10):
        data = st.serialize()
        assert isinstance(data, bytes) and max(data) < 128
        assert len(st.digest()) == 16
        assert st.digest() not in seen
        seen[st.digest()] = 1
        st.apply(st.legal_moves()[0])
    # the streamed digest is the digest of the bytes
    assert st.digest() == canon_digest(st.serialize())
    # same seed and moves -> same bytes; another seed -> other bytes
    a = tayu.new_game(seed=3)
    b = tayu.new_game(seed=3)
    assert a.serialize() == b.serialize()
    assert tayu.new_game(seed=4).digest() != a.digest()
    assert tayu.new_game(seed=3, stacks=True).digest() != a.digest()
