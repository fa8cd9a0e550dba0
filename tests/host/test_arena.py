"""`lanterne arena`: the Wilson interval, the seat rotation, a reproducible match and its
table/JSON output, and trial weights that tune only the levels they name."""

import json

from click.testing import CliRunner
from lanterne import arena, expert, expert_tayu

from shared_rules import bots, registry
from shared_rules.tayu import bot as tayu_bot
from shared_rules.tayu import rules as tayu_rules


def test_wilson_interval_matches_the_textbook_values():
    lo, hi = arena.wilson(70, 100)
    assert abs(lo - 0.6041) < 1e-3 and abs(hi - 0.7810) < 1e-3
    lo, hi = arena.wilson(0, 10)
    assert lo == 0.0 and abs(hi - 0.2775) < 1e-3
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_levels_rotate_over_the_teams_and_each_fills_the_rest_in_turn():
    assert arena.teams_of("tactik", 4) == (2, [0, 1, 0, 1])
    assert arena.teams_of("tactik", 6) == (3, [0, 1, 2, 0, 1, 2])
    assert arena.teams_of("tayu", 2) == (2, [0, 1])
    assert arena.layout(["hard", "greedy"], 2, 0) == ["hard", "greedy"]
    assert arena.layout(["hard", "greedy"], 2, 1) == ["greedy", "hard"]
    assert arena.layout(["hard", "greedy"], 2, 2) == ["hard", "greedy"]
    # three teams, two levels: one hard team against two greedy ones, then two against one,
    # each rotated over the teams; a deal is played six times
    six = [arena.layout(["hard", "greedy"], 3, i) for i in range(6)]
    assert six == [["hard", "greedy", "hard"], ["hard", "greedy", "greedy"],
                   ["greedy", "hard", "hard"], ["greedy", "greedy", "hard"],
                   ["hard", "hard", "greedy"], ["greedy", "hard", "greedy"]]
    assert sum(lv.count("hard") for lv in six) == sum(lv.count("greedy") for lv in six) == 9
    # every team named: a fixed match, one hard team against two greedy ones, in 3 rotations
    fixed = [arena.layout(["hard", "greedy", "greedy"], 3, i) for i in range(4)]
    assert fixed == [["hard", "greedy", "greedy"], ["greedy", "greedy", "hard"],
                     ["greedy", "hard", "greedy"], ["hard", "greedy", "greedy"]]


def test_a_match_is_reproducible_and_plays_each_deal_in_every_rotation():
    a = arena.run("tayu", 2, ["normal", "greedy"], 6, seed=4, jobs=1)
    b = arena.run("tayu", 2, ["normal", "greedy"], 6, seed=4, jobs=1)
    strip = [(r["seed"], r["levels"], r["winner"], r["moves"]) for r in a]
    assert strip == [(r["seed"], r["levels"], r["winner"], r["moves"]) for r in b]
    assert a[0]["seed"] == a[1]["seed"] and a[0]["levels"] == a[1]["levels"][::-1]
    s = arena.summarise(a, ["normal", "greedy"], 2)
    assert s["games"] == 6
    assert sum(row["wins"] for row in s["levels"]) + s["draws"] == 6


def test_the_command_prints_json_and_a_table():
    out = CliRunner().invoke(arena.arena, ["hard:greedy", "--game", "tactik", "--games", "2",
                                           "--jobs", "1", "--seed", "1", "--json"])
    assert out.exit_code == 0, out.output
    d = json.loads(out.output)
    assert d["games"] == 2 and d["players"] == 4 and d["match"] == "hard:greedy"
    assert [r["level"] for r in d["levels"]] == ["hard", "greedy"]
    out = CliRunner().invoke(arena.arena, ["easy:normal", "--game", "tayu", "--games", "2",
                                           "--jobs", "1"])
    assert out.exit_code == 0, out.output
    assert "95 % CI" in out.output and "easy" in out.output
    bad = CliRunner().invoke(arena.arena, ["grandmaster:greedy", "--games", "1"])
    assert bad.exit_code != 0


def test_wuxing_plays_both_modes_two_players_by_default():
    for opts in ([], ["--option", "mode=chemin"], ["--option", "mode=theatre",
                                                   "--option", "board=random"]):
        out = CliRunner().invoke(arena.arena, ["hard:greedy", "--game", "wuxing", "--games",
                                               "2", "--jobs", "1", "--seed", "3", "--json",
                                               *opts])
        assert out.exit_code == 0, out.output
        d = json.loads(out.output)
        assert d["games"] == 2 and d["players"] == 2
        assert sum(r["wins"] for r in d["levels"]) + d["draws"] == 2
    assert json.loads(out.output)["options"] == {"mode": "theatre", "board": "random"}


