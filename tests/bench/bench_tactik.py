"""Tac-Tik engine benchmarks, on CPython and MicroPython: legal-move generation for hands
holding a 7x1 in crowded positions (the worst case), random full 4- and 6-player games per
second, greedy-bot move time, and the peak heap sampled after every move of a full game."""

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
from shared_rules.tactik import rules as tactik  # noqa: E402
from shared_rules.tactik import setup as tactik_setup  # noqa: E402

if MP:
    gc.collect()
    _IMPORT_BYTES = gc.mem_alloc() - _BEFORE_IMPORT


def crowded(seed, players=4):
    """A crowded position: 3 or 4 pawns of every colour packed into 24 holes around the
    mover's pawns, a few in bases; the mover holds a 7x1 (and three other cards)."""
    r = Rng(seed)
    ncol = 6 if players == 6 else 4
    holes = list(range(24))
    r.shuffle(holes)
    off = r.below(16 * ncol)
    pos = {}
    names = tactik.COLOURS6 if ncol == 6 else tactik.COLOURS4
    k = 0
    for c in range(ncol):
        locs = []
        for i in range(3 + r.below(2)):
            if i == 0 and r.below(3) == 0:
                locs.append("B" + str(1 + r.below(4)))
            else:
                locs.append("T" + str((holes[k] + off) % (16 * ncol)))
                k += 1
        pos[names[c]] = locs
    hand = ["7", "P", "5", "-4"]
    return tactik_setup.from_positions(pos, players, 0, {0: hand})


def bench_crowded():
    times = []
    counts = []
    for seed in range(40):  # the same positions on both runtimes
        for players in (4, 6):
            st = crowded(seed, players)
            gc.collect()
            t0 = benchlib.now_us()
            moves = st.legal_moves()
            times.append(benchlib.elapsed_us(t0))
            counts.append(len([m for m in moves if m.card == "7"]))
            st = moves = None
    benchlib.report("tactik_crowded_7x1_movegen_median", benchlib.median(times) / 1000.0, "ms")
    benchlib.report("tactik_crowded_7x1_movegen_worst", max(times) / 1000.0, "ms")
    benchlib.report("tactik_crowded_7x1_outcomes_median", benchlib.median(counts), "moves")
    benchlib.report("tactik_crowded_7x1_outcomes_max", max(counts), "moves")


def _seven_steps(st, last=False):
    """Seven single steps of a complete 7x1 (the first offered each time, or the last:
    the search for its text then runs longer), or None."""
    steps = []
    while len(steps) < 7:
        nxt = st.split_next_steps(steps)
        if not nxt:
            return None
        steps.append(nxt[-1] if last else nxt[0])
    return steps


def _one_call(st, what, steps):
    if what == "card7":
        return st.card_moves("7")
    if what.startswith("split_move"):
        return st.split_move(steps[what == "split_move_last"]) if steps else None
    return tactik.greedy_move(st)


def bench_one_card():
    """What the board asks on a turn, in the crowded positions: one card's uses (a 7x1), the
    move made of seven chosen steps and the bot's move. Times first (on CPython the heap
    probe slows everything down), then the heap: used right after the call, since a
    collection just before it (garbage included), and kept once collected."""
    whats = ("card7", "split_move", "split_move_last", "greedy")
    figures = {}
    for what in whats:
        figures[what] = ([], [], [])
    for probe in (False, True):
        for seed in range(40):
            for players in (4, 6):
                st = crowded(seed, players)
                steps = _seven_steps(st)
                if steps:
                    steps = (steps, _seven_steps(st, True))
                for what in whats:
                    f = figures[what]
                    st._cache = None  # each call as on a fresh turn (no cached list to reuse)
                    if probe:
                        peak = benchlib.PeakHeap()
                        out = _one_call(st, what, steps)
                        f[1].append(peak.sample() - peak.base)
                        gc.collect()
                        f[2].append(peak.sample() - peak.base if out else 0)
                        out = None
                    else:
                        gc.collect()
                        t0 = benchlib.now_us()
                        _one_call(st, what, steps)
                        f[0].append(benchlib.elapsed_us(t0))
                st = None
    for what in whats:
        times, heap, kept = figures[what]
        benchlib.report("tactik_crowded_%s_median" % what, benchlib.median(times) / 1000.0, "ms")
        benchlib.report("tactik_crowded_%s_worst" % what, max(times) / 1000.0, "ms")
        benchlib.report("tactik_crowded_%s_heap_median" % what, benchlib.median(heap), "bytes")
        benchlib.report("tactik_crowded_%s_heap_worst" % what, max(heap), "bytes")
        benchlib.report("tactik_crowded_%s_kept_worst" % what, max(kept), "bytes")


