"""Reading the Tac-Tik engine's moves for the board: who moves from where to where, what is
eaten, and the positions a 7x1 reaches step by step (display only; the engine decides)."""


def move_card(m):
    return m.card


def move_kind(m):
    return m.kind


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


def swap_ends(m):
    """The two pawns a Permuter use swaps: ((colour, location), (colour, location))."""
    cols = m.colours
    path = m.path
    return (cols[0], path[0][0]), (cols[1], path[1][0])


def swap_sources(uses, mine):
    """The pawns one may pick first for a Permuter: one's own (either of two own pawns)."""
    out = []
    for m in uses:
        a, b = swap_ends(m)
        if a not in out:
            out.append(a)
        if b[0] in mine and b not in out:
            out.append(b)
    return out


def swap_targets(uses, src, mine):
    """[(other pawn, move)] for the Permuter uses of the picked pawn src."""
    out = []
    for m in uses:
        a, b = swap_ends(m)
        if a == src:
            out.append((b, m))
        elif b == src and b[0] in mine:
            out.append((a, m))
    return out


_LETTER_COLOUR = {"r": "red", "b": "blue", "y": "yellow", "g": "green", "k": "black", "w": "white"}


def _base_loc(text):
    """"rB2" -> ("red", "B2")."""
    i = text.find("B")
    return _LETTER_COLOUR[text[:i]], text[i:]


def split_step(positions, text, track_len):
    """A 7x1 step text ("T5", "T5>rB1", "rB2") read against the tentative positions:
    (colour, location before, landing)."""
    dest = None
    if ">" in text:
        text, d = text.split(">", 1)
        dest = _base_loc(d)[1]
    if text[0] == "T":
        colour = None
        for c in positions:
            for loc in positions[c]:
                if loc == text or loc == text + "*":
                    colour = c
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


class MoveLog:
    """The game's move texts as a few bytes chunks of about CHUNK bytes, "\n" after each: a
    500-move Tac-Tik game costs some 6 KB and never one large block of a Pico heap. Saved as
    those chunks decoded (a short list of strings, see iter_moves)."""

    CHUNK = 240

    def __init__(self, moves=()):
        self.chunks = []
        self.buf = bytearray()
        self.n = 0
        self._last = None
        for text in iter_moves(moves):
            self.append(text)

    def append(self, text):
        self.buf.extend(text.encode())
        self.buf.append(10)
        self.n += 1
        self._last = text
        if len(self.buf) >= self.CHUNK:
            self.chunks.append(bytes(self.buf))
            self.buf = bytearray()

    def pop(self):
        if not self.n:
            raise IndexError("no move")
        if not self.buf:
            self.buf = bytearray(self.chunks.pop())
        b = self.buf
        i = len(b) - 2
        while i >= 0 and b[i] != 10:
            i -= 1
        text = bytes(b[i + 1:-1]).decode()
        self.buf = bytearray(b[:i + 1])
        self.n -= 1
        self._last = None
        return text

    def last(self):
        if self._last is None and self.n:
            text = self.pop()
            self.append(text)
        return self._last

    def __len__(self):
        return self.n

    def __iter__(self):
        for chunk in self.chunks:
            for text in chunk.decode().split("\n")[:-1]:
                yield text
        if self.buf:
            for text in bytes(self.buf).decode().split("\n")[:-1]:
                yield text

    def list(self):
        return [t for t in self]

    def saved(self):
        """The log as it goes into a save: a short list of strings of "\n"-ended texts."""
        out = [c.decode() for c in self.chunks]
        if self.buf:
            out.append(bytes(self.buf).decode())
        return out


def iter_moves(moves):
    """Move texts from a flat list of texts or from a saved MoveLog (strings of "\n"-ended
    texts)."""
    for item in moves:
        if "\n" in item:
            for text in item.split("\n"):
                if text:
                    yield text
        else:
            yield item
