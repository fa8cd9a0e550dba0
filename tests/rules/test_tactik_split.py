"""Tac-Tik 7x1 and move data cross-checked: the step-by-step interface reaches exactly the
legal 7x1 outcomes, and every move's path/eaten agree with the position after it."""

import tactik_helpers as th

from shared_rules import tactik
from shared_rules.rng import Rng


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
    for pos in cases:
        for flag in (False, True):
            s = th.build(pos, hands={0: ["7"]}, base_entry_compulsory=flag)
            legal = sorted([m.text for m in s.legal_moves("7") if m.kind == "split"])
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
        while not s.is_over() and n < 150:
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
    for trial in range(12):
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
        s = tactik.from_positions(pos, players, 0, {0: ["7"]}, base_entry_compulsory=flag)
        for colour in s.playing_colours():
            want = sorted([str(th.outcome_positions(s, colour, o))
                           for o in th.naive_split_outcomes(s, colour)])
            got = []
            for m in s.legal_moves("7"):
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
    for trial in range(60):
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
        s = tactik.from_positions(pos, players, 0, {0: list(tactik.CARDS)}, **flags)
        seat_cols = s.playing_colours()
        own = seat_cols if (flags["partner_stake_own"] or players < 4) else s.seat_colours(0)
        for card in tactik.CARDS:
            if card == "7":
                continue
            want = []
            for colour in seat_cols:
                want.extend(th.naive_card_outcomes(s, colour, card, own))
            got = []
            for m in s.legal_moves(card):
                if m.kind != "discard":
                    t = s.clone()
                    t.apply(m)
                    got.append(str(t.positions()))
            # as sets: a swap of two own pawns is listed once, and several give "no change"
            assert sorted(set(got)) == sorted(set(want)), (pos, card, flags, got, want)
            assert len(got) == len(set(got)) or card == "P"
