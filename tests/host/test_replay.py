"""`lanterne replay` on logs produced by the simulator (`lanterne sim --events`, the real firmware
app) for both games and every player count and variant, and on logs altered to diverge."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from lanterne.cli import main
from PIL import Image

LANTERNE = [sys.executable, "-m", "lanterne"]

VARIANTS = {
    "tayu-2-kosmos": ["--game", "tayu", "--players", "2", "--edition", "kosmos", "--seed", "1"],
    "tayu-2-goliath": ["--game", "tayu", "--players", "2", "--edition", "goliath", "--seed", "2"],
    "tayu-3-kosmos-bidding": ["--game", "tayu", "--players", "3", "--edition", "kosmos",
                              "--seed", "3"],
    "tayu-3-goliath-target": ["--game", "tayu", "--players", "3", "--edition", "goliath",
                              "--seed", "4"],
    "tayu-4-teams": ["--game", "tayu", "--players", "4", "--seed", "11"],
    "tayu-stacks": ["--game", "tayu", "--players", "2", "--variant", "stacks", "--seed", "6"],
    "tayu-two-tiles": ["--game", "tayu", "--players", "2", "--variant", "two_tiles",
                       "--seed", "7"],
    "tayu-redraw": ["--game", "tayu", "--players", "2", "--variant", "redraw_if_unscored",
                    "--seed", "8"],
    "tactik-4": ["--game", "tactik", "--players", "4", "--seed", "1"],
    "tactik-6": ["--game", "tactik", "--players", "6", "--seed", "2"],
    "tactik-2-individual": ["--game", "tactik", "--players", "2", "--seed", "3"],
    "tactik-3-individual": ["--game", "tactik", "--players", "3", "--seed", "4"],
    "tactik-base-entry-compulsory": ["--game", "tactik", "--players", "4", "--variant",
                                     "base_entry_compulsory", "--seed", "5"],
}


# played only for this many simulated ms (enough for dozens of moves; a quick game may end)
# (the four- and six-player Tac-Tik games and every Ta Yü game are played to their end)
PARTIAL = {"tactik-base-entry-compulsory": 30000, "tactik-2-individual": 30000,
           "tactik-3-individual": 30000}


def sim_log(tmp_path, args, name="game.jsonl", wait_ms=600000):
    """Play a game with bots on every seat in the simulator (to its end, unless `wait_ms` of
    simulated time run out first) and keep the board's serial lines."""
    proc = subprocess.run(
        [*LANTERNE, "sim", "--humans", "0", "--bot-delay", "0", "--keys", f"wait:{wait_ms}",
         "--snapshot", str(tmp_path / "last.png"), "--events", *args],
        capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[2],
    )
    assert proc.returncode == 0, proc.stderr
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return path, [json.loads(ln) for ln in lines]


def replay(*args):
    return CliRunner().invoke(main, ["replay", *map(str, args)])


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_simulator_games_replay_without_difference(tmp_path, name):
    path, events = sim_log(tmp_path, VARIANTS[name], wait_ms=PARTIAL.get(name, 600000))
    moves = [e for e in events if e["ev"] == "move"]
    end = [e for e in events if e["ev"] == "end"]
    assert len(moves) >= 20, events[-1:]
    result = replay(path)
    assert result.exit_code == 0, result.output
    assert f"{len(moves)} moves legal, {len(moves)} digests match" in result.output
    if name not in PARTIAL:
        assert end, f"the simulator did not finish the game: {events[-1:]}"
    if end:
        assert f"end scores {end[0]['scores']} match" in result.output
    else:
        assert "not finished" in result.output


@pytest.fixture(scope="module")
def tayu_log(tmp_path_factory):
    return sim_log(tmp_path_factory.mktemp("tayu"), VARIANTS["tayu-2-goliath"])


@pytest.fixture(scope="module")
def tactik_log(tmp_path_factory):
    # the first few dozen moves are enough to alter
    return sim_log(tmp_path_factory.mktemp("tactik"), VARIANTS["tactik-4"], wait_ms=10000)


