"""The French word sets and Tai Chi Chuan's bots, on CPython and MicroPython: a word looked up
(one chunk read and inflated), the whole verdict (fit and lookup), the heap a lookup takes,
and the bots' decisions over whole games per level (each decision, and each piece of it: the
board runs one piece a loop pass)."""

import gc

try:
    import benchlib
except ImportError:  # run as a module from the repository root
    from tests.bench import benchlib

benchlib.setup_path()
MP = benchlib.MICROPYTHON

from shared_rules.dictionary import judge, reader  # noqa: E402
from shared_rules.taichi import bot, rules  # noqa: E402

WORDS = ("satisfait", "ramequin", "satellite", "zythum", "abaca", "maison", "xylophone",
         "chevaux", "qwzx", "tendre", "pomme", "anticonstitutionnellement", "kayak", "yeux",
         "elephant", "mangerions", "bbbbb", "wagon", "hibou", "oiseau")


def bench_lookup():
    w = judge.words()
    times = []
    for _ in range(5 if MP else 50):
        for q in WORDS:
            t0 = benchlib.now_us()
            w.lookup(q)
            times.append(benchlib.elapsed_us(t0))
    benchlib.report("dictionary_lookup_median", benchlib.median(times), "us")
    benchlib.report("dictionary_lookup_max", max(times), "us")
    times = []
    for q in WORDS:
        t0 = benchlib.now_us()
        judge.judge(q, [q[0].upper()])
        times.append(benchlib.elapsed_us(t0))
    benchlib.report("dictionary_judge_median", benchlib.median(times), "us")
    gc.collect()
    peak = benchlib.PeakHeap()
    with open(w.path, "rb") as f:
        buf = w.read_chunk(f, w.chunk_of(f, b"satisfait"))
        peak.sample()
        reader.scan(buf, b"satisfait")
        peak.sample()
    benchlib.report("dictionary_lookup_heap", peak.peak - peak.base, "B")
    benchlib.report("dictionary_words", w.count, "words")
    benchlib.report("dictionary_entries", w.entries, "words")


def bench_bots():
    for level in bot.LEVELS:
        decisions = []
        piece = 0
        words = 0
        for seed in range(1 if MP else 4):
            st = rules.new_game(3, seed)
            while not st.is_over():
                last, took, longest = benchlib.decide(bot.steps(st, level))
                decisions.append(took)
                piece = max(piece, longest)
                words = max(words, bot.LAST["words"])
                st.apply(last)
        benchlib.report("taichi_bot_%s_move_median" % level, benchlib.median(decisions), "us")
        benchlib.report("taichi_bot_%s_move_max" % level, max(decisions), "us")
        benchlib.report("taichi_bot_%s_piece_max" % level, piece, "us")
        benchlib.report("taichi_bot_%s_words_read_max" % level, words, "words")


def main():
    bench_lookup()
    gc.collect()
    bench_bots()


main()
