"""`lanterne log`: record the board's serial events, one JSON-lines file per game.

Each record is one line with the host time `t` and exactly one of: `board` (an event object as
the board sent it), `raw` (a line that was not a JSON object, kept verbatim), `sent` (a command
this tool sent), `note` (what the host noticed: gap, restart, disconnected, reconnected). Every
record is flushed and synced before the next line is read, so nothing received is lost on Ctrl-C
or a crash. Lines outside any game go to a session file. See docs/host.md.
"""

import json
import os
import shlex
import time
from pathlib import Path

import click

from lanterne import untrusted
from lanterne.device import choose_port, port_option
from lanterne.send import parse_command
from lanterne.stream import BoardLink, now_iso
from lanterne.untrusted import file_part, printable, short
from lanterne.words import Narrator

MAX_RAW = 64 * 1024  # characters of a non-JSON line kept in the log (a runaway line is cut)
MAX_FILES = 100  # game files one session may open; later games go on in the session file


class Recorder:
    """Routes every line to the right file and notices gaps in the sequence numbers."""

    def __init__(self, folder, echo=click.echo, max_files=MAX_FILES):
        self.folder = Path(folder)
        self.max_files = max_files
        self.game_files = 0        # game files opened (at most max_files)
        self.game_moves = 0        # move events written to the game file in progress
        self.full = False          # max_files reached (said once)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.echo = echo
        self.session = None        # file for lines outside a game
        self.game = None           # file of the game in progress
        self.game_key = None       # (game, seed, options) of the game file last written
        self.game_path = None
        self.last_hello = None
        self.expect_seq = None
        self.files = []
        self.lines = 0
        self.games_ended = 0
        self.words = Narrator(keep=1, numbered=True)

    # -- files ------------------------------------------------------------------------------
    def _open(self, stem):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.folder / f"{stamp}-{stem}.jsonl"
        i = 1
        while path.exists():
            i += 1
            path = self.folder / f"{stamp}-{stem}-{i}.jsonl"
        self.files.append(path)
        return path, open(path, "a", encoding="utf-8")

    def _write(self, f, record):
        f.write(json.dumps(record) + "\n")  # ASCII: a lone surrogate stays escaped
        f.flush()
        os.fsync(f.fileno())
        self.lines += 1

    def _target(self):
        if self.game is not None:
            return self.game
        if self.session is None:
            _, self.session = self._open("session")
        return self.session

    def write(self, record):
        self._write(self._target(), record)

    def note(self, note, t=None, **fields):
        rec = {"t": t or now_iso(), "note": note}
        rec.update(fields)
        self.write(rec)

    def close(self):
        for f in (self.game, self.session):
            if f is not None:
                f.close()
        self.game = self.session = None

    # -- lines ------------------------------------------------------------------------------
    def sent(self, cmd):
        self.write({"t": now_iso(), "sent": cmd})

    def line(self, line):
        """Record one received Line; returns a short text for the console (or None)."""
        obj = line.obj
        if obj is None:
            self.write({"t": line.t, "raw": line.text[:MAX_RAW]})
            return "raw: " + printable(line.text[:100])
        self._check_seq(obj, line.t)
        ev = obj.get("ev")
        if ev == "hello":
            self.last_hello = obj
        if ev == "new":
            self._start_game(obj, line.t)
        elif ev == "move":
            self.game_moves += 1
        self.write({"t": line.t, "board": obj})
        if ev == "end":
            self.games_ended += 1
            if self.game is not None:
                self.game.close()
            self.game = None
        return printable(self.words.line(obj))  # the event in words (lanterne.words)

    def _check_seq(self, obj, t):
        seq = untrusted.sequence(obj)  # an integer 0..2**63 (anything else is not a sequence)
        if seq is None:
            return
        if self.expect_seq is not None and seq != self.expect_seq:
            if seq < self.expect_seq:
                self.note("restart", t, expected=self.expect_seq, got=seq,
                          msg="sequence number went back: the board restarted")
                self.echo(f"note: the board restarted (sequence number back to {seq})")
            else:
                self.note("gap", t, expected=self.expect_seq, got=seq)
                self.echo(f"note: gap in sequence numbers: expected {self.expect_seq}, "
                          f"got {seq} ({seq - self.expect_seq} line(s) lost)")
        self.expect_seq = seq + 1

    def _start_game(self, obj, t):
        """A `new` event: a new file when it is a real new game. Not for a resumed game or a
        repeated `new` of a game with no move yet (they continue its file), nor for a `new`
        whose fields are wrong (it is recorded where lines go now), nor once `max_files` game
        files were opened (then the session file takes the rest, said once)."""
        try:
            fields = untrusted.new_event(obj)
            if fields["game"] not in untrusted.games():
                raise untrusted.BadInput(f"unknown game {short(fields['game'])}")
        except untrusted.BadInput as exc:
            self.echo(printable(f"note: a 'new' event with wrong fields ({exc}): no new file"))
            return
        key = (fields["game"], fields["seed"], json.dumps(fields["options"], sort_keys=True))
        same = key == self.game_key and self.game_path is not None
        if same and (obj.get("resumed") is True or (self.game is not None and
                                                     not self.game_moves)):
            if self.game is None:
                self.game = open(self.game_path, "a", encoding="utf-8")
            if obj.get("resumed") is True:
                self.echo(f"game resumed: continuing {self.game_path.name}")
            else:
                self.echo(f"the same game again, before any move: continuing "
                          f"{self.game_path.name}")
            return
        if self.game is not None:
            self.game.close()
            self.game = None
        if self.game_files >= self.max_files:
            if not self.full:
                self.full = True
                self.echo(f"note: {self.game_files} game files written in this session (the "
                          f"most one session opens, --max-files): the next games go on in the "
                          f"session file")
                self.note("file_limit", t, files=self.game_files)
            self.game_key = self.game_path = None
            return
        stem = f"{file_part(fields['game'])}-s{fields['seed']}"
        self.game_path, self.game = self._open(stem)
        self.game_files += 1
        self.game_moves = 0
        self.game_key = key
        if self.last_hello is not None:
            self._write(self.game, {"t": t, "note": "hello", "board": self.last_hello})
        self.echo(f"new game -> {self.game_path}")


