"""`lanterne flash` end to end against a MicroPython unix-port 'board' behind a pty, with the real
mpremote transport and pyserial: compile, copy what changed, profile, reset, hello, errors."""

import hashlib
import json
import shutil

import pytest
import serial
from click.testing import CliRunner
from lanterne.cli import main
from lanterne.device import Board, DeviceError
from lanterne.flash import (
    HASHES_FILE,
    ROOT,
    build,
    check_space,
    flash_board,
    module_name,
    mpy_target,
    profile_extras,
    source_files,
    wait_hello,
)
from ptyboard import micropython_exe

from firmware import bundlefs
from tests.mp import PICO_HEAP


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """A snapshot of what gets flashed: colleagues edit the work tree while tests run."""
    root = tmp_path_factory.mktemp("checkout")
    skip = shutil.ignore_patterns("__pycache__")
    for d in ("firmware", "shared_rules", "hardware/profiles"):
        shutil.copytree(ROOT / d, root / d, ignore=skip)
    return root


def flash(board, *args, source=None):
    extra = ["--source", str(source)] if source else []
    return CliRunner().invoke(main, ["flash", "--port", str(board.link), *extra, *args])


def test_flash_compiles_copies_and_installs_the_profile(repl_board, source):
    files = source_files(source)
    result = flash(repl_board, "--no-reset", source=source)
    assert result.exit_code == 0, result.output
    assert "bytecode v6.3" in result.output
    dev = repl_board.workdir
    code = bundlefs.Bundle(str(dev / "lanterne.bundle"))  # read here as the board reads it
    for path, src in files:
        rel = src.relative_to(source)
        if path in ("main.py", "boot.py"):  # run as sources by MicroPython
            assert (dev / path).read_bytes() == src.read_bytes()
        elif path == "bundlefs.py":  # the bundle's loader: compiled, beside the bundle
            assert (dev / "bundlefs.mpy").read_bytes()[:1] == b"M"
        elif src.suffix != ".py":  # a data file (the word sets): copied as it is
            assert (dev / rel).read_bytes() == src.read_bytes()
        else:  # a module: compiled, inside the bundle only
            with code.open(path[:-3] + ".mpy", "rb") as f:
                assert f.read(1) == b"M", path  # a .mpy file starts with 'M'
            assert not (dev / rel).exists() and not (dev / rel).with_suffix(".mpy").exists()
    assert not (dev / "firmware").exists()  # no folder of small files: one bundle
    profile = (dev / "profile.json").read_bytes()  # the same data, written without spaces
    indented = (source / "hardware/profiles/ref32.json").read_bytes()
    assert json.loads(profile) == json.loads(indented) and len(profile) < 0.6 * len(indented)
    for path, data in profile_extras("ref32", source).items():
        assert (dev / path).read_bytes() == data
    hashes = json.loads((dev / HASHES_FILE).read_text())
    assert hashes["profile.json"] == hashlib.sha256(profile).hexdigest()
    # the compiled modules really import on the board, from the bundle its boot.py mounts
    with Board(str(repl_board.link)) as b:
        b.raw_soft_reset()
        assert b.eval("__import__('sys').path[0]") == "/lanterne"
        assert b.eval("__import__('shared_rules.rng').rng.Rng(7).below(1000)") >= 0
        assert b.eval("__import__('firmware.canvas').canvas.__name__") == "firmware.canvas"


def test_second_flash_copies_only_what_changed(repl_board, source):
    assert flash(repl_board, "--no-reset", source=source).exit_code == 0
    again = flash(repl_board, "--no-reset", source=source)
    assert again.exit_code == 0 and "copied 0 changed file(s)" in again.output, again.output
    dev = repl_board.workdir
    (dev / "boot.py").unlink()                         # lost on the board
    (dev / "lanterne.bundle").write_bytes(b"x")        # damaged on the board
    fixed = flash(repl_board, "--no-reset", "--profile", "panel48", source=source)
    extras = profile_extras("panel48", source)  # e.g. the Tac-Tik layout of that board
    assert f"copied {3 + len(extras)} changed file(s)" in fixed.output, fixed.output
    for path, data in extras.items():
        assert (dev / path).read_bytes() == data
    for path in profile_extras("ref32", source):
        assert not (dev / path).exists()  # the other board's side files are gone
    assert (dev / "boot.py").exists() and (dev / "lanterne.bundle").stat().st_size > 1000
    assert json.loads((dev / "profile.json").read_bytes()) == json.loads(
        (source / "hardware/profiles/panel48.json").read_bytes())
    kept = flash(repl_board, "--no-reset", source=source)
    assert "kept the profile" in kept.output and "copied 0 changed" in kept.output
    assert json.loads((dev / "profile.json").read_text())["name"] == "panel48"


