"""Bot levels' cost per move, on CPython and MicroPython: whole games of each level against
greedy, every move of the level timed three times on the same position (the smaller time counts:
this machine is shared) and greedy timed on that same position; the median and the worst
move per game and level, the most evaluations (the count budget), and the heap low-water
(MicroPython: the free heap after a collection, right after the move, least over the games)."""

import gc
import sys

try:
    import benchlib
except ImportError:  # run as a module from the repository root
    from tests.bench import benchlib

benchlib.setup_path()
MP = benchlib.MICROPYTHON

from shared_rules import bots  # noqa: E402

# game, players, games, options (Wuxing: each mode; a Chemin round times the level's card
# for its seat, `card(state, seat, level)`, the other seat's chosen by greedy)
CASES = (("tayu", 2, 3, {}), ("tactik", 4, 2, {}), ("tactik", 6, 1, {}),
         ("wuxing", 2, 3, {"mode": "theatre"}), ("wuxing", 2, 3, {"mode": "chemin"}))
QUICK = "--quick" in sys.argv


def _time(st, level, game, seat=None):
    best = None
    for i in range(3):
        c = st.clone() if i < 2 else st
        gc.collect()
        t0 = benchlib.now_us()
        if seat is None:
            mv = bots.bot_move(c, level, game)
        else:  # a simultaneous choice (Wuxing's Chemin): the seat's card
            mv = bots.bot_module(game).card(c, seat, level)
        dt = benchlib.elapsed_us(t0)
        best = dt if best is None or dt < best else best
    return best, mv


def bench_level(game, players, ngames, level, options):
    times = []
    over = []  # level's time less greedy's on the same position
    most = 0
    low = None
    mod = bots.bot_module(game)
    name = "bots_%s%d%s_%s" % (game, players, options.get("mode", ""), level)
    for g in range(1 if QUICK else ngames):
        st = bots.new_game(game, players, 500 + g, **options)
        first = len(times)
        while not st.is_over():
            if getattr(st, "phase", None) == "duel":  # both seats choose, then the round
                seat = g % 2
                dt, c = _time(st, level, game, seat)
                most = max(most, mod.LAST["evals"])
                gt, _ = _time(st, "greedy", game, seat)
                times.append(dt)
                over.append(dt - gt)
                st.choose(seat, c)
                mv = st.choose(1 - seat, mod.card(st, 1 - seat, "greedy"))
            elif st.current_player % 2 == g % 2:
                dt, mv = _time(st, level, game)
                most = max(most, mod.LAST["evals"])
                gt, _ = _time(st, "greedy", game)
                times.append(dt)
                over.append(dt - gt)
                if MP:
                    gc.collect()
                    free = gc.mem_free()
                    low = free if low is None or free < low else low
            else:
                mv = bots.bot_move(st, "greedy", game)
            st.apply(mv)
        st = None
        gc.collect()
        mine = sorted(times[first:])
        benchlib.report("%s_game%d_median" % (name, g), mine[len(mine) // 2], "us")
        benchlib.report("%s_game%d_worst" % (name, g), mine[-1], "us")
    times.sort()
    over.sort()
    benchlib.report(name + "_median", times[len(times) // 2], "us")
    benchlib.report(name + "_worst", times[-1], "us")
    benchlib.report(name + "_worst_over_greedy", over[-1], "us")
    benchlib.report(name + "_most_evals", most, "evals")
    if low is not None:
        benchlib.report(name + "_free_heap_low", low // 1024, "KB")


def main():
    only = None
    for a in sys.argv[1:]:
        if a.startswith("--game="):
            only = a[7:]
    for game, players, ngames, options in CASES:
        if only and game != only:
            continue
        for level in bots.ALL_LEVELS:
            bench_level(game, players, ngames, level, options)


main()
