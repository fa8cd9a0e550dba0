"""The moves of Tac-Tik's save record (its controller's saved_moves): the engine's history
chunks, which the store writes as they are (firmware/store.py, pieces). Apart from the store,
which every board loads, so that a board that never plays Tac-Tik holds none of it."""


class TextBlocks:
    """A game's move texts as a few bytes blocks, each a run of texts a separator ends (Tac-Tik's
    history, `;`): written as they are, each one JSON string, so a save costs no encoding (a
    Pico's json.dumps of a 6 KB history took 26 ms a save). The game vouches that its texts
    hold nothing JSON escapes (no quote, backslash or control character); iterated, it gives
    the blocks as strings (what the save file holds, read back)."""

    def __init__(self, blocks):
        self.blocks = blocks

    def __iter__(self):
        for b in self.blocks:
            if b:
                yield bytes(b).decode()
