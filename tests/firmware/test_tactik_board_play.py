"""Tac-Tik from the six buttons on a simulated board (CPython and MicroPython): every card kind,
Permuter with one's own stake, a full 7x1 over three pawns with a step taken back, a discard,
undo, resume, animations and what the board shows while choosing."""

# The engine first, then the board's modules, then one board for every test: compiling from
# source on a Pico-sized heap needs large free blocks, which later runs would not find.
from shared_rules.tactik import rules as tactik  # noqa: I001
from shared_rules.tactik import setup as tactik_setup  # noqa: I001
from firmware.games import tactik as tactik_mode  # noqa: F401
from firmware.games.tactik import view as tactik_view  # noqa: F401
from firmware.games.tactik.layout import PAWN_RGB
from tactik_script import Session, play_turn

BOARD = Session()


def _board(positions, current=0, hands=None, physical=True, players=4):
    s = BOARD.start(players=players, cards="real" if physical else "deal")
    st = tactik_setup.from_positions(positions, players=players, current_player=current,
                                     hands=hands, physical_cards=physical)
    s.set_position(st)
    s.wait(20)
    return s


def _card(s):
    m = s.mode
    return m._cards_to_pick()[m.card_i]


def _choose_card(s, code):
    for _ in range(14):
        if _card(s) == code:
            return
        s.press("down")
    raise AssertionError("card " + code + " not reachable with up/down")


def _cycle_to(s, current, wanted):
    """Press right until current() == wanted (fails if it never comes round)."""
    for _ in range(40):
        if current() == wanted:
            return
        s.press("right")
    raise AssertionError("never offered: " + str(wanted))


def marked(scene, style):
    """Packed pixels a Scene marks with a highlight style (the board itself never asks)."""
    m = scene.marks
    return [m[4 * i] | m[4 * i + 1] << 8 for i in range(scene.nmarks) if m[4 * i + 2] == style]


def _marks(s, style):
    return marked(s.mode.scene, style)


def _last_move(s):
    return s.events("move")[-1]["move"]


def test_start_with_a_1_puts_a_stake_on_the_start_square():
    s = _board({})
    _choose_card(s, "1")
    L = s.mode.layout
    # The nest pawn that would leave blinks, its destination (red's start square) is marked.
    assert _marks(s, tactik_view.SELECTED) == [L.nests["red"][3]]
    assert _marks(s, tactik_view.TARGET) == [L.track[0]]
    s.press("a")
    assert _last_move(s) == "1 N-T0"
    assert s.state.positions()["red"] == ["N", "N", "N", "T0*"]
    assert s.state.current_player == 1
    s.settle()
    # The stake lights its marker outside the start square.
    mark = L.stake_marks["red"]
    s.app.frame()
    assert s.app.canvas.get(mark & 0xFF, mark >> 8) == PAWN_RGB["red"]


def test_forward_card_cycles_its_uses_and_moves_the_chosen_pawn():
    s = _board({"red": ["T3", "T40"], "green": ["T44"]})
    _choose_card(s, "5")
    texts = [str(m) for m in s.mode.uses]
    assert texts == ["5 T3-T8", "5 T40-T45"]
    assert len(_marks(s, tactik_view.MOVABLE)) == 1
    s.press("right")
    assert _marks(s, tactik_view.TARGET) == [s.mode.layout.track[45]]
    s.press("left")
    s.press("left")  # wraps round to the second use again
    s.press("a")
    assert _last_move(s) == "5 T40-T45"
    assert s.state.positions()["red"] == ["N", "N", "T3", "T45"]


def test_minus_4_takes_a_stake_back_and_eats_what_it_lands_on():
    s = _board({"red": ["T0*"], "green": ["T60"]})
    _choose_card(s, "-4")
    assert [str(m) for m in s.mode.uses] == ["-4 T0-T60"]
    s.press("a")
    assert _last_move(s) == "-4 T0-T60"
    assert s.state.positions()["red"] == ["N", "N", "N", "T60"]
    assert s.state.positions()["green"] == ["N", "N", "N", "N"]


def test_eaten_pawn_flies_back_to_its_nest():
    s = _board({"red": ["T10"], "blue": ["T13"]})
    _choose_card(s, "3")
    s.press("a")
    L = s.mode.layout
    frames = s.mode.frames
    # Three holes walked by red, then the blue pawn's flight, ending on its nest.
    assert frames[:3] == [L.track[11], L.track[12], L.track[13]]  # red: colour index 0
    assert frames[-1] == L.nests["blue"][0] | (1 << 16)
    assert len(frames) > 3
    sc = s.mode.scene  # while red walks (a sprite), the board is the one before the move
    assert sc.pawn_at(L.track[10]) < 0 and sc.pawns[4 * sc.pawn_at(L.track[13]) + 2] == 1
    s.wait(250)  # the walker has reached T13: the blue pawn is no longer drawn there
    assert s.mode.scene.pawn_at(L.track[13]) < 0
    s.settle()
    assert not s.mode.frames
    assert s.state.positions()["blue"] == ["N", "N", "N", "N"]


