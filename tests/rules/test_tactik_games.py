"""Tac-Tik random full games (greedy bot and random players, every variant) with the
invariants checked after every move; golden digests taken on CPython, so MicroPython must
reproduce the very same games."""

import sizes
import tactik_helpers as th

from shared_rules.rng import Rng
from shared_rules.tactik import rules as tactik
from shared_rules.tactik import setup as tactik_setup

# (players, seed, who plays, options) -> (moves played, final digest), taken on CPython
GOLDEN = [
    ((4, 1, 'greedy', {}), (429, '07cf27da9120b6ca')),
    ((4, 2, 'mixed', {}), (295, 'b2df2ae225ad13d6')),
    ((4, 3, 'random', {}), (400, '34b15e6d3e7392ad')),
    ((6, 3, 'greedy', {}), (320, '717d40c375342e62')),
    ((6, 4, 'mixed', {}), (400, '9191bc9f8c49b921')),
    ((6, 5, 'random', {}), (400, '6bfed604e8376a54')),
    ((2, 5, 'greedy', {}), (260, '6ddb0db54cc8e159')),
    ((2, 6, 'mixed', {}), (244, '049a64ea70e1d1d2')),
    ((3, 6, 'greedy', {}), (627, 'b9b694debf8c6591')),
    ((3, 7, 'mixed', {}), (400, '8c862483539d1cd7')),
    ((4, 7, 'greedy', {'base_entry_compulsory': True}), (350, '1c5603df33326cf5')),
    ((6, 8, 'greedy', {'partner_stake_own': False}), (528, '16f965d23c4be1e6')),
    ((4, 8, 'random', {'physical_cards': True}), (400, '9ee0b91f91cb6f78')),
    ((6, 9, 'mixed', {'physical_cards': True}), (236, '4db8f6764b462232')),
]

LIMIT = 400  # moves of a random/mixed game: enough to see every card, short enough for a Pico
# on a board the replay and rewind tests play 120 moves: still four chunks of history
SHORT = sizes.pick(LIMIT, LIMIT, 120)
# the invariants checked after every move; on a board after every 4th and at the end
CHECK_EVERY = sizes.pick(1, 1, 4)


def play(players, seed, who, options, check=True, limit=LIMIT):
    """Play a game from a seed; greedy seats, random seats (shared generator) or both; a random
    or mixed game stops after `limit` moves."""
    opts = dict(options)
    phys = opts.pop("physical_cards", False)
    s = tactik.new_game(players, seed, phys, **opts)
    r = Rng(seed + 1000)
    n = 0
    while not s.is_over() and (n < limit or who == "greedy"):
        moves = s.legal_moves()
        assert moves
        greedy = who == "greedy" or (who == "mixed" and s.current_player % 2 == 0)
        m = tactik.greedy_move(s) if greedy else r.choice(moves)
        assert m in moves
        before = s.digest()
        s.apply(m)
        assert s.digest() != before
        n += 1
        if check and (n % CHECK_EVERY == 0 or s.is_over()):
            th.check_invariants(s)
    return s, n


def test_random_games_keep_the_invariants_and_match_golden_digests():
    # on a board: one of the shorter games, greedy (test_rewind_takes_back_one_move_sharing_the_
    # history plays a random game with physical cards)
    for key, want in sizes.pick(GOLDEN, GOLDEN, [GOLDEN[6]]):
        s, n = play(*key)
        if key[2] == "greedy":
            assert s.is_over(), key  # the greedy bot finishes its games
            team = [c for seat in s.winner() for c in s.seat_colours(seat)]
            for colour in team:
                assert s.positions()[colour] == ["B1", "B2", "B3", "B4"]
        assert (n, s.digest()) == want, (key, n, s.digest())


def test_replay_and_clone_rebuild_the_same_game():
    s, n = play(4, 21, "mixed", {}, check=False, limit=SHORT)
    t = tactik.replay(s.options(), s.seed, s.history)
    assert t.digest() == s.digest() and t.history == s.history
    assert list(s.iter_history()) == s.history and len(s._hist) >= 2  # several chunks
    assert len(s.history) == n
    # undo = replay everything but the last move
    u = tactik.replay(s.options(), s.seed, s.history[:-1])
    assert u.digest() != s.digest()
    u.apply(s.history[-1])
    assert u.digest() == s.digest()
    c = s.clone()
    if not c.is_over():
        c.apply(c.legal_moves()[0])
        assert c.digest() != s.digest()
    assert tactik.replay(s.options(), s.seed, s.history).digest() == s.digest()
    opts = s.options()
    assert "seed" not in opts
    assert tactik.replay(opts, 21, s.history).digest() == s.digest()


