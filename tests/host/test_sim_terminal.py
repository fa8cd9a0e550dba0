"""`lanterne sim` in a terminal (a pseudo-terminal here): every key of a burst reaches the
board, and the game is kept in a folder of the user's so RESUME offers it at the next start."""

import contextlib
import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time

from lanterne import sim

from firmware import buttons as btn

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _presses_seen(s):
    """Wrap the board's button logic to list the events it gives the app."""
    seen = []
    update = s.app.buttons.update

    def spy(mask, now):
        events = update(mask, now)
        seen.extend(events)
        return events

    s.app.buttons.update = spy
    return seen


def test_a_burst_of_the_same_key_presses_the_button_each_time():
    with sim.Simulator("ref32") as s:
        s.boot()
        seen = _presses_seen(s)
        keys = sim.KeyQueue()
        # one read from the terminal: Down Down Down, A, then long B
        for key in sim.key_presses("\x1b[B\x1b[B\x1b[Bz"):
            keys.add(*key)
        t = 0.0
        while t < 2.0:
            keys.tick(t, lambda b: setattr(s.hw, "mask", s.hw.mask | 1 << b),
                      lambda b: setattr(s.hw, "mask", s.hw.mask & ~(1 << b)))
            s.app.step()
            s.hw.sleep_ms(sim.STEP_MS)
            t += sim.STEP_MS / 1000
        assert [e for e in seen if e[0] == btn.DOWN] == [(btn.DOWN, btn.PRESS)] * 3
        assert [e for e in seen if e[0] == btn.A] == [(btn.A, btn.PRESS)]
        assert keys.held() == [] and s.hw.mask == 0


def test_a_held_key_stops_soon_after_it_is_let_go():
    keys = sim.KeyQueue(cap=3)
    for _ in range(30):  # the terminal's auto-repeat while the key is held
        keys.add(btn.DOWN, False)
    pressed = []
    t = 0.0
    while t < 5.0:
        keys.tick(t, pressed.append, lambda b: None)
        t += 0.01
    assert pressed == [btn.DOWN] * 3


def _read_until(fd, pattern, seen=b"", timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(pattern, seen):
            return seen
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    raise AssertionError(f"{pattern!r} never shown; the screen ended with {seen[-300:]!r}")


def _drain(master, until, timeout=30):
    """Read the screen (a terminal nobody reads would block its writes) until `until()`."""
    deadline = time.monotonic() + timeout
    while not until() and time.monotonic() < deadline:
        if select.select([master], [], [], 0.2)[0]:
            try:
                os.read(master, 65536)
            except OSError:
                break


@contextlib.contextmanager
def _terminal(env, *args):
    """`lanterne sim` in a pseudo-terminal: yields its side of the terminal; q at the end."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 160, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "lanterne", "sim", "--bot-delay", "50", *args],
                            cwd=ROOT, env=env, stdin=slave, stdout=slave, stderr=slave,
                            start_new_session=True)
    os.close(slave)
    try:
        yield master
        os.write(master, b"q")
        _drain(master, lambda: proc.poll() is not None)
        assert proc.wait(timeout=5) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


def _play_one_move_and_quit(save, env, *args):
    with _terminal(env, *args) as master:
        seen = _read_until(master, rb"menu: ")
        os.write(master, b"z")  # START: Ta Yu against the bot
        seen = _read_until(master, rb"seat 0 \(human", seen)  # the status line of a game
        os.write(master, b"Z")  # long A: the ghost goes to a legal spot
        _drain(master, lambda: False, 1.5)
        os.write(master, b"z")  # placed
        _drain(master, save.is_file)  # saved after the move
        _drain(master, lambda: False, 1)
    return seen


def _start_and_quit(env, *args):
    with _terminal(env, *args) as master:
        return _read_until(master, rb"menu: (.|\n)*serial:")  # the side panel to its end


def test_a_terminal_game_is_kept_for_resume_in_the_users_folder(tmp_path):
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    folder = tmp_path / "state" / "lanterne" / "sim" / "ref32"
    first = _start_and_quit(env)
    assert b"saves in " in first and b"RESUME continues" not in first
    _play_one_move_and_quit(folder / "game.sav", env)
    assert (folder / "game.sav").is_file()
    again = _start_and_quit(env)
    assert b"RESUME continues the saved game" in again
    # --dir still decides: an empty folder given there offers no RESUME
    other = tmp_path / "other"
    fresh = _start_and_quit(env, "--dir", str(other))
    assert b"RESUME continues" not in fresh and other.is_dir()


def test_a_press_lasts_two_steps_of_the_board_however_slow_they_are():
    keys = sim.KeyQueue()
    keys.add(btn.A, False)
    keys.add(btn.A, False)
    log = []
    for t in range(8):  # each step of the board took a whole second
        keys.tick(float(t), lambda b, t=t: log.append(("press", t)),
                  lambda b, t=t: log.append(("up", t)))
    assert log == [("press", 0), ("up", 2), ("press", 4), ("up", 6)]


def test_events_in_a_terminal_are_printed_once_the_player_quits(tmp_path):
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 160, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "lanterne", "sim", "--events"], cwd=ROOT,
                            env=env, stdin=slave, stdout=slave, stderr=slave,
                            start_new_session=True)
    os.close(slave)
    try:
        seen = _read_until(master, rb"menu: ")
        assert b'"ev": "hello"' not in seen.split(b"serial:")[0]  # nothing printed mid-game
        os.write(master, b"q")
        # the terminal is given back (cursor shown), then the lines, from the board's hello on
        _read_until(master, rb'\x1b\[\?25h\s*\{[^\n]*"ev": "hello"[^\n]*\n')
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