def test_a_chemin_seat_chooses_with_its_own_level(monkeypatch):
    # each round, each seat's card comes from that seat's level (a simultaneous choice: the
    # seat to move is always Yang until Yang has chosen)
    from shared_rules import bots

    mod = bots.bot_module("wuxing")
    calls = []
    real = mod.card

    def card(st, seat, level):
        calls.append((seat, level))
        return real(st, seat, level)

    monkeypatch.setattr(mod, "card", card)
    for i in (0, 1):
        calls.clear()
        r = arena.play_game(("wuxing", 2, {"mode": "chemin"}, ("hard", "easy"), i, 5, None))
        assert r["moves"] > 0 and calls
        want = {(0, r["levels"][0]), (1, r["levels"][1])}
        assert set(calls) == want and len(calls) == 2 * r["moves"]


def test_the_host_only_levels_play_and_the_secret_hides_hards_cards():
    # issue 33: `seer` replays hard's draw from the seed and the position (what a log gives):
    # without the secret it foresees hard's cards and wins most games, with it not
    for lv in ("expert", "spy"):
        res = arena.run("wuxing", 2, [lv, "hard"], 2, seed=3, jobs=1,
                        options={"mode": "chemin"})
        assert all(r["moves"] > 0 for r in res)
    blind = arena.run("wuxing", 2, ["seer", "hard"], 20, seed=3, jobs=1,
                      options={"mode": "chemin", "_no_secret": True})
    seen = arena.run("wuxing", 2, ["seer", "hard"], 20, seed=3, jobs=1,
                     options={"mode": "chemin"})
    won = [sum(r["winner_level"] == "seer" for r in res) for res in (blind, seen)]
    assert won[0] >= 16 and won[1] <= 14, won


def _bot_or_none(game):
    try:
        return bots.bot_module(game)
    except ValueError:
        return None


def test_trial_weights_never_reach_the_yardstick_in_any_game():
    # every game with bots: a trial is over the committed level for one game, a host-only
    # level moves on the committed table meanwhile, and the committed table is back after
    tuned = 0
    for game in registry.names():
        table = getattr(_bot_or_none(game), "WEIGHTS", None)
        if not table:
            continue
        saved = {lv: dict(kv) for lv, kv in table.items()}
        lv = max(saved, key=lambda k: len(saved[k]))
        name = next(iter(saved[lv]))
        with arena.trial_weights(game, {lv: {name: -1}}):
            assert table[lv] == dict(saved[lv], **{name: -1}), game
            with arena.committed_weights(game):
                assert table == saved, game
            assert table[lv][name] == -1, game
        assert table == saved, game
        tuned += 1
    assert tuned >= 3  # Ta Yü, Tac-Tik, Wuxing


def test_trial_weights_must_name_the_games_levels_and_weights():
    runner = CliRunner()
    for bad, said in (('{"hard": {"drwas": 8}}', "no weight 'drwas'"),
                      ('{"master": {"draws": 8}}', "'master'"),
                      ('{"hard": 8}', "'hard'"), ("[1]", "give {level"), ("{hard", "not JSON")):
        res = runner.invoke(arena.arena, ["hard:greedy", "--game", "tayu", "--games", "1",
                                          "--weights", bad])
        assert res.exit_code == 2 and said in res.output, (bad, res.output)
    saved = dict(tayu_bot.WEIGHTS)
    res = runner.invoke(arena.arena, ["hard:greedy", "--game", "tayu", "--games", "2",
                                      "--jobs", "1", "--json", "--weights",
                                      '{"normal": {"draws": 2}}'])  # hard's name, for normal
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["weights"] == {"normal": {"draws": 2}}
    assert tayu_bot.WEIGHTS == saved  # one process: the trial was applied here, and undone


def test_a_trial_of_ta_yus_weights_leaves_the_experts_move_as_committed(monkeypatch):
    # the Ta Yü expert ranks by hard's evaluation and plays its play-outs with normal: a trial
    # of both changes what normal plays, not what the yardstick plays
    monkeypatch.setattr(expert_tayu, "DRAWS", 3)
    st = tayu_rules.new_game(2, 2)
    while st.placed < 20:
        st.apply(tayu_rules.greedy_move(st))
    assert st.phase == tayu_rules.PLACE
    normal = str(bots.bot_move(st, "normal", "tayu"))
    yardstick = str(expert.move(st, "expert", "tayu"))
    trial = {"score": -256, "near": (0, 0, 0, 0)}
    with arena.trial_weights("tayu", {"normal": trial, "hard": trial}):
        assert str(bots.bot_move(st, "normal", "tayu")) != normal
        with arena.committed_weights("tayu"):
            assert str(expert.move(st, "expert", "tayu")) == yardstick
