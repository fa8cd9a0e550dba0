"""Helpers for the Tac-Tik tests: move texts, invariant checks after every move."""

from shared_rules.tactik import rules as tactik
from shared_rules.tactik import setup as tactik_setup


def raises(fn, *args):
    """Call fn(*args), which must raise ValueError; returns its message."""
    try:
        fn(*args)
    except ValueError as exc:
        return str(exc)
    raise AssertionError("no ValueError")


def texts(state, card=None):
    """Texts of the legal moves (of one card if given)."""
    return [str(m) for m in (state.legal_moves() if card is None else state.card_moves(card))]


def build(positions, seat=0, hands=None, players=4, **flags):
    """A play-phase position: `hands` maps seats to card codes (default: seat gets a 2)."""
    if hands is None:
        hands = {seat: ["2"]}
    return tactik_setup.from_positions(positions, players, seat, hands, **flags)


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

