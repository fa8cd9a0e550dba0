"""A hostile "board" for host tests, run behind a pseudo-terminal by ptyboard (`hostile_argv`).

    python hostile_board.py evil     answer every line with the lines of EVIL (then an `end`)
    python hostile_board.py chatter  send garbage without end, whatever comes in (Ctrl-C too)
"""

import os
import select
import signal
import sys

DEEP = "[" * 100_000
EVIL = [
    DEEP,
    '{"v": 1, "seq": 0, "ev": "hello", "profile": "../../../etc/passwd", "fw": "\\u001b[2J",'
    ' "games": [5, "\\u001b[31m"]}',
    '{"v": 1, "seq": 1, "ev": "hello", "profile": 5}',
    '{"v": 1, "seq": 2, "ev": "new", "game": "a/b", "seed": "../x", "options": {"players": 2}}',
    '{"v": 1, "seq": 3, "ev": "new", "game": "tayu", "seed": 1e999, "options": 5}',
    '{"v": 1, "seq": 4, "ev": "error", "code": "x", "msg": "\\u001b]0;pwned\\u0007\\u001b[31mred'
    ' \\ud800 \\u009b"}',
    '{"v": 1, "seq": 5, "ev": "move", "n": 1, "move": 5, "player": "x", "digest": [1]}',
    '{"v": 1, "seq": 6, "ev": "state", "game": "tayu", "seed": 7, "options": {"players": 4.0}}',
    '{"v": 1, "seq": 7, "ev": "new", "game": "tayu", "seed": 7, "options": {"players": 2}}',
    '{"v": 1, "seq": 8, "ev": "move", "n": "1", "move": "9,8,E"}',
    '{"v": 1, "seq": 9, "ev": "undo", "move": {"x": 1}}',
    '{"v": 1, "seq": 10, "ev": "end", "scores": 5, "winner": NaN}',
    "\udcff\x1b[2J raw garbage \x00",
    '{"v": 1, "seq": ' + "9" * 4300 + ', "ev": "hello", "profile": "ref32"}',
    '{"v": 1, "seq": 1.5e3, "ev": "hello", "profile": "secret"}',
    '{"v": 1, "seq": 12, "ev": "new", "game": "tayu", "seed": 99999999999, "options": {}}',
    '{"v": 1, "seq": 13, "ev": "end", "scores": [0, 0], "winner": -1}',
]


def out(data):
    os.write(1, data)


def evil():
    while True:
        r, _, _ = select.select([0], [], [], 0.5)
        if r and not os.read(0, 4096):
            return
        if r:
            for line in EVIL:
                out(line.encode("utf-8", "surrogateescape") + b"\r\n")


def chatter():
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C does not stop it
    junk = bytes(range(256)).replace(b"\x04", b"") * 4
    while True:
        select.select([], [], [], 0.002)
        out(junk)


if __name__ == "__main__":
    out(b"hostile board\r\n")  # something at once: ptyboard waits for a first byte
    {"evil": evil, "chatter": chatter}[sys.argv[1]]()
