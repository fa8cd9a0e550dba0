"""Tac-Tik's `expert` yardstick (host only, issue 33): legal moves, a game left as it was, the
same move on a replay, and nothing read but what the seat sees."""

import pytest
from lanterne import arena, expert_tactik

from shared_rules.rng import Rng
from shared_rules.tactik import rules


def _positions():
    # positions of greedy games in the play phase where the seat to move has a choice
    out = []
    for seed in (1, 2, 3):
        st = rules.new_game(4, seed)
        found = 0
        while found < 2 and not st.is_over():
            st.apply(rules.greedy_move(st))
            if st.phase == "play" and st.ply > 30 * (found + 1) and len(st.legal_moves()) > 2:
                out.append(st.clone())
                found += 1
    return out


def _hidden_moved(st, seed):
    # the same game with the cards the seat to move cannot see dealt otherwise among the
    # other hands and the pack (each keeping its size)
    f = st.clone()
    seat = st.current_player
    pool = list(f.pack)
    for j in range(f.players):
        if j != seat:
            pool += f.hands[j]
    Rng(seed).shuffle(pool)
    i = 0
    for j in range(f.players):
        if j != seat:
            k = len(f.hands[j])
            f.hands[j] = sorted(pool[i:i + k])
            i += k
    f.pack = bytearray(pool[i:])
    f._cache = None
    return f


@pytest.fixture
def small(monkeypatch):
    # a cheaper search: what is checked here does not depend on its size
    monkeypatch.setattr(expert_tactik, "DEALS", 4)
    monkeypatch.setattr(expert_tactik, "PLIES", 8)


def test_the_expert_plays_a_legal_move_and_leaves_the_game_as_it_was(small):
    for st in _positions():
        before = st.digest()
        mv = expert_tactik.move(st)
        assert st.digest() == before
        assert mv.text in [m.text for m in st.legal_moves()]
        assert expert_tactik.move(st).text == mv.text  # the same on a replay


def test_a_redeal_keeps_every_card_and_each_hand_size():
    for st in _positions():
        seat = st.current_player
        f = expert_tactik.redeal(st, seat, Rng(9))
        assert f.hands[seat] == st.hands[seat]
        assert [len(h) for h in f.hands] == [len(h) for h in st.hands]
        assert len(f.pack) == len(st.pack) and f.card_count() == 48
        every = sorted(list(f.pack) + sum(f.hands, []) + list(f.played))
        assert every == sorted(list(st.pack) + sum(st.hands, []) + list(st.played))
        assert f.digest() != st.digest()  # dealt again (with 30-odd hidden cards, always)


def test_the_expert_reads_only_what_the_seat_sees(small):
    # the hidden cards lying elsewhere change no re-deal, hence no move
    moved = 0
    for st in _positions():
        seat = st.current_player
        other = _hidden_moved(st, 77)
        moved += other.hands != st.hands
        a = expert_tactik.redeal(st, seat, Rng(4))
        b = expert_tactik.redeal(other, seat, Rng(4))
        assert (a.hands, a.pack) == (b.hands, b.pack)
        assert expert_tactik.move(st).text == expert_tactik.move(other).text
    assert moved  # the check moved hidden cards


def test_the_expert_plays_a_whole_game_in_the_arena(small):
    res = arena.run("tactik", 4, ["expert", "hard"], 1, seed=3, jobs=1)
    assert res[0]["winner_level"] in ("expert", "hard")
