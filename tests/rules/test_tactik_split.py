"""Tac-Tik moves cross-checked: 7x1 outcomes and every single-card use against plain
enumerations written apart from the engine, the step-by-step 7x1 interface against the legal
outcomes, and every move's path/eaten against the position after it."""

import sizes
import tactik_helpers as th

from shared_rules.rng import Rng
from shared_rules.tactik import rules as tactik
from shared_rules.tactik import setup as tactik_setup

# ----- oracles: plain enumerations on location texts, written apart from the engine -----


def _naive_split_outcomes(state, colour):
    """Every final position a 7x1 of `colour` can reach, by plain enumeration of single steps
    on `positions()` texts (an oracle written apart from the engine's search)."""
    ci = state.colours.index(colour)
    start = 16 * ci
    size = 16 * len(state.colours)
    compulsory = state.options()["base_entry_compulsory"]
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


def _outcome_positions(state, colour, outcome):
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


def _naive_card_outcomes(state, colour, card, own_stakes):
    """Positions (as str of positions() dicts) each use of `card` (not the 7x1) by `colour` can
    reach, worked out on location texts apart from the engine. `own_stakes`: colours whose
    stake counts as the mover's own for Permuter."""
    names = state.colours
    ci = names.index(colour)
    size = 16 * len(names)
    comp = state.options()["base_entry_compulsory"]
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


def _all_step_outcomes(state, steps, out):
    nxt = state.split_next_steps(steps)
    if len(steps) == 7:
        assert nxt == []
        out[state.split_move(steps).text] = 1
        return
    assert nxt, steps  # every offered step keeps a complete 7x1 possible
    for s in nxt:
        _all_step_outcomes(state, steps + [s], out)


def test_steps_reach_exactly_the_legal_7x1_outcomes():
    cases = [
        {"red": ["T10", "T12"]},
        {"red": ["T62", "B2"], "blue": ["T1", "T3"]},
        {"red": ["T0", "T61", "B1"], "green": ["T63"], "blue": ["T16*"]},
        {"red": ["T13", "T14"], "blue": ["T16*"]},  # blocked: no 7x1 at all
        {"red": ["T30"], "yellow": ["T32*"]},
    ]
    for pos in sizes.pick(cases, cases, cases[:1] + cases[3:]):  # board: the lightest
        for flag in (False, True):
            s = th.build(pos, hands={0: ["7"]}, base_entry_compulsory=flag)
            legal = sorted([m.text for m in s.card_moves("7") if m.kind == "split"])
            got = {}
            if legal:
                _all_step_outcomes(s, [], got)
            else:
                assert s.split_next_steps([]) == []
            assert sorted(got) == legal, (pos, flag)


def _check_move_data(state, m):
    before = state.positions()
    after = state.clone()
    after.apply(m)
    pos = after.positions()
    eaten = m.eaten
    cols = m.eaten_colours
    assert len(eaten) == len(cols)
    for i in range(len(eaten)):
        assert eaten[i].startswith("T")
        assert pos[cols[i]].count("N") > before[cols[i]].count("N") or cols[i] in m.colours
    if m.kind in ("give", "discard"):
        assert m.path == [] and pos == before
        return
    path = m.path
    assert path and len(path) == len(m.colours)
    for i in range(len(path)):
        start, locs = path[i]
        colour = m.colours[i]
        assert locs and start in [x.rstrip("*") for x in before[colour]]
        final = locs[-1]
        gone = final in eaten and m.kind == "split"
        if not gone:
            assert final in [x.rstrip("*") for x in pos[colour]], (str(m), final, pos)
    if m.kind in ("forward", "back"):
        value = 4 if m.kind == "back" else int(m.card)
        assert len(path) == 1 and len(path[0][1]) == value
    if m.kind == "split":
        assert sum([len(p[1]) for p in path]) == 7
        assert len(set(m.colours)) == 1
    if m.kind == "swap":
        assert len(path) == 2 and path[0][1] == [path[1][0]] and path[1][1] == [path[0][0]]


def test_every_move_path_and_eaten_agree_with_the_position_after_it():
    for players, seed in ((4, 31), (6, 32), (2, 33)):
        s = tactik.new_game(players, seed)
        r = Rng(seed)
        n = 0
        while not s.is_over() and n < sizes.pick(150, 150, 20):
            moves = s.legal_moves()
            for m in moves:
                _check_move_data(s, m)
            texts = [str(m) for m in moves]
            assert len(set(texts)) == len(texts)
            outcomes = [m._after for m in moves if m.kind == "split"]
            assert len(set(outcomes)) == len(outcomes)
            s.apply(moves[r.below(len(moves))])
            n += 1


