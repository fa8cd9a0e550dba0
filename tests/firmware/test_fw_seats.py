"""Every seat its own buttons (issue 35): a 74HC165 chain's scans become events of a seat,
turned to its side, acting for that seat only; a parallel board as before (both runtimes)."""

import board_helpers as bh
from seat_press import tap, taps

from firmware import buttons as btn
from firmware import seats

IDLE = 0xBF  # a chip's byte, nothing pressed: H high, G low, the six pulled up

# the seats' reference panel is ref32's: its frame buffers are shared (a Pico-sized heap)
bh._BUFFERS.setdefault("ref32_seats4", bh._BUFFERS["ref32"])


class Scans:
    """A backend's `take` fed by hand: (bytes of every chip, at) per scan."""

    def __init__(self, seats_):
        self.seats = seats_
        self.queue = []

    def take(self, masks, ats):
        n = 0
        for chips, at in self.queue:
            for i in range(self.seats):
                masks[n * self.seats + i] = chips[i]
            ats[n] = at
            n += 1
        self.queue = []
        return n


def test_arrows_turn_to_each_side():
    assert [seats.turn(btn.UP, q) for q in range(4)] == [btn.UP, btn.RIGHT, btn.DOWN, btn.LEFT]
    assert [seats.turn(btn.LEFT, q) for q in range(4)] == [btn.LEFT, btn.UP, btn.RIGHT,
                                                           btn.DOWN]
    assert seats.turn(btn.A, 2) == btn.A and seats.turn(btn.B, 3) == btn.B


def test_players_at_the_seats():
    four = (0, 1, 2, 3)
    assert [seats.player_at(four, s, 4) for s in range(4)] == [0, 1, 2, 3]
    assert [seats.player_at(four, s, 2) for s in range(4)] == [0, -1, 1, -1]
    assert [seats.player_at(four, s, 3) for s in range(4)] == [0, 1, 2, -1]
    assert seats.player_at(four, -1, 2) == -1


def test_two_presses_one_scan_apart_keep_their_order_and_stamps():
    hw = Scans(4)
    sb = seats.SeatButtons(hw, 4)
    assert sb.update(0, 0) == []
    a = bytearray([IDLE] * 4)
    a[2] &= ~(1 << btn.A) & 0xFF
    b = bytearray(a)
    b[1] &= ~(1 << btn.A) & 0xFF
    hw.queue = [(bytes(a), 101), (bytes(b), 102)]  # seat 2, then seat 1 a scan later
    ev = [e for e in sb.update(0, 110)]
    assert ev == [], ev  # A is taken at its release
    c = bytearray([IDLE] * 4)
    c[1] &= ~(1 << btn.A) & 0xFF
    hw.queue = [(bytes(c), 150), (bytes([IDLE] * 4), 151)]  # seat 2 lets go, then seat 1
    ev = [e for e in sb.update(0, 160)]
    assert ev == [(btn.A, btn.PRESS, 2, 150), (btn.A, btn.PRESS, 1, 151)], ev
    d = bytearray([IDLE] * 4)
    d[3] &= ~(1 << btn.UP) & 0xFF
    d[0] &= ~(1 << btn.UP) & 0xFF
    hw.queue = [(bytes(d), 300)]  # two seats in one scan: the same stamp, seat order
    ev = [e for e in sb.update(0, 305)]
    assert ev == [(btn.UP, btn.PRESS, 0, 300), (btn.UP, btn.PRESS, 3, 300)], ev


def test_a_missing_chip_reads_as_nothing_pressed():
    assert seats.known_ok(IDLE) and not seats.known_ok(0xFF) and not seats.known_ok(0)
    assert seats.pressed(0xFF) == 0 and seats.pressed(0) == 0
    assert seats.pressed(IDLE & ~(1 << btn.B)) == 1 << btn.B


def test_each_seat_debounces_on_its_own():
    hw = Scans(2)
    sb = seats.SeatButtons(hw, 2)
    up0 = bytes([IDLE & ~1, IDLE])
    both = bytes([IDLE & ~1, IDLE & ~1])
    hw.queue = [(up0, 0), (bytes([IDLE, IDLE]), 2), (both, 5)]  # seat 0 bounces, seat 1 presses
    ev = [e for e in sb.update(0, 6)]
    assert ev == [(btn.UP, btn.PRESS, 0, 0), (btn.UP, btn.PRESS, 1, 5)], ev


