"""unixport/main.py: the real board app on the MicroPython unix port (and CPython) with
stand-in hardware, its serial link on stdin/stdout (a pipe or a pseudo-terminal), saves in a
folder."""

import json
import os
import pty
import select
import subprocess
import sys
import time

import pytest

from tests.mp import PICO_HEAP, ROOT, micropython_exe, mpy_tree

RUNTIMES = ["micropython", "cpython"]


def command(runtime, *args):
    if runtime == "micropython":
        return [micropython_exe(), "-X", "heapsize=" + PICO_HEAP, "unixport/main.py", *args]
    return [sys.executable, "unixport/main.py", *args]


def run(runtime, lines, *args, timeout=120):
    env = dict(os.environ, MICROPYPATH=f"{mpy_tree()}:{ROOT}:.frozen")  # .mpy, as on a Pico
    text = "".join(line if isinstance(line, str) else json.dumps(line) + "\n" for line in lines)
    proc = subprocess.run(command(runtime, "--exit-on-eof", *args), cwd=ROOT, input=text,
                          capture_output=True, text=True, timeout=timeout, env=env)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_session_over_a_pipe(runtime, tmp_path):
    out = run(runtime, [
        {"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": [1]}, "seed": 3},
        "this is not json\n",
        {"cmd": "move", "move": "0,0,E"},
        {"cmd": "state"},
    ], "--dir", str(tmp_path))
    assert [e["seq"] for e in out] == list(range(len(out)))
    assert all(e["v"] == 1 for e in out)
    assert out[0]["ev"] == "hello" and out[0]["profile"] == "ref32"
    assert out[1]["ev"] == "new" and out[1]["seed"] == 3
    assert [e.get("code") for e in out[2:4]] == ["bad_json", "illegal"]
    st = out[4]
    assert st["ev"] == "state" and st["moves"] == [] and st["to_move"] == 0
    # the game was saved: a second boot offers it, and `resume` brings it back
    out = run(runtime, [{"cmd": "state"}, {"cmd": "resume"}, {"cmd": "state"}],
              "--dir", str(tmp_path))
    assert out[1]["saved"] is True
    assert out[2]["ev"] == "new" and out[2]["resumed"] is True
    assert out[3]["digest"] == st["digest"]


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_a_clean_start_of_another_game_starts_in_place(runtime, tmp_path):
    """The unix port has no soft reset (its machine module none): a `clean` start of another
    game, which a Pico restarts for, starts in place, as docs/protocol.md says."""
    out = run(runtime, [
        {"cmd": "new", "game": "tayu", "options": {"players": 2, "bots": []}, "seed": 3},
        {"cmd": "new", "game": "wuxing", "options": {"bots": []}, "seed": 4, "clean": True},
        {"cmd": "state"},
    ], "--dir", str(tmp_path))
    assert [e["ev"] for e in out] == ["hello", "new", "new", "state"], out
    assert out[2]["game"] == "wuxing" and out[3]["game"] == "wuxing"


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_bots_play_a_whole_game_by_themselves(runtime, tmp_path):
    out = run(runtime, [{"cmd": "new", "game": "tayu", "seed": 4,
                         "options": {"players": 2, "edition": "goliath", "bots": [0, 1]}}],
              "--dir", str(tmp_path), "--bots", "--bot-delay", "1")
    moves = [e for e in out if e["ev"] == "move"]
    end = [e for e in out if e["ev"] == "end"]
    assert len(end) == 1 and len(moves) == end[0]["n"] > 20
    assert all(m["bot"] for m in moves)
    assert not (tmp_path / "game.sav").exists()  # finished: nothing to resume


def test_both_runtimes_play_the_same_game(tmp_path):
    lines = [{"cmd": "new", "game": "tayu", "seed": 8,
              "options": {"players": 2, "edition": "kosmos", "bots": [0, 1]}}]
    got = []
    for runtime in RUNTIMES:
        d = tmp_path / runtime
        d.mkdir()
        out = run(runtime, lines, "--dir", str(d), "--bots", "--bot-delay", "1")
        got.append([(e["move"], e["digest"]) for e in out if e["ev"] == "move"])
    assert got[0] == got[1] and len(got[0]) > 20


