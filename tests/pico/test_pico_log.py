"""`lanterne log` on the emulated Pico records a whole game; `lanterne replay` verifies it."""

import json

from conftest import lanterne

from shared_rules.tayu import rules as tayu


def test_log_a_whole_game_then_replay_verifies_every_move_and_the_end(flashed, tmp_path):
    folder = tmp_path / "games"
    # the host hands the board a game 40 moves in (the board replays them), its bots finish it
    st = tayu.replay({"players": 2}, 4, [])
    for _ in range(40):
        st.apply(tayu.greedy_move(st) or st.legal_moves()[0])
    cmd = json.dumps({"cmd": "new", "game": "tayu", "seed": 4, "moves": st.history,
                      "options": {"players": 2, "bots": [0, 1]}})
    r = lanterne("log", "--port", flashed.port, "--dir", str(folder), "--send", cmd,
                 "--games", "1", timeout=1200)
    assert r.returncode == 0, r.stdout + r.stderr
    files = sorted(folder.glob("*-tayu-s4.jsonl"))
    assert len(files) == 1, sorted(folder.iterdir())
    events = [json.loads(line).get("board") for line in files[0].read_text().splitlines()]
    events = [e for e in events if e]
    assert events[-1]["ev"] == "end"
    n = events[-1]["n"]
    r = lanterne("replay", str(files[0]))
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"{n} moves legal" in r.stdout and "end scores" in r.stdout
