"""Tai Chi Chuan on the host (CPython only): a whole game of bots in `lanterne sim` whose event
lines `lanterne replay` checks move by move (text, --step, --html and pictures), its moves in
words, a word typed on the keyboard of the terminal simulator (`/`, the letters, Enter) and
sent to the board as the host's `move`, refused in one line when the board refuses it."""

import json

from click.testing import CliRunner
from lanterne import sim_terminal, words
from lanterne.replay import replay
from lanterne.sim import sim
from lanterne.sim_board import Simulator
from PIL import Image

from shared_rules import registry


def _bots_game(tmp_path, *args):
    out = tmp_path / "board.png"
    result = CliRunner().invoke(sim, ["--game", "taichi", "--snapshot", str(out), "--events",
                                      "--bot-delay", "0", "--humans", "0", "--moves", "10000",
                                      "--level", "easy", *args])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("{")]
    return Image.open(out), lines


def test_a_bots_game_plays_to_its_end_and_replays(tmp_path):
    img, lines = _bots_game(tmp_path, "--players", "3", "--seed", "5")
    events = [json.loads(line) for line in lines]
    assert events[-1]["ev"] == "end" and img.size == (32 * 12, 32 * 12)
    log = tmp_path / "game.jsonl"
    log.write_text("\n".join(lines) + "\n")
    out = CliRunner().invoke(replay, [str(log)])
    assert out.exit_code == 0 and out.output.startswith("OK taichi seed 5"), out.output
    assert "digests match; end scores" in out.output
    pics = tmp_path / "png"
    out = CliRunner().invoke(replay, [str(log), "--png", str(pics), "--html",
                                      str(tmp_path / "g.html")])
    assert out.exit_code == 0, out.output
    assert len(list(pics.glob("*.png"))) == events[-1]["n"] + 1
    page = (tmp_path / "g.html").read_text()
    assert " says " in page and "takes" in page
    out = CliRunner().invoke(replay, [str(log), "--step"], input="q")
    assert out.exit_code == 0, out.output


def test_the_moves_in_words():
    st = registry.engine("taichi").new_game(2, 5)
    word = [m.word for m in st.legal_moves() if m.kind == "word"][0]
    said = words.describe("taichi", st, "word " + word, 0, bot=True)
    assert said.startswith("P1 says " + word + " (cards ") and said.endswith("(bot)")
    st.apply("word " + word)
    assert "pushes on and turns" in words.describe("taichi", st, "draw")
    assert words.describe("taichi", st, "stop").startswith("P1 stops")
    assert words.title("taichi", {"players": 3}) == \
        "Tai Chi Chuan (dictionary entries), 3 players"
    assert "seat 0" not in words.describe("taichi", st, "word NOPE")  # shown as written


def test_a_typed_word_goes_to_the_board_as_a_move():
    assert sim_terminal.typed_move("salut") == "word SALUT"
    assert sim_terminal.typed_move("  Salut 3 ") == "word SALUT seat 2"
    assert sim_terminal.typed_move("!zorglub") == "accept ZORGLUB"
    assert sim_terminal.typed_move("") is None
    line = sim_terminal.WordLine()
    line.text = ""
    got = [line.feed(ch) for ch in "eaux\x7f\r"]
    assert got[-1] == "word EAU" and line.text is None
    s = Simulator("ref32", seed=5)
    try:
        s.boot()
        s.app.start_game("taichi", {"players": 2, "bots": [1], "level": "easy"}, 5)
        s.advance(200)
        mode = s.app.mode
        first = mode.state.row_letters()[0][0]
        for text in (first.lower() + "qxzw", "zz"):  # not in the word set; does not fit
            s.app.link.feed(json.dumps({"cmd": "move", "move": sim_terminal.typed_move(text)})
                            .encode() + b"\n")
            s.advance(50)
            err = [json.loads(x) for x in s.lines if '"error"' in x][-1]
            assert "\n" not in err["msg"] and mode.state.history_len() == 0, err
        word = [m.word for m in mode.state.legal_moves() if m.kind == "word"][0]
        s.app.link.feed(json.dumps({"cmd": "move", "move": sim_terminal.typed_move(
            word.lower())}).encode() + b"\n")
        s.advance(50)
        assert mode.state.history == ["word " + word]
    finally:
        s.close()


def test_a_word_typed_in_the_terminal_is_played(tmp_path):
    import os

    from test_sim_terminal import _read_until, _terminal

    st = registry.engine("taichi").new_game(2, 5)
    word = [m.word for m in st.legal_moves() if m.kind == "word"][0]
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    with _terminal(env, "--game", "taichi", "--players", "2", "--seed", "5",
                   "--level", "easy") as master:
        seen = _read_until(master, rb"to play: a word")
        os.write(master, b"/zq")
        seen = _read_until(master, rb"word: zq_", seen)
        os.write(master, b"\r")  # refused: the reason in the side panel, nothing played
        seen = _read_until(master, rb"does not start with|not in the dictionary", seen)
        os.write(master, b"/" + word.lower().encode() + b"\r")
        _read_until(master, b"says " + word.encode(), seen)
