"""Wuxing duel engine benchmarks, on CPython and MicroPython: random and greedy full games of
each mode, the greedy bot's move time, the size of a state in play, and the heap during a
greedy game (peak: with the garbage the bot leaves; live: after each collection)."""

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
from shared_rules.wuxing import rules as wuxing  # noqa: E402

if MP:
    gc.collect()
    _IMPORT_BYTES = gc.mem_alloc() - _BEFORE_IMPORT

MODES = (("theatre", {}), ("chemin", {"mode": "chemin"}))


def bench_random_games():
    for name, options in MODES:
        games = 50 if MP else 300
        moves = 0
        t0 = benchlib.now_us()
        for seed in range(games):
            st = wuxing.new_game(2, seed, **options)
            rng = Rng(seed)
            while not st.is_over():
                m = st.legal_moves()
                st.apply(m[rng.below(len(m))])
                moves += 1
        us = benchlib.elapsed_us(t0)
        benchlib.report("wuxing_%s_random_games_per_s" % name, games * 1e6 / us, "games/s")
        benchlib.report("wuxing_%s_random_move_mean" % name, us / moves, "us")


def bench_greedy():
    for name, options in MODES:
        times = []
        for seed in range(4 if MP else 20):
            st = wuxing.new_game(2, seed, **options)
            while not st.is_over():
                t0 = benchlib.now_us()
                m = wuxing.greedy_move(st)
                times.append(benchlib.elapsed_us(t0))
                st.apply(m)
        benchlib.report("wuxing_%s_greedy_move_median" % name, benchlib.median(times), "us")
        benchlib.report("wuxing_%s_greedy_move_max" % name, max(times), "us")


def _state_in_play(options):
    st = wuxing.new_game(2, 3, board="random", **options)
    for _ in range(30):
        if st.is_over():
            break
        st.apply(wuxing.greedy_move(st))
    st.legal_moves()
    return st


def _greedy_game(options, peak, live):
    st = wuxing.new_game(2, 4, **options)
    while not st.is_over():
        m = wuxing.greedy_move(st)
        peak.sample()  # the bot's copies are garbage by now, not yet collected
        st.apply(m)
        gc.collect()
        live.sample()


def bench_memory():
    for name, options in MODES:
        gc.collect()
        base = benchlib.heap_used()
        st = _state_in_play(options)
        gc.collect()
        benchlib.report("wuxing_%s_state_bytes" % name, benchlib.heap_used() - base, "B")
        del st
        peak = benchlib.PeakHeap()
        live = benchlib.PeakHeap()
        _greedy_game(options, peak, live)
        benchlib.report("wuxing_%s_greedy_game_peak_heap" % name, peak.peak - peak.base, "B")
        benchlib.report("wuxing_%s_greedy_game_live_peak" % name, live.peak - live.base, "B")
    if MP:
        benchlib.report("wuxing_import_bytes", _IMPORT_BYTES, "B")


def main():
    bench_random_games()
    gc.collect()
    bench_greedy()
    gc.collect()
    bench_memory()


main()
