"""A bot's search in slices (firmware/gamemode.py, think_slice): within a loop pass, its pieces
run one after another while one as long as the last still fits in the slice, so a search of
many small pieces no longer pays a pass (buttons, serial line, frame, sleep) for each; a long
piece has a pass to itself; a slice of 0 is one piece a pass (the games whose pieces differ in
size); the move is the one the pieces give, whatever the clock. Both runtimes."""

from firmware import gamemode


def _plan(pieces, seen):
    for _ in range(pieces):
        seen.append(1)
        yield None
    seen.append(1)
    yield "the move"


def _slices(piece_us, pieces=20, slice_us=gamemode.THINK_SLICE_US):
    """How many pieces each think_slice call ran, with a clock where each piece takes
    `piece_us`, and what the last call gave."""
    ticks = gamemode.ticks
    clock = [0]

    def fake():
        clock[0] += piece_us // 2  # two readings a piece: before it (or the last's) and after
        return clock[0]

    gamemode.ticks = fake
    try:
        seen = []
        plan = _plan(pieces, seen)
        counts = []
        value = None
        while value is None:
            before = len(seen)
            value = gamemode.think_slice(plan, slice_us)
            counts.append(len(seen) - before)
        return counts, value
    finally:
        gamemode.ticks = ticks


def test_small_pieces_share_a_pass_and_a_long_one_has_its_own():
    slice_us = gamemode.THINK_SLICE_US
    counts, value = _slices(slice_us // 10)
    assert value == "the move" and sum(counts) == 21
    assert counts[0] >= 4 and len(counts) <= 6, counts  # not one pass a piece
    counts, value = _slices(slice_us)
    assert value == "the move" and counts == [1] * 21, counts
    counts, value = _slices(slice_us // 10, slice_us=0)  # small pieces, no slice: one a pass
    assert value == "the move" and counts == [1] * 21, counts


def test_the_word_games_think_in_slices_and_the_others_a_piece_a_pass():
    import board_helpers as bh

    from firmware import games

    sliced = []
    for name in games.names():
        b = bh.Board()
        b.app.start_game(name, {"players": games.spec(name).DEFAULT_PLAYERS}, 5)
        assert b.app.mode.think_us in (0, gamemode.THINK_SLICE_US), name
        if b.app.mode.think_us:
            sliced.append(name)
        b.close()
    assert sorted(sliced) == ["rondo", "taichi"], sliced


def test_a_finished_plan_raises_stop_iteration():
    plan = iter(())
    try:
        gamemode.think_slice(plan, 0)
    except StopIteration:
        return
    raise AssertionError("no StopIteration")
