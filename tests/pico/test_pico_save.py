"""Save and resume on the emulated Pico's flash (littlefs): across a hard reset, and with the
reset landing in the middle of a save: the old or the new game comes back, never neither."""

import pico_helpers as ph
from lanterne.device import Board

from firmware.store import SAVE_FOLDER
from shared_rules.tayu import rules as tayu

OPTIONS = {"players": 2, "bots": [1]}


def _resume(pico, events):
    """After a hard reset: the board boots to its menu, then resumes on the host's command."""
    ph.settled_frame(pico, quiet_ms=300)
    return events.ask({"cmd": "resume"}, "new", pico=pico)


def test_a_game_survives_a_hard_reset_and_resumes_as_it_was(flashed):
    events = ph.Events(flashed.port)
    mirror = ph.Mirror()
    try:
        events.send({"cmd": "new", "game": "tayu", "seed": 9, "options": {"players": 2,
                                                                           "bots": []}})
        new = events.wait("new", pico=flashed)
        st = tayu.replay({"players": 2}, 9, [])
        played = []
        for _ in range(5):  # the host plays both seats with serial commands
            move = str(st.legal_moves()[0])
            events.send({"cmd": "move", "move": move})
            got = events.wait("move", count=len(played) + 1, pico=flashed)
            st.apply(move)
            played.append(move)
            assert got["move"] == move and got["digest"] == st.digest()
        flashed.ctl.wait_ms(300)  # the last save is written after its frame
        events.close()
        flashed.reset()
        events = ph.Events(flashed.port)
        back = _resume(flashed, events)
        assert back["resumed"] is True and list(back["moves"]) == played
        assert back["seed"] == new["seed"] and back["options"] == new["options"]
        events.send({"cmd": "state"})
        state = events.wait("state", pico=flashed)
        assert state["digest"] == st.digest() and state["moves"] == played
        # and it looks exactly as the simulator draws the same game
        mirror.send({"cmd": "new", "game": "tayu", "seed": 9, "options": new["options"],
                     "moves": played})
        mirror.settle()
        n, first = ph.differing(ph.settled_frame(flashed), mirror.frame())
        assert n == 0, (n, first)
    finally:
        events.close()
        mirror.close()


def test_a_reset_in_the_middle_of_a_save_brings_back_the_old_or_the_new_game(flashed):
    events = ph.Events(flashed.port)
    try:
        events.send({"cmd": "new", "game": "tayu", "seed": 21, "options": OPTIONS})
        events.wait("new", pico=flashed)
        ph.settled_frame(flashed, quiet_ms=300)
        # one move by hand to learn when its save runs: release -> frame out, then the save
        events.send({"cmd": "stats", "reset": True})
        events.wait("stats", pico=flashed)
        ph.tap(flashed, "a", hold_ms=ph.LONG_MS)
        ph.tap(flashed, "a", after_ms=0)
        flashed.ctl.wait_ms(300)
        events.send({"cmd": "stats"})
        stats = events.wait("stats", count=2, pico=flashed)
        frame_ms = stats["press_us"]["last"] / 1000
        save_ms = stats["save_us"]["last"] / 1000
        assert save_ms > 0, stats
        events.wait("move", count=2, timeout=120, pico=flashed)  # the bot answers
        outcomes = []
        cut = 0  # resets that found a save half done (game.new or game.old left on flash)
        steps = 10
        # The save runs in the pass that draws the move, while its frame goes out by DMA: it
        # starts some wire time (30.7 ms) before the frame's last bit. Reset from just after
        # the release (before the move is applied) to just after the save ends.
        first = 1
        for k in range(steps):
            delay = first + k * (frame_ms + save_ms + 5 - first) / (steps - 1)
            flashed.ctl.wait_ms(800)
            before = events.ask({"cmd": "state"}, "state", pico=flashed)
            ph.tap(flashed, "a", hold_ms=ph.LONG_MS)
            events.close()
            # the reset timed from the release on the board's time line: a reset sent as a
            # request of its own came late when this machine was busy (every save then whole)
            got = flashed.tap_then_reset("a", ph.SHORT_MS, max(1, round(delay)))
            assert got["reset_at_ms"] >= got["released_ms"] + max(1, round(delay)), got
            with Board(flashed.port) as board:  # what the reset left on flash
                listing = f"import os\nprint(' '.join(os.listdir({SAVE_FOLDER!r})))"
                files = board.exec(listing).decode().split()
                board.soft_reset()
            cut += "game.new" in files or "game.old" in files
            events = ph.Events(flashed.port)
            back = _resume(flashed, events)
            moves = list(back["moves"])
            assert moves[: len(before["moves"])] == before["moves"], "the old game is lost"
            assert len(moves) - len(before["moves"]) in (0, 1), "neither the old nor the new"
            outcomes.append(len(moves) - len(before["moves"]))
            if outcomes[-1]:  # the human's move came back: the bot answers it before the state
                events.wait("move", timeout=120, pico=flashed)
            now = events.ask({"cmd": "state"}, "state", pico=flashed)
            assert now["moves"][: len(moves)] == moves
            assert now["digest"] == tayu.replay({"players": 2}, 21, now["moves"]).digest()
        # some resets came before the save, some after, and at least one cut it half way
        assert 0 in outcomes and 1 in outcomes and cut >= 1, (outcomes, cut)
    finally:
        events.close()
