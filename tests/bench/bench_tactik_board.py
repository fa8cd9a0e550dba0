"""Tac-Tik on the board, on CPython and the MicroPython unix port: time from a button event to
the frame being ready while choosing a 7x1 step by step in a crowded 6-player position (physical
cards on the 32 x 32 reference panel), bytes allocated per frame, the heap while a 6-player
game with bots is in progress, and a save and an undo late in a long game."""

import gc

try:
    import benchlib
except ImportError:  # run as a module from the repository root
    from tests.bench import benchlib

benchlib.setup_path()
MP = benchlib.MICROPYTHON

# The engine first, then the board's modules, then the board (heap order as on the Pico).
from shared_rules.tactik import setup as tactik_setup  # noqa: E402, I001
from firmware import buttons as btn  # noqa: E402
from firmware.games import tactik as tactik_mode  # noqa: E402, F401
from tactik_script import FileStore, Session  # noqa: E402

BOARD = Session(bot_delay_ms=0, store=FileStore())  # saves to files, as a board to its flash

# Red to move with three pawns and a stake out, every other colour crowding the track.
CROWDED = {
    "red": ["T0*", "T5", "T9", "T20"], "black": ["T16*", "T24", "T30"],
    "blue": ["T6", "T12", "T40"], "yellow": ["T3", "T48*", "T60"],
    "white": ["T15", "T64", "T70"], "green": ["T80*", "T90", "T22"],
}
SCRIPT = ("right", "right", "left", "a", "right", "a", "b", "right", "a", "left", "a", "a",
          "b", "right", "a", "a")


def _press(s, button, times):
    """One button event straight into the mode, then the frame: returns microseconds."""
    t = benchlib.now_us()
    s.app.mode.on_button(button, btn.PRESS, s.hw.now)
    s.app.frame()
    times.append(benchlib.elapsed_us(t))
    s.hw.now += 150


def bench_seven_choice():
    """Button -> frame ready while choosing a 7x1 step by step among crowded pawns."""
    names = {"left": btn.LEFT, "right": btn.RIGHT, "a": btn.A, "b": btn.B, "down": btn.DOWN}
    times = []
    for _round in range(3):
        s = BOARD.start(players=6, cards="real")
        s.set_position(tactik_setup.from_positions(CROWDED, players=6, physical_cards=True))
        for _ in range(10):
            s.app.mode.on_button(btn.DOWN, btn.PRESS, s.hw.now)
        assert s.mode._cards_to_pick()[s.mode.card_i] == "7"
        s.app.frame()
        for name in SCRIPT:
            if len(s.mode.steps) >= 7 and name == "a":
                continue  # stay in the choice: do not play the 7x1
            _press(s, names[name], times)
    benchlib.report("tactik_board_button_to_frame_7x1_median", benchlib.median(times) / 1000,
                    "ms")
    benchlib.report("tactik_board_button_to_frame_7x1_worst", max(times) / 1000, "ms")


def bench_frame_allocation():
    """Bytes allocated by drawing and sending one frame (MicroPython; CPython reports -)."""
    if not MP:
        return
    s = BOARD.start(players=6, cards="real")
    s.set_position(tactik_setup.from_positions(CROWDED, players=6, physical_cards=True))
    s.app.frame()
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(10):
        s.hw.now += 125
        s.mode.now = s.hw.now
        s.app.frame()
    used = gc.mem_alloc() - before
    gc.enable()
    benchlib.report("tactik_board_bytes_per_frame", used // 10, "B")


def bench_heap_six_players():
    """Heap with the code and board loaded, then the peak while a whole 6-player game (seed 3:
    560 moves, five bots and the human's buttons) runs to its end."""
    from tactik_script import play_turn

    raw = benchlib.PeakHeap()  # whatever the heap holds, garbage included
    s = BOARD.start(players=6, seed=3, bots=[1, 2, 3, 4, 5])
    gc.collect()
    start = benchlib.heap_used()
    live = start  # what stays after a collection: the game in progress, the app, the code
    moves = 0
    while not s.state.is_over():
        if s.state.current_player == 0 and not s.mode.frames:
            play_turn(s)
        else:
            s.wait(50)
        raw.sample()
        if s.mode.count != moves:
            moves = s.mode.count
            gc.collect()
            live = max(live, benchlib.heap_used())
    benchlib.report("tactik_board_heap_at_start_6p", start // 1024, "KB")
    benchlib.report("tactik_board_heap_live_peak_6p", live // 1024, "KB")
    benchlib.report("tactik_board_heap_sampled_peak_6p", raw.peak // 1024, "KB")
    benchlib.report("tactik_board_heap_moves_sampled", moves, "moves")


def _save_late(s):
    """The board's save record of that game (its history's chunks of records, "@" and base64)
    written to a file system in memory, as the store does at every move."""
    from memfs import MemFS

    from firmware.store import Store

    store = Store(fs=MemFS(), folder="")
    times = []
    for _ in range(30):
        record = s.mode.save_record()
        gc.collect()
        t = benchlib.now_us()
        store.save(record)
        times.append(benchlib.elapsed_us(t))
    benchlib.report("tactik_board_save_after_400_moves", benchlib.median(times) / 1000, "ms")
    benchlib.report("tactik_board_save_bytes_400_moves", len(store.fs.files["game.sav"]), "bytes")


def bench_undo_long_game():
    """A save and an undo after 400 moves: the undo replays the game from its seed (button to
    state ready)."""
    s = BOARD.start(players=6, seed=6, bots=[0, 1, 2, 3, 4, 5])  # a 667-move game
    while s.mode.count < 400 and not s.state.is_over():
        s.wait(50)
    s.settle()
    _save_late(s)
    t = benchlib.now_us()
    s.mode.undo()
    benchlib.report("tactik_board_undo_after_400_moves", benchlib.elapsed_us(t) / 1000, "ms")
    assert s.mode.count == 399


if __name__ == "__main__":
    bench_seven_choice()
    bench_frame_allocation()
    bench_heap_six_players()
    bench_undo_long_game()
    BOARD.store.close()
