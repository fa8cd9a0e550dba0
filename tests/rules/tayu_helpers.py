"""Independent re-derivations of the Ta Yü rules for the tests: tile geometry from walking
vectors, brute-force legality over the whole board, and from-scratch invariants (tiles
conserved, network connected, every shared edge matched, score and open exits recomputed)."""

from shared_rules.tayu import positions
from shared_rules.tayu import rules as tayu

N = 19
_VEC = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
_BIT = {"N": 1, "E": 2, "S": 4, "W": 8}
_OPP = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _side_of_vec(v):
    for k in _VEC:
        if _VEC[k] == v:
            return k
    raise AssertionError("not a unit vector")


def tile_exits(kind, r, c, d):
    """[((row, col), side)] of a kind placed at r, c heading d, from walking vectors."""
    dr, dc = _VEC[d]
    left = _side_of_vec((-dc, dr))
    right = _side_of_vec((dc, -dr))
    out = []
    for code in kind.split("-"):
        if code == "w":
            out.append(((r, c), _side_of_vec((-dr, -dc))))
        elif code == "e":
            out.append(((r + 2 * dr, c + 2 * dc), d))
        else:
            i = int(code[1])
            out.append(((r + i * dr, c + i * dc), left if code[0] == "n" else right))
    return out


def tile_cells(r, c, d):
    dr, dc = _VEC[d]
    return [(r + i * dr, c + i * dc) for i in range(3)]


def on_board(r, c):
    return 0 <= r < N and 0 <= c < N


