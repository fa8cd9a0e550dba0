"""The board's events in words where people look (issue 23): the simulator's side panel, the
`lanterne watch` status line, `lanterne replay --step`, and the narrator of an event stream
(new, moves, undo, end, menu, errors and junk)."""

import json
import re
from pathlib import Path

from click.testing import CliRunner
from lanterne import sim, words
from lanterne.cli import main
from lanterne.replay import load_profile
from lanterne.watch import Mirror

DATA = Path(__file__).parent / "data"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def events(name):
    return [json.loads(ln) for ln in (DATA / name).read_text().splitlines() if ln.strip()]


def serial_part(lines):
    """The sentences under `serial:` (a wrapped sentence's next lines begin with two spaces)."""
    text = [ANSI.sub("", ln) for ln in lines]
    said = []
    for ln in text[text.index("serial:") + 1:]:
        if ln.startswith("  ") and said:
            said[-1] += " " + ln.strip()
        else:
            said.append(ln)
    return said


def test_the_simulators_side_panel_says_the_moves_in_words_not_json():
    for game, options, needle in (
            ("tactik", {"players": 4, "bots": [0, 1, 2, 3]}, re.compile(r"^(red|blue|yellow|"
                                                                         r"green) (plays|gives|"
                                                                         r"splits|swaps|"
                                                                         r"discards) ")),
            ("tayu", {"players": 2, "bots": [0, 1]}, re.compile(r"^(north-south|east-west) "
                                                                r"places \S+ at \d+,\d+→"))):
        with sim.Simulator("ref32", None, 7, 0) as s:
            s.boot()
            s.app.start_game(game, options, 7)
            s.play_until(12)
            said = serial_part(sim._side_panel(s))
        assert len(said) >= 4, said
        assert not any("{" in t or '"ev"' in t for t in said), said
        assert all(needle.match(t) and t.endswith("(bot)") for t in said[-4:]), said


def test_the_side_panel_says_a_new_game():
    with sim.Simulator("ref32", None, 7, 600) as s:
        s.boot()
        s.app.start_game("tayu", {"players": 2, "edition": "goliath", "bots": [1]}, 7)
        s.advance(50)
        said = serial_part(sim._side_panel(s))
    assert said[-1] == "new game: Ta Yü (goliath), 2 players, seed 7", said
    assert said[0].startswith("hello: firmware")  # what has no words of its own: as `log` says


def test_the_bots_level_is_said_when_the_board_names_one():
    opts = {"players": 2, "edition": "kosmos", "bots": [1], "level": "hard"}
    assert words.new_game("tayu", opts, 3) == (
        "new game: Ta Yü (kosmos), 2 players, hard bots, seed 3")
    opts["bots"] = []  # no bot plays: no level to say
    assert words.new_game("tayu", opts, 3) == "new game: Ta Yü (kosmos), 2 players, seed 3"


def test_the_narrator_says_new_moves_undo_end_menu_and_errors():
    n = words.Narrator()
    said = [n.line(e) for e in events("tayu-undo.jsonl")]
    assert said[1] == "new game: Ta Yü (goliath), 2 players, seed 5"
    assert said[2] == "north-south places e-s1-s2 at 7,9→9,9 (exits S W W)"
    assert said[3].startswith("east-west places ") and said[3].endswith(" (bot)")
    assert said[8] == ("undo: back to move 5 (takes back: east-west places "
                       + said[7][len("east-west places "):-len(" (bot)")] + ")")
    assert said[9].startswith("undo: back to move 4 (takes back: north-south places ")
    assert n.line({"ev": "menu"}) == "back at the menu"
    assert n.line({"ev": "relaunch", "game": "rondo"}) == \
        "the board restarts to start rondo from a clean heap"
    assert n.game is None  # the game it was following is over for it
    assert n.line({"ev": "error", "code": "illegal", "msg": "bad move"}) == \
        "error illegal: bad move"
    assert n.line_text("garbage \x1b[2J") == "'garbage \\x1b[2J'"[1:-1]
    assert n.line({"ev": "move", "move": "9,9,E"}) == "move None: seat None 9,9,E"  # as `log`


