"""`lanterne sim` (the simulated board: key scripts, snapshots, options) and the picture
helpers (canvas -> PNG/GIF)."""

import json
import os
import re

import click
import pytest
from click.testing import CliRunner
from lanterne import picture, sim
from lanterne.cli import main
from PIL import Image

from firmware.canvas import Canvas
from firmware.games.tayu import view as td


def run(*args):
    res = CliRunner().invoke(main, ["sim", *args], catch_exceptions=False)
    return res


def rgb(v):
    return ((v >> 16) & 255, (v >> 8) & 255, v & 255)


def test_two_presses_from_boot_to_a_human_move_against_the_bot(tmp_path):
    png = tmp_path / "board.png"
    res = run("--keys", "a a:long a", "--seed", "5", "--snapshot", str(png), "--events",
              "--bot-delay", "50")
    assert res.exit_code == 0, res.output
    events = [json.loads(line) for line in res.output.splitlines() if line.startswith("{")]
    new = [e for e in events if e["ev"] == "new"][0]
    assert new["options"]["bots"] == [1] and new["seed"] == 5
    moves = [e for e in events if e["ev"] == "move"]
    assert [m["bot"] for m in moves] == [False, True]  # the human, then the bot answered
    img = Image.open(png)
    assert img.size == (32 * 12, 32 * 12)


def test_snapshot_shows_the_frame_of_the_board(tmp_path):
    png = tmp_path / "b.png"
    res = run("--game", "tayu", "--humans", "1", "--seed", "2", "--keys", "", "--snapshot",
              str(png), "--scale", "4")
    assert res.exit_code == 0, res.output
    img = Image.open(png).convert("RGB")
    assert img.size == (128, 128)
    # the ghost is green on the 21x21 ring: 3 LEDs show the legal colour (the LED buffer is
    # dimmed by the brightness and scaled back up for the picture: equal within rounding)
    green = 0
    want = rgb(td.LEGAL)
    for y in range(21):
        for x in range(21):
            got = img.getpixel((x * 4 + 1, y * 4 + 1))
            if all(abs(got[i] - want[i]) <= 8 for i in range(3)):
                green += 1
    assert green == 3


def test_game_options_reach_the_board_and_bots_finish_it():
    res = run("--game", "tayu", "--players", "3", "--humans", "0", "--edition", "goliath",
              "--variant", "bidding=no", "--variant", "target=16", "--variant", "stacks",
              "--seed", "1", "--keys", "", "--events", "--bot-delay", "10")
    assert res.exit_code == 0, res.output
    events = [json.loads(line) for line in res.output.splitlines() if line.startswith("{")]
    new = [e for e in events if e["ev"] == "new"][0]["options"]
    assert new["players"] == 3 and new["edition"] == "goliath" and new["stacks"] is True
    assert new["bidding"] is False and new["target"] == 16 and new["bots"] == [0, 1, 2]
    assert events[-1]["ev"] == "end"


def test_panel48_profile_and_bad_input():
    res = run("--profile", "panel48", "--keys", "down down up")
    assert res.exit_code == 0
    res = CliRunner().invoke(main, ["sim", "--keys", "jump"])
    assert res.exit_code != 0 and "jump" in res.output
    res = CliRunner().invoke(main, ["sim", "--profile", "nope", "--keys", ""])
    assert res.exit_code != 0 and "nope" in res.output


def test_without_a_terminal_it_shows_one_frame_and_exits():
    res = run()
    assert res.exit_code == 0
    assert "\u2580" in res.output and "not a terminal" in res.output


def test_script_parsing():
    steps = sim.parse_script("up a:long wait:250 b")
    assert steps == [("press", 0, sim.SHORT_MS), ("press", 4, sim.LONG_MS), ("wait", 0, 250),
                     ("press", 5, sim.SHORT_MS)]
    with pytest.raises(click.BadParameter):
        sim.parse_script("wait:soon")


