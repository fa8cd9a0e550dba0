"""Wuxing duel, Chemin du duel: its equilibrium, computed on the host (issue 33).

A Chemin game is a zero-sum stochastic game with simultaneous moves and a small state: the
two pawns (10 placements, Yang's always below Yin's), the faces (none, Yang's or Yin's
Yin-Yang face up), the four tokens (each colour's two split among Yang, Yin and the centre:
34 splits short of a win) and the last two cards (each seat's allowed cards). This module
solves it by Shapley's value iteration: V(s) = val(G_s), G_s[a][b] the value after the duel
(a, b) (+1 Yang wins, -1 Yin wins), each matrix game's value found exactly by Shapley-Snow
support enumeration (every matrix game has an optimal pair on a square, nonsingular kernel),
vectorised with numpy over all states at once. A game that never ends is worth 0 (the round
limit's draw, 100 rounds by default, is not in the state: a real game lasts about 9 rounds).

The board keeps V, quantised to one signed byte (x SCALE, 63: a win is 63), for each path up
to the game's symmetries: turning the elements (e -> e + k keeps every link) and swapping the
seats with the path read backwards; 12 classes of the 120 paths. Only the states a game can
reach are kept (some 4,600 of the 27,000 with the default flags: after a duel (a, b) the
pawns, faces and tokens are those that duel can leave), named by one bitmap a flag pair.
`make chemin-table` (python -m lanterne.chemin_solve) writes `shared_rules/wuxing/chemin.bin`
(docs/bots.md). The board solves the round's own matrix game exactly, in integers, from the
table (shared_rules/wuxing/bot_chemin.py: `eq_strategy`).

Layout of chemin.bin: b"CQ2" and a version byte, SCALE (one byte), the 12 class paths (5
bytes each, in order), then 52 records of 3 little-endian uint32 (offset, length, raw size):
the 4 bitmaps (in the order (no_discard, plain_faces): one bit a state, core * 25 + l0 * 5 +
l1, or the core alone with no_discard), then the 48 value tables in the order (class,
no_discard, plain_faces), each the reached states' values in the bitmap's order; then the
raw-deflate chunks (a 4 KB window: WBITS).
"""

import itertools
import struct
import zlib

import numpy as np

MAGIC = b"CQ2\x01"
SCALE = 63
TOKS = [(yr, nr, yb, nb) for yr in range(3) for nr in range(3 - yr)
        for yb in range(3) for nb in range(3 - yb)]  # 36 splits (some are wins)
PAIRS = [(p0, p1) for p0 in range(5) for p1 in range(p0 + 1, 5)]  # 10 placements
FACES = [(0, 0), (1, 0), (0, 1)]


def canonical_paths():
    """The 12 class representatives (the least path of each class, as tuples) and, for each of
    the 120 paths, (class index, turn k, reversed)."""
    reps = []
    index = {}
    for p in itertools.permutations(range(5)):
        if p in index:
            continue
        c = len(reps)
        reps.append(p)
        for k in range(5):
            q = tuple((e + k) % 5 for e in p)
            index.setdefault(q, (c, k, False))
            r = tuple(reversed(q))
            index.setdefault(r, (c, k, True))
    return reps, index


def cores(plain):
    """The non-terminal core states (pawns, faces, tokens) in table order."""
    out = []
    for pp in PAIRS:
        for f in (FACES[:1] if plain else FACES):
            for t in TOKS:
                out.append((pp, f, t))
    return out


def core_index(plain, pp, f, t):
    """The table row of a core state (pawn pair, faces, tokens (yr, nr, yb, nb))."""
    fi = 0 if plain else FACES.index(f)
    return (PAIRS.index(pp) * (1 if plain else 3) + fi) * 36 + TOKS.index(t)


def duel(path, plain, core, a, b):
    """The duel (a, b) from a core state: ('win', seat) or ('core', next core), as the rules
    play it (shared_rules/wuxing/rules.py: State._duel)."""
    (p0, p1), (f0, f1), (yr, nr, yb, nb) = core
    t = [yr, yb, nr, nb, 2 - yr - nr, 2 - yb - nb]  # the engine's order
    w = -1
    col = -1
    if a != b:
        d = (b - a) % 5
        w = 0 if d < 3 else 1
        col = 0 if d in (1, 4) else 1
    elif path[p0] == a or path[p1] == a:
        w = 0 if path[p0] == a else 1
        if not plain:
            f0 = 1 if w == 0 else 0
            f1 = 1 - f0
    elif f0 != f1 and not plain:
        w = 0 if f0 else 1
        f0 = f1 = 0
    if w >= 0:
        if w == 0:
            p0 += 1
            if p1 == p0:
                p1 += 1
                if p1 > 4:
                    return ("win", 0)
        else:
            p1 -= 1
            if p1 == p0:
                p0 -= 1
                if p0 < 0:
                    return ("win", 1)
        o = 1 - w
        if col >= 0 and t[2 * w + col] < 2:
            if t[4 + col]:
                t[4 + col] -= 1
            else:
                t[2 * o + col] -= 1
            t[2 * w + col] += 1
        if t[2 * w] + t[2 * w + 1] == 4:
            return ("win", w)
    return ("core", ((p0, p1), (f0, f1), (t[0], t[2], t[1], t[3])))


