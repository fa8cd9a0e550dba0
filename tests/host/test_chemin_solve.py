"""The Chemin du duel's solved table (issue 33, host/lanterne/chemin_solve.py): the committed
shared_rules/wuxing/chemin.bin holds what the solver computes (a small flag pair solved
again), a path outside its class's representative reads its values through the symmetries
(the board's lookup against the solver run on that path itself), and the start is about even
on every path (the value the equilibrium guarantees)."""

import numpy as np
from lanterne import chemin_solve as cs

from shared_rules import bots
from shared_rules.wuxing import bot_chemin as bc


def _state(path, **flags):
    st = bots.new_game("wuxing", 2, 1, mode="chemin", path="cycle", **flags)
    st.path[:] = bytes(path)
    return st


def test_the_committed_table_is_the_solvers():
    reps, _ = cs.canonical_paths()
    with open(bc._data_path(), "rb") as f:
        head = f.read(bc._HEAD)
        assert head[:4] == cs.MAGIC and head[4] == cs.SCALE
        assert head[5:65] == b"".join(bytes(p) for p in reps)
        bits = bc._chunk(f, 3)  # no_discard, plain_faces: small enough to solve here
        data = bc._chunk(f, 4 + 5 * 4 + 3)  # class 5's
    union = None
    for path in reps:
        _, succ = cs.transitions(path, True)
        r = cs.reachable(succ, True, True)
        union = r if union is None else union | r
    assert np.packbits(union.reshape(-1), bitorder="little").tobytes() == bits
    V, _ = cs.solve(reps[5], True, True)
    q = np.clip(np.rint(V * cs.SCALE), -cs.SCALE, cs.SCALE).astype(np.int8)[union]
    assert np.abs(q.astype(int) - np.frombuffer(data, np.int8)).max() <= 1  # (rounding)


def test_a_path_reads_its_values_through_the_symmetries():
    for path in ((1, 0, 3, 4, 2), (3, 0, 4, 1, 2), (4, 2, 0, 1, 3)):
        st = _state(path, no_discard=True)
        t = bc.table(st)
        V, _ = cs.solve(path, False, True)
        cores, succ = cs.transitions(path, False)
        reach = cs.reachable(succ, False, True)
        worst = 0.0
        for i, (pp, f, tok) in enumerate(cores):
            if not reach[i, 0]:
                continue
            yr, nr, yb, nb = tok
            v = bc._yang_value(t, pp[0], pp[1], f[0], f[1], [yr, yb, nr, nb], 0, 0)
            worst = max(worst, abs(v / t.scale - V[i, 0]))
        assert worst <= 0.5 / cs.SCALE + 1e-6, (path, worst)


def test_every_path_starts_about_even():
    reps, _ = cs.canonical_paths()
    for path in reps[:3]:
        _, v0 = cs.solve(path, True, False)
        assert abs(v0) < 0.05
