"""What the Tac-Tik board shows around the moves (CPython and MicroPython): the hand only on the
human's turn, the bots' visible pause, and frames within the power budget."""

# The engine first, then the board's modules (the menu is imported when shown and let go when a
# game starts, as on the board), then one board (see test_tactik_board_play).
from shared_rules.tactik import rules as tactik  # noqa: I001
from shared_rules.tactik import setup as tactik_setup  # noqa: I001
from firmware.games.tactik import layout as tactik_layout  # noqa: F401
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view  # noqa: F401
from tactik_script import Session, play_turn

BOARD = Session(bot_delay_ms=40)
for _n in (4, 6):  # both layouts built while the heap is fresh (they are cached)
    tactik_layout.layout_for(BOARD.app.profile, _n)


def test_hand_is_shown_only_on_the_humans_turn():
    s = BOARD.start(players=4, seed=2, bots=[1, 2, 3])
    seen_bot_turn = False
    for _ in range(60):
        if s.state.current_player == 0 and not s.mode.frames:
            assert len(s.mode.scene.hand) == len(s.state.hand(0)) > 0
            play_turn(s)
        else:
            if not s.mode.frames:
                assert s.mode.scene.hand == () and s.mode.scene.busy
                seen_bot_turn = True
            s.wait(50)
    assert seen_bot_turn


def test_bots_pause_visibly_before_moving():
    BOARD.app.bot_delay_ms = 600
    try:
        s = BOARD.start(players=4, seed=3, bots=[0, 1, 2, 3])
        s.wait(300)
        assert s.mode.count == 0  # still "thinking": the turn marker pulses
        assert s.mode.scene.busy
        s.wait(400)
        assert s.mode.count == 1
        assert s.events("move")[-1]["bot"]
    finally:
        BOARD.app.bot_delay_ms = 40


def test_worst_frames_stay_within_the_power_budget():
    s = BOARD.start(players=6, seed=1, cards="real")
    out = s.app.output
    s.app.set_brightness(255)
    # A crowded board: every colour with pawns on the track, stakes and bases.
    crowded = {}
    for c in range(6):
        colour = tactik.COLOURS6[c]
        crowded[colour] = ["T%d*" % (16 * c), "T%d" % (16 * c + 5), "T%d" % (16 * c + 9), "B4"]
    s.set_position(tactik_setup.from_positions(crowded, players=6, physical_cards=True))
    worst = 0
    for _ in range(16):  # every blink phase of the selection
        s.hw.now += 125
        s.app.frame()
        ma = out.led_ma()
        assert ma <= s.app.profile["power"]["budget_ma"], ma
        worst = max(worst, ma)
    assert worst > out.idle  # something was lit


def test_tactik_is_started_from_the_boot_menu():
    s = BOARD
    s.app.saved = None
    s.app.menu_memory.clear()
    s.app.to_menu()
    m = s.app.mode
    assert m.name == "menu"
    for _ in range(len(m.rows)):
        if m.rows[m.cursor][0] == "game":
            break
        s.press("down")
    for _ in range(4):
        if m.game == "tactik":
            break
        s.press("right")
    assert m.game == "tactik" and "TACTIK" in m.texts
    assert "CARDS AUTO" in m.texts and "BASE FREE" in m.texts
    for _ in range(len(m.rows)):
        if m.rows[m.cursor][0] == "players":
            break
        s.press("down")
    for _ in range(5):
        if "PLAY 4" in m.texts:
            break
        s.press("right")
    assert "PLAY 4" in m.texts and "P4 BOT" in m.texts
    for _ in range(len(m.rows)):
        if m.rows[m.cursor][0] == "start":
            break
        s.press("up")
    s.press("a")
    assert s.app.mode.name == "tactik"
    assert s.mode.options["players"] == 4 and s.mode.options["bots"] == [1, 2, 3]
    assert not s.mode.physical  # bots play: the board deals
    assert s.events("new")[-1]["game"] == "tactik"