def test_files_no_longer_flashed_are_removed(repl_board, source):
    assert flash(repl_board, "--no-reset", source=source).exit_code == 0
    dev = repl_board.workdir
    (dev / "firmware").mkdir()  # a board flashed file by file, before the code bundle
    (dev / "firmware" / "gone.mpy").write_bytes(b"M old module")
    hashes = json.loads((dev / HASHES_FILE).read_text())
    hashes["firmware/gone.mpy"] = "0" * 64
    (dev / HASHES_FILE).write_text(json.dumps(hashes))
    assert flash(repl_board, "--no-reset", source=source).exit_code == 0
    assert not (dev / "firmware").exists()  # the folder it leaves empty goes too
    assert "firmware/gone.mpy" not in json.loads((dev / HASHES_FILE).read_text())


def test_plain_sources_when_no_compiler_fits(tmp_path):
    files = [f for f in source_files() if f[0].startswith("shared_rules/")]
    for target in (None, "9.9"):
        out, why = build(files, target, tmp_path)
        assert why and set(out) == {d for d, _ in files}
        assert all(out[d] == f.read_bytes() for d, f in files)
    out, why = build(files, "6.3", tmp_path)
    data = [d for d in out if not d.endswith(".mpy")]  # the word sets, copied as they are
    assert why is None and data and all(out[d] == (ROOT / d).read_bytes() for d in data)


def test_the_board_build_drops_line_numbers_and_lines_keeps_them(tmp_path):
    """What a board's traceback says: line 1 (no line table: less heap for the code) of the
    module by its dotted name (the name it has anyway: no path interned besides) unless the
    build keeps the lines (`lanterne flash --lines`), then the raising line of its file."""
    import subprocess

    src = tmp_path / "probe.py"
    src.write_text('def f():\n    x = 1\n    raise ValueError("third line")\n')
    for lines, said in ((False, 'File "pkg.probe", line 1, in f'),
                        (True, 'File "pkg/probe.py", line 3, in f')):
        out, why = build([("pkg/probe.py", src)], "6.3", tmp_path, lines=lines)
        assert why is None
        run = tmp_path / ("with" if lines else "without")
        (run / "pkg").mkdir(parents=True)
        (run / "pkg" / "__init__.py").write_text("")
        (run / "pkg" / "probe.mpy").write_bytes(out["pkg/probe.mpy"])
        r = subprocess.run([micropython_exe(), "-c", "import pkg.probe; pkg.probe.f()"],
                           cwd=run, capture_output=True, text=True)
        said_all = r.stdout + r.stderr  # (the unix port prints its traceback to stdout)
        assert "third line" in said_all and said in said_all, said_all


def test_a_modules_dotted_name():
    assert module_name("firmware/games/tayu/view.py") == "firmware.games.tayu.view"
    assert module_name("firmware/games/__init__.py") == "firmware.games"
    assert module_name("bundlefs.py") == "bundlefs"


def test_mpy_version_word_decoding():
    assert mpy_target(2822) == "6.3"  # what the unix port (x64) reports
    assert mpy_target(6 | (2 << 8) | (11 << 10)) == "6.2"  # armv6m
    assert mpy_target(None) is None


def test_not_enough_space_is_one_clear_line():
    wanted = {"a.mpy": b"x" * 50_000, "b.mpy": b"y" * 10}
    check_space(["a.mpy"], wanted, {}, free=100_000)
    check_space(["a.mpy"], wanted, {"a.mpy": 49_000}, free=12_288)  # replaces an old copy
    check_space(["a.mpy"], wanted, {"old.mpy": 60_000}, free=8_192, stale=["old.mpy"])
    # counted in 4 KB blocks, as littlefs spends them: 13 + 1 + a margin of 2
    with pytest.raises(DeviceError, match=r"not enough flash space.*64 KB needed, 39 KB free"):
        check_space(["a.mpy", "b.mpy"], wanted, {}, free=40_000)


def test_reset_then_hello_with_version(make_board):
    hello = '{"v": 1, "seq": 0, "ev": "hello", "fw": "9.8.7", "profile": "ref32"}'
    board = make_board(files={"main.py": f"print({hello!r})\nimport time\n"
                                         "while True:\n    time.sleep(0.05)\n"})
    boots = board.boots
    with Board(str(board.link)) as b:  # interrupts the running main.py first
        b.soft_reset()
    got = wait_hello(str(board.link), timeout=15)
    assert got["fw"] == "9.8.7" and board.boots == boots + 1


def test_no_hello_after_reset_is_reported(make_board):
    board = make_board(files={"main.py": "print('booted, but silent')\nimport time\n"
                                         "while True:\n    time.sleep(0.05)\n"})
    with Board(str(board.link)) as b:
        b.soft_reset()
    # the whole wait passes (the board never says hello): long enough for a loaded machine's
    # soft reset to print its line (3 s missed it once in a CI run)
    with pytest.raises(DeviceError, match="did not say hello.*booted, but silent"):
        wait_hello(str(board.link), timeout=10)


