"""Hand-built Tac-Tik positions for tests and puzzles: `from_positions()`.

Apart from the engine (rules.py) so that the board, which never builds a position, neither
compiles nor holds it (and the engine compiles from source in a Pico-sized heap).
"""

# pyright: reportAttributeAccessIssue=false
# (what the type checker cannot follow here: fields of a hand-built State)

from micropython import const

from shared_rules import canon
from shared_rules.tactik import rules as tactik

_NEST = const(255)
_B = const(100)


# over the complexity ceiling on purpose: host-only (tests, puzzles): one check a field
def from_positions(positions, players=4, current_player=0, hands=None, seed=0,  # noqa: C901
                   physical_cards=False, **flags):
    """A hand-built position in the play phase (tests, puzzles); docs/tactik.md.

    positions: {colour: [locations as positions() writes them]}, missing pawns in the nest.
    hands: {seat: [codes]} or a list; the rest of the 48 cards go to the played pile.
    hands=None: a fresh deal, exchanged with each seat's first card."""
    s = tactik.State(players, seed, physical_cards, flags)
    seen = []
    for name in positions:
        c = s.colours.index(name) if name in s.colours else -1
        vals = []
        for x in positions[name]:
            star = x.endswith("*")
            x = x.rstrip("*")
            if x == "N":
                v = _NEST
            elif canon.is_digits(x[1:]) and x[0] in "BT":
                v = int(x[1:]) + (_B if x[0] == "B" else 0)
            else:
                v = -1
            if c < 0 or not (0 <= v < s.L or _B < v <= _B + 4 or v == _NEST) or len(vals) > 3:
                raise ValueError("bad position: " + str(name) + " " + x)
            if star:
                if v != 16 * c:
                    raise ValueError("a stake stands only on its own start square")
                s.stake[c] = 1
            key = v if v < _B else c * 1000 + v
            if key in seen:
                raise ValueError("two pawns on one hole: " + x)
            if v != _NEST:
                seen.append(key)
            vals.append(v)
        vals.extend([_NEST] * (4 - len(vals)))
        s.pos[4 * c : 4 * c + 4] = bytes(sorted(vals))
    s.dealer = (current_player - 1) % players
    s.current_player = current_player
    if s.physical:
        s.turns_left = players * s.hand_size
    elif hands is None:
        s.pack = bytearray(sorted(list(range(12)) * 4))
        s.rng.shuffle(s.pack)
        s._deal()
        for _ in range(players):
            s.apply(s.legal_moves()[0])
        s._hist = []
        s._hbuf = bytearray()
        s._hn = 0
        s.ply = 0
    else:
        if isinstance(hands, list):
            hands = dict(enumerate(hands))
        s.played = list(range(12)) * 4
        for seat in sorted(hands):  # (dict order differs between runtimes)
            for code in hands[seat]:
                k = tactik.CARDS.index(code) if code in tactik.CARDS else -1
                if k not in s.played:
                    raise ValueError("unknown card or more than 4: " + str(code))
                s.played.remove(k)
                s.hands[seat].append(k)
            s.hands[seat].sort()
        if not s.hands[current_player]:
            raise ValueError("the player to move holds no card")
        s.played = bytearray(s.played)
    s._check_win()
    s.start = s.serialize()  # rewind() replays from here: no seed and moves lead to it
    return s