def altered(tmp_path, events, change):
    """Write the events with change(list) applied; returns the path."""
    events = json.loads(json.dumps(events))
    change(events)
    path = tmp_path / "altered.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def nth_move(events, n):
    return next(e for e in events if e["ev"] == "move" and e["n"] == n)


@pytest.mark.parametrize("which", ["tayu", "tactik"])
def test_a_wrong_digest_is_the_first_divergence(tmp_path, tayu_log, tactik_log, which):
    _, events = tayu_log if which == "tayu" else tactik_log
    good = nth_move(events, 12)["digest"]

    def change(ev):
        nth_move(ev, 12)["digest"] = "0123456789abcdef"
        nth_move(ev, 20)["digest"] = "fedcba9876543210"  # later ones are not the first

    result = replay(altered(tmp_path, events, change))
    assert result.exit_code == 1
    assert "move 12: state digest after" in result.output
    assert "expected 0123456789abcdef (log), actual " + good + " (host)" in result.output
    assert "move 20" not in result.output


def test_an_illegal_move_is_reported_with_the_engine_reason(tmp_path, tayu_log):
    _, events = tayu_log

    def change(ev):
        nth_move(ev, 5)["move"] = nth_move(ev, 1)["move"]  # that spot is taken by then

    result = replay(altered(tmp_path, events, change))
    assert result.exit_code == 1
    first = nth_move(events, 1)["move"]
    assert f"move 5: '{first}' is illegal on the host: expected a legal move, actual rejected:" \
        in result.output


def test_a_move_by_the_wrong_seat(tmp_path, tactik_log):
    _, events = tactik_log

    def change(ev):
        m = nth_move(ev, 7)
        m["player"] = (m["player"] + 1) % 4

    result = replay(altered(tmp_path, events, change))
    assert result.exit_code == 1 and "move 7: " in result.output and "wrong seat" in result.output


def test_a_lost_move_line(tmp_path, tayu_log):
    _, events = tayu_log
    result = replay(altered(tmp_path, events, lambda ev: ev.remove(nth_move(ev, 30))))
    assert result.exit_code == 1
    assert "move 31: move number: expected 30, actual 31" in result.output


def test_end_scores_that_do_not_match(tmp_path, tayu_log):
    _, events = tayu_log
    end = next(e for e in events if e["ev"] == "end")

    def change(ev):
        next(e for e in ev if e["ev"] == "end")["scores"] = [999, 0]

    result = replay(altered(tmp_path, events, change))
    assert result.exit_code == 1
    assert f"end scores: expected [999, 0] (log), actual {end['scores']} (host)" in result.output


@pytest.fixture(scope="module")
def tactik_end_log(tmp_path_factory):
    """A whole four-player Tac-Tik game, to its `end` line."""
    return sim_log(tmp_path_factory.mktemp("tactik-end"), VARIANTS["tactik-4"])


def test_tactik_end_scores_are_checked(tmp_path, tactik_end_log):
    path, events = tactik_end_log
    end = next(e for e in events if e["ev"] == "end")
    assert len(end["scores"]) == 2 and max(end["scores"]) == 8  # the winners: 8 pawns home
    assert f"end scores {end['scores']} match" in replay(path).output
    tampered = [end["scores"][1], end["scores"][0]]

    def change(ev):
        next(e for e in ev if e["ev"] == "end")["scores"] = tampered

    result = replay(altered(tmp_path, events, change))
    assert result.exit_code == 1
    assert (f"end scores: expected {tampered} (log), actual {end['scores']} (host)"
            in result.output)


def test_an_end_without_scores_is_not_said_to_match(tmp_path, tactik_end_log):
    _, events = tactik_end_log

    def change(ev):
        del next(e for e in ev if e["ev"] == "end")["scores"]

    result = replay(altered(tmp_path, events, change))
    assert result.exit_code == 0, result.output
    assert "the end gives no scores to check" in result.output
    assert "end scores" not in result.output