def greedy_game_peak(players, seed):
    """Peak heap sampled after every greedy move of a whole game (a board bot's game)."""
    gc.collect()
    peak = benchlib.PeakHeap()
    st = tactik.new_game(players, seed)
    while not st.is_over():
        m = tactik.greedy_move(st)
        peak.sample()
        st.apply(m)
        m = None
        peak.sample()
    return peak.peak - peak.base


def random_game(players, seed, peak=None):
    st = tactik.new_game(players, seed)
    r = Rng(seed)
    n = 0
    while not st.is_over() and n < 20000:
        moves = st.legal_moves()
        st.apply(moves[r.below(len(moves))])
        moves = None
        n += 1
        if peak is not None:
            peak.sample()
    return n


def bench_games():
    for players in (4, 6):
        games = 2 if MP else 10
        moves = 0
        t0 = benchlib.now_us()
        for seed in range(games):
            moves += random_game(players, seed)
            gc.collect()
        us = benchlib.elapsed_us(t0)
        benchlib.report("tactik_random_games_%dp_per_s" % players, games * 1e6 / us, "games/s")
        benchlib.report("tactik_random_moves_%dp_per_s" % players, moves * 1e6 / us, "moves/s")


def bench_replay():
    """Undo on the board = replay the game's texts from the seed: moves replayed per second."""
    for players in (4, 6):
        st = tactik.new_game(players, 11)
        r = Rng(11)
        while not st.is_over():
            moves = st.legal_moves()
            st.apply(moves[r.below(len(moves))])
        moves = None
        gc.collect()
        t0 = benchlib.now_us()
        # the texts decoded as they are read
        back = tactik.replay(st.options(), st.seed, st.iter_history())
        us = benchlib.elapsed_us(t0)
        assert back.digest() == st.digest()
        benchlib.report("tactik_replay_%dp_moves_per_s" % players, back.ply * 1e6 / us, "moves/s")
        st = back = None
        gc.collect()


def bench_greedy():
    st = tactik.new_game(4, 3)
    times = []
    while not st.is_over():
        t0 = benchlib.now_us()
        m = tactik.greedy_move(st)
        times.append(benchlib.elapsed_us(t0))
        st.apply(m)
    benchlib.report("tactik_greedy_move_median", benchlib.median(times) / 1000.0, "ms")
    benchlib.report("tactik_greedy_move_worst", max(times) / 1000.0, "ms")


def bench_heap():
    if MP:
        benchlib.report("tactik_module_heap", _IMPORT_BYTES, "bytes")
    for players in (4, 6):
        gc.collect()
        peak = benchlib.PeakHeap()
        random_game(players, 1, peak)
        benchlib.report("tactik_peak_heap_%dp_game" % players, peak.peak - peak.base, "bytes")
    gc.collect()
    peak = benchlib.PeakHeap()
    st = crowded(7)
    st.legal_moves()
    peak.sample()
    benchlib.report("tactik_peak_heap_crowded_7x1", peak.peak - peak.base, "bytes")
    benchlib.report("tactik_peak_heap_6p_greedy_game", greedy_game_peak(6, 3), "bytes")


if __name__ == "__main__":
    bench_crowded()
    bench_games()
    bench_replay()
    bench_greedy()
    bench_one_card()
    bench_heap()
