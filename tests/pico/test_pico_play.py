"""Both games played on the emulated Pico with GPIO presses only, from the boot menu, every
frame checked against the host simulator fed the same presses (pixel for pixel, chain order)."""

import pico_helpers as ph
from lanterne.rebuild import new_states

from shared_rules.tayu import rules as tayu


def test_tayu_by_buttons_from_the_menu_to_the_end_screen(flashed, at_menu):
    events, mirror = at_menu
    ph.same_frame(flashed, mirror)  # the boot menu
    new = ph.start_from_menu(flashed, events, mirror, ["a"])  # START: Ta Yü against the bot
    assert new["game"] == "tayu" and new["options"]["bots"] == [1]
    ph.same_frame(flashed, mirror)
    human = 0
    while not events.of("end"):
        moves = len(events.of("move"))
        ph.tap(flashed, "a", hold_ms=ph.LONG_MS)  # long A: the ghost jumps to a legal spot
        ph.tap(flashed, "a")  # A: placed
        mirror.tap("a", hold_ms=ph.LONG_MS)
        mirror.tap("a")
        mine = events.wait("move", count=moves + 1, pico=flashed)
        assert mine["bot"] is False and mine["player"] == 0
        human += 1
        # the bot answers, or the move ended the game
        events.until(lambda n=moves + 2: events.of("end") or len(events.of("move")) >= n,
                     flashed)
        ph.same_frame(flashed, mirror)
    end = events.of("end")[-1]
    moves = [m["move"] for m in events.of("move")]
    engine_options = {k: v for k, v in new["options"].items() if k not in ("bots", "level")}
    st = tayu.replay(engine_options, new["seed"], moves)
    assert st.is_over() and list(st.scores()) == end["scores"]
    assert events.of("move")[-1]["digest"] == st.digest()
    # no length asked of the game: the board seeds a menu game from its clock, and a Ta Yü
    # game ends early when a drawn tile has no place (3 host games of 400 before the 10th human
    # tile); each pair of presses placed exactly one tile
    assert human == sum(1 for m in events.of("move") if not m["bot"])
    assert events.of("error") == []


def _shown_card_is_no_use(mirror):
    """True when the card the (mirrored) board shows has no legal move, not even its discard:
    a player then looks at the next card (down) instead of pressing A."""
    mode = mirror.sim.app.mode
    st = mode.state
    if st.phase != "play":
        return False
    card = mode._cards_to_pick()[mode.card_i]
    return not any(card in (str(m).split()[0], str(m).split()[-1]) for m in st.legal_moves())


def test_tactik_by_buttons_from_the_menu(flashed, at_menu):
    events, mirror = at_menu
    # GAME row, next game (TACTIK), back to START, start
    new = ph.start_from_menu(flashed, events, mirror, ["down", "right", "up", "a"])
    assert new["game"] == "tactik"
    players = new["options"]["players"]
    played = 0
    while played < 3:
        moves = len(events.of("move"))
        for _ in range(12):  # down to a card that can be played, then A until it is played
            button = "down" if _shown_card_is_no_use(mirror) else "a"
            ph.tap(flashed, button, after_ms=250)
            mirror.tap(button)
            mirror.sim.advance(100)
            if len(events.of("move")) > moves:
                break
        mine = events.wait("move", count=moves + 1, pico=flashed)
        assert mine["bot"] is False and mine["player"] == 0
        played += 1
        events.wait("move", count=moves + players, pico=flashed, timeout=600)  # bots
        mirror.settle()
        flashed.ctl.wait_ms(1500)  # the last bot move's animation ends
        mirrored = [o for o in map(ph.json.loads, mirror.sim.lines) if o["ev"] == "move"]
        assert mirrored[-1]["digest"] == events.of("move")[-1]["digest"]
        board = ph.frames_seen(flashed)
        sim = ph.mirror_frames_seen(mirror)
        assert board <= sim, f"{len(board - sim)} board frames the simulator never showed"
    moves = [m["move"] for m in events.of("move")]
    digests = set()
    for st in new_states("tactik", new["options"], new["seed"]):  # the card modes it may be
        try:
            for m in moves:
                st.apply(m)
        except ValueError:
            continue  # not the card mode the board played
        digests.add(st.digest())
    assert events.of("move")[-1]["digest"] in digests