def transitions(path, plain):
    """succ[c, a, b]: the next core's row, or -1 (Yang won) / -2 (Yin won); terminal cores
    (a seat holding all four tokens) never occur as rows (they are wins)."""
    cs = cores(plain)
    n = len(cs)
    succ = np.zeros((n, 5, 5), dtype=np.int64)
    for i, c in enumerate(cs):
        for a in range(5):
            for b in range(5):
                kind, x = duel(path, plain, c, a, b)
                if kind == "win":
                    succ[i, a, b] = -1 - x
                else:
                    pp, f, t = x
                    succ[i, a, b] = core_index(plain, pp, f, t)
    return cs, succ


def _supports(n, m):
    out = []
    for k in range(1, min(n, m) + 1):
        for rs in itertools.combinations(range(n), k):
            for cs in itertools.combinations(range(m), k):
                out.append((rs, cs))
    return out


def _try(B, rs, cs, eps=1e-9):
    # the games B (N, n, m) whose kernel rs x cs gives optimal strategies: (ok mask, values)
    N, n, m = B.shape
    k = len(rs)
    M = B[:, list(rs)][:, :, list(cs)]
    # x (on rs): M^T x = v 1, sum x = 1; y (on cs): M y = v 1, sum y = 1
    K1 = np.zeros((N, k + 1, k + 1))
    K1[:, :k, :k] = np.transpose(M, (0, 2, 1))
    K1[:, :k, k] = -1
    K1[:, k, :k] = 1
    K2 = np.zeros((N, k + 1, k + 1))
    K2[:, :k, :k] = M
    K2[:, :k, k] = -1
    K2[:, k, :k] = 1
    d1 = np.linalg.det(K1)
    d2 = np.linalg.det(K2)
    ok = (np.abs(d1) > 1e-12) & (np.abs(d2) > 1e-12)
    K1[~ok] = np.eye(k + 1)
    K2[~ok] = np.eye(k + 1)
    rhs = np.zeros((N, k + 1, 1))
    rhs[:, k, 0] = 1
    z1 = np.linalg.solve(K1, rhs)[:, :, 0]
    z2 = np.linalg.solve(K2, rhs)[:, :, 0]
    x = np.zeros((N, n))
    x[:, list(rs)] = z1[:, :k]
    y = np.zeros((N, m))
    y[:, list(cs)] = z2[:, :k]
    v = z1[:, k]
    ok &= (x >= -eps).all(1) & (y >= -eps).all(1)
    ok &= (np.einsum("ni,nij->nj", x, B) >= v[:, None] - 1e-7).all(1)
    ok &= (np.einsum("nij,nj->ni", B, y) <= v[:, None] + 1e-7).all(1)
    return ok, v


def game_values(A, hint=None):
    """The values of a batch of matrix games A (N, n, m), the rows maximising, and the kernel
    (an index into _supports(n, m)) that gave each; `hint`: the kernels to try first (the
    previous iteration's: most stay)."""
    N, n, m = A.shape
    sup = _supports(n, m)
    val = np.full(N, np.nan)
    got = np.full(N, -1)
    todo = np.arange(N)
    if hint is not None:
        left = np.ones(N, dtype=bool)
        for h in np.unique(hint):
            idx = np.nonzero(hint == h)[0]
            ok, v = _try(A[idx], *sup[h])
            val[idx[ok]] = v[ok]
            got[idx[ok]] = h
            left[idx[ok]] = False
        todo = np.nonzero(left)[0]
    for h, (rs, cs) in enumerate(sup):
        if todo.size == 0:
            break
        ok, v = _try(A[todo], rs, cs)
        val[todo[ok]] = v[ok]
        got[todo[ok]] = h
        todo = todo[~ok]
    if todo.size:
        raise ArithmeticError(f"no kernel found for {todo.size} games")
    return val, got


def _sub_indices(nd):
    # (rows, columns) left for each (l0, l1) (no_discard: all five), as index arrays
    if nd:
        return np.arange(5)[None, :], np.arange(5)[None, :]
    R = np.array([[r for r in range(5) if r != l0] for l0 in range(5) for _l1 in range(5)])
    C = np.array([[c for c in range(5) if c != l1] for _l0 in range(5) for l1 in range(5)])
    return R, C


