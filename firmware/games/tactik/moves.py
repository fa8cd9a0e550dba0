"""Reading the Tac-Tik engine's moves for the board: who moves from where to where, what is
eaten, and the positions a 7x1 reaches step by step (display only; the engine decides)."""

from shared_rules.tactik.rules import LETTERS


def move_paths(m):
    """[(colour, [location before, each location passed...]), ...] for every pawn moved."""
    out = []
    path = m.path
    if not path:
        return out
    cols = m.colours
    for i in range(len(path)):
        before, passed = path[i]
        out.append((cols[i], [before] + list(passed)))
    return out


def move_eaten(m):
    """[(colour, location where it was eaten), ...]."""
    locs = m.eaten
    cols = m.eaten_colours
    return [(cols[i], locs[i]) for i in range(len(locs))]


def move_source(m):
    return (m.colours[0], m.path[0][0])


def move_dest(m):
    return (m.colours[0], m.path[0][1][-1])


def colour_at(positions, hole):
    """The colour of the pawn on track hole `hole` ("T5"; a stake there counts), else None."""
    for c in positions:
        for loc in positions[c]:
            if loc == hole or loc == hole + "*":
                return c
    return None


def swap_pawns(text, positions):
    """The two pawns a Permuter text ("P T5-T20") swaps: ((colour, "T5"), (colour, "T20"))."""
    a, b = text[2:].split("-")
    return (colour_at(positions, a), a), (colour_at(positions, b), b)


def _base_loc(text):
    """"rB2" -> ("red", "B2") (the engine's colour letters)."""
    i = text.find("B")
    letter = text[:i]
    for colour in LETTERS:
        if LETTERS[colour] == letter:
            return colour, text[i:]
    raise ValueError("no colour letter in " + text)


def split_step(positions, text, track_len):
    """A 7x1 step text ("T5", "T5>rB1", "rB2") read against the tentative positions:
    (colour, location before, landing)."""
    dest = None
    if ">" in text:
        text, d = text.split(">", 1)
        dest = _base_loc(d)[1]
    if text[0] == "T":
        colour = colour_at(positions, text)
        if colour is None:
            raise ValueError("no pawn at " + text)
        if dest is None:
            dest = "T" + str((int(text[1:]) + 1) % track_len)
        return colour, text, dest
    colour, loc = _base_loc(text)
    return colour, loc, "B" + str(int(loc[1:]) + 1)


def split_positions(positions, steps, track_len):
    """Positions after some 7x1 steps, for the display (each landing eats what stands there)."""
    pos = {}
    for c in positions:
        pos[c] = list(positions[c])
    for text in steps:
        colour, a, b = split_step(pos, text, track_len)
        if b[0] == "T":
            for c in pos:
                locs = pos[c]
                for i in range(len(locs)):
                    if locs[i] == b or locs[i] == b + "*":
                        locs[i] = "N"
        locs = pos[colour]
        for i in range(len(locs)):
            if locs[i] == a or locs[i] == a + "*":
                locs[i] = b
                break
    return pos