def test_start_eats_the_pawn_on_the_start_square():
    s = _board({"blue": ["T0"], "red": ["T30"]})
    _choose_card(s, "10")
    _cycle_to(s, lambda: str(s.mode.uses[s.mode.choice_i]), "10 N-T0")
    s.press("a")
    assert s.state.positions()["blue"] == ["N", "N", "N", "N"]
    assert s.state.positions()["red"] == ["N", "N", "T0*", "T30"]


def test_permuter_swaps_ones_own_stake_with_another_pawn():
    s = _board({"red": ["T0*", "T5"], "blue": ["T22"]})
    _choose_card(s, "P")
    m = s.mode
    # Own pawns to pick first: the stake and the T5 pawn.
    assert sorted(m.choices) == [("red", "T0"), ("red", "T5")]
    _cycle_to(s, lambda: m.choices[m.choice_i], ("red", "T0"))
    s.press("a")
    targets = sorted([t[0] for t in m.targets])
    assert targets == [("blue", "T22"), ("red", "T5")]
    # B goes back to picking one's own pawn; A again, then pick the blue pawn.
    s.press("b")
    assert m.level == 0
    s.press("a")
    _cycle_to(s, lambda: m.targets[m.target_i][0], ("blue", "T22"))
    assert _marks(s, tactik_view.TARGET) == [m.layout.track[22]]
    s.press("a")
    assert _last_move(s) == "P T0-T22"
    pos = s.state.positions()
    assert pos["red"] == ["N", "N", "T22", "T5"]  # no stake any more
    assert pos["blue"] == ["N", "N", "N", "T0"]


def test_permuter_own_pawns_either_one_first():
    s = _board({"red": ["T3", "T9"]})
    _choose_card(s, "P")
    m = s.mode
    _cycle_to(s, lambda: m.choices[m.choice_i], ("red", "T9"))
    s.press("a")
    assert [t[0] for t in m.targets] == [("red", "T3")]
    s.press("a")
    assert _last_move(s) == "P T3-T9"


def _step_text(s):
    m = s.mode
    return m.step_opts[m.target_i]


def test_seven_split_over_three_pawns_step_by_step_with_a_step_taken_back():
    s = _board({"red": ["T5", "T20", "T30"], "blue": ["T22"]})
    _choose_card(s, "7")
    m = s.mode
    L = m.layout
    assert sorted(m.choices) == ["T20", "T30", "T5"]
    assert m.scene.steps == 7
    _cycle_to(s, lambda: m.choices[m.choice_i], "T5")
    assert _marks(s, tactik_view.TARGET) == [L.track[6]]  # where this step would land
    s.press("a")
    assert m.steps == ["T5"] and m.scene.steps == 6
    # The pawn is shown on its landing hole.
    assert m.scene.pawn_at(L.track[6]) >= 0 and m.scene.pawn_at(L.track[5]) < 0
    _cycle_to(s, lambda: _step_text(s), "T6")
    s.press("a")
    _cycle_to(s, lambda: _step_text(s), "T30")
    s.press("a")
    assert m.scene.steps == 4
    s.press("b")  # take the T30 step back
    assert m.steps == ["T5", "T6"] and m.scene.steps == 5
    for _ in range(3):
        _cycle_to(s, lambda: _step_text(s), _next_of(m, 20))
        s.press("a")
    # Three steps of the T20 pawn: the second landed on blue's pawn and ate it.
    assert m.split_pos["blue"] == ["N", "N", "N", "N"]
    _cycle_to(s, lambda: _step_text(s), _next_of(m, 30))
    s.press("a")
    assert m.scene.steps == 1 and len(m.steps) == 6
    n = m.count
    _cycle_to(s, lambda: _step_text(s), _next_of(m, 30))
    s.press("a")  # the seventh step plays the card at once: no hidden extra press
    assert m.count == n + 1 and m.steps == []
    move = _last_move(s)
    assert move.startswith("7 ") and "xT22" in move
    assert s.state.positions()["red"] == ["N", "T23", "T32", "T7"]
    assert s.state.positions()["blue"] == ["N", "N", "N", "N"]


def _next_of(m, origin):
    """The step text for the red pawn that started at T<origin> (it has walked on since)."""
    moved = 0
    for t in m.steps:
        if t == "T" + str(origin + moved):
            moved += 1
    return "T" + str(origin + moved)


