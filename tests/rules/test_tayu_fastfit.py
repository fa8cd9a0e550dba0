"""Ta Yü's placement search (shared_rules/tayu/rules.py, State._placements): its native loop
(shared_rules/tayu/fastfit.py, MicroPython) and its Python twin (CPython, and MicroPython when
told to) list the same placements and agree on whether there is one, for every kind of tile in
positions along whole games of every edition and player count; and the listing is the one
every move's legality check (`check`) gives."""

from native_twins import check_load_native, with_each_loop

from shared_rules.rng import Rng
from shared_rules.tayu import rules as tayu


def _both(st, k):
    """(native listing, plain listing, native first, plain first) of kind k in state st."""
    (got, one), (plain, plain_one) = with_each_loop(
        tayu, lambda: (st._placements(k), st._placements(k, True)))
    return got, plain, one, plain_one


def _positions(edition, players, seed, every=3):
    """States along a game played by random legal moves (one in `every` kept)."""
    st = tayu.new_game(players, seed, edition=edition)
    rng = Rng(seed * 7 + 1)
    n = 0
    while not st.is_over():
        if n % every == 0:
            yield st
        legal = st.legal_moves()
        st.apply(legal[rng.below(len(legal))])
        n += 1
    yield st


def test_native_and_plain_search_list_the_same_placements():
    checked = 0
    for edition, players, seed in (("kosmos", 2, 3), ("goliath", 4, 5), ("kosmos", 3, 8)):
        for st in _positions(edition, players, seed):
            if st.placed == 0:
                continue
            for k in range(len(tayu.KINDS)):
                got, plain, one, plain_one = _both(st, k)
                assert got == plain, (edition, st.placed, k)
                assert sorted(got) == got
                assert (len(one) > 0) == (len(got) > 0) and len(one) <= 1
                assert (len(plain_one) > 0) == (len(plain) > 0)
                assert not one or one[0] in got
                checked += len(got)
    assert checked > 1000  # the games reached crowded boards


def test_the_listing_is_every_placement_the_check_allows():
    st = None
    for st in _positions("kosmos", 2, 11, every=9):
        if st.placed == 0 or st.is_over():
            continue
        k = 5
        listed = set(st._placements(k))
        for code in range(19 * 19 * 4):
            mv = tayu.Move(tayu.M_PLACE, code // 76, (code // 4) % 19, code % 4)
            assert (st.check(mv, kind=k) is None) == (code in listed), code
    assert st is not None


def test_micropython_with_native_code_searches_natively():
    check_load_native(tayu)