def test_behind_a_pseudo_terminal(tmp_path):
    """As the host tool sees a Pico: a tty, lines in, lines out, nothing else on stdout."""
    env = dict(os.environ, MICROPYPATH=f"{mpy_tree()}:{ROOT}:.frozen")  # .mpy, as on a Pico
    master, slave = pty.openpty()
    import tty

    tty.setraw(slave)
    proc = subprocess.Popen(command("micropython", "--dir", str(tmp_path)), cwd=ROOT,
                            stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env)
    os.close(slave)
    try:
        buf = b""

        def read_line(deadline=20):
            nonlocal buf
            end = time.monotonic() + deadline
            while b"\n" not in buf:
                r, _, _ = select.select([master], [], [], max(0, end - time.monotonic()))
                if not r:
                    raise AssertionError("no line from the board; got " + repr(buf))
                buf += os.read(master, 4096)
            line, _, buf = buf.partition(b"\n")
            return json.loads(line.strip())

        assert read_line()["ev"] == "hello"
        os.write(master, b'{"cmd": "brightness", "value": 90}\r\n')
        assert read_line() == {"v": 1, "seq": 1, "ev": "brightness", "value": 90}
        os.write(master, b'{"cmd": "state"}\n')
        assert read_line()["mode"] == "menu"
    finally:
        proc.kill()
        proc.wait()
        os.close(master)


def test_hold_a_at_boot_runs_the_self_test(tmp_path):
    out = run("micropython", [{"cmd": "state"}], "--dir", str(tmp_path), "--hold-a")
    assert out[0]["ev"] == "hello"
    assert out[1]["ev"] == "selftest"  # the self-test mode speaks for itself
    assert not any(e["ev"] == "state" and e.get("mode") == "menu" for e in out)


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_the_flashed_main_py_boots_from_a_folder_laid_out_like_the_flash(runtime, tmp_path):
    # the Pico's flash: /main.py, /profile.json, the firmware (here on the import path), cwd "/"
    from tests.mp import mpy_tree

    (tmp_path / "main.py").write_bytes((ROOT / "firmware" / "main.py").read_bytes())
    (tmp_path / "profile.json").write_bytes(
        (ROOT / "hardware" / "profiles" / "panel48.json").read_bytes())
    standins = ROOT / "unixport"
    env = dict(os.environ)
    if runtime == "micropython":
        cmd = [micropython_exe(), "-X", "heapsize=" + PICO_HEAP, "main.py"]
        env["MICROPYPATH"] = f"{mpy_tree()}:{standins}:.frozen"
    else:
        cmd = [sys.executable, "main.py"]
        env["PYTHONPATH"] = f"{ROOT}:{standins}"
    # Unbuffered: a buffered readline could swallow the next lines, hiding them from select.
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    try:
        proc.stdin.write(b'{"cmd": "state"}\n{"cmd": "new", "game": "tayu", "seed": 3}\n')
        proc.stdin.flush()
        lines = []
        deadline = time.monotonic() + 60
        while len(lines) < 3 and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 1)
            if ready:
                line = proc.stdout.readline()
                if not line:
                    break
                lines.append(json.loads(line))
    finally:
        proc.kill()
        _, err = proc.communicate(timeout=30)
    assert len(lines) == 3, err.decode()
    assert lines[0]["ev"] == "hello" and lines[0]["profile"] == "panel48"
    assert lines[1]["ev"] == "state" and lines[1]["mode"] == "menu"
    assert lines[2]["ev"] == "new" and lines[2]["seed"] == 3


def test_an_idle_serial_line_costs_the_loop_no_allocation():
    """The link's read when nothing waits allocates nothing on MicroPython (a Pico's loop reads
    it some 100 times a second: a list a pass was kilobytes of garbage a second at the menu);
    bytes that arrive are still read."""
    code = ("import gc, sys\n"
            "from firmware.link import StdinPort\n"
            "p = StdinPort()\n"
            "p.read()\n"
            "i = m = 0\n"  # (the globals made before the count)
            "gc.collect(); gc.disable()\n"
            "m = gc.mem_alloc()\n"
            "while i < 500:\n"  # (a range would allocate itself)
            "    p.read()\n"
            "    i += 1\n"
            "print(gc.mem_alloc() - m)\n"
            "sys.stdout.flush() if hasattr(sys.stdout, 'flush') else None\n"
            "import time\n"
            "while True:\n"
            "    got = p.read()\n"
            "    if got:\n"
            "        print(got)\n"
            "        break\n"
            "    time.sleep_ms(5)\n")
    env = dict(os.environ, MICROPYPATH=f"{mpy_tree()}:{ROOT}:.frozen")
    proc = subprocess.Popen([micropython_exe(), "-X", "heapsize=" + PICO_HEAP, "-c", code],
                            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "0"
        proc.stdin.write("hi\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "b'hi\\n'"
    finally:
        proc.kill()
        proc.wait()
