"""Helpers for the Tac-Tik tests: move texts, invariant checks after every move."""

from shared_rules import tactik


def texts(state, card=None):
    """Texts of the legal moves (of one card if given)."""
    return [str(m) for m in state.legal_moves(card)]


def build(positions, seat=0, hands=None, players=4, **flags):
    """A play-phase position: `hands` maps seats to card codes (default: seat gets a 2)."""
    if hands is None:
        hands = {seat: ["2"]}
    return tactik.from_positions(positions, players, seat, hands, **flags)


def check_invariants(state):
    """4 pawns a colour, one pawn a hole, stakes on their own start square, 48 cards,
    serialisation round trip and a stable digest."""
    pos = state.positions()
    track = {}
    for ci, colour in enumerate(state.colours):
        locs = pos[colour]
        assert len(locs) == 4, (colour, locs)
        base = {}
        for loc in locs:
            if loc.endswith("*"):
                assert loc == "T%d*" % (16 * ci), (colour, loc)
                loc = loc[:-1]
            if loc.startswith("T"):
                assert loc not in track, ("two pawns on", loc)
                track[loc] = colour
            elif loc.startswith("B"):
                assert loc not in base, ("two pawns on", colour, loc)
                base[loc] = 1
            else:
                assert loc == "N", loc
    if not state.physical:
        n = len(state.pack) + len(state.played)
        for seat in range(state.players):
            n += len(state.hand(seat))
        n += len([k for k in state.pending if k >= 0])
        assert n == 48, n
    data = state.serialize()
    again = tactik.deserialize(data)
    assert again.serialize() == data
    assert again.digest() == state.digest()
    assert state.digest() == state.digest()


def naive_split_outcomes(state, colour):
    """Every final position a 7x1 of `colour` can reach, by plain enumeration of single steps
    on `positions()` texts (an oracle written apart from the engine's search)."""
    ci = state.colours.index(colour)
    start = 16 * ci
    size = 16 * len(state.colours)
    compulsory = state.options["base_entry_compulsory"]
    board = {}  # track hole -> [colour, stake?]; base holes of the mover -> 1
    mine = []
    for c in state.colours:
        for loc in state.positions()[c]:
            if loc.startswith("T"):
                board[int(loc[1:].rstrip("*"))] = [c, loc.endswith("*")]
            if c == colour:
                mine.append(loc.rstrip("*"))
    outcomes = {}
    seen = {}

    def key(board, mine):
        return str(sorted(board.items())) + str(sorted(mine))

    def small_key(board, mine, r):
        # compact bytes (a Pico heap cannot hold thousands of long strings)
        out = bytearray([r])
        for hole in sorted(board):
            out.extend(bytes([hole, state.colours.index(board[hole][0]), board[hole][1]]))
        for loc in sorted(mine):
            out.extend(loc.encode())
        return bytes(out)

    def walk(board, mine, r):
        if r >= 2:  # the last steps are cheap to redo
            k = small_key(board, mine, r)
            if k in seen:
                return
            seen[k] = 1
        if r == 0:
            outcomes[key(board, mine)] = (dict(board), list(mine))
            return
        for i in range(len(mine)):
            loc = mine[i]
            nexts = []
            if loc.startswith("B"):
                k2 = int(loc[1:]) + 1
                if k2 <= 4 and ("B%d" % k2) not in mine:
                    nexts.append("B%d" % k2)
            elif loc.startswith("T"):
                n = int(loc[1:])
                stake = board[n][1]
                if n == start and not stake and "B1" not in mine:
                    nexts.append("B1")
                nt = (n + 1) % size
                if not (nexts and compulsory) and not (nt in board and board[nt][1]):
                    nexts.append("T%d" % nt)
            for dest in nexts:
                b2 = dict(board)
                m2 = list(mine)
                if loc.startswith("T"):
                    del b2[int(loc[1:])]
                if dest.startswith("T"):
                    nt = int(dest[1:])
                    if nt in b2:
                        victim = b2[nt][0]
                        if victim == colour:
                            m2[m2.index("T%d" % nt)] = "N"
                    b2[nt] = [colour, False]
                m2[i] = dest
                walk(b2, m2, r - 1)

    walk(board, mine, 7)
    return [outcomes[k] for k in outcomes]


