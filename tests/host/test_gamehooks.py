"""The host knows each game through its own package (lanterne.gamehooks, issue 20): pictures,
the simulator's status line and a log's starting states come from firmware/games/<game>/host.py
or the defaults, so a game added to the registries reaches the host with no line in
render_state, sim or rebuild."""

import re
import sys
import types
from pathlib import Path

import pytest
from lanterne import gamehooks, rebuild, render_state

from firmware import games as fgames
from firmware import profile
from shared_rules import registry

ROOT = Path(__file__).resolve().parents[2]
HOST_FILES = ("rebuild.py", "render_state.py", "sim.py", "sim_board.py", "sim_terminal.py",
              "gamehooks.py")


def test_no_game_is_named_in_the_host_files_that_serve_every_game():
    names = "|".join(registry.names())
    for name in HOST_FILES:
        text = (ROOT / "host" / "lanterne" / name).read_text()
        assert not re.search(names, text), name
    assert not re.search(names, (ROOT / "firmware" / "menu.py").read_text())


def test_every_game_has_its_host_side():
    from firmware import manifest

    ref32 = profile.find("ref32")
    for game in registry.names():
        assert f"firmware/games/{game}/host.py" in manifest.LEAVE_OUT  # never on the board
        st = gamehooks.starts(game, {"bots": [1]}, 7)[0]
        assert not st.is_over()
        line = gamehooks.status(game, st, (1,))
        assert "to play" in line and "human" in line, (game, line)
        canvas = render_state.render(ref32, game, st)
        assert any(canvas.buf), game  # something drawn


def test_unknown_games_are_refused():
    for game in ("chess", None, 3, "__init__"):
        with pytest.raises(ValueError):
            gamehooks.hooks(game)
        with pytest.raises(ValueError):
            rebuild.new_states(game, {}, 1)
        with pytest.raises(ValueError):
            render_state.drawer(game)


@pytest.fixture
def newgame(monkeypatch):
    """A game the registries learn of at run time, "newgame": Wuxing duel's engine under
    another name, a declaration with a board-only option, and a host module that only draws."""
    from shared_rules.wuxing import rules as wuxing

    pkg = types.ModuleType("firmware.games.newgame")
    host = types.ModuleType("firmware.games.newgame.host")
    drawn = []

    def picture(prof, state, canvas):
        drawn.append(state)
        canvas.set(0, 0, 0x123456)
        return canvas

    host.picture = picture
    monkeypatch.setitem(sys.modules, "firmware.games.newgame", pkg)
    monkeypatch.setitem(sys.modules, "firmware.games.newgame.host", host)
    spec = types.ModuleType("shared_rules.newgame.spec")
    spec.NAME, spec.TITLE, spec.ORDER, spec.PLAYERS = "newgame", "NEW", 99, (2,)
    spec.TEAMS, spec.BOT, spec.LOAD, spec.DEFAULT_PLAYERS = {}, None, None, 2
    spec.OPTIONS = (("age", (10, 8, 6), None, "board", None),)  # the board's, as Wuxing's
    monkeypatch.setitem(sys.modules, "shared_rules.newgame.spec", spec)
    monkeypatch.setitem(sys.modules, "shared_rules.newgame.rules", wuxing)
    monkeypatch.setattr(registry, "_names", registry.names() + ("newgame",))
    monkeypatch.delitem(fgames._modules, "newgame", raising=False)
    return drawn


def test_a_game_added_to_the_registries_reaches_the_host(newgame):
    from shared_rules.wuxing import rules as wuxing

    # rebuild: the engine's replay without the declaration's board options
    (st,) = rebuild.new_states("newgame", {"bots": [1], "age": 8, "mode": "chemin"}, 5)
    assert st.digest() == wuxing.replay({"mode": "chemin"}, 5, ()).digest()
    # render_state: the host module's picture
    canvas = render_state.render(profile.find("ref32"), "newgame", st)
    assert newgame == [st] and canvas.get(0, 0) == 0x123456
    # sim: the interface's words where the host module says nothing
    assert gamehooks.status("newgame", st, (1,)) == "newgame: seat 0 (human) to play: " + st.phase
    while not st.is_over():
        st.apply(st.legal_moves()[0])
    line = gamehooks.status("newgame", st, ())
    assert line.startswith("game over: ") and line.endswith("; A for the menu")


def test_the_tayu_status_line_says_each_score_with_its_factors():
    """The simulator's side panel says what the score is made of: each side's two coasts'
    river mouths and their product, mid-game and at the end."""
    from shared_rules.tayu import rules as tayu

    st = tayu.new_game(2, 12)
    for _ in range(30):
        st.apply(tayu.greedy_move(st))
    cc = st.coast_counts()
    ns, ew = st.scores()
    want = f"N x S {cc['N']}x{cc['S']}={ns}, E x W {cc['E']}x{cc['W']}={ew}"
    assert want in gamehooks.status("tayu", st, (1,))
    while not st.is_over():
        st.apply(tayu.greedy_move(st))
    line = gamehooks.status("tayu", st, (1,))
    cc = st.coast_counts()
    assert line.startswith(f"game over: N x S {cc['N']}x{cc['S']}={st.scores()[0]}, "), line
