"""`lanterne sim --game tactik` (CPython only): headless button scripts on the simulated board,
snapshots of the final frame, every player count and the hole-board profile, and the replay
pictures drawn through lanterne.render_state."""

import json

from click.testing import CliRunner
from lanterne.sim import sim
from PIL import Image


def _run(tmp_path, *args):
    out = tmp_path / "board.png"
    result = CliRunner().invoke(sim, ["--game", "tactik", "--snapshot", str(out), "--events",
                                      "--bot-delay", "50", *args])
    assert result.exit_code == 0, result.output
    events = []
    for line in result.output.splitlines():
        if line.startswith("{"):
            events.append(json.loads(line))
    return Image.open(out), events


def test_sim_deals_exchanges_and_plays_from_the_keys(tmp_path):
    img, events = _run(tmp_path, "--players", "4", "--seed", "3", "--keys",
                       "a wait:3000 a wait:3000 a wait:3000")
    assert img.size == (32 * 12, 32 * 12)
    new = [e for e in events if e["ev"] == "new"][0]
    assert new["game"] == "tactik" and new["options"]["bots"] == [1, 2, 3]
    moves = [e for e in events if e["ev"] == "move"]
    assert moves[0]["move"].startswith("give ") and moves[0]["player"] == 0
    assert not moves[0]["bot"] and moves[1]["bot"]
    assert len([m for m in moves if not m["bot"]]) == 3  # the human's three A presses
    assert len(moves) > 8


def test_sim_six_players_and_the_individual_variants(tmp_path):
    for players in (6, 2, 3):
        img, events = _run(tmp_path, "--players", str(players), "--seed", "1", "--keys",
                           "down a wait:4000")
        assert img.size == (32 * 12, 32 * 12)
        assert [e for e in events if e["ev"] == "move"], players


def test_sim_on_the_hole_board_and_the_48_panel(tmp_path):
    img, events = _run(tmp_path, "--profile", "tactik_holes", "--players", "4", "--seed", "2",
                       "--keys", "a wait:2000")
    assert img.size == (23 * 12, 23 * 12)
    assert [e for e in events if e["ev"] == "move"]
    img, events = _run(tmp_path, "--profile", "panel48", "--players", "4", "--seed", "2",
                       "--keys", "a wait:2000")
    assert img.size == (48 * 12, 48 * 12)


def test_replay_pictures_draw_a_tactik_state():
    from lanterne import render_state

    from firmware import profile
    from shared_rules.tactik import setup as tactik_setup

    st = tactik_setup.from_positions({"red": ["T0*", "B2"], "blue": ["T20"]}, players=4,
                               physical_cards=True)
    for name in ("ref32", "panel48", "tactik_holes"):
        p = profile.find(name)
        canvas = render_state.render(p, "tactik", st)
        from firmware.games.tactik import layout as tactik_layout
        L = tactik_layout.layout_for(p, 4)
        x, y = tactik_layout.xy(L.where("blue", "T20"))
        assert canvas.get(x, y) == tactik_layout.PAWN_RGB["blue"]
        x, y = tactik_layout.xy(L.where("red", "B2"))
        assert canvas.get(x, y) == tactik_layout.PAWN_RGB["red"]
