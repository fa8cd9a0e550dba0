"""Tai Chi Chuan on the board, on CPython and the MicroPython unix port (Pico-sized heap): a key
of the word entry -> the LED buffer ready, A on a word -> its verdict's frame (the judge: the
fit and a lookup in the word set), a frame alone and the bytes it allocates (aim: 0), the live
heap over a game of yours against two bots."""

import gc
import sys

try:
    import benchlib
except ImportError:  # run as a module from the repository root
    from tests.bench import benchlib

benchlib.setup_path()
MP = benchlib.MICROPYTHON
sys.path.insert(0, "tests/firmware")

bh = __import__("board_helpers")
btn = bh.btn
tb = None  # the test driver (it loads the controller): imported once the board is made


def event(b, button, times):
    """One button press into the mode, then the frame: microseconds."""
    t = benchlib.now_us()
    b.app.mode.on_button(button, btn.PRESS, b.hw.now)
    b.app.frame()
    times.append(benchlib.elapsed_us(t))
    b.hw.now += 150


def bench_game():
    global tb
    b = bh.Board(bot_delay_ms=0)
    tb = __import__("taichi_board")
    b.app.start_game("taichi", {"players": 3, "bots": [1, 2], "level": "easy"}, 5)
    mode = b.app.mode
    keys = []
    judged = []
    frames = []
    allocs = []
    live = 0
    names = {"up": btn.UP, "down": btn.DOWN, "left": btn.LEFT, "right": btn.RIGHT, "a": btn.A,
             "b": btn.B}
    while not mode.state.is_over() and len(judged) < 40:
        if mode.ui == 0:  # the bots: their moves by the loop
            b.app.step()
            b.hw.now += 20
            continue
        if mode.ui == 1:  # a refused word first: A on the prefix and a wrong letter
            for _ in range(2):
                event(b, btn.DOWN, keys)
            event(b, btn.A, judged)
            if mode.ui == 2 and mode.choices[0][0] == "RETRY":
                event(b, btn.B, keys)  # back to the word
                event(b, btn.B, keys)  # the wrong letter goes
        for _ in range(3):
            gc.collect()
            t = benchlib.now_us()
            if MP:
                gc.disable()
                a = gc.mem_alloc()
            b.app.frame()
            if MP:
                allocs.append(gc.mem_alloc() - a)
                gc.enable()
            frames.append(benchlib.elapsed_us(t))
        ks = tb.human_keys(mode)
        if ks is None:
            continue
        for k in ks:
            event(b, names[k], judged if k == "a" and mode.ui == 1 else keys)
        gc.collect()
        if MP:
            live = max(live, gc.mem_alloc())
        del b.lines[:]
    benchlib.report("taichi_key_to_frame_median", benchlib.median(keys) / 1000, "ms")
    benchlib.report("taichi_key_to_frame_worst", max(keys) / 1000, "ms")
    benchlib.report("taichi_word_judged_to_frame_median", benchlib.median(judged) / 1000, "ms")
    benchlib.report("taichi_word_judged_to_frame_worst", max(judged) / 1000, "ms")
    benchlib.report("taichi_frame_median", benchlib.median(frames) / 1000, "ms")
    benchlib.report("taichi_words_judged", len(judged), "words")
    if MP:
        benchlib.report("taichi_frame_alloc_max", max(allocs), "bytes")
        benchlib.report("taichi_peak_live_heap_game", live // 1024, "KiB")
    b.close()


try:
    bench_game()
except MemoryError:  # `make bench`'s 240k (the others' figures compare with earlier ones) holds
    # the board and the test's harness but not the game's engine and word sets: run it with
    # `python -m tests.bench --heap 288k -k taichi_board` (the shared tests' heap)
    print("BENCH taichi_board_needs_heap_over 240 KiB")
