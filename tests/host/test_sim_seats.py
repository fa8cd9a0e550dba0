"""`lanterne sim` on a board with every seat its own buttons (issue 35): each seat has keys of
its own, in the terminal and in a --keys script (`s2.up`), and a board without seats is as
before."""

from lanterne import sim_terminal
from lanterne.sim_board import Simulator, parse_script

from firmware import buttons as btn


def test_each_seat_has_keys_of_its_own():
    got = list(sim_terminal.key_presses("wzt8\x1b[AE"))
    assert got == [(6 + btn.UP, False), (btn.A, False), (12 + btn.UP, False),
                   (18 + btn.UP, False), (btn.UP, False), (6 + btn.A, True)]
    codes = set()
    for seat, keys in enumerate(sim_terminal.SEAT_KEYS, 1):
        for ch in keys:
            (code, long), = sim_terminal.key_presses(ch)
            assert code // 6 == seat
            codes.add((code, long))
    assert len(codes) == 8 * len(sim_terminal.SEAT_KEYS)  # no key shared
    assert parse_script("s2.up s3.a:long up")[:2] == [("press", 12 + btn.UP, 60),
                                                     ("press", 18 + btn.A, btn.LONG_MS + 200)]


def test_a_seat_key_moves_that_seats_player_only():
    with Simulator("ref32_seats4", seed=5) as sim:
        sim.boot()
        sim.app.start_game("tayu", {"players": 2}, 5)
        sim.advance(50)
        v = sim.app.mode.view
        start = (v.gr, v.gc)
        sim.run_script(parse_script("s1.up"))  # East-West: not its turn
        assert (v.gr, v.gc) == start
        sim.run_script(parse_script("s2.up"))  # North-South at the top: the panel's down
        assert (v.gr, v.gc) == (start[0] + 1, start[1])
        panel = "\n".join(sim_terminal._side_panel(sim))
        assert "seat 3" in panel


def test_a_board_without_seats_ignores_the_other_seats_keys():
    with Simulator("ref32", seed=5) as sim:
        sim.boot()
        sim.app.start_game("tayu", {"players": 2}, 5)
        sim.advance(50)
        v = sim.app.mode.view
        start = (v.gr, v.gc)
        sim.run_script(parse_script("s1.up"))
        assert (v.gr, v.gc) == start
        sim.run_script(parse_script("up"))
        assert (v.gr, v.gc) == (start[0] - 1, start[1])