def run_log(port, folder, send=(), resume=False, games=None, echo=click.echo, timeout=None,
            max_files=MAX_FILES):
    """Record until Ctrl-C (or `games` games ended); returns the Recorder. `timeout`: seconds
    to wait for the port at the start (None: as long as it takes)."""
    rec = Recorder(folder, echo=echo, max_files=max_files)

    def status(kind, msg):
        echo(msg)
        if kind in ("disconnected", "reconnected"):
            rec.note(kind)

    pending = [{"cmd": "hello"}] + [
        parse_command([c] if c.lstrip().startswith("{") else shlex.split(c)) for c in send]
    link = BoardLink(port, reconnect=True, on_status=status)
    try:
        link.open(wait=timeout)  # a board not plugged in yet: wait for it (Ctrl-C stops)
        echo(f"logging {port} into {rec.folder}/ (Ctrl-C to stop)")
        connects = link.connects
        while games is None or rec.games_ended < games:
            if link.connects != connects:  # the board came back: ask who it is, maybe resume
                connects = link.connects
                pending = [{"cmd": "hello"}] + ([{"cmd": "resume"}] if resume else [])
            while pending:
                cmd = pending.pop(0)
                link.send(cmd)
                rec.sent(cmd)
            line = link.readline(timeout=0.5)
            if line is None:
                continue
            text = rec.line(line)
            if text:
                echo(text)
    except KeyboardInterrupt:
        echo("stopped")
    finally:
        link.close()
        rec.close()
    echo(f"{rec.lines} line(s) recorded in {len(rec.files)} file(s)")
    return rec


@click.command(short_help="Record the games played on the board into files.")
@port_option
@click.option("--dir", "folder", default="games", show_default=True, metavar="DIR",
              help="folder for the log files (one per game, plus one per session)")
@click.option("--send", multiple=True, metavar="CMD",
              help="a command to send once connected, written as for `lanterne send` "
                   "(e.g. \"new tayu seed=7 'bots=[1]'\"); may be given several times")
@click.option("--resume", is_flag=True,
              help="when the board comes back after being unplugged, ask it to resume its "
                   "saved game")
@click.option("--games", type=click.IntRange(1), default=None, metavar="N",
              help="stop after N games ended (default: until Ctrl-C)")
@click.option("--timeout", type=click.FloatRange(0), default=None, metavar="SECONDS",
              help="give up when the port has not appeared after this long (default: wait)")
@click.option("--max-files", type=click.IntRange(1, 10_000), default=MAX_FILES,
              show_default=True, metavar="N",
              help="open at most N game files in this session (then the session file takes "
                   "the rest)")
def log(port, folder, send, resume, games, timeout, max_files):
    """Record everything the board says into files: one per game, with the time of each line.

    Leave it running while you play. It keeps going if the board is unplugged and plugged back
    (it waits, reconnects and says so), notes lines that were lost, keeps any non-JSON output
    (an error trace) as it came, and writes every line to disk as it arrives, so nothing is
    lost on Ctrl-C. Check a recorded game afterwards with `lanterne replay FILE`.
    """
    run_log(choose_port(port), folder, send=send, resume=resume, games=games, timeout=timeout,
            max_files=max_files)
