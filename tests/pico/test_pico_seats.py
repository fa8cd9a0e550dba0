"""Every seat its own buttons (issue 35) on the emulated Pico: the real firmware reading a chain
of 74HC165s (one a seat) with its PIO state machine and DMA ring, the harness playing the chips
(host/pico/hc165.mjs). A seat's press acts for that seat only, turned to its side, frame for
frame as on the host simulator; Chemin chosen at once by two seats; presses a scan apart kept
in order and stamped within a millisecond.

The board is the session's one, its flash saved and started again wired as ref32_seats4 (only
the profile is copied), then put back as it was for the tests after these."""

import pico_helpers as ph
import pytest
from conftest import ROOT, lanterne
from lanterne import emulator

from firmware import profile as fprofile


@pytest.fixture(scope="module")
def seats(flashed, tmp_path_factory):
    folder = tmp_path_factory.mktemp("seats")
    image = folder / "fs.img"
    flashed.ctl.call(save_flash=str(image))
    flashed.stop()
    prof = fprofile.find("ref32_seats4", (str(ROOT / "hardware" / "profiles"),))
    board = emulator.EmulatedPico(prof, build=emulator.prepare(), workdir=folder / "board",
                                  fs_image=str(image))
    try:
        board.start()
        r = lanterne("flash", "--port", board.port, "--profile", "ref32_seats4")
        assert r.returncode == 0, r.stdout + r.stderr
        yield board
    finally:
        board.stop()
        flashed.fs_image = str(image)  # the session's board, back as it was
        flashed.start()


@pytest.fixture
def seated(seats):
    events = ph.Events(seats.port)
    mirror = ph.Mirror("ref32_seats4")
    try:
        events.ask({"cmd": "menu"}, "menu", pico=seats)
        mirror.send({"cmd": "menu"})
        yield seats, events, mirror
    finally:
        events.close()
        mirror.close()


def both(pico, mirror, name, hold_ms=ph.SHORT_MS):
    ph.tap(pico, name, hold_ms=hold_ms)
    mirror.tap(name, hold_ms=hold_ms)


def test_a_seats_press_acts_for_its_seat_only_turned_to_its_side(seated):
    pico, events, mirror = seated
    new = {"cmd": "new", "game": "tayu", "seed": 5, "options": {"players": 2}}
    events.ask(new, "new", pico=pico)
    mirror.send(new)
    ph.same_frame(pico, mirror)
    for name in ("s1.up", "s3.left", "s2.up", "s2.left", "s0.up", "s1.a"):
        both(pico, mirror, name)  # East-West's seats (1, 3) are not heard: not their turn
        ph.same_frame(pico, mirror)
    v = mirror.sim.app.mode.view
    assert mirror.sim.app.mode.count == 0 and (v.gr, v.gc) != (None, None)
    both(pico, mirror, "s2.a", hold_ms=ph.LONG_MS)  # the top seat: the next legal spot
    both(pico, mirror, "s2.a")
    move = events.wait("move", pico=pico)
    assert move["player"] == 0 and move["n"] == 1
    ph.same_frame(pico, mirror)


def test_chemin_is_chosen_at_once_by_two_seats(seated):
    pico, events, mirror = seated
    new = {"cmd": "new", "game": "wuxing", "seed": 4, "options": {"mode": "chemin", "bots": []}}
    events.ask(new, "new", pico=pico)
    pico.ctl.wait_ms(300)
    # Yin (the top seat) and Yang (the bottom) at once, 0.4 ms apart: fire and earth
    pico.ctl.press_seq([["s2.down", 0], ["s0.left", 0.4]], ms=80, after_ms=3000)
    move = events.wait("move", pico=pico)
    assert move["move"] == "duel earth:fire", move


def test_presses_a_scan_apart_keep_their_order_and_are_stamped_within_a_millisecond(seated):
    pico, events, mirror = seated
    new = {"cmd": "new", "game": "tayu", "seed": 5, "options": {"players": 2}}
    events.ask(new, "new", pico=pico)
    pico.ctl.wait_ms(300)
    for gap in (1.0, 1.3, 2.0):  # East-West's seats: heard, stamped, ignored by the game
        for first, second in ((1, 3), (3, 1)):
            got = pico.ctl.press_seq([[f"s{first}.up", 0], [f"s{second}.up", gap]], ms=60,
                                     after_ms=150)
            stats = events.ask({"cmd": "stats"}, "stats", pico=pico)
            reset_at = pico.ctl.call(stats=True)["reset_at_ms"]
            last = stats["seat_presses"][-2:]
            assert [s for s, _, _ in last] == [first, second], (gap, last)
            for (_, _, at), pressed in zip(last, got["pressed_ms"]):
                latched = reset_at + at
                assert -1.0 <= latched - pressed <= 1.0, (latched, pressed)
    assert stats["input_us"]["worst"] < 2000, stats["input_us"]