def test_card_without_a_use_is_shown_and_discarded_with_a():
    s = _board({})
    _choose_card(s, "5")
    assert s.mode.uses == [] and s.mode.scene.card_bad
    s.press("a")
    assert _last_move(s) == "discard 5"
    assert s.state.current_player == 1


def test_virtual_deck_cannot_discard_a_card_while_another_is_playable():
    s = _board({"red": ["T3"]}, hands={0: ["-4", "5", "P", "12"], 1: ["2"], 2: ["3"],
                                        3: ["6"]}, physical=False)
    m = s.mode
    assert m.scene.hand == ["5", "12", "-4", "P"]
    # Every card of this hand has a use; pick -4 and play it.
    _choose_card(s, "-4")
    s.press("a")
    assert _last_move(s) == "-4 T3-T63"


def test_undo_with_b_long_then_a_takes_the_move_back():
    s = _board({"red": ["T3"]})
    _choose_card(s, "2")
    s.press("a")
    digest_after = s.state.digest()
    assert s.state.positions()["red"] == ["N", "N", "N", "T5"]
    s.press("b", long=True)
    assert s.mode.asking == 1  # UNDO? (firmware.question.ASK_UNDO)
    s.press("a")
    assert s.state.positions()["red"] == ["N", "N", "N", "T3"]
    assert s.state.current_player == 0
    undo = s.events("undo")[-1]
    assert undo["move"] == "2 T3-T5" and undo["n"] == 0 and undo["digest"] != digest_after
    # B cancels an undo offer.
    _choose_card(s, "2")
    s.press("a")
    s.press("b", long=True)
    s.press("b")
    assert s.state.positions()["red"] == ["N", "N", "N", "T5"]


def test_save_after_every_move_and_resume_replays_the_game():
    s = BOARD.start(players=4, seed=5, bots=[1, 2, 3])
    for _ in range(20):  # several chunks of records
        while s.state.current_player != 0:
            s.wait(100)
        s.settle()
        play_turn(s)
    rec = s.store.record
    saved = [t for t in tactik.texts(rec["moves"])]  # saved as a few chunks of texts
    assert rec["game"] == "tactik" and rec["seed"] == 5 and len(saved) > 40
    assert 1 < len(rec["moves"]) < len(saved) // 8
    assert saved == list(s.mode.state.iter_history())
    assert s.link.counts["move"] == len(saved) == s.store.saves - 1  # + the "new" save
    tail = [e["move"] for e in s.events("move")]
    assert tail == saved[-len(tail):]
    digest = s.state.digest()
    old = s.mode
    # Resume as the board does after a power cut: a new mode from the saved record.
    s.app.saved = rec
    assert s.app.resume()
    assert s.mode is not old and s.state is not old.state
    assert s.state.digest() == digest
    assert list(s.mode.state.iter_history()) == saved
    assert s.events("new")[-1]["resumed"]


def test_an_a_before_the_persons_cards_show_shows_them_and_plays_nothing():
    # after the last bot's move the person's cards are worked out in a pass of their own
    # (TactikMode.tick: not beside the move, on a Pico up to 130 ms more), once its pawn has
    # walked; an A before they show makes no move on a choice never seen: it shows them, and
    # the next A plays
    s = BOARD.start(players=4, seed=5, bots=[1, 2, 3])
    m = s.mode
    for _ in range(3):
        for _ in range(5000):
            s.wait(10)
            if s.state.current_player == 0 and m.choices_due and len(m.frames) - m.frame_i > 2:
                break  # (the last bot's pawn still walks: its cards not shown yet)
            if s.state.current_player == 0 and not m.frames:  # (its cards shown: it plays)
                play_turn(s)
        assert m.choices_due and m.scene.hand == (), "the person's turn never came"
        n = m.count
        s.press("a")
        assert m.count == n and not m.choices_due and len(m.scene.hand) > 0
        play_turn(s)
        assert m.count == n + 1


def test_a_bots_move_before_another_bots_turn_leaves_no_choices_due():
    # a person's choices wait for a pass of their own only on a person's turn: before a bot's
    # the scene made with the move is whole, and a pass making it again is ~2 KB on a Pico
    s = BOARD.start(players=4, seed=5, bots=[1, 2, 3])
    m = s.mode
    bots_seen = 0
    for _ in range(3000):
        s.wait(10)
        if s.state.current_player == 0:
            if not m.frames and not m.choices_due:
                play_turn(s)
            continue
        assert not m.choices_due, "a bot's turn marked a person's choices due"
        bots_seen += 1
    assert bots_seen > 100 and m.count > 12