def test_missing_device(tmp_path):
    result = CliRunner().invoke(main, ["flash", "--port", str(tmp_path / "ttyNONE")])
    assert result.exit_code == 1
    assert "no device at" in result.output and "Traceback" not in result.output


def test_busy_port(repl_board):
    holder = serial.Serial(str(repl_board.link), exclusive=True)
    try:
        result = flash(repl_board)
    finally:
        holder.close()
    assert result.exit_code == 1 and "is busy" in result.output, result.output


def test_device_not_answering_the_raw_repl(make_board):
    stubborn = ("import time\nprint('stubborn program')\nwhile True:\n    try:\n"
                "        time.sleep(0.05)\n    except KeyboardInterrupt:\n        pass\n")
    board = make_board(argv=[micropython_exe(), "main.py"], files={"main.py": stubborn})
    with pytest.raises(DeviceError, match="does not answer the raw REPL"):
        flash_board(str(board.link), repl_timeout=1.5, show_progress=False)


def test_flash_reset_and_play_the_real_firmware(make_board, source):
    """The whole path: flash a blank board, soft reset, the flashed firmware (.mpy, Pico-sized
    heap) boots and says hello; a game played over serial agrees with the host's rules."""
    from shared_rules.tayu import rules as tayu

    # main.py loads /profile.json; on the unix port the board's folder is the cwd, so boot the
    # flashed firmware the same way with the path made relative
    boot = [micropython_exe(), "-X", "heapsize=" + PICO_HEAP, "-i", "-c",
            "from firmware import app; app.main('profile.json')"]
    board = make_board(argv=None, main_argv=boot,
                       env={"MICROPYPATH": ":" + str(ROOT / "unixport")})
    result = flash(board, "--profile", "ref32", source=source)
    assert result.exit_code == 0, result.output
    assert "is up on" in result.output and "tayu" in result.output, result.output
    assert board.boots == 2
    # interrupts the running firmware, copies nothing, resets again
    again = flash(board, source=source)
    assert again.exit_code == 0 and "copied 0 changed" in again.output, again.output
    assert board.boots == 3
    runner = CliRunner()
    new = runner.invoke(main, ["send", "--port", str(board.link), "new", "tayu", "seed=3"])
    assert new.exit_code == 0, new.output
    host = tayu.new_game(seed=3)
    mv = str(host.legal_moves()[0])
    host.apply(host.parse_move(mv))
    moved = runner.invoke(main, ["send", "--port", str(board.link), "move", mv])
    assert moved.exit_code == 0 and json.loads(moved.output)["digest"] == host.digest()


def test_a_missed_boot_hello_is_asked_for(make_board):
    answer = ("import sys\nprint('booting')\nwhile True:\n    line = sys.stdin.readline()\n"
              "    if 'hello' in line:\n"
              "        print('{\"v\": 1, \"seq\": 1, \"ev\": \"hello\", \"fw\": \"2.0\"}')\n")
    board = make_board(files={"main.py": answer})
    with Board(str(board.link)) as b:
        b.soft_reset()
    assert wait_hello(str(board.link), timeout=15, ask_after=0.5)["fw"] == "2.0"


def test_unknown_profile_names_the_known_ones(repl_board, source):
    result = flash(repl_board, "--no-reset", "--profile", "nope", source=source)
    known = sorted(p.stem for p in (source / "hardware/profiles").glob("*.json"))
    assert result.exit_code == 1
    assert f"unknown profile 'nope' (have: {', '.join(known)})" in result.output
    assert not (repl_board.workdir / "profile.json").exists()


def test_the_manifest_ships_every_board_module_and_nothing_else():
    from firmware import manifest

    shipped = dict(source_files())
    assert shipped["main.py"] == ROOT / "firmware" / "main.py"
    for pkg in ("firmware", "shared_rules"):
        for f in (ROOT / pkg).rglob("*.py"):
            rel = f.relative_to(ROOT).as_posix()
            # a new folder of board code must be listed: a module is shipped or left out on purpose
            assert rel in shipped or rel in manifest.LEAVE_OUT, rel
    assert "firmware/manifest.py" not in shipped
    others = [dev for dev in shipped if not dev.startswith(("firmware/", "shared_rules/"))]
    assert others == ["main.py", "boot.py", "bundlefs.py"]  # no host, test or unixport code
    assert "firmware/games/tactik/controller.py" in shipped
    assert "shared_rules/tayu/rules.py" in shipped
    for dev in manifest.DATA:  # data files ship at their own path
        assert shipped[dev] == ROOT / dev and shipped[dev].stat().st_size > 0