def outcome_positions(state, colour, outcome):
    """positions() of a naive outcome (for comparing with the engine's moves)."""
    board, mine = outcome
    pos = {}
    for ci, c in enumerate(state.colours):
        if c == colour:
            locs = list(mine)
        else:
            locs = [x for x in state.positions()[c] if not x.startswith("T")]
            for hole in board:
                if board[hole][0] == c:
                    locs.append("T%d" % hole + ("*" if board[hole][1] else ""))
            while len(locs) < 4:
                locs.append("N")
        if c == colour:
            for j in range(len(locs)):
                if locs[j] == "T%d" % (16 * ci) and board.get(16 * ci, [0, False])[1]:
                    locs[j] += "*"
        pos[c] = sorted(locs)
    return pos


def naive_card_outcomes(state, colour, card, own_stakes):
    """Positions (as str of positions() dicts) each use of `card` (not the 7x1) by `colour` can
    reach, worked out on location texts apart from the engine. `own_stakes`: colours whose
    stake counts as the mover's own for Permuter."""
    names = state.colours
    ci = names.index(colour)
    size = 16 * len(names)
    comp = state.options["base_entry_compulsory"]
    pos = state.positions()
    track = {}  # hole -> (colour, stake)
    for c in names:
        for loc in pos[c]:
            if loc.startswith("T"):
                track[int(loc[1:].rstrip("*"))] = (c, loc.endswith("*"))
    mine = [x.rstrip("*") for x in pos[colour]]
    results = []

    def result(moves, eaten):
        # moves: [(colour, old loc, new loc, stake after)], eaten: [hole]
        new = {}
        for c in names:
            new[c] = list(pos[c])
        for hole in eaten:
            c = track[hole][0]
            lst = new[c]
            for j in range(4):
                if lst[j].rstrip("*") == "T%d" % hole:
                    lst[j] = "N"
                    break
        found = []  # both pawns of a swap are found first, then moved (no mix-up)
        for c, old, _dest, _stake in moves:
            lst = new[c]
            for j in range(4):
                if lst[j].rstrip("*") == old and (c, j) not in found:
                    found.append((c, j))
                    break
        for i in range(len(moves)):
            c, j = found[i]
            new[c][j] = moves[i][2] + ("*" if moves[i][3] else "")
        for c in names:
            new[c] = sorted(new[c])
        results.append(str(new))

    if card in ("1", "10") and "N" in mine and not track.get(16 * ci, ("", False))[1]:
        result([(colour, "N", "T%d" % (16 * ci), True)],
               [16 * ci] if 16 * ci in track else [])
    if card == "P":
        for a in track:
            ca, sa = track[a]
            if ca != colour or (sa and ca not in own_stakes):
                continue
            for b in track:
                cb, sb = track[b]
                if b == a or (sb and cb not in own_stakes):
                    continue
                result([(ca, "T%d" % a, "T%d" % b, False), (cb, "T%d" % b, "T%d" % a, False)], [])
        return results
    if card == "-4":
        for a in track:
            if track[a][0] != colour:
                continue
            holes = [(a - i) % size for i in range(1, 5)]
            if [h for h in holes if h in track and track[h][1]]:
                continue
            dest = holes[-1]
            result([(colour, "T%d" % a, "T%d" % dest, False)], [dest] if dest in track else [])
        return results
    if card in ("1", "2", "3", "5", "6", "8", "9", "10", "12"):
        n = int(card)
        for loc in mine:
            if loc.startswith("B"):
                k = int(loc[1:])
                if k + n <= 4 and not [j for j in range(k + 1, k + n + 1) if "B%d" % j in mine]:
                    result([(colour, loc, "B%d" % (k + n), False)], [])
            if not loc.startswith("T"):
                continue
            a = int(loc[1:])
            stake = track[a][1]
            base_dest = None
            t = a
            for i in range(n + 1):
                left = n - i
                if t == 16 * ci and (i > 0 or not stake) and 1 <= left <= 4:
                    if not [j for j in range(1, left + 1) if "B%d" % j in mine]:
                        base_dest = "B%d" % left
                if i == n:
                    break
                t = (t + 1) % size
                if t in track and track[t][1]:
                    t = None
                    break
            if base_dest:
                result([(colour, loc, base_dest, False)], [])
            if t is not None and not (base_dest and comp):
                result([(colour, loc, "T%d" % t, False)], [t] if t in track else [])
    return results
