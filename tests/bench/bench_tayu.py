"""Ta Yü engine benchmarks, on CPython and MicroPython: listing legal placements in mid-game
positions (against a whole-board scan), random full games per second, greedy-bot move time,
the size of a state and the peak heap during a full game."""

import gc

try:
    import benchlib
except ImportError:  # run as a module from the repository root
    from tests.bench import benchlib

benchlib.setup_path()
MP = benchlib.MICROPYTHON
if MP:
    gc.collect()
    _BEFORE_IMPORT = gc.mem_alloc()

from shared_rules.rng import Rng  # noqa: E402
from shared_rules.tayu import rules as tayu  # noqa: E402

if MP:
    gc.collect()
    _IMPORT_BYTES = gc.mem_alloc() - _BEFORE_IMPORT


def mid_game_positions(count):
    """Yield `count` placement positions with 20..60 tiles down, from random 2-player games
    (one live state at a time: a Pico heap cannot hold many)."""
    seen = 0
    seed = 0
    while seen < count:
        seed += 1
        st = tayu.new_game(seed=seed)
        rng = Rng(seed)
        while not st.is_over() and seen < count:
            if st.phase == "place" and 20 <= st.placed <= 60 and st.placed % 5 == 0:
                seen += 1
                yield st
            moves = st.legal_moves()
            st.apply(moves[rng.below(len(moves))])
        st = None
        gc.collect()


def naive_count(st):
    """Whole-board scan: try all 19*19*4 placements (what the frontier avoids)."""
    n = 0
    k = st._tile
    for r in range(19):
        for c in range(19):
            for d in range(4):
                if st._fit(k, r, c, d) == 0:
                    n += 1
    return n


def bench_listing():
    count = 60 if MP else 200
    times = []
    scan = []
    sizes = []
    fronts = []
    for st in mid_game_positions(count):
        st._legal = None
        t0 = benchlib.now_us()
        moves = st.legal_moves()
        times.append(benchlib.elapsed_us(t0))
        sizes.append(len(moves))
        fronts.append(len(st.open_targets()))
        t0 = benchlib.now_us()
        n = naive_count(st)
        scan.append(benchlib.elapsed_us(t0))
        assert n == len(moves)
    benchlib.report("tayu_positions", len(times), "positions")
    benchlib.report("tayu_legal_placements_median", benchlib.median(sizes), "moves")
    benchlib.report("tayu_frontier_median", benchlib.median(fronts), "squares")
    benchlib.report("tayu_list_placements_median", benchlib.median(times), "us")
    benchlib.report("tayu_board_scan_median", benchlib.median(scan), "us")


def bench_random_games():
    games = 5 if MP else 30
    moves = 0
    t0 = benchlib.now_us()
    for seed in range(games):
        st = tayu.new_game(seed=1000 + seed)
        rng = Rng(seed)
        while not st.is_over():
            ms = st.legal_moves()
            st.apply(ms[rng.below(len(ms))])
            moves += 1
    us = benchlib.elapsed_us(t0)
    benchlib.report("tayu_random_games_per_s", games * 1e6 / us, "games/s")
    benchlib.report("tayu_random_move_mean", us / moves, "us")


def bench_greedy():
    """Greedy move time as in play (the draw already listed the placements, to know the tile
    can be placed) and cold (listing included), plus the time of apply (which draws and lists
    the next tile's placements)."""
    warm = []
    cold = []
    applies = []
    for seed in range(2 if MP else 6):
        st = tayu.new_game(seed=2000 + seed)
        while not st.is_over():
            t0 = benchlib.now_us()
            mv = tayu.greedy_move(st)
            warm.append(benchlib.elapsed_us(t0))
            st._legal = None
            t0 = benchlib.now_us()
            tayu.greedy_move(st)
            cold.append(benchlib.elapsed_us(t0))
            t0 = benchlib.now_us()
            st.apply(mv)
            applies.append(benchlib.elapsed_us(t0))
    benchlib.report("tayu_greedy_move_median", benchlib.median(warm), "us")
    benchlib.report("tayu_greedy_move_cold_median", benchlib.median(cold), "us")
    benchlib.report("tayu_greedy_move_cold_max", max(cold), "us")
    benchlib.report("tayu_apply_median", benchlib.median(applies), "us")


def bench_memory():
    gc.collect()
    base = benchlib.heap_used()
    st = tayu.new_game(seed=3)
    gc.collect()
    benchlib.report("tayu_state_bytes", benchlib.heap_used() - base, "B")
    st = None
    # live heap high-water mark: collect garbage, then sample after every move
    peak = benchlib.PeakHeap()
    st = tayu.new_game(seed=3, players=3, two_tiles=True, stacks=True)
    gc.collect()
    peak.sample()
    while not st.is_over():
        st.apply(tayu.greedy_move(st))
        gc.collect()
        peak.sample()
    benchlib.report("tayu_full_game_peak_heap", peak.peak - peak.base, "B")
    if MP:
        benchlib.report("tayu_heap_in_use_peak", peak.peak, "B")
        gc.collect()
        benchlib.report("tayu_import_bytes", _IMPORT_BYTES, "B")


def main():
    bench_listing()
    gc.collect()
    bench_random_games()
    gc.collect()
    bench_greedy()
    gc.collect()
    bench_memory()


main()