def test_log_records_format_and_raw_lines_are_accepted(tmp_path, tayu_log):
    _, events = tayu_log
    path = tmp_path / "recorded.jsonl"
    with path.open("w") as f:
        f.write(json.dumps({"t": "2026-01-01T00:00:00.000Z", "raw": "MPY: soft reboot"}) + "\n")
        f.write("not json at all\n")
        for e in events:
            f.write(json.dumps({"t": "2026-01-01T00:00:01.000Z", "board": e}) + "\n")
    result = replay(path)
    n = sum(1 for e in events if e["ev"] == "move")
    assert result.exit_code == 0 and f"{n} moves legal" in result.output


def test_pictures_with_the_firmware_renderer(tmp_path):
    path, events = sim_log(tmp_path, ["--game", "tayu", "--players", "2", "--seed", "5"])
    n = sum(1 for e in events if e["ev"] == "move")
    result = replay(path, "--png", tmp_path / "png", "--gif", tmp_path / "game.gif",
                    "--scale", "4")
    assert result.exit_code == 0, result.output
    pngs = sorted((tmp_path / "png").glob("*.png"))
    assert len(pngs) == n + 1
    first, last = Image.open(pngs[0]), Image.open(pngs[-1])
    assert first.size == (32 * 4, 32 * 4)
    assert first.tobytes() != last.tobytes()  # tiles were placed between them
    gif = Image.open(tmp_path / "game.gif")
    assert gif.n_frames == n + 1


def test_step_draws_every_position(tmp_path):
    path, events = sim_log(tmp_path, ["--game", "tayu", "--players", "2", "--seed", "5"])
    n = sum(1 for e in events if e["ev"] == "move")
    result = replay(path, "--step")
    assert result.exit_code == 0
    assert result.output.count("after move ") == n and "start" in result.output
    assert result.output.count("\u2580" * 32) >= 16 * (n + 1)  # 16 text rows per 32x32 frame


def test_a_ta_yu_log_is_not_drawn_on_the_board_of_holes(tmp_path, tayu_log):
    path, _ = tayu_log
    out = tmp_path / "png"
    for args in (["--png", out], ["--gif", tmp_path / "game.gif"], ["--step"]):
        result = replay(path, *args, "--profile", "tactik_holes")
        assert result.exit_code == 2, result.output
        assert "tayu cannot be played on tactik_holes" in result.output
        assert "ref32" in result.output  # what to use instead
    assert not list(tmp_path.rglob("*.png")) and not (tmp_path / "game.gif").exists()
    result = replay(path, "--png", out, "--profile", "ref32")
    assert result.exit_code == 0 and len(list(out.glob("*.png"))) > 1


