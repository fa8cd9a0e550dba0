"""The host tools never trust what they read (issue 14): property tests with hypothesis for the
parsers at the edge (lanterne.untrusted, the serial line parser, `send`'s command words, the
log recorder's file names, the watch mirror, `replay`), and each case the hostile probe found
kept as a regression test. Bounded: a fixed number of examples, derandomized."""

import json

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lanterne import untrusted
from lanterne.cli import main
from lanterne.log import Recorder
from lanterne.replay import check_log
from lanterne.send import parse_command
from lanterne.stream import Line, parse
from lanterne.watch import Mirror

BOUNDED = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                   suppress_health_check=[HealthCheck.too_slow,
                                          HealthCheck.function_scoped_fixture])
SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
           | st.text(max_size=12))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
FIELDS = ("ev", "game", "seed", "options", "moves", "move", "n", "player", "digest", "scores",
          "winner", "resumed", "profile", "msg", "code")
EVENT = st.fixed_dictionaries(
    {"ev": st.sampled_from(["hello", "new", "move", "undo", "end", "state", "error", "menu"])},
    optional={k: JSON for k in FIELDS[1:]})
FEWER = settings(BOUNDED, max_examples=60)  # each example rebuilds a game or writes files
TAYU_NEW = {"ev": "new", "game": "tayu", "seed": 7,
            "options": {"players": 2, "edition": "goliath"}}


def dumps(obj):
    return json.dumps(obj, allow_nan=True)


@BOUNDED
@given(st.text(max_size=200) | st.builds(lambda n, c: c * n, st.integers(0, 5000),
                                          st.sampled_from("[{")))
def test_load_json_gives_a_value_or_bad_input(text):
    try:
        untrusted.load_json(text)
    except untrusted.BadInput as exc:
        assert str(exc)


def test_load_json_refuses_depth_size_and_non_numbers():
    for text in ("[" * 100_000, "[" * 33 + "]" * 33, "NaN", "[Infinity]", "1e999", "-1e999",
                 '{"seed": 1e999}'):
        with pytest.raises(untrusted.BadInput):
            untrusted.load_json(text)
    with pytest.raises(untrusted.BadInput):
        untrusted.load_json("[" + "1," * 600_000 + "1]")
    assert untrusted.load_json('{"a": "[[[[", "b": [[1]]}') == {"a": "[[[[", "b": [[1]]}


@BOUNDED
@given(st.binary(max_size=300))
def test_a_serial_line_is_a_dict_or_raw(data):
    obj = parse(data.decode("utf-8", "replace"))
    assert obj is None or isinstance(obj, dict)


@BOUNDED
@given(st.text(max_size=300))
def test_printable_text_has_no_control_characters(text):
    shown = untrusted.printable(text)
    shown.encode("utf-8")  # no lone surrogates
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in shown)


@BOUNDED
@given(JSON)
def test_a_file_part_is_a_plain_name(value):
    part = untrusted.file_part(value)
    assert part and len(part) <= 40 and "/" not in part and not part.startswith(".")


@BOUNDED
@given(st.lists(st.text(max_size=30), min_size=1, max_size=6))
def test_send_words_give_a_command_or_a_usage_error(words):
    try:
        cmd = parse_command(words)
    except click.UsageError as exc:
        assert exc.message
    else:
        assert isinstance(cmd, dict) and isinstance(cmd["cmd"], str)


@FEWER
@given(st.lists(EVENT, max_size=6))
def test_replay_of_any_events_gives_a_result_or_a_divergence(events):
    lines = [dumps(TAYU_NEW)] + [dumps(e) for e in events]
    result = check_log(lines)
    assert result.games and (result.divergence is None or str(result.divergence))


@FEWER
@given(st.lists(EVENT, max_size=8))
def test_the_watch_mirror_takes_any_events(events):
    def load(name):
        from lanterne.replay import load_profile

        return load_profile(name)

    mirror = Mirror(load)
    for e in [TAYU_NEW] + events:
        mirror.on_event(e)
        untrusted.printable(mirror.status).encode("utf-8")
    assert mirror.profile is None or mirror.profile["name"]


@FEWER
@given(JSON, JSON)
def test_log_files_stay_in_their_folder(tmp_path_factory, game, seed):
    folder = tmp_path_factory.mktemp("games")
    rec = Recorder(folder, echo=lambda text: None)
    for obj in ({"ev": "hello", "seq": 0, "profile": game},
                {"ev": "new", "seq": 1, "game": game, "seed": seed, "options": seed},
                {"ev": "end", "seq": "x"}):
        rec.line(Line("t", dumps(obj), obj))
    rec.close()
    assert rec.files and all(p.parent == folder and p.exists() for p in rec.files)


# ---- the cases the hostile probe found --------------------------------------------------------
def replay(tmp_path, *lines, args=()):
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return CliRunner().invoke(main, ["replay", str(path), *args])


def one_clear_line(result, *words):
    """A refusal: no traceback, exit status 1 or 2, the reason in the output."""
    assert result.exit_code in (1, 2), result.output
    assert not isinstance(result.exception, (TypeError, ValueError, KeyError, OSError,
                                             RecursionError, OverflowError)), result.exception
    assert "Traceback" not in result.output
    for w in words:
        assert w in result.output, result.output


