"""How the recorded sessions beside this file were made: the real firmware app (the simulated
board of tests/firmware/board_helpers.py, virtual clock) played by a host that sends moves for
seat 0 while the board's bots play the other seats; the player takes moves back on the board
(long B, then A: the human's move and the bot replies after it, one `undo` event each, the
digest on the last only) and from the host (`undo`); the board is then reset (a second
`hello`), the game resumed from its save (`resume`) and played on to its end.

    .venv/bin/python tests/host/data/record.py      # from the repository root

writes tayu-undo.jsonl, tactik-undo.jsonl (the board's lines as it sent them) and
tayu-game.sav, tactik-game.sav (the board's save, taken in the middle of the game).
"""

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
for p in (ROOT, ROOT / "host", ROOT / "tests" / "firmware"):
    sys.path.insert(0, str(p))

import board_helpers as bh  # noqa: E402

from shared_rules.tactik import rules as tactik  # noqa: E402
from shared_rules.tayu import rules as tayu  # noqa: E402


class Recording(bh.Board):
    """A simulated board that keeps every line it sends (the helpers keep the last few)."""

    def __init__(self, out, **kw):
        self.out = out
        super().__init__(**kw)

    def write(self, line):
        self.out.append(line.rstrip("\n"))
        super().write(line)


def host_move(b, engine):
    """Seat 0's move, chosen with the engine's greedy bot, sent as `lanterne send move` does."""
    st = b.app.mode.state
    b.send({"cmd": "move", "move": str(engine.greedy_move(st))})
    b.settle()


def seat0_turn(b):
    """Let the bots play until seat 0 is to move (or the game is over)."""
    for _ in range(2000):
        st = b.app.mode.state if b.app.mode is not None else None
        if st is None or st.is_over() or (st.current_player == 0 and b.app.idle()):
            return
        b.advance(100)


def board_undo(b):
    """Long B then A: the human's last move and the bot replies after it are taken back."""
    b.presses("b:long")
    b.presses("a")
    b.settle()


def session(name, engine, new, rounds, undo_every, save_at):
    lines = []
    fs = bh.DirFS()
    b = Recording(lines, fs=fs, bot_delay_ms=100)
    b.send(new)
    for i in range(rounds):
        seat0_turn(b)
        host_move(b, engine)
        seat0_turn(b)
        if i % undo_every == undo_every - 1:
            board_undo(b)
            seat0_turn(b)
            host_move(b, engine)
            seat0_turn(b)
    b.send({"cmd": "undo"})  # the host's undo: one move, with its digest
    b.settle()
    shutil.copyfile(fs.p("game.sav"), HERE / f"{name}-game.sav")
    # the board is reset (unplugged): it boots to its menu, and is told to resume
    b = Recording(lines, fs=fs, bot_delay_ms=100)
    b.send({"cmd": "resume"})
    b.settle()
    for i in range(10000):
        st = b.app.mode.state
        if st.is_over():
            break
        seat0_turn(b)
        if b.app.mode.state.is_over():
            break
        host_move(b, engine)
        if i == 2:
            seat0_turn(b)
            board_undo(b)
    b.settle()
    fs.close()
    (HERE / f"{name}-undo.jsonl").write_text("".join(line + "\n" for line in lines))
    evs = [json.loads(line) for line in lines]
    print(name, len(lines), "lines,", sum(e["ev"] == "undo" for e in evs), "undo events,",
          sum(e["ev"] == "hello" for e in evs), "hellos, ends:",
          [e["scores"] for e in evs if e["ev"] == "end"])


if __name__ == "__main__":
    session("tayu", tayu, {"cmd": "new", "game": "tayu", "seed": 5,
                           "options": {"players": 2, "edition": "goliath", "bots": [1]}},
            rounds=6, undo_every=3, save_at=None)
    session("tactik", tactik, {"cmd": "new", "game": "tactik", "seed": 4,
                               "options": {"players": 4, "bots": [1, 2, 3]}},
            rounds=6, undo_every=3, save_at=None)