def test_the_menu_takes_any_seat_turned_to_its_side():
    b = bh.Board("ref32_seats4")
    try:
        menu = b.app.mode
        assert menu.name == "menu"
        row = menu.cursor
        tap(b, 0, btn.DOWN)  # bottom: down is down
        assert menu.cursor != row
        row2 = menu.cursor
        tap(b, 2, btn.DOWN)  # top: their down is the panel's up
        assert menu.cursor == row, (row, row2, menu.cursor)
    finally:
        b.close()


def tayu_game(b, moves=()):
    b.app.start_game("tayu", {"players": 2}, 5, list(moves))
    b.app.step()
    return b.app.mode


def test_tayu_only_the_side_to_move_acts_its_arrows_turned():
    b = bh.Board("ref32_seats4")
    try:
        mode = tayu_game(b)
        v = mode.view
        assert mode.state.current_player == 0  # North-South: the bottom and top seats
        start = (v.gr, v.gc)
        tap(b, 1, btn.UP)  # East-West's seat: not its turn, nothing moves
        tap(b, 3, btn.RIGHT)
        assert (v.gr, v.gc) == start
        tap(b, 0, btn.UP)  # bottom: up is up
        assert (v.gr, v.gc) == (start[0] - 1, start[1])
        tap(b, 2, btn.UP)  # top: their up is the panel's down
        assert (v.gr, v.gc) == start
        tap(b, 2, btn.LEFT)  # top: their left is the panel's right
        assert (v.gr, v.gc) == (start[0], start[1] + 1)
        mode.next_legal()
        n = mode.count
        tap(b, 1, btn.A)  # not East-West's move
        assert mode.count == n
        tap(b, 2, btn.A)
        assert mode.count == n + 1 and mode.person_moves[-1] == n << 3  # seat 0's
        assert b.events("move")[-1]["player"] == 0
    finally:
        b.close()


def test_undo_is_asked_of_the_seat_that_moved():
    b = bh.Board("ref32_seats4")
    try:
        mode = tayu_game(b)
        mode.next_legal()
        tap(b, 0, btn.A)  # North-South places
        assert mode.count == 1
        tap(b, 1, btn.B, long=True)  # East-West asks: not its move
        assert mode.asking and mode.undo_target() < 0
        tap(b, 0, btn.A)  # another seat's answer is not taken
        assert mode.asking
        tap(b, 1, btn.B)  # no
        assert not mode.asking and mode.count == 1
        tap(b, 2, btn.B, long=True)  # North-South (its other seat) asks: UNDO?
        assert mode.undo_target() == 0
        tap(b, 2, btn.A)
        assert mode.count == 0 and b.events("undo")
    finally:
        b.close()


def test_a_parallel_board_has_no_seats():
    b = bh.Board("ref32")
    try:
        assert b.app.quarters == () and isinstance(b.app.buttons, btn.Buttons)
        mode = tayu_game(b)
        v = mode.view
        start = (v.gr, v.gc)
        b.press(btn.UP)
        assert (v.gr, v.gc) == (start[0] - 1, start[1]) and mode.presser == -1
    finally:
        b.close()


def test_seat_script():
    b = bh.Board("ref32_seats4")
    try:
        mode = tayu_game(b)
        taps(b, 0, "a:long a")
        assert mode.count == 1
    finally:
        b.close()


def test_a_tap_again_within_the_bounces_is_taken_when_they_end_without_a_new_scan():
    hw = Scans(1)
    sb = seats.SeatButtons(hw, 1)
    up = bytes([IDLE & ~(1 << btn.UP)])
    hw.queue = [(up, 0), (bytes([IDLE]), 30), (up, 40)]  # a release, a tap 10 ms later
    assert [e for e in sb.update(0, 41)] == [(btn.UP, btn.PRESS, 0, 0)]
    assert sb.update(0, 45) == []  # its bounces are not over (30 + 20)
    assert [e for e in sb.update(0, 50)] == [(btn.UP, btn.PRESS, 0, 50)]


def test_a_held_button_is_not_looked_at_again_before_it_can_act():
    hw = Scans(4)
    sb = seats.SeatButtons(hw, 4)
    held = bytes([IDLE, IDLE, IDLE & ~(1 << btn.LEFT), IDLE])
    hw.queue = [(held, 0)]
    assert [e for e in sb.update(0, 1)] == [(btn.LEFT, btn.PRESS, 2, 0)]
    assert sb.asked() == 1  # the other seats have nothing pressed or held: not asked
    for now in range(10, btn.REPEAT_DELAY_MS, 10):
        assert sb.update(0, now) == []
    assert sb.asked() == 1  # a pass before the first repeat asks nobody
    assert [e for e in sb.update(0, btn.REPEAT_DELAY_MS)] == [(btn.LEFT, btn.REPEAT, 2,
                                                                btn.REPEAT_DELAY_MS)]
    assert sb.asked() == 2 and sb.due == btn.REPEAT_DELAY_MS + btn.REPEAT_EVERY_MS