@pytest.mark.parametrize("new", [
    '{"ev": "new", "game": "tayu", "options": 5, "seed": 1}',
    '{"ev": "new", "game": "tayu", "options": {}, "seed": 1e999}',
    '{"ev": "new", "game": "tayu", "options": {"players": 4.0}, "seed": 1}',
    '{"ev": "new", "game": "tayu", "options": {"players": true}, "seed": 1}',
    '{"ev": "new", "game": "tayu", "options": {"doubles": [[1]]}, "seed": 1}',
    '{"ev": "new", "game": "tayu", "options": {"edition": [1]}, "seed": 1}',
    '{"ev": "new", "game": ["tayu"], "options": {}, "seed": 1}',
    '{"ev": "new", "game": "tactik", "options": {"players": "4"}, "seed": 1}',
    '{"ev": "new", "game": "tayu", "options": {}, "seed": 1, "moves": [1, 2]}',
    '{"ev": "new", "game": "tayu", "options": {}, "seed": "1"}',
])
def test_replay_refuses_fields_of_the_wrong_type(tmp_path, new):
    one_clear_line(replay(tmp_path, new, '{"ev": "move", "n": 1, "move": "9,8,E"}'))


def test_replay_survives_a_deep_line_and_bad_event_fields(tmp_path):
    deep = "[" * 100_000
    res = replay(tmp_path, deep, dumps(TAYU_NEW), deep,
                 '{"ev": "move", "n": "1", "move": "9,8,E"}')
    one_clear_line(res, "DIVERGENCE", "'n' must be an integer")
    res = replay(tmp_path, dumps(TAYU_NEW), '{"ev": "move", "n": 1, "move": 5}')
    one_clear_line(res, "'move' must be a text")
    res = replay(tmp_path, dumps(TAYU_NEW), '{"ev": "end", "scores": 5}')
    one_clear_line(res, "'scores' must be a list")


def test_replay_options_are_checked_before_anything_is_read(tmp_path):
    good = dumps(TAYU_NEW)
    for args, words in ((["--gif", str(tmp_path / "nope" / "x.gif")], ["does not exist"]),
                        (["--gif", str(tmp_path / "x.png")], [".gif"]),
                        (["--scale", "0"], ["--scale"]), (["--scale", "-3"], ["--scale"]),
                        (["--png", "/proc/nope"], ["cannot make folder"]),
                        (["--profile", "../../etc/passwd", "--png", str(tmp_path)],
                         ["not a profile name"])):
        one_clear_line(replay(tmp_path, good, args=args), *words)


def test_replay_draws_on_ref32_when_the_log_names_a_path_as_profile(tmp_path):
    hello = '{"ev": "hello", "profile": "../../x"}'
    res = replay(tmp_path, hello, dumps(TAYU_NEW), args=["--png", str(tmp_path / "png")])
    assert res.exit_code == 0 and "not a profile name" in res.output, res.output
    assert (tmp_path / "png" / "game1-000.png").exists()


def sim(*args):
    return CliRunner().invoke(main, ["sim", *args])


@pytest.mark.parametrize("args, words", [
    (["--scale", "0", "--snapshot", "x.png"], ["--scale"]),
    (["--scale", "-3", "--snapshot", "x.png"], ["--scale"]),
    (["--snapshot", "/nope/dir/x.png"], ["does not exist"]),
    (["--snapshot", "x.bmp"], [".png"]),
    (["--dir", "/proc/nope", "--keys", ""], ["cannot make folder"]),
    (["--keys", "a:short"], ["bad key: a:short"]),
    (["--keys", "wait:-5"], ["bad wait"]),
    (["--keys", "jump"], ["unknown key"]),
    (["--game", "tayu", "--humans", "7", "--keys", ""], ["--humans"]),
    (["--game", "tayu", "--humans", "-1", "--keys", ""], ["--humans"]),
    (["--game", "tactik", "--players", "0", "--keys", ""], ["--players"]),
    (["--game", "tactik", "--players", "5", "--keys", ""], ["--players"]),
    (["--game", "tactik", "--edition", "goliath", "--keys", ""], ["no editions"]),
    (["--players", "3", "--keys", ""], ["need --game"]),
    (["--game", "tayu", "--variant", "target=abc", "--keys", ""], ["target must be an integer"]),
    (["--game", "tayu", "--variant", "max_bid=1e999", "--keys", ""], ["max_bid"]),
    (["--seed", "-1", "--keys", ""], ["--seed"]),
])
def test_sim_options_get_one_clear_line(args, words):
    one_clear_line(sim(*args), *words)


def test_sim_snapshot_writes_the_format_its_name_says(tmp_path):
    for name, magic in (("x.jpg", b"\xff\xd8\xff"), ("x.png", b"\x89PNG"), ("x.gif", b"GIF8")):
        res = sim("--keys", "", "--snapshot", str(tmp_path / name), "--scale", "1")
        assert res.exit_code == 0, res.output
        assert (tmp_path / name).read_bytes().startswith(magic)


def test_integers_are_bounded_before_they_are_converted():
    assert untrusted.load_json('{"seq": 9223372036854775807}') == {"seq": (1 << 63) - 1}
    assert untrusted.load_json('{"seq": -12345678901234567890}') == {"seq": -12345678901234567890}
    for text in ('{"seq": ' + "9" * 4300 + "}", '{"seq": ' + "9" * 21 + "}",
                 '{"seq": -' + "1" * 21 + "}", '{"n": 1e999}', '{"n": NaN}'):
        with pytest.raises(untrusted.BadInput):
            untrusted.load_json(text)
    assert untrusted.sequence({"seq": 5}) == 5
    for bad in (1.5, True, -1, "7", None, 1 << 64):
        assert untrusted.sequence({"seq": bad}) is None
