"""The same Ta Yü game drawn for both profiles: one LED per square inside the coast ring (ref32)
and the full lattice with every exit (panel48) (both runtimes)."""

# isort: off
from shared_rules.tayu import rules as tayu  # first: compiled on an empty heap under MicroPython
from firmware import profile
from lanterne import render_state
from firmware.games.tayu import view as td
from firmware.canvas import Canvas
# isort: on


def test_same_game_rendered_on_both_profiles():
    st = tayu.new_game(players=2, edition="kosmos", seed=12)
    for _ in range(20):
        st.apply(tayu.greedy_move(st))
    small = render_state.render(profile.find("ref32"), "tayu", st)
    big = render_state.render(profile.find("panel48"), "tayu", st, Canvas(48, 48))
    covered = 0
    for r in range(19):
        for c in range(19):
            full, exits = st.cell(r, c)
            a = small.get(1 + c, 1 + r)
            z = big.get(2 * c + 1, 2 * r + 1)
            if full:
                covered += 1
                assert a != 0 and a == z, (r, c, a, z)
                # the big board shows every exit on the edge pixels
                for s in range(4):
                    ex, ey = 2 * c + 1 + tayu.DC[s], 2 * r + 1 + tayu.DR[s]
                    if exits & (1 << s) and 0 < ex < 38 and 0 < ey < 38:
                        assert big.get(ex, ey) == td.WATER
            else:
                assert a == z  # empty, glowing or centre: the same colour on both
    assert covered == 60
    for coast, i, value in st.estuaries():
        want = td.ESTUARY2 if value == 2 else td.ESTUARY
        x, y = {"N": (1 + i, 0), "S": (1 + i, 20), "W": (0, 1 + i), "E": (20, 1 + i)}[coast]
        assert small.get(x, y) == want
        x, y = {"N": (2 * i + 1, 0), "S": (2 * i + 1, 38), "W": (0, 2 * i + 1),
                "E": (38, 2 * i + 1)}[coast]
        assert big.get(x, y) == want



def test_render_state_knows_its_games():
    try:
        render_state.render(profile.find("ref32"), "chess", None)
    except ValueError as exc:
        assert "chess" in str(exc)
    else:
        raise AssertionError("unknown game drawn")
