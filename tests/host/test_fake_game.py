"""A game is added by its folders only (issue 29): a tiny game, Pebbles, is declared in a
temporary folder (its declaration and engine in shared_rules/pebbles/, its package in
firmware/games/pebbles/, nothing else: no table, no bot module, no host side) and played from
the menu, over the serial line, in `lanterne replay` and in `lanterne arena`, on CPython and on
the MicroPython unix port with the Pico-sized heap (the board's serial lines then replayed by
the host). The sources are in tests/host/data/pebbles/; tests/firmware/fake_game_play.py
drives the board on both runtimes."""

import json
import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from lanterne import arena
from lanterne.cli import main

from firmware import games as fgames
from shared_rules import registry
from tests.mp import ROOT, micropython_exe, mpy_tree

DATA = Path(__file__).resolve().parent / "data" / "pebbles"
GAME = "pebbles"


def lay_out(root):
    """The fake game's folders under `root` (a tree shaped as the repository's)."""
    shutil.copytree(DATA / "shared_rules", root / "shared_rules" / GAME)
    shutil.copytree(DATA / "firmware", root / "firmware" / "games" / GAME)
    return root


@pytest.fixture
def pebbles(tmp_path, monkeypatch):
    """The fake game's folders in a temporary tree, which the packages shared_rules and
    firmware.games also read (their __path__): the registry finds the game there."""
    root = lay_out(tmp_path / "tree")
    import firmware.games
    import shared_rules

    monkeypatch.setattr(shared_rules, "__path__",
                        list(shared_rules.__path__) + [str(root / "shared_rules")])
    monkeypatch.setattr(firmware.games, "__path__",
                        list(firmware.games.__path__) + [str(root / "firmware" / "games")])
    monkeypatch.setattr(registry, "_names", None)
    yield root
    for name in [m for m in sys.modules if m.startswith(("shared_rules." + GAME,
                                                         "firmware.games." + GAME))]:
        del sys.modules[name]
    fgames._modules.pop(GAME, None)
    registry._names = None


def replayed(tmp_path, lines, name):
    """`lanterne replay` on the board's lines: every move legal, every digest matching."""
    log = tmp_path / name
    log.write_text("".join(ln if ln.endswith("\n") else ln + "\n" for ln in lines))
    events = [json.loads(ln) for ln in lines if ln.startswith("{")]
    moves = [e for e in events if e.get("ev") == "move"]
    ends = [e for e in events if e.get("ev") == "end"]
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exit_code == 0, result.output
    assert f"{len(moves)} moves legal, {len(moves)} digests match" in result.output
    assert ends and f"end scores {ends[-1]['scores']} match" in result.output
    return moves


def test_the_game_is_found_by_its_folders_and_derived_everywhere(pebbles):
    assert GAME in registry.names() and registry.names()[-1] == GAME  # its ORDER: last
    assert list(registry.names()[:3]) == ["tayu", "tactik", "wuxing"]  # the menu's order
    assert fgames.known(GAME) and fgames.spec(GAME).TITLE == "PEBBLES"
    assert registry.engine(GAME).OPTIONS == {"pile": (10, 7, 13)}
    # the manifest of a tree holding it ships its folders (its copy reads its own tree)
    root = pebbles
    shutil.copy(ROOT / "firmware" / "manifest.py", root / "firmware" / "manifest.py")
    manifest = runpy.run_path(str(root / "firmware" / "manifest.py"))
    assert "shared_rules/" + GAME in manifest["PACKAGES"]
    assert "firmware/games/" + GAME in manifest["PACKAGES"]
    assert f"firmware/games/{GAME}/words.py" in manifest["LEAVE_OUT"]


def test_the_game_plays_from_the_menu_and_over_serial_and_replays(pebbles, tmp_path):
    sys.path.insert(0, str(ROOT / "tests" / "firmware"))
    try:
        import fake_game_play
    finally:
        sys.path.remove(str(ROOT / "tests" / "firmware"))
    menu = replayed(tmp_path, fake_game_play.from_menu(), "menu.jsonl")
    assert [m["bot"] for m in menu[:2]] == [False, True]
    serial = replayed(tmp_path, fake_game_play.over_serial(), "serial.jsonl")
    assert [m["move"] for m in serial[:3]] == ["2", "1", "2"]


def test_the_game_plays_in_the_arena(pebbles):
    results = arena.run(GAME, 2, ["hard", "greedy"], 4, seed=1, jobs=1)
    assert [r["moves"] > 0 for r in results] == [True] * 4
    out = CliRunner().invoke(arena.arena, ["hard:greedy", "--game", GAME, "--games", "2",
                                           "--jobs", "1", "--players", "3", "--json",
                                           "--option", "pile=13"])
    assert out.exit_code == 0, out.output
    d = json.loads(out.output)
    assert d["game"] == GAME and d["players"] == 3 and d["games"] == 2


def test_the_game_plays_on_micropython_and_the_host_replays_its_lines(tmp_path):
    """The board's own tree, compiled as it is flashed, with the fake game's folders added:
    the unix port with the Pico-sized heap plays it from the menu and over serial."""
    from lanterne.devtest import PICO_HEAP

    tree = tmp_path / "tree"
    shutil.copytree(mpy_tree(), tree)
    lay_out(tree)
    script = tmp_path / "play.py"
    script.write_text("import sys\nsys.path.append('tests/firmware')\n"
                      "import fake_game_play\nfake_game_play.main()\n")
    env = dict(os.environ, MICROPYPATH=f"{os.path.relpath(tree, ROOT)}:.:.frozen")
    proc = subprocess.run([micropython_exe(), "-X", f"heapsize={PICO_HEAP}", str(script)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0 and "DONE" in proc.stdout, proc.stdout[-2000:] + proc.stderr
    out = proc.stdout.splitlines()
    menu = [ln[5:] for ln in out if ln.startswith("MENU ")]
    serial = [ln[7:] for ln in out if ln.startswith("SERIAL ")]
    # the host replays them with its own copy of the game
    extra = str(lay_out(tmp_path / "host") / "shared_rules")
    import firmware.games
    import shared_rules

    saved = (list(shared_rules.__path__), list(firmware.games.__path__))
    shared_rules.__path__.append(extra)
    firmware.games.__path__.append(str(tmp_path / "host" / "firmware" / "games"))
    registry._names = None
    try:
        assert replayed(tmp_path, menu, "mp-menu.jsonl")
        assert replayed(tmp_path, serial, "mp-serial.jsonl")
    finally:
        shared_rules.__path__[:] = saved[0]
        firmware.games.__path__[:] = saved[1]
        registry._names = None
        for name in [m for m in sys.modules if m.startswith(("shared_rules." + GAME,
                                                             "firmware.games." + GAME))]:
            del sys.modules[name]
        fgames._modules.pop(GAME, None)
