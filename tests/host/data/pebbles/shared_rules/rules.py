"""Pebbles: a pile of pebbles, each turn the seat to move takes 1 or 2; who takes the last
wins. The whole game interface (docs/game-interface.md) in a few lines."""

from shared_rules import canon
from shared_rules.pebbles.spec import NAME, PLAYERS  # noqa: F401


def _declared():
    from shared_rules.pebbles.spec import OPTIONS as rows

    return {r[0]: r[1] for r in rows if r[3] != "board"}


OPTIONS = _declared()


def new_game(players=2, seed=0, **options):
    if players not in PLAYERS:
        raise ValueError("players must be 2 or 3")
    pile = OPTIONS["pile"][0]
    for k in options:
        if k != "pile":
            raise ValueError("unknown option: " + str(k))
        pile = options[k]
        if pile not in OPTIONS["pile"]:
            raise ValueError("bad pile")
    return State(players, seed, pile)


def replay(options, seed, moves):
    opts = dict(options)
    st = new_game(opts.pop("players", 2), seed, **opts)
    for m in moves:
        st.apply(m)
    return st


def deserialize(data):
    f = canon.split_fields(data)
    if f[0] != "PB1" or len(f) != 6:
        raise ValueError("not a Pebbles state")
    st = State(int(f[1]), int(f[2]), int(f[3]))
    st.pile = int(f[4])
    st.current_player = int(f[5])
    return st


def greedy_move(state):
    if state.is_over():
        return None
    take = state.pile % 3
    return take if take else 1


class State:
    def __init__(self, players, seed, pile):
        self.players = players
        self.seed = seed
        self.start = pile
        self.pile = pile
        self.current_player = 0
        self.moves = []
        self.last = -1

    @property
    def phase(self):
        return "over" if self.pile == 0 else "take"

    def simultaneous(self):
        return False

    def options(self):
        return {"players": self.players, "pile": self.start}

    def is_over(self):
        return self.pile == 0

    def legal_moves(self):
        return [t for t in (1, 2) if t <= self.pile]

    def parse_move(self, text):
        if text not in ("1", "2") or int(text) > self.pile:
            raise ValueError("illegal move now: " + str(text)[:20])
        return int(text)

    def apply(self, move):
        if isinstance(move, str):
            move = self.parse_move(move)
        if move not in self.legal_moves():
            raise ValueError("illegal move now: " + str(move))
        self.pile -= move
        self.moves.append(str(move))
        self.last = self.current_player
        self.current_player = (self.current_player + 1) % self.players

    def scores(self):
        return tuple([1 if self.is_over() and s == self.last else 0
                      for s in range(self.players)])

    def winner(self):
        return (self.last,) if self.is_over() else None

    def clone(self):
        return replay(self.options(), self.seed, self.moves)

    def serialize(self):
        return canon.join_fields(["PB1", str(self.players), str(self.seed), str(self.start),
                                  str(self.pile), str(self.current_player)])

    def digest(self):
        return canon.digest(self.serialize())

    @property
    def history(self):
        return list(self.moves)

    def history_len(self):
        return len(self.moves)

    def last_move(self):
        return self.moves[-1] if self.moves else None

    def rewind(self, count):
        if not 0 <= count <= len(self.moves):
            raise ValueError("cannot rewind")
        return replay(self.options(), self.seed, self.moves[:count])

    def undo(self):
        return self.rewind(len(self.moves) - 1)

    def view(self, seat):
        return {"pile": self.pile, "to_move": self.current_player}
