"""Ta Yü's `expert` yardstick (host only, issue 33): a legal placement, the game left as it
was, the same placement on a replay, and nothing read but what the seat sees."""

import pytest
from lanterne import arena, expert_tayu

from shared_rules.rng import Rng
from shared_rules.tayu import bot, rules


def _positions():
    # positions of 2-player games of greedy where the seat to move places a tile
    out = []
    for seed in (1, 2, 3):
        st = rules.new_game(2, seed)
        while not st.is_over() and st.placed < 12 * (seed + 1):
            st.apply(rules.greedy_move(st))
        if st.phase == rules.PLACE and len(st._placements()) > 2:
            out.append(st)
    return out


def _bag_shuffled(st, seed):
    # the same game, the bag's rest (which the seat cannot see) in another order
    f = st.clone()
    a, e = f._lane_pos[0], f._lane_end[0]
    rest = list(f._bag[a:e])
    Rng(seed).shuffle(rest)
    f._bag[a:e] = bytearray(rest)
    return f


@pytest.fixture
def small(monkeypatch):
    # a cheaper search: what is checked here does not depend on its size
    monkeypatch.setattr(expert_tayu, "DRAWS", 3)


def test_the_expert_places_a_legal_tile_and_leaves_the_game_as_it_was(small):
    found = _positions()
    assert found
    for st in found:
        before = st.digest()
        mv = expert_tayu.move(st)
        assert st.digest() == before
        assert str(mv) in [str(m) for m in st.legal_moves()]
        assert str(expert_tayu.move(st)) == str(mv)  # the same on a replay


def test_a_redraw_keeps_the_tiles_the_seat_has_not_seen_and_reads_nothing_else(small):
    for st in _positions():
        seat = st.current_player
        f = expert_tayu.redraw(st, seat, Rng(9))
        a, e = st._lane_pos[0], st._lane_end[0]
        assert sorted(f._bag[a:e]) == sorted(st._bag[a:e])  # 2 players: the bag is all unseen
        assert f._bag[a:e] != st._bag[a:e]
        assert f.hands[seat] == st.hands[seat] and f._board == st._board
        other = expert_tayu.redraw(_bag_shuffled(st, 77), seat, Rng(9))
        assert other._bag == f._bag  # where the unseen tiles lay changes nothing
        assert str(expert_tayu.move(st)) == str(expert_tayu.move(_bag_shuffled(st, 5)))


def test_the_expert_values_an_ended_game_by_its_score_first():
    st = rules.new_game(2, 4)
    while not st.is_over():
        st.apply(rules.greedy_move(st))
    ns, ew = st.scores()
    wa = bot.weight_array(bot.WEIGHTS["hard"])
    assert expert_tayu._value(st, True, wa) == (ns - ew) * expert_tayu._WIN
    assert expert_tayu._value(st, False, wa) == (ew - ns) * expert_tayu._WIN


def test_the_expert_plays_a_whole_game_in_the_arena(small):
    res = arena.run("tayu", 2, ["expert", "hard"], 1, seed=3, jobs=1)
    assert res[0]["winner_level"] in ("expert", "hard", None)