def test_deck_cycle_reshuffles_only_when_all_48_are_played():
    s = tactik.new_game(4, seed=2)
    packs = []
    dealers = []
    while len(packs) < 5 and not s.is_over():
        if s.phase == "exchange" and s.current_player == (s.dealer + 1) % 4 and all(
                k < 0 for k in s.pending):
            packs.append(len(s.pack))
            dealers.append(s.dealer)
        s.apply(tactik.greedy_move(s))
    assert packs == [32, 16, 0, 32, 16]
    assert dealers == [3, 0, 1, 2, 3]
    s = tactik.new_game(6, seed=2)
    assert len(s.pack) == 24


def test_rewind_takes_back_one_move_sharing_the_history():
    # A physical-cards game and a dealt one, taken back at every move count near a chunk's end
    # (the last text alone in the buffer, or closing a full chunk) and at a few others.
    games = ((4, 8, "random", {"physical_cards": True}), (6, 4, "mixed", {}))
    for players, seed, who, options in sizes.pick(games, games, games[:1]):
        s, n = play(players, seed, who, options, check=False, limit=SHORT)
        texts = s.history
        assert len(texts) == n == s.history_len() and s.last_move() == texts[-1]
        blocks = s.history_blocks()  # the board's save: chunks of records (test_tactik_record)
        assert len(blocks) > 2
        assert tactik.replay(s.options(), s.seed, blocks).digest() == s.digest()
        # an older board's save held the texts, ";"- or newline-ended: still read
        for sep in (";", "\n"):
            older = [sep.join(texts[:40]) + sep, sep.join(texts[40:]) + sep]
            assert tactik.replay(s.options(), s.seed, older).digest() == s.digest()
        t = tactik.replay(s.options(), s.seed, texts[:2])
        seen_edge = 0  # the move starts a chunk, or fills one
        for k in range(2, min(n, sizes.pick(160, 160, 50))):
            t.apply(texts[k])  # t: k + 1 moves
            if t._hbuf and len(t._hbuf) > len(tactik._record(texts[k])) and k % 17:
                continue
            seen_edge += len(t._hbuf) <= len(tactik._record(texts[k]))
            before = t.digest()
            u = t.rewind(t.history_len() - 1)
            assert t.digest() == before and t.history_len() == k + 1  # t itself unchanged
            want = tactik.replay(s.options(), s.seed, texts[:k])
            assert u.serialize() == want.serialize(), (players, k)
            assert u.history == texts[:k] and u.history_len() == k
            assert u.last_move() == texts[k - 1]
            u.apply(texts[k])  # play on from it: the same game again, history in step
            assert u.digest() == before and u.history == texts[: k + 1]
            assert u.history_blocks() == t.history_blocks()
        assert seen_edge >= 2
    assert "no move" in th.raises(lambda: tactik.new_game(4, 1).rewind(-1))
    # a dealt hand-built position (its gives are made, then forgotten) starts with no history
    b = tactik_setup.from_positions({"red": ["T5"]}, 4, 0)
    assert b.history_len() == 0 and b.history == [] and b.last_move() is None
    assert b.history_blocks() == [] and b.phase == "play" and b.card_count() == 48


def test_each_move_without_fn_answers_as_the_cards_listed_moves_do():
    # each_move(card) stops at a card's first move (a board marks its hand's playable cards
    # with it): it must say what the full list says, for every card kind, with and without
    # the cache
    for players, seed, phys in sizes.pick([(4, 11, False), (6, 12, False), (4, 13, True)],
                                          [(4, 11, False), (4, 13, True)], [(4, 11, False)]):
        s = tactik.new_game(players, seed, phys)
        r = Rng(seed)
        for n in range(sizes.pick(160, 60, 20)):
            if s.is_over():
                break
            fresh = [s.clone().each_move(c) for c in tactik.CARDS]  # (no cached list)
            want = [any(m.kind not in ("give", "discard") for m in s.card_moves(c))
                    for c in tactik.CARDS]
            assert fresh == want, (players, seed, n, fresh, want)
            s.legal_moves()  # the cached list answers now
            assert [s.each_move(c) for c in tactik.CARDS] == want
            s.apply(r.choice(s.legal_moves()))