def test_canvas_to_image_and_gif(tmp_path):
    c = Canvas(4, 3)
    c.set(1, 2, 0x10FF20)
    img = picture.canvas_to_image(c, scale=5, gap=1)
    assert img.size == (20, 15)
    assert img.getpixel((5, 10)) == (0x10, 0xFF, 0x20)
    assert img.getpixel((9, 14)) == picture.BACKGROUND  # the seam between LEDs
    assert img.getpixel((0, 0)) == picture.BACKGROUND
    c2 = Canvas(4, 3)
    c2.set(0, 0, 0xFF0000)
    path = tmp_path / "a.gif"
    picture.save_gif([c, c2], path, scale=5)
    gif = Image.open(path)
    assert gif.n_frames == 2


def test_frame_to_canvas_undoes_the_led_map():
    from firmware import profile
    from firmware.output import Output

    p = profile.find("ref32")
    c = Canvas(32, 32)
    c.set(3, 30, 0x336699)
    c.set(31, 0, 0xFFFFFF)
    out = Output(p, brightness=255)
    out.render(c)
    back = picture.frame_to_canvas(p, out.buf)
    assert back.buf == c.buf


def new_options(res):
    events = [json.loads(line) for line in res.output.splitlines() if line.startswith("{")]
    return [e for e in events if e["ev"] == "new"][0]["options"]


def test_tactik_without_players_takes_its_default_four_seat_zero_human():
    res = run("--game", "tactik", "--seed", "1", "--keys", "", "--events", "--bot-delay", "10")
    assert res.exit_code == 0, res.output
    new = new_options(res)
    assert new["players"] == 4 and new["bots"] == [1, 2, 3]
    assert new["level"] == "normal"  # the menu's default level (NORM), not the engine's greedy
    res = run("--game", "wuxing", "--level", "greedy", "--seed", "1", "--keys", "", "--events")
    assert res.exit_code == 0 and "level" not in new_options(res)  # greedy: named by none
    res = run("--game", "tactik", "--humans", "2", "--seed", "1", "--keys", "", "--events",
              "--bot-delay", "10")
    assert res.exit_code == 0, res.output
    new = new_options(res)
    assert new["players"] == 4 and new["bots"] == [2, 3]


