"""The bots' level on the board (both runtimes, issue 22): the board's bot plays its level's move
(shared_rules/bots.py) in Ta Yü and Wuxing (Tac-Tik: test_fw_bot_levels_tactik.py; the menu's
row: test_fw_bot_levels_menu.py: files of their own, each a fresh Pico-sized heap); a game
without a level plays greedy; a level the board does not know is refused."""

from tactik_script import Session

BOARD = Session(bot_delay_ms=0)

from bot_levels import check_level  # noqa: E402


def test_ta_yu_bots_play_their_level():
    for level in ("easy", "hard"):
        check_level(BOARD, "tayu", {"players": 2, "bots": [0, 1], "edition": "kosmos"}, 5, 10,
                    level)


def test_wuxing_bots_play_their_level_in_both_modes():
    check_level(BOARD, "wuxing", {"bots": [0, 1]}, 3, 8, "hard")
    check_level(BOARD, "wuxing", {"bots": [0, 1], "mode": "chemin"}, 4, 4, "normal")


def test_a_game_without_a_level_plays_greedy_and_says_nothing_new():
    """A save or a host `new` from before levels: the bot it was played against."""
    app = BOARD.app
    app.start_game("tayu", {"players": 2, "bots": [1]}, 9)
    assert app.mode.bot_level == "greedy" and "level" not in app.mode.options
    app.to_menu()


def test_an_unknown_level_is_refused_and_the_game_goes_on():
    app = BOARD.app
    app.start_game("wuxing", {"bots": [1], "level": "hard"}, 2)
    digest = app.mode.state.digest()
    for bad in ("expert", 3, None, True, "HARD"):
        BOARD.link.lines = []
        app.handle({"cmd": "new", "game": "tayu", "options": {"level": bad}, "seed": 1})
        errors = BOARD.events("error")
        assert errors and errors[-1]["code"] == "bad_arg", (bad, BOARD.link.lines)
        assert "level must be one of" in errors[-1]["msg"]
        assert app.mode.name == "wuxing" and app.mode.state.digest() == digest
    app.to_menu()