class Board:
    """Covered squares and their exit bits read through the public `cell` access, kept in a
    bytearray (16 | bits when covered) so big positions need no big dict on a Pico heap."""

    def __init__(self, state):
        self.g = bytearray(N * N)
        self.n = 0
        for r in range(N):
            for c in range(N):
                covered, bits = state.cell(r, c)
                if covered:
                    self.g[r * N + c] = 16 | bits
                    self.n += 1

    def __contains__(self, p):
        return on_board(p[0], p[1]) and self.g[p[0] * N + p[1]] != 0

    def __getitem__(self, p):
        return self.g[p[0] * N + p[1]] & 15

    def get(self, p, default=0):
        return self[p] if p in self else default

    def __len__(self):
        return self.n

    def squares(self):
        for i in range(N * N):
            if self.g[i]:
                yield (i // N, i % N)


def board_of(state):
    return Board(state)


def brute_legal(state, kind):
    """Every legal placement text of `kind`, trying all 19*19*4 positions from scratch."""
    board = board_of(state)
    first = not board
    found = []
    for r in range(N):
        for c in range(N):
            for d in "NESW":
                cells = tile_cells(r, c, d)
                if not all(on_board(*p) and p not in board for p in cells):
                    continue
                if first:
                    if (9, 9) in cells:
                        found.append("%d,%d,%s" % (r, c, d))
                    continue
                ex = {}
                for p, s in tile_exits(kind, r, c, d):
                    ex[(p, s)] = 1
                ok = True
                conn = 0
                for p in cells:
                    for s in "NESW":
                        q = (p[0] + _VEC[s][0], p[1] + _VEC[s][1])
                        if q in cells or q not in board:
                            continue
                        mine = (p, s) in ex
                        theirs = bool(board[q] & _BIT[_OPP[s]])
                        if mine != theirs:
                            ok = False
                        elif mine:
                            conn += 1
                if ok and conn:
                    found.append("%d,%d,%s" % (r, c, d))
    return found


def tiles_of(state):
    """[cells of tile 1, cells of tile 2, ...] (index = tile id - 1) from `tile_at`."""
    tiles = [[] for _ in range(state.placed)]
    for r in range(N):
        for c in range(N):
            t = state.tile_at(r, c)
            if t:
                assert t <= state.placed, "tile id %d beyond %d placed" % (t, state.placed)
                tiles[t - 1].append((r, c))
    return tiles


def kind_of_cells(board, cells):
    """Canonical kind of a placed tile, read back from the exit bits of its three squares."""
    cells = sorted(cells)
    horizontal = cells[0][0] == cells[2][0]
    codes = []
    for i in range(3):
        b = board[cells[i]]
        if horizontal:  # walking east: n = north, s = south
            if b & 1:
                codes.append("n%d" % i)
            if b & 4:
                codes.append("s%d" % i)
        else:  # walking south: n = east, s = west
            if b & 2:
                codes.append("n%d" % i)
            if b & 8:
                codes.append("s%d" % i)
    first, last = board[cells[0]], board[cells[2]]
    if horizontal:
        if first & 8:
            codes.append("w")
        if last & 2:
            codes.append("e")
    else:
        if first & 1:
            codes.append("w")
        if last & 4:
            codes.append("e")
    assert len(codes) == 3, "tile with %d exits at %s" % (len(codes), cells)
    return positions.canonical_kind("-".join(codes))


def recount(state, board=None):
    """Coast counts recomputed from the board and the double positions: [N, E, S, W]."""
    board = board_of(state) if board is None else board
    doubles = state.flags["doubles"]
    counts = {"N": 0, "E": 0, "S": 0, "W": 0}
    for i in range(N):
        v = 2 if i in doubles else 1
        if board.get((0, i), 0) & 1:
            counts["N"] += v
        if board.get((N - 1, i), 0) & 4:
            counts["S"] += v
        if board.get((i, 0), 0) & 8:
            counts["W"] += v
        if board.get((i, N - 1), 0) & 2:
            counts["E"] += v
    return counts


def check_invariants(state, setup_ok=False):
    """Assert every structural invariant of a reachable position."""
    board = board_of(state)
    tiles = tiles_of(state)
    assert len(tiles) == state.placed
    assert len(board) == 3 * state.placed
    if state.placed:
        assert (9, 9) in board
    kinds = {}
    for i in range(len(tiles)):
        t = i + 1
        cells = tiles[i]
        assert len(cells) == 3, "tile %d covers %d squares" % (t, len(cells))
        rows = set(p[0] for p in cells)
        cols = set(p[1] for p in cells)
        assert (len(rows) == 1 and max(cols) - min(cols) == 2) or (
            len(cols) == 1 and max(rows) - min(rows) == 2), "tile %d not in a line" % t
        k = kind_of_cells(board, cells)
        kinds[k] = kinds.get(k, 0) + 1
        # no exit on the two internal edges
        cs = sorted(cells)
        for a, b in ((cs[0], cs[1]), (cs[1], cs[2])):
            if a[0] == b[0]:
                assert not board[a] & 2 and not board[b] & 8
            else:
                assert not board[a] & 4 and not board[b] & 1
    # tiles conserved: placed + drawable + held + set aside = all, kind by kind
    rest = []
    for lane in range(2):
        rest.extend(state._bag[state._lane_pos[lane]:state._lane_end[lane]])
    for h in state.hands:
        rest.extend(h)
    rest.extend(state.set_aside)
    for k in rest:
        name = tayu.KINDS[k]
        kinds[name] = kinds.get(name, 0) + 1
    assert state.placed + state.tiles_left() + sum(len(h) for h in state.hands) + len(
        state.set_aside) == state.total_tiles
    if not setup_ok:
        copies = tayu.EDITIONS[state.edition]
        assert len(kinds) == 28 and all(v == copies for v in kinds.values()), kinds
    # every shared edge between two tiles matches
    opened = []
    for (r, c) in board.squares():
        bits = board[(r, c)]
        for s in "NESW":
            q = (r + _VEC[s][0], c + _VEC[s][1])
            mine = bool(bits & _BIT[s])
            if not on_board(*q):
                continue
            if q in board:
                if state.tile_at(*q) != state.tile_at(r, c):
                    assert mine == bool(board[q] & _BIT[_OPP[s]]), "unmatched edge %s %s" % (
                        (r, c), s)
            elif mine:
                opened.append((r, c, s))
    assert sorted(opened) == state.open_exits()
    # network connected: every tile reachable from the centre tile through matched exits
    if tiles:
        start = state.tile_at(9, 9)
        seen = bytearray(len(tiles) + 1)
        seen[start] = 1
        reached = 1
        todo = [start]
        while todo:
            t = todo.pop()
            for (r, c) in tiles[t - 1]:
                for s in "NESW":
                    q = (r + _VEC[s][0], c + _VEC[s][1])
                    if board[(r, c)] & _BIT[s] and q in board:
                        u = state.tile_at(*q)
                        if u != t and not seen[u]:
                            seen[u] = 1
                            reached += 1
                            todo.append(u)
        assert reached == len(tiles), "network split: %d of %d" % (reached, len(tiles))
    # score recomputed from scratch
    counts = recount(state, board)
    assert counts == state.coast_counts(), (counts, state.coast_counts())
    assert state.scores() == (counts["N"] * counts["S"], counts["E"] * counts["W"])


def play_random(state, rng, check_every=1, brute_every=0, max_moves=2000):
    """Play random legal moves to the end, checking invariants every `check_every` moves and
    comparing legal placements with the brute force every `brute_every` (0: never)."""
    n = 0
    while not state.is_over():
        moves = state.legal_moves()
        assert moves, "no legal move in phase " + state.phase
        if brute_every and state.phase == "place" and n % brute_every == 0:
            assert [str(m) for m in moves] == brute_legal(state, state.tile)
        mv = moves[rng.below(len(moves))]
        before = state.placed
        state.apply(mv)
        if mv.type == tayu.M_PLACE:
            assert state.placed == before + 1
        n += 1
        if check_every and n % check_every == 0:
            check_invariants(state)
        assert n < max_moves
    check_invariants(state)
    return n


def hold(state, kind):
    """Test-only: put `kind` in the mover's hand as the tile to place (white-box helper)."""
    k = tayu.kind_index(kind)
    state.hands[state.current_player] = [k]
    state._tile = k
    state._legal = None
    state.phase = "place"