def test_the_stats_figures_tell_the_passes_with_nothing_to_do():
    hw = Scans(2)
    sb = seats.SeatButtons(hw, 2)
    sb.update(0, 0)
    sb.took(100)  # nothing changed: an idle pass
    hw.queue = [(bytes([IDLE & ~1, IDLE]), 5)]
    sb.update(0, 6)
    sb.took(900)  # a press to hand on
    reply = {}
    sb.figures(reply)
    got = reply["input_us"]
    assert (got["passes"], got["mean"], got["worst"], got["over_200"]) == (2, 500, 900, 1)
    assert (got["idle_passes"], got["idle_mean"]) == (1, 100)
    assert reply["seat_presses"] == [[0, btn.UP, 5]]
    sb.clear()
    sb.figures(reply)
    assert reply["input_us"]["idle_mean"] == -1 and reply["input_us"]["passes"] == 0


def _random_scans(seed, seats_, count):
    """(chip bytes, at) of `count` scans a ms or more apart (a generator: a small heap):
    presses, holds, bounces, a chip whose known bits go wrong now and then."""
    from shared_rules.rng import Rng

    r = Rng(seed)
    at = 0
    state = bytearray([IDLE] * seats_)
    for _ in range(count):
        at += 1 + (r.below(40) if r.below(4) == 0 else 0) + (800 if r.below(200) == 0 else 0)
        seat = r.below(seats_)
        if r.below(50) == 0:
            state[seat] = 0xFF  # a missing chip reads all ones: nothing held
        else:
            state[seat] = (state[seat] ^ (1 << r.below(btn.COUNT))) & 0x3F | 0x80
        yield bytes(state), at


def test_the_seats_debounce_is_each_seats_own_buttons_debounce():
    """SeatButtons (its native loop on MicroPython, the twin on CPython) gives the events of
    one firmware.buttons.Buttons a seat, fed the same scans and the same passes."""
    for seats_ in (1, 4, 6):
        hw = Scans(seats_)
        sb = seats.SeatButtons(hw, seats_)
        ref = [btn.Buttons() for _ in range(seats_)]
        events = 0
        batch = []
        for scan in _random_scans(7 + seats_, seats_, 1500):
            batch.append(scan)
            if len(batch) < 3:
                continue
            hw.queue = batch  # a pass every three scans, just after the last one
            now = batch[-1][1] + 1
            got = [e for e in sb.update(0, now)]
            want = []
            for chips, at in batch:
                for seat in range(seats_):
                    for b, kind in ref[seat].update(seats.pressed(chips[seat]), at):
                        want.append((b, kind, seat, at))
            for seat in range(seats_):  # the pass's own time: repeats and long presses
                due = ref[seat].due
                if due is not None and now - due >= 0:
                    for b, kind in ref[seat].update(seats.pressed(batch[-1][0][seat]), now):
                        want.append((b, kind, seat, now))
            assert sorted(got) == sorted(want), (seats_, now, got, want)
            events += len(got)
            batch = []
        assert events > 100, events


def test_the_native_feed_equals_its_twin():
    """On MicroPython: firmware.seatfeed's viper loop and seats.feed, the same state and
    events scan for scan (CPython has only the twin)."""
    import sys

    if sys.implementation.name != "micropython":
        return
    from array import array

    from firmware import seatfeed

    n = 4
    st = [array("i", bytes(4 * 32 * n)) for _ in range(2)]
    for s_ in st:
        for i in range(n * btn.COUNT):
            s_[(i // btn.COUNT) * 32 + (i % btn.COUNT) * 5 + 1] = 65536 - btn.DEBOUNCE_MS
    fed = [bytearray(n), bytearray(n)]
    p = [array("i", bytes(4 * 72)) for _ in range(2)]
    for q in p:
        q[0] = n
        q[4] = 64
    events = 0
    for chips, at in _random_scans(3, n, 2000):
        for off in (1, 0):  # the scan, then the pass's own time a little later
            for k, fn in enumerate((seatfeed.feed, seats.feed)):
                p[k][1] = 65536 + at + (7 if off == 0 else 0)
                p[k][2] = off
                p[k][3] = 0
                fn(st[k], chips, fed[k], p[k])
            assert p[0] == p[1] and st[0] == st[1] and fed[0] == fed[1], at
            events += p[0][3]
    assert events > 100, events
