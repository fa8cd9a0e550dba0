"""Never frozen, whatever the heap (issue 28): the real board (unixport/main.py, the .mpy build
as on a Pico) on the MicroPython unix port at every heap size from the smallest that boots to
the tests' heap (PICO_HEAP), driven over its serial line through every start, switch, move, menu and
resume of every registered game. At any heap: no `internal` error, no traceback, no exit, and
every `state` answered by a mode; a start that finds no room says `memory` and leaves the board
as it was.

At the tests' heap every game's first start finds room (the first round: each game after the
one before). The second round's starts meet a heap that has held every game's code, left in
pieces by the names each one interned (MicroPython never frees them) and by what the real
clock's collections happened to leave where: whether one of them finds room moves with that
layout (this machine's last refusal in the second round is at 304k; CI at b2b87f7 met one at
328k). A Pico answers that heap with a restart from a clean one (firmware/relaunch.py,
tests/pico/test_pico_relaunch.py), which the unix port cannot make; here a refusal there is
the board's right answer, checked as every other."""

import json
import os
import queue
import subprocess
import threading

from lanterne import gamehooks

from firmware import games
from shared_rules import registry
from tests.mp import PICO_HEAP, ROOT, micropython_exe, mpy_tree

STEP_K = 8  # the sweep's step, KB
MOVES = 6  # host moves a game gets at each heap
HEAP_K = int(PICO_HEAP.rstrip("k"))
LONG = ("options", "moves", "tile")  # fields a failure's transcript leaves out


class Board:
    """The board in a process of its own; `ask` sends one command and returns the lines it
    answered (a `hello` sent after it marks where they end)."""

    def __init__(self, heap_k, folder):
        folder.mkdir(exist_ok=True)
        env = dict(os.environ, MICROPYPATH=f"{mpy_tree()}:{ROOT}:.frozen")
        self.proc = subprocess.Popen(
            [micropython_exe(), "-X", f"heapsize={heap_k}k", "unixport/main.py",
             "--dir", str(folder), "--exit-on-eof"],
            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        self.transcript = []  # the last commands and replies, for a failure's message
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def ask(self, cmd):
        self.proc.stdin.write(json.dumps(cmd) + "\n" + '{"cmd": "hello", "x": "end"}\n')
        self.proc.stdin.flush()
        out = []
        while True:
            line = self.lines.get(timeout=60)
            assert line is not None, f"the board exited: {self.proc.stderr.read()[-2000:]}"
            try:
                ev = json.loads(line)
            except ValueError:
                raise AssertionError(f"not a line of the protocol: {line!r}") from None
            if ev["ev"] == "hello" and out is not None and ev["seq"] > 0:
                self.transcript = self.transcript[-30:] + ["> " + json.dumps(cmd)] + [
                    "  " + json.dumps({k: e[k] for k in e if k not in LONG})[:300] for e in out]
                return out
            out.append(ev)

    def close(self):
        """End of input: the board must exit by itself, cleanly."""
        self.proc.stdin.close()
        code = self.proc.wait(timeout=60)
        return code, self.proc.stderr.read()


def boots(heap_k, folder):
    """The board starts at this heap and answers the host's `state`."""
    b = Board(heap_k, folder)
    try:
        answered = any(e["ev"] == "state" for e in b.ask({"cmd": "state"}))
        return b.close()[0] == 0 and answered
    except AssertionError:
        b.proc.kill()
        return False


def check_reply(lines, where):
    """No `internal` error, and every line well formed."""
    for ev in lines:
        assert ev.get("code") != "internal", (where, ev)


def state(b, where):
    lines = b.ask({"cmd": "state"})
    check_reply(lines, where)
    states = [e for e in lines if e["ev"] == "state"]
    assert states and states[-1].get("mode"), (where, lines)  # a mode always answers
    return states[-1]


def session(heap_k, folder):
    """Every start, switch, move, menu and resume of every game at one heap size; returns how
    many starts found no room in each round: [first, second]."""
    b = Board(heap_k, folder)
    try:
        return play_everything(b, heap_k)
    except AssertionError as exc:
        raise AssertionError(f"{exc}\nthe last lines:\n" + "\n".join(b.transcript)) from None
    finally:
        if b.proc.poll() is None:
            b.proc.kill()


def play_everything(b, heap_k):
    refused = [0, 0]
    names = games.names()
    for i in range(len(names) * 2):  # every game twice: each switch from every other one
        game = names[i % len(names)]
        where = f"{heap_k}k {game} #{i}"
        options = {"players": games.spec(game).DEFAULT_PLAYERS, "bots": []}
        before = state(b, where)
        lines = b.ask({"cmd": "new", "game": game, "options": options, "seed": 5 + i})
        check_reply(lines, where)
        new = [e for e in lines if e["ev"] == "new"]
        if not new:
            assert [e.get("code") for e in lines] == ["memory"], (where, lines)
            refused[i // len(names)] += 1
            after = state(b, where)  # the game (or menu) that was there, or the game's save
            assert after.get("digest") == before.get("digest") or (
                before.get("game") and after["mode"] == "menu" and after["saved"]), where
            continue
        host = gamehooks.starts(game, new[0]["options"], new[0]["seed"])[0]
        for _ in range(MOVES):
            if host.is_over():
                break
            move = registry.engine(game).greedy_move(host)
            lines = b.ask({"cmd": "move", "move": str(move)})
            check_reply(lines, where)
            if any(e["ev"] == "move" for e in lines):
                host.apply(move)
                continue
            # no room somewhere on the way: said once by each loop pass that found none (a
            # move takes two: the move and its frame, then its save and events; whether the
            # second finds room too moves with the real clock's collections on a loaded
            # machine: CI at 68e594d), and the board's state tells whether the move stands
            # (it is announced then, at the latest with the next reply)
            codes = [e.get("code") for e in lines]
            assert codes in (["memory"], ["memory", "memory"]), (where, lines)
            now = state(b, where)
            if now.get("game") != game:  # no room even to take a half move back: the game
                assert now["saved"], (where, now)  # left for its save (RESUME), sound
                break
            n = now.get("n")
            assert n in (host.history_len(), host.history_len() + 1), (where, n)
            if n == host.history_len() + 1:
                host.apply(move)
        got = state(b, where)
        if got.get("game") == game and "moves" in got:
            assert got["digest"] == host.digest(), where
        if i % 2:  # the menu, then back into the game saved
            check_reply(b.ask({"cmd": "menu"}), where)
            state(b, where)
            check_reply(b.ask({"cmd": "resume"}), where)
            state(b, where)
    code, err = b.close()
    assert code == 0 and "Traceback" not in err, (heap_k, err[-2000:])
    return refused


def test_every_heap_from_the_smallest_that_boots_keeps_a_mode(tmp_path):
    low = HEAP_K
    while low - STEP_K > 0 and boots(low - STEP_K, tmp_path / f"boot{low}"):
        low -= STEP_K
    assert low < HEAP_K - 48, low  # the board boots with far less than the tests' heap
    refused = {}
    for heap_k in range(low, HEAP_K + 1, STEP_K):
        refused[heap_k] = session(heap_k, tmp_path / f"h{heap_k}")
    assert refused[HEAP_K][0] == 0, refused  # at the tests' heap every game starts at first
    assert refused[low][0] > 0, refused  # the sweep reached heaps where starts find no room
