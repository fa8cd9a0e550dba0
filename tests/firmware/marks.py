"""Who made each move of the game in play, read from its mode's person_moves (both runtimes)."""


def bot_marks(mode):
    """A byte a move: 1 where a bot made it, 0 where a person did."""
    people = [m >> 3 for m in mode.person_moves]
    return bytes([0 if i in people else 1 for i in range(mode.state.history_len())])


def marks_fit(mode):
    """No mark past the moves the game holds (a refused or taken back move leaves none)."""
    n = mode.state.history_len()
    return all(m >> 3 < n for m in mode.person_moves)