def solve(path, plain, nd, tol=1e-5, most=500, log=None):
    """V for one path and flags: shape (cores, 25) (no_discard: (cores, 1)), the value for
    Yang of each core with each pair of last cards (l0 * 5 + l1), and the start's value."""
    cs, succ = transitions(path, plain)
    n = len(cs)
    R, C = _sub_indices(nd)
    L = R.shape[0]
    V = np.zeros((n, L))
    term = np.where(succ == -1, 1.0, np.where(succ == -2, -1.0, 0.0))
    live = succ >= 0
    safe = np.where(live, succ, 0)
    ab = np.arange(25).reshape(5, 5) if not nd else np.zeros((5, 5), dtype=np.int64)
    hint = None
    for it in range(most):
        G = np.where(live, V[safe, ab[None, :, :]], term)  # (n, 5, 5)
        A = G[:, R[:, :, None], C[:, None, :]]  # (n, L, k, k): every subgame at once
        new, hint = game_values(A.reshape(n * L, R.shape[1], C.shape[1]), hint)
        new = new.reshape(n, L)
        delta = np.abs(new - V).max()
        V = new
        if log:
            log(f"  iteration {it + 1}: change {delta:.2e}")
        if delta < tol:
            break
    G = np.where(live, V[safe, ab[None, :, :]], term)
    start = core_index(plain, (0, 4), (0, 0), (0, 0, 0, 0))
    v0 = game_values(G[start:start + 1])[0][0]
    return V, v0


def reachable(succ, plain, nd):
    """The states a game reaches from the start (cores x last pairs, as V's shape): every
    duel of the allowed cards, from the start's five against five."""
    n = succ.shape[0]
    L = 1 if nd else 25
    seen = np.zeros((n, L), dtype=bool)
    stack = []

    def push(c, a, b):
        j = 0 if nd else a * 5 + b
        if c >= 0 and not seen[c, j]:
            seen[c, j] = True
            stack.append((int(c), a, b))

    start = core_index(plain, (0, 4), (0, 0), (0, 0, 0, 0))
    for a in range(5):
        for b in range(5):
            push(succ[start, a, b], a, b)
    while stack:
        c, l0, l1 = stack.pop()
        for a in range(5):
            for b in range(5):
                if nd or (a != l0 and b != l1):
                    push(succ[c, a, b], a, b)
    return seen


WBITS = 12  # a 4 KB window: the board inflates a table with that much heap, not 32 KB


def _deflate(raw):
    c = zlib.compressobj(9, zlib.DEFLATED, -WBITS)
    return c.compress(raw) + c.flush()


def build(log=None, scale=SCALE):
    """The whole chemin.bin: every class and flag pair, the values of the states some path
    of the flags reaches (one bitmap a flag pair: the union over the classes)."""
    reps, _ = canonical_paths()
    flags = [(nd, plain) for nd in (False, True) for plain in (False, True)]
    tables = {}
    bitmaps = []
    for nd, plain in flags:
        union = None
        for ci, path in enumerate(reps):
            _, succ = transitions(path, plain)
            V, v0 = solve(path, plain, nd)
            R = reachable(succ, plain, nd)
            union = R if union is None else (union | R)
            tables[(ci, nd, plain)] = V
            if log:
                log(f"class {ci} path {path} no_discard {nd} plain {plain}: start {v0:.4f}, "
                    f"{int(R.sum())} states reached")
        bitmaps.append((union, np.packbits(union.reshape(-1), bitorder="little").tobytes()))
    chunks = [(_deflate(bm), len(bm)) for _, bm in bitmaps]
    for ci in range(len(reps)):
        for k, (nd, plain) in enumerate(flags):
            q = np.clip(np.rint(tables[(ci, nd, plain)] * scale), -scale, scale)
            raw = q.astype(np.int8)[bitmaps[k][0]].tobytes()
            chunks.append((_deflate(raw), len(raw)))
    head = MAGIC + bytes([scale]) + b"".join(bytes(p) for p in reps)
    off = len(head) + 12 * len(chunks)
    recs = b""
    for data, size in chunks:
        recs += struct.pack("<III", off, len(data), size)
        off += len(data)
    return head + recs + b"".join(d for d, _ in chunks)


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="shared_rules/wuxing/chemin.bin")
    ap.add_argument("--scale", type=int, default=SCALE, help="a win's value (at most 127)")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    data = build(print if a.verbose else None, a.scale)
    with open(a.out, "wb") as f:
        f.write(data)
    print(f"{a.out}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
