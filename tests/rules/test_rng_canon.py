"""The shared generator and digest give fixed streams: these golden values were taken on
CPython and the very same file runs under MicroPython, so passing both proves equality."""

from shared_rules.canon import digest, join_fields, split_fields
from shared_rules.rng import Rng


def test_stream_is_fixed():
    r = Rng(0)
    assert [r.next32() for _ in range(5)] == [
        3862129951, 4186559031, 3122997712, 4244368831, 2831543865,
    ]


def test_below_and_shuffle_are_fixed():
    r = Rng(12345)
    assert [r.below(10) for _ in range(20)] == [
        7, 8, 4, 4, 4, 4, 8, 0, 9, 3, 3, 4, 6, 0, 2, 7, 6, 8, 7, 8,
    ]
    r = Rng(7)
    items = list(range(10))
    r.shuffle(items)
    assert items == [2, 3, 1, 5, 6, 8, 7, 4, 9, 0]


def test_below_stays_in_range_and_covers_it():
    r = Rng(99)
    seen = [0] * 7
    for _ in range(700):
        v = r.below(7)
        assert 0 <= v < 7
        seen[v] += 1
    assert min(seen) > 50


def test_below_rejects_empty_range():
    try:
        Rng(1).below(0)
    except ValueError:
        return
    raise AssertionError("below(0) must raise")


def test_digest_is_fixed_and_fields_round_trip():
    assert digest(b"lanterne") == "23df2ca413164895"
    data = join_fields([1, "N", 42])
    assert data == b"1;N;42"
    assert split_fields(data) == ["1", "N", "42"]
    try:
        join_fields(["a;b"])
    except ValueError:
        return
    raise AssertionError("a field holding ';' must be refused")
