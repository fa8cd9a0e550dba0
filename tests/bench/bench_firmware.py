"""The firmware on CPython and the MicroPython unix port (Pico-sized heap): time from a button
event to the LED buffer being ready over a whole Ta Yü game (human seat driven by buttons,
bot seat), frame time alone, bytes allocated per frame, peak heap with a game in progress."""

import gc
import sys

try:
    import benchlib
except ImportError:  # run as a module from the repository root
    from tests.bench import benchlib

benchlib.setup_path()
MP = benchlib.MICROPYTHON
sys.path.insert(0, "tests/firmware")

__import__("shared_rules.tayu.rules")  # the engine first: its compile wants an empty heap
from firmware import profile  # noqa: E402
from firmware.canvas import Canvas  # noqa: E402
from firmware.output import Output  # noqa: E402


def one_event(b, button, kind, times):
    """One button event into the mode, then the frame (draw + LED buffer): microseconds."""
    t = benchlib.now_us()
    b.app.mode.on_button(button, kind, b.hw.now)
    b.app.frame()
    times.append(benchlib.elapsed_us(t))
    b.hw.now += 150


def bench_game():
    """A whole game, seat 0 by buttons (arrows, turn, jump to legal, place), seat 1 the bot."""
    peak = benchlib.PeakHeap() if MP else None  # (tracemalloc would slow CPython's timings)
    live = 0  # largest heap in use after a collection, sampled around every placement
    b = bh.Board(bot_delay_ms=0)
    b.app.start_game("tayu", {"players": 2, "edition": "kosmos", "bots": [1]}, 11)
    cursor = []
    place = []
    mode = b.app.mode
    while not mode.state.is_over():
        if mode.bot_turn():
            b.app.step()
            b.hw.now += 10
            continue
        for button in (btn.UP, btn.LEFT, btn.DOWN, btn.RIGHT):
            one_event(b, button, btn.PRESS, cursor)
        one_event(b, btn.B, btn.PRESS, cursor)  # turn the ghost
        one_event(b, btn.A, btn.LONG, cursor)  # jump to a legal placement
        if peak:
            peak.sample()
        one_event(b, btn.A, btn.PRESS, place)  # place: engine, digest, save, serial line
        if peak:
            peak.sample()
            gc.collect()
            live = max(live, gc.mem_alloc())
        del b.lines[:]
    benchlib.report("fw_button_to_frame_cursor_median", benchlib.median(cursor) / 1000, "ms")
    benchlib.report("fw_button_to_frame_cursor_worst", max(cursor) / 1000, "ms")
    benchlib.report("fw_button_to_frame_place_median", benchlib.median(place) / 1000, "ms")
    benchlib.report("fw_button_to_frame_place_worst", max(place) / 1000, "ms")
    benchlib.report("fw_game_moves", mode.count, "moves")
    if peak:
        benchlib.report("fw_peak_heap_game_with_garbage", peak.peak // 1024, "KiB")
        benchlib.report("fw_peak_live_heap_game", live // 1024, "KiB")
    b.close()


def bench_frame():
    """A mid-game frame: time, and bytes allocated (gc disabled around it; aim: 0)."""
    b = bh.Board(bot_delay_ms=0)
    b.app.start_game("tayu", {"players": 2, "bots": []}, 5)
    mode = b.app.mode
    for _ in range(30):
        mode.play(mode.state.legal_moves()[0])
    times = []
    allocs = []
    for i in range(40):
        mode.move_ghost(0, 1 if i % 2 else -1, 0)  # a changed picture each frame
        gc.collect()
        t = benchlib.now_us()
        b.app.frame()
        times.append(benchlib.elapsed_us(t))
    for i in range(40):
        mode.move_ghost(0, 1 if i % 2 else -1, 0)
        gc.collect()
        if MP:
            gc.disable()
            a = gc.mem_alloc()
            b.app.frame()
            a = gc.mem_alloc() - a
            gc.enable()
            allocs.append(a)
    benchlib.report("fw_frame_median", benchlib.median(times) / 1000, "ms")
    benchlib.report("fw_frame_worst", max(times) / 1000, "ms")
    if MP:
        benchlib.report("fw_frame_alloc_max", max(allocs), "bytes")
    b.close()


def bench_output():
    """Canvas -> LED buffer alone (LED map, colour order, brightness, power limit)."""
    for name in ("ref32", "panel48"):
        gc.collect()
        p = profile.find(name)
        out = Output(p)
        c = Canvas(p["width"], p["height"])
        c.clear(0x808080)
        times = []
        for i in range(20):
            c.set(i, 0, 0xFFFFFF if i % 2 else 0)
            t = benchlib.now_us()
            out.render(c)
            times.append(benchlib.elapsed_us(t))
        benchlib.report("fw_output_" + name + "_median", benchlib.median(times) / 1000, "ms")
        out = c = None


def bench_save():
    """A Ta Yü save late in a game (moves 41-80), each after one more move: with the store's
    memo of the moves it wrote (what the board does) and written from nothing (as before)."""
    from firmware.store import MoveTexts, Store
    from shared_rules.tayu import rules as tayu

    st = tayu.new_game(2, 11)
    while st.history_len() < 80 and not st.is_over():
        st.apply(tayu.greedy_move(st))
    n = st.history_len()
    head = {"game": "tayu", "options": {"players": 2, "bots": [1]}, "seed": 11, "secret": 5}
    for name, fresh in (("memo", False), ("whole", True)):
        store = Store(fs=bh.MemFS(), folder="")
        times = []
        for k in range(n // 2, n + 1):
            if fresh:
                store.forget()
            gc.collect()
            t = benchlib.now_us()
            store.save(dict(head, moves=MoveTexts(st.move_text, k)))
            times.append(benchlib.elapsed_us(t))
        benchlib.report("fw_save_tayu_" + name + "_median", benchlib.median(times) / 1000, "ms")
        store = None


bench_output()  # first: the 48 x 48 canvas wants one big block of a fresh heap
gc.collect()
bh = __import__("board_helpers")
btn = bh.btn
if MP:
    gc.collect()
    benchlib.report("fw_heap_code_loaded", gc.mem_alloc() // 1024, "KiB")
bench_frame()
bench_game()
bench_save()
