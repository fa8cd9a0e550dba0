"""The boot menu across games (both runtimes): changing the game row resets players, seats and
options to the new game's defaults; players cycle through the game's PLAYER_COUNTS."""

# The board first (its frame buffers low on a fresh heap, as at boot), then the Tac-Tik engine
# and its board module.
import gc  # noqa: I001
import sys

from tactik_script import Session

BOARD = Session(bot_delay_ms=40)

from shared_rules.tactik import rules as tactik  # noqa: E402, F401, I001
from shared_rules.tactik import spec as tactik_spec  # noqa: E402

gc.collect()


from shared_rules.tayu import spec as tayu_spec  # noqa: E402  (menu data only: no engine is loaded)


def to_row(s, kind):
    m = s.app.mode
    for _ in range(len(m.rows)):
        if m.rows[m.cursor][0] == kind:
            return
        s.press("down")
    raise AssertionError("no row " + kind)


def fresh_menu():
    s = BOARD
    s.app.saved = None
    s.app.menu_memory.clear()
    s.app.to_menu()
    assert s.app.mode.name == "menu" and s.app.mode.game == "tayu"
    return s


def test_switching_from_ta_yu_to_tactik_starts_a_default_four_player_game():
    s = fresh_menu()
    m = s.app.mode
    # Ta Yü set up away from its defaults: 3 players, goliath, all humans
    to_row(s, "opt")
    s.press("right")
    assert "GOLIATH" in m.texts
    to_row(s, "players")
    s.press("right")
    assert "PLAY 3" in m.texts and "P1 HUMAN" in m.texts and "P3 BOT" in m.texts
    to_row(s, "seat")  # P1: seat by seat, each flipped on its own
    s.press("left")
    assert m.bots == [True, True, True] and "P1 BOT" in m.texts
    s.press("down")
    s.press("a")
    assert m.bots == [True, False, True] and "P2 HUMAN" in m.texts
    # the game row: Ta Yü -> Tac-Tik
    to_row(s, "game")
    s.press("right")
    assert m.game == "tactik" and "TACTIK" in m.texts
    assert "PLAY 4" in m.texts and "P4 BOT" in m.texts  # its default, not Ta Yü's 3
    assert "P1 HUMAN" in m.texts and "P5 BOT" not in m.texts
    assert sorted(m.options) == ["base_entry_compulsory", "cards"]  # no Ta Yü option left
    assert "CARDS AUTO" in m.texts and "BASE FREE" in m.texts
    to_row(s, "start")
    s.press("a")
    assert s.app.mode.name == "tactik"
    opts = s.mode.options
    assert opts["players"] == 4 and opts["bots"] == [1, 2, 3]
    assert "edition" not in opts and "target" not in opts
    new = s.events("new")[-1]
    assert new["game"] == "tactik" and new["options"]["players"] == 4
    assert new["options"]["bots"] == [1, 2, 3]
    if sys.implementation.name == "micropython":
        assert "firmware.menu" not in sys.modules  # let go while the game runs
    # Back at the menu (imported again on the board), it remembers the game just set up.
    s.app.to_menu()
    m = s.app.mode
    assert m.name == "menu" and m.game == "tactik" and "P4 BOT" in m.texts


def test_players_cycle_through_the_games_player_counts_and_back_to_ta_yu_defaults():
    s = fresh_menu()
    m = s.app.mode
    to_row(s, "game")
    s.press("right")
    assert m.game == "tactik"
    to_row(s, "players")
    seen = [m.players]
    for _ in range(len(tactik_spec.PLAYERS)):
        s.press("right")
        seen.append(m.players)
        assert len(m.bots) == m.players and m.bots[0] is False and all(m.bots[1:])
    assert seen == [4, 6, 2, 3, 4]
    s.press("right")  # 6 players
    to_row(s, "game")
    s.press("left")  # back to Ta Yü: its own defaults, not Tac-Tik's 6 players or options
    assert m.game == "tayu"
    assert m.players == tayu_spec.DEFAULT_PLAYERS == 2 and m.bots == [False, True]
    assert "cards" not in m.options and m.options["edition"] == "kosmos"
    assert m.options["target"] == 24


ENGINES = ("shared_rules.tayu.rules", "firmware.games.tayu.controller", "shared_rules.tactik.rules",
           "firmware.games.tactik.controller")


def test_the_menu_reads_the_games_without_loading_their_engines():
    if sys.implementation.name == "micropython":
        # One process per file here: this file has started no Ta Yü game, so nothing of it
        # may have been loaded by the menu showing its rows and defaults.
        s = fresh_menu()
        to_row(s, "game")
        s.press("right")
        s.press("left")
        assert s.app.mode.game == "tayu" and len(s.app.mode.rows) > 4
        for name in ENGINES[:2]:
            assert name not in sys.modules, name
        return
    import subprocess

    code = ("import sys; from firmware.games import tayu, tactik; from firmware import games; "
            "games.module('tayu'); games.module('tactik'); "
            "print([m for m in %r if m in sys.modules])" % (ENGINES,))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_a_tactik_game_started_without_players_names_its_four_players():
    s = BOARD
    s.app.start_game("tactik", {"bots": [1, 2, 3]}, 5)
    new = s.events("new")[-1]
    assert new["game"] == "tactik" and new["options"]["players"] == 4
    assert s.mode.save_record()["options"]["players"] == 4
    s.app.to_menu()


def test_after_a_game_the_menu_sits_on_the_game_just_played():
    """A game started without the menu (a host `new`, `lanterne sim --game`): back at the
    menu, its game row names that game and START is selected, so one A plays it again, not
    the default game; the menu's bot level is kept, the other game's choices are not."""
    s = fresh_menu()
    s.app.menu_memory["level"] = "hard"
    s.app.menu_memory["players"] = 3  # Ta Yü's, from an earlier visit
    s.app.start_game("tactik", {"bots": [1, 2, 3]}, 5)
    s.app.to_menu()
    m = s.app.mode
    assert m.name == "menu" and m.game == "tactik"
    assert m.bot_level == "hard" and m.players != 3
    # the game left unfinished is saved: the menu opens on RESUME, which continues it
    assert m.rows[m.cursor][0] == "resume"
    s.press("a")
    assert s.app.mode.name == "tactik"
    s.app.saved = None  # as when the game has ended: no save, the menu opens on START
    s.app.to_menu()
    m = s.app.mode
    assert m.game == "tactik" and m.rows[m.cursor][0] == "start"
    s.app.menu_memory.clear()
