"""`lanterne replay` checks the bots' moves once the `end` event reveals the game's secret
(issue 33, lanterne/rebuild.py: Game.verify_bots): a log of a Chemin game against the hard
bot, its cards drawn with the secret, replays clean with every bot card checked; the same log
with another secret revealed is a divergence at the first card that secret would not draw."""

import json

from lanterne.replay import check_log

from shared_rules import bots


def _log(secret, told):
    opts = {"mode": "chemin", "players": 2, "bots": [1], "level": "hard"}
    st = bots.new_game("wuxing", 2, 9, mode="chemin")
    lines = [{"ev": "new", "game": "wuxing", "options": dict(opts, **_full(st)), "seed": 9}]
    bots.set_secret(secret)
    try:
        n = 0
        while not st.is_over():
            st.choose(1, bots.bot_choice(st, 1, "hard", "wuxing"))
            mv = st.choose(0, st.allowed_cards(0)[n % len(st.allowed_cards(0))])
            st.apply(mv)
            n += 1
            lines.append({"ev": "move", "game": "wuxing", "n": n, "player": 0, "move": str(mv),
                          "digest": st.digest(), "bot": False})
    finally:
        bots.set_secret(0)
    lines.append({"ev": "end", "game": "wuxing", "scores": list(st.scores()), "winner": None,
                  "n": n, "secret": told})
    return [json.dumps(x) for x in lines]


def _full(st):
    o = st.options()
    o.pop("players", None)
    return o


def test_a_log_replays_with_its_bot_cards_checked_against_the_revealed_secret():
    r = check_log(_log(4242, 4242))
    assert r.divergence is None, r.divergence
    assert r.games[0].bots_checked >= 2


def test_another_secret_revealed_is_a_divergence():
    r = check_log(_log(4242, 99))
    assert r.divergence is not None and "secret" in r.divergence.what