def test_a_file_without_a_game(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text('{"v": 1, "seq": 0, "ev": "hello", "fw": "0.1.0"}\n')
    result = replay(path)
    assert result.exit_code == 1 and "no game in this log" in result.output


def test_moves_missed_while_unplugged_come_from_the_resume(tmp_path, tayu_log):
    _, events = tayu_log
    new = next(e for e in events if e["ev"] == "new")
    moves = [e for e in events if e["ev"] == "move"]
    resumed = {**new, "moves": [m["move"] for m in moves[:15]], "resumed": True}
    kept = [new, *moves[:10], resumed, *moves[15:], events[-1]]
    path = tmp_path / "resumed.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in kept))
    result = replay(path)
    assert result.exit_code == 0, result.output
    assert "5 moves taken from the board's resume" in result.output

    resumed["moves"][3] = moves[4]["move"]  # the board's save disagrees with the log
    path.write_text("".join(json.dumps(e) + "\n" for e in kept))
    result = replay(path)
    assert result.exit_code == 1 and "move 4: resumed game's moves" in result.output


def test_an_undo_takes_the_move_back(tmp_path, tayu_log):
    _, events = tayu_log
    moves = [e for e in events if e["ev"] == "move"]
    undo = {"v": 1, "ev": "undo", "game": "tayu", "n": 4, "move": moves[4]["move"],
            "digest": moves[3]["digest"]}
    kept = [events[0], events[1], *moves[:5], undo, *moves[4:], events[-1]]
    path = tmp_path / "undo.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in kept))
    result = replay(path)
    assert result.exit_code == 0, result.output
    n = len(moves) + 1  # move 5 was played twice
    assert f"{n} moves legal, {n} digests match; 1 move taken back (1 undo digests match), " \
        f"{len(moves)} stand" in result.output

    undo["move"] = moves[2]["move"]  # not the last move
    path.write_text("".join(json.dumps(e) + "\n" for e in kept))
    result = replay(path)
    assert result.exit_code == 1 and "move 5: undo: expected" in result.output


def test_a_resumed_tactik_game_whose_save_keeps_moves_in_chunks(tmp_path, tactik_log):
    """A Tac-Tik save keeps its moves as a few strings of ;-ended notations (an older board's,
    newline-ended), and a resumed game's `new` event carries them so: the host splits them and
    the game replays."""
    from shared_rules.tactik import rules as tactik

    _, events = tactik_log
    new = next(e for e in events if e["ev"] == "new")
    moves = [e for e in events if e["ev"] == "move"]
    assert len(moves) >= 60
    board = tactik.new_game(new["options"]["players"], new["seed"],
                            new["options"].get("cards") == "real")
    for m in moves[:60]:
        board.apply(m["move"])
    saved = board.history_blocks()  # what the board's save holds
    assert 1 <= len(saved) < 5 and all(s[0] == "@" for s in saved)  # chunks of records
    texts = [m["move"] for m in moves[:60]]
    older = [";".join(texts[:30]) + ";", ";".join(texts[30:]) + ";"]  # an older board's save
    for blocks in (saved, older, [b.replace(";", "\n") for b in older]):
        resumed = {**new, "moves": blocks, "resumed": True}
        path = tmp_path / "resumed.jsonl"
        path.write_text("".join(json.dumps(e) + "\n" for e in [new, *moves[:50], resumed,
                                                               *moves[60:]]))
        result = replay(path)
        assert result.exit_code == 0, result.output
        assert f"{len(moves)} moves legal, {len(moves) - 10} digests match" in result.output
        assert "10 moves taken from the board's resume" in result.output

    # a log that begins at the resume (the logger was started after the board came back)
    path.write_text("".join(json.dumps(e) + "\n" for e in [resumed, *moves[60:]]))
    result = replay(path)
    assert result.exit_code == 0, result.output
    assert f"{len(moves)} moves legal, {len(moves) - 60} digests match" in result.output


def test_the_tactik_card_mode_named_in_new_is_the_one_replayed(tmp_path, tactik_log):
    _, events = tactik_log
    new = next(e for e in events if e["ev"] == "new")
    assert new["options"]["cards"] == "deal"  # the board names the mode in force, not "auto"
    n = sum(1 for e in events if e["ev"] == "move")

    def cards(value):
        def change(ev):
            opts = next(e for e in ev if e["ev"] == "new")["options"]
            if value is None:
                del opts["cards"]
            else:
                opts["cards"] = value
        return change

    # told physical cards, the host replays physical cards, and the dealt game diverges
    result = replay(altered(tmp_path, events, cards("real")))
    assert result.exit_code == 1 and "DIVERGENCE in tactik" in result.output, result.output
    # logs of older firmware say "auto" or nothing: both modes are tried, the dealt one agrees
    for old in ("auto", None):
        result = replay(altered(tmp_path, events, cards(old)))
        assert result.exit_code == 0, result.output
        assert f"{n} moves legal, {n} digests match" in result.output


def test_a_log_cut_before_the_end_is_checked_as_far_as_it_goes(tmp_path, tayu_log):
    _, events = tayu_log
    cut = [e for e in events if e["ev"] != "end"]
    cut = cut[: cut.index(nth_move(cut, 15)) + 1]
    result = replay(altered(tmp_path, cut, lambda ev: None))
    assert result.exit_code == 0, result.output
    assert "15 moves legal, 15 digests match" in result.output
    assert "not finished" in result.output


def test_a_binary_file_is_one_error_line(tmp_path, tayu_log):
    """A picture (or any binary file) given by mistake: one line saying what it is, not a
    `not a board event` line per chunk of it; a log with a few bad bytes is still a log."""
    png = tmp_path / "x.png"
    Image.new("RGB", (64, 64), (200, 30, 30)).save(png)
    noise = tmp_path / "noise.bin"
    noise.write_bytes(bytes((i * 97 + 13) % 256 for i in range(5000)))
    for path, what in ((png, "a PNG picture"), (noise, "binary data")):
        result = replay(path)
        assert result.exit_code == 1
        lines = result.output.splitlines()
        assert len(lines) == 1 and lines[0].startswith(
            f"Error: {path.name} is not a game log: {what}"), result.output
    path, _ = tayu_log
    noisy = tmp_path / "noisy.jsonl"
    noisy.write_bytes(b"\xff\xfe garbled \x01 line\n" + path.read_bytes())
    result = replay(noisy)
    assert result.exit_code == 0 and "line 1: not a board event" in result.output


def test_the_summary_names_only_the_options_that_apply(tmp_path, tayu_log):
    """A 2-player Ta Yü game has no bidding, no flood and no bid: its line does not list them."""
    path, _ = tayu_log
    result = replay(path)
    assert result.exit_code == 0
    line = next(ln for ln in result.output.splitlines() if ln.startswith("OK"))
    for name in ("bidding", "flood_seat", "max_bid", "target", "pass_is_final"):
        assert name not in line, line
    assert "players=2" in line


def test_tactik_pictures_show_the_card_played_and_the_winner(tmp_path, tactik_end_log):
    """What the panel showed: after a card is played it lies in the middle in its player's
    colour (replay's --png, --gif, --html and --step draw it); a gift stays face down; the last
    picture of a finished game says WIN in the middle."""
    from lanterne.render_state import last_of, render
    from lanterne.replay import check_log, load_profile

    from firmware.games.tactik import layout as tactik_layout

    path, _ = tactik_end_log
    result = check_log(path.read_text().splitlines())
    game = result.games[0]
    profile = load_profile("ref32")
    mx, my, mw, mh = tactik_layout.layout_for(profile, 4).middle

    def middle(canvas):
        return [canvas.get(x, y) for y in range(my, my + mh) for x in range(mx, mx + mw)]

    played = gifts = 0
    for i in range(1, 40):
        with_card = middle(render(profile, "tactik", game.history[i], last=last_of(game, i)))
        bare = middle(render(profile, "tactik", game.history[i]))
        if game.moves[i - 1].startswith("give"):
            gifts += 1
            assert with_card == bare, i  # the exchange is secret
        else:
            played += 1
            assert with_card != bare and sum(1 for c in with_card if c) > mw * mh // 2, i
    assert played >= 10 and gifts >= 4
    assert game.state.is_over()
    end = render(profile, "tactik", game.state, last=last_of(game, len(game.moves)))
    inner = [end.get(x, y) for y in range(my + 1, my + mh - 1) for x in range(mx + 1, mx + mw - 1)]
    assert 20 <= sum(1 for c in inner if c) <= len(inner) // 2  # W, I, N in the winners' colour
    before = render(profile, "tactik", game.history[-2])
    assert not any(before.get(x, y) for y in range(my + 1, my + mh - 1)
                   for x in range(mx + 1, mx + mw - 1))  # not while the game goes on
    res = replay(path, "--png", tmp_path / "png")
    assert res.exit_code == 0
    last = Image.open(sorted((tmp_path / "png").glob("*.png"))[-1]).convert("RGB")
    from lanterne.picture import canvas_to_image
    from PIL import ImageChops

    assert ImageChops.difference(last, canvas_to_image(end, scale=8)).getbbox() is None