def test_7x1_outcomes_match_a_plain_enumeration():
    r = Rng(77)
    for trial in range(sizes.pick(12, 12, 3)):  # board: one of each player count
        players = (4, 6, 2)[trial % 3]
        ncol = 6 if players == 6 else 4
        names = tactik.COLOURS6 if ncol == 6 else tactik.COLOURS4
        holes = list(range(20))
        r.shuffle(holes)
        off = r.below(16 * ncol)
        pos = {}
        k = 0
        for c in range(ncol):
            locs = []
            for i in range(1 + r.below(4)):
                if i == 0 and r.below(3) == 0:
                    locs.append("B" + str(1 + r.below(4)))
                else:
                    hole = (holes[k] + off) % (16 * ncol)
                    k += 1
                    star = "*" if hole == 16 * c and r.below(2) else ""
                    locs.append("T%d" % hole + star)
            pos[names[c]] = locs
        flag = trial % 4 == 3
        s = tactik_setup.from_positions(pos, players, 0, {0: ["7"]}, base_entry_compulsory=flag)
        for colour in s.playing_colours():
            want = sorted([str(_outcome_positions(s, colour, o))
                           for o in _naive_split_outcomes(s, colour)])
            got = []
            for m in s.card_moves("7"):
                if m.kind == "split" and m.colour == colour:
                    t = s.clone()
                    t.apply(m)
                    got.append(str(t.positions()))
            assert sorted(got) == want, (pos, colour, len(got), len(want))


def test_7x1_search_keys_give_the_same_moves_on_32_and_64_bit():
    pos = {"red": ["T39", "T43", "T44", "B2"], "blue": ["T40", "T45"], "green": ["T42", "T46"],
           "yellow": ["T32*", "T47"]}
    want = th.texts(th.build(pos, hands={0: ["7"]}))
    assert len(want) > 10
    wide = tactik._WIDE
    try:
        tactik._WIDE = not wide  # the other key form (int pair on a Pico, one int on 64 bits)
        assert th.texts(th.build(pos, hands={0: ["7"]})) == want
    finally:
        tactik._WIDE = wide


def test_single_card_moves_match_a_plain_enumeration():
    r = Rng(91)
    for trial in range(sizes.pick(60, 60, 10)):
        players = (4, 6, 2, 3)[trial % 4]
        ncol = 6 if players in (3, 6) else 4
        names = tactik.COLOURS6 if ncol == 6 else tactik.COLOURS4
        size = 16 * ncol
        holes = list(range(size))
        r.shuffle(holes)
        pos = {}
        k = 0
        used = []
        for c in range(ncol):
            locs = []
            for _i in range(r.below(5)):
                if r.below(4) == 0:
                    b = "B" + str(1 + r.below(4))
                    if b not in locs:
                        locs.append(b)
                    continue
                way = r.below(4)  # anywhere, just before its start, just after a start, on it
                if way == 0:
                    hole = holes[k]
                    k += 1
                elif way == 1:
                    hole = (16 * c + size - 1 - r.below(6)) % size
                elif way == 2:
                    hole = 16 * r.below(ncol) + 1 + r.below(4)
                else:
                    hole = 16 * c
                if hole in used:
                    continue
                used.append(hole)
                locs.append("T%d" % hole + ("*" if hole == 16 * c and r.below(2) else ""))
            pos[names[c]] = locs
        flags = {"base_entry_compulsory": trial % 5 == 4, "partner_stake_own": trial % 3 != 2}
        s = tactik_setup.from_positions(pos, players, 0, {0: list(tactik.CARDS)}, **flags)
        seat_cols = s.playing_colours()
        own = seat_cols if (flags["partner_stake_own"] or players < 4) else s.seat_colours(0)
        for card in tactik.CARDS:
            if card == "7":
                continue
            want = []
            for colour in seat_cols:
                want.extend(_naive_card_outcomes(s, colour, card, own))
            got = []
            for m in s.card_moves(card):
                if m.kind != "discard":
                    t = s.clone()
                    t.apply(m)
                    got.append(str(t.positions()))
            # as sets: a swap of two own pawns is listed once, and several give "no change"
            assert sorted(set(got)) == sorted(set(want)), (pos, card, flags, got, want)
            assert len(got) == len(set(got)) or card == "P"