def test_the_temporary_save_folder_is_removed_at_exit(tmp_path, monkeypatch):
    import tempfile

    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    made = []
    real_mkdtemp = tempfile.mkdtemp

    def mkdtemp(*args, **kwargs):
        made.append(real_mkdtemp(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(tempfile, "mkdtemp", mkdtemp)
    assert run("--keys", "a a:long a", "--seed", "5", "--bot-delay", "50").exit_code == 0
    assert run().exit_code == 0  # no terminal: one frame shown, then out
    res = CliRunner().invoke(main, ["sim", "--game", "tayu", "--variant", "nonsense=3",
                                    "--keys", ""])
    assert res.exit_code != 0 and "nonsense" in res.output
    assert len(made) == 3 and all(p.startswith(str(temp)) for p in made)
    assert list(temp.iterdir()) == []
    # a folder given with --dir is the user's: kept, with the save in it
    keep = tmp_path / "keep"
    assert run("--keys", "a a:long a", "--seed", "5", "--dir", str(keep)).exit_code == 0
    assert (keep / "game.sav").exists() and list(temp.iterdir()) == []
    with sim.Simulator("ref32") as s:
        folder = s.own_dir
        s.boot()
        assert os.path.isdir(folder)
    assert not os.path.exists(folder)


ANSI = re.compile(r"\x1b\[([0-9;]*)([A-Za-z])")


def cells(text):
    """Text lines of sim.board_ansi() -> per line the (fg, bg) of each half block, and the side
    text."""
    grid, side = [], []
    for line in text.split("\r\n"):
        fg = bg = None
        row, rest = [], []
        for m in re.finditer(r"\x1b\[([0-9;]*)([A-Za-z])|(.)", line, re.S):
            if m.group(3) is None:
                parts = m.group(1).split(";")
                if m.group(2) == "m" and parts[:2] == ["38", "2"]:
                    fg = tuple(map(int, parts[2:5]))
                elif m.group(2) == "m" and parts[:2] == ["48", "2"]:
                    bg = tuple(map(int, parts[2:5]))
                elif m.group(2) == "m" and parts == ["0"]:
                    fg = bg = None
                continue
            if m.group(3) == "\u2580" and fg is not None:
                row.append((fg, bg))
            else:
                rest.append(m.group(3))
        grid.append(row)
        side.append("".join(rest).strip())
    return grid, side


def test_zoom_draws_each_led_as_n_columns_by_n_half_rows():
    with sim.Simulator("ref32", seed=3) as s:
        s.boot()
        s.run_script(sim.parse_script("a"))  # a Ta Yü game: ghost, scores, the hand
        s.settle()
        c = s.canvas()
        for zoom in (1, 2, 3):
            grid, _ = cells(sim.board_ansi(s, [], zoom))
            assert len(grid) == 32 * zoom // 2 + (32 * zoom) % 2
            for k, row in enumerate(grid):
                assert len(row) == 32 * zoom
                for col, (fg, bg) in enumerate(row):
                    assert fg == sim._rgb(c.get(col // zoom, 2 * k // zoom)), (zoom, k, col)
                    if 2 * k + 1 < 32 * zoom:
                        assert bg == sim._rgb(c.get(col // zoom, (2 * k + 1) // zoom))
        lit = {sim._rgb(c.get(x, y)) for x in range(32) for y in range(32)}
        assert len(lit) > 3  # a real picture, not a blank panel


def test_zoom_is_chosen_to_fit_the_terminal_with_the_key_help_readable():
    ref32 = {"width": 32, "height": 32}
    panel48 = {"width": 48, "height": 48}
    assert sim.auto_zoom(ref32, 160, 50) == 3
    assert sim.auto_zoom(ref32, 120, 40) == 2
    assert sim.auto_zoom(ref32, 80, 24) == 1
    assert sim.auto_zoom(ref32, 40, 10) == 1  # too small for anything: the smallest
    assert sim.auto_zoom(panel48, 160, 50) == 2
    for cols, rows in ((160, 50), (120, 40), (80, 24)):
        z = sim.auto_zoom(ref32, cols, rows)
        assert 32 * z + 2 + sim.PANEL_MIN <= cols and (32 * z + 1) // 2 < rows
    with sim.Simulator("ref32") as s:
        s.boot()
        for width in (sim.PANEL_MIN, sim.PANEL_MAX):
            lines = sim._side_panel(s, width)
            text = [ANSI.sub("", line) for line in lines]
            assert all(len(t) <= width for t in text), width
            for keys, what in sim.KEY_HELP:  # every key line whole
                assert f"{keys:<17} {what}" in text
            assert "menu:" in " ".join(text) and "START" in " ".join(text)  # wrapped, not cut
        _, side = cells(sim.board_ansi(s, sim._side_panel(s, sim.PANEL_MIN), 3))
        assert side[2].startswith("arrows / ijkl")


def test_zoom_option_without_a_terminal_and_snapshots_unaffected(tmp_path):
    res = run("--zoom", "2")
    assert res.exit_code == 0
    board = [line for line in res.output.splitlines() if "\u2580" in line]
    assert len(board) == 32 and all(line.count("\u2580") == 64 for line in board)
    png = tmp_path / "z.png"
    res = run("--zoom", "3", "--keys", "a", "--snapshot", str(png), "--scale", "4")
    assert res.exit_code == 0 and Image.open(png).size == (128, 128)
    assert run("--zoom", "0").exit_code != 0


def test_a_hole_board_shows_wood_where_no_led_is():
    with sim.Simulator("tactik_holes", seed=1) as s:
        s.boot()
        grid, _ = cells(sim.board_ansi(s, [], 2))
        table = s.app.output.table
        w = s.profile["width"]
        for k, row in enumerate(grid):
            for col, (fg, _) in enumerate(row):
                led = table[k * w + col // 2]  # zoom 2: text line k is pixel row k
                assert (fg == sim.WOOD_RGB) == (led < 0), (k, col)


def test_moves_without_a_game_is_a_usage_error():
    res = CliRunner().invoke(main, ["sim", "--moves", "5"])
    assert res.exit_code == 2
    assert "--moves N counts the moves of a game: give --game too" in res.output


def test_the_snapshot_note_goes_to_stderr_and_stdout_keeps_the_events(tmp_path):
    png = tmp_path / "b.png"
    res = CliRunner().invoke(main, ["sim", "--keys", "", "--snapshot", str(png), "--events"])
    assert res.exit_code == 0, res.output
    assert res.stdout.strip() and all(line.startswith("{") for line in res.stdout.splitlines())
    assert json.loads(res.stdout.splitlines()[0])["ev"] == "hello"
    assert f"snapshot written: {png}" in res.stderr


def test_events_without_a_terminal_follow_the_first_frame():
    res = CliRunner().invoke(main, ["sim", "--events"])
    assert res.exit_code == 0
    assert "not a terminal" in res.stdout and '"ev": "hello"' in res.stdout


def test_brightness_dims_the_simulated_frame_as_it_dims_the_leds(tmp_path):
    """Issue 23: the LIGHT row really dims what the simulator shows, at the scale the LEDs get
    (the power limiter's too): the picture is the LED bytes seen against the profile's default
    brightness."""
    def frame_at(s, level):
        s.app.set_brightness(level, keep=False)
        s.app.redraw()
        s.advance(50)
        return s.canvas(), s.app.output.last_scale

    with sim.Simulator("ref32", seed=3) as s:
        s.boot()
        default = picture.shown_at(s.profile)
        assert default == s.profile["brightness"]["default"] == 40
        pictures = {level: frame_at(s, level) for level in (8, default, 255)}
        assert pictures[8][1] == 8 and pictures[default][1] == default
        assert default < pictures[255][1] < 255  # ref32's power budget holds the full one back
        drawn = s.app.canvas  # the frame as the menu drew it
        lit = 0
        for p, led in enumerate(s.table):
            if led < 0:
                continue
            x, y = p % 32, p // 32
            want = rgb(drawn.get(x, y))
            low, mid, high = (rgb(pictures[v][0].get(x, y)) for v in (8, default, 255))
            for c in range(3):
                # the default shows the canvas as drawn (within the LEDs' rounding down)
                assert want[c] - 255 // default <= mid[c] <= want[c]
                for shown, level in ((low, 8), (high, 255)):
                    scale = pictures[level][1]
                    assert shown[c] == min(255, (want[c] * scale // 255) * 255 // default)
                assert low[c] <= mid[c] <= high[c]
            lit += any(want)
        assert lit > 20
        total = {v: sum(sum(rgb(c.get(x, y))) for x in range(32) for y in range(32))
                 for v, (c, _) in pictures.items()}
        assert total[8] * 3 < total[default] < total[255]
        # the terminal shows the same: the colour of a lit pixel at LIGHT 1
        frame_at(s, 8)
        dim = pictures[8][0]
        grid, _ = cells(sim.board_ansi(s, [], 1))
        x, y = next((p % 32, p // 32) for p in range(32 * 32)
                    if s.table[p] >= 0 and dim.get(p % 32, p // 32))
        assert grid[y // 2][x][y % 2] == sim._rgb(dim.get(x, y))


def test_light_1_and_light_9_snapshots_differ(tmp_path):
    """From the menu's LIGHT row (three up from START, past HELP and TEST): LIGHT 1 is a darker
    picture than LIGHT 9."""
    sums = {}
    for name, keys in (("dim", "up up up left left left"),
                       ("bright", "up up up " + "right " * 5)):
        png = tmp_path / f"{name}.png"
        assert run("--keys", keys, "--snapshot", str(png), "--scale", "1").exit_code == 0
        sums[name] = sum(Image.open(png).convert("RGB").tobytes())
    assert sums["dim"] * 3 < sums["bright"]
