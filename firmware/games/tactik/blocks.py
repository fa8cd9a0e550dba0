"""The moves of Tac-Tik's save record (its controller's saved_moves): the engine's history
chunks, whose texts the store writes a piece at a time (firmware/store.py, pieces). Apart from
the store, which every board loads, so that a board that never plays Tac-Tik holds none of it."""


class TextBlocks:
    """A game's moves as the engine keeps them (a few chunks of records, a few bytes a move):
    blocks() spells each chunk out as ";"-ended texts, a small piece at a time, which the save
    writes as they come, each block one JSON string (no escaping: the game vouches that its
    texts hold no quote, backslash or control character, and a save copies no whole history
    at once). Iterated, it gives the blocks as strings (what the save file holds, read back)."""

    def __init__(self, chunks):
        self.chunks = chunks

    def blocks(self):
        """Per non-empty chunk, an iterator of its text's pieces: views of one 512-byte buffer,
        each good until the next is asked for (the store writes and hashes each at once)."""
        from shared_rules.tactik.rules import record_pieces  # the game's engine, loaded

        buf = bytearray(512)
        for ch in self.chunks:
            if ch:
                yield record_pieces(ch, buf)

    def __iter__(self):
        for pieces in self.blocks():
            yield "".join(bytes(p).decode() for p in pieces)