def test_the_narrator_says_a_game_end_with_scores_and_winner():
    from shared_rules.tactik import rules as tactik

    state = tactik.new_game(4, 2)
    opts = {"players": 4, "cards": "deal", "bots": [0, 1, 2, 3]}
    n = words.Narrator()
    n.line({"ev": "new", "game": "tactik", "options": opts, "seed": 2})
    k = 0
    last = None
    while not state.is_over():
        move = str(tactik.greedy_move(state))
        seat = state.current_player
        state.apply(move)
        k += 1
        last = n.line({"ev": "move", "game": "tactik", "n": k, "player": seat, "move": move,
                       "digest": state.digest(), "bot": True})
    assert not last.startswith("move ")
    a, b = state.scores()
    end = n.line({"ev": "end", "game": "tactik", "scores": [a, b], "n": k,
                  "winner": 0 if a > b else 1})
    won = " and ".join(c for s in state.winner() for c in state.seat_colours(s))
    assert end == f"end: red-yellow {a}, blue-green {b} — {won} win"
    resumed = n.line({"ev": "new", "game": "tactik", "options": opts, "seed": 2,
                      "moves": state.history[:10], "resumed": True})
    assert resumed == "resumed: Tac-Tik, 4 players, seed 2, at move 10"


def test_watch_says_moves_and_undos_in_words():
    mirror = Mirror(load_profile)
    status = []
    for e in events("tayu-undo.jsonl"):
        mirror.on_event(e)
        status.append(mirror.status)
    assert status[1] == "new game: Ta Yü (goliath), 2 players, seed 5"
    assert status[2] == "north-south places e-s1-s2 at 7,9→9,9 (exits S W W)   [1 digests match]"
    assert any(s.startswith("undo: back to move 4 (takes back: north-south places ")
               for s in status)
    assert not any("{" in s for s in status) and mirror.diverged is None


def test_replay_step_labels_say_the_moves_in_words():
    result = CliRunner().invoke(main, ["replay", str(DATA / "tayu-undo.jsonl"), "--step"])
    assert result.exit_code == 0, result.output
    assert "tayu game 1, start" in result.output
    assert "after move 1/" in result.output
    assert ": north-south places e-s1-s2 at 7,9→9,9 (exits S W W)" in result.output


def test_unknown_games_and_bad_texts_are_said_plainly():
    assert words.describe("chess", None, "e2e4", 0) == "seat 0: e2e4"
    assert words.describe("tayu", None, "\x1b[2J", None, bot=True) == "\\x1b[2J (bot)"
    assert words.new_game("chess", {}, 1) == "new game: chess, seed 1"


def test_the_log_console_numbers_the_moves_and_says_them_in_words(tmp_path):
    from lanterne.log import Recorder
    from lanterne.stream import Line

    rec = Recorder(tmp_path, echo=lambda text: None)
    said = []
    for e in events("tayu-undo.jsonl")[:10]:
        said.append(rec.line(Line("2026-01-01T00:00:00", json.dumps(e), e)))
    rec.close()
    assert said[2] == \
        "move 1: seat 0 7,9,S — north-south places e-s1-s2 at 7,9→9,9 (exits S W W)"
    assert said[3].startswith("move 2: seat 1 10,9,E — east-west places ")
    assert said[3].endswith("(bot)")
    assert said[9].startswith("undo: back to move 4 (takes back: north-south places ")


def test_the_panel_wraps_whole_sentences_to_its_width():
    said = ["north-south places e-n1-s1 at 9,8→9,10 (exits N E S) (bot)", "seat 0 bids 20"]
    assert words.panel_lines(said, 40) == [
        "north-south places e-n1-s1 at 9,8→9,10", "  (exits N E S) (bot)", "seat 0 bids 20"]
    assert words.panel_lines(said, 40, rows=2) == ["  (exits N E S) (bot)", "seat 0 bids 20"]
    with sim.Simulator("ref32", None, 7, 0) as s:
        s.boot()
        s.app.start_game("tayu", {"players": 2, "bots": [0, 1]}, 7)
        s.play_until(8)
        for width in (sim.PANEL_MIN, sim.PANEL_MAX):
            text = [ANSI.sub("", ln) for ln in sim._side_panel(s, width)]
            assert all(len(t) <= width for t in text), width
            assert not any(t.endswith("\u2026") for t in text[text.index("serial:"):])
