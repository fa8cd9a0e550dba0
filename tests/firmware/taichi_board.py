"""Tai Chi Chuan on the simulated board, for its tests (both runtimes): the keys that enter a
word with the six-button entry (firmware/wordentry.py), and a driver that plays a person's
seat by buttons only."""

from firmware import wordentry as we
from firmware.games.taichi import controller as tc


def word_keys(entry, word):
    """The key names that turn the entry's current word (its prefix) into `word`, then A: for
    each letter after the prefix, up as many times as its place on the wheel (worked out as
    the entry does, letter by letter), then right."""
    e = we.WordEntry()
    e.start("", ())
    e.wanted[:] = entry.wanted
    e.alts[:] = entry.alts
    for i in range(entry.length):
        e.letters[i] = entry.letters[i]
    e.length = entry.length
    e.fixed = entry.fixed
    e.pos = entry.pos
    keys = []
    for i in range(entry.length, len(word)):
        e.pos = i
        e.reorder()
        k = e.order.index(ord(word[i]))
        if k < 13:
            keys += ["up"] * (k + 1)
        else:
            keys += ["down"] * (26 - k)
        e.letters[i] = ord(word[i])
        e.length = i + 1
        keys.append("right")
    return keys[:-1] + ["a"] if len(word) > entry.length else ["a"]


def choice_keys(mode, label):
    """In a row of choices, the keys to `label` and A; None if it is not offered."""
    labels = [c[0] for c in mode.choices]
    if label not in labels:
        return None
    return ["right"] * ((labels.index(label) - mode.sel) % len(labels)) + ["a"]


def choose(board, label):
    """In a row of choices, press the keys to `label` and A; False if it is not offered."""
    keys = choice_keys(board.app.mode, label)
    if keys is None:
        return False
    board.presses(" ".join(keys))
    return True


def a_word(mode):
    """A word the board takes now (the first the engine lists), or None."""
    for m in mode.state.legal_moves():
        if m.kind == "word":
            return m.word
    return None


def human_keys(mode, prefer=("STOP", "NO", "DRAW")):
    """The keys of one decision of the person to act: a word the board takes (or B until the
    entry is cancelled, to give up or pass: those keys first, then the choice's own), else the
    first of `prefer` offered, else the row's first choice; None when no person acts now."""
    if mode.ui == tc.UI_ENTRY:
        word = a_word(mode)
        if word is None or not word.startswith(mode.entry.word()[:1]):
            return ["b"] * max(1, mode.entry.length - mode.entry.fixed + 1)
        return word_keys(mode.entry, word)
    if mode.ui == tc.UI_CHOICE:
        if mode.choices[0][1] == tc.C_SEAT:  # a challenge: the buzzer, then the word
            return ["a"]
        for label in ("GIVEUP", "PASS") + tuple(prefer):
            keys = choice_keys(mode, label)
            if keys is not None:
                return keys
        return ["a"]
    return None


def human_step(board, prefer=("STOP", "NO", "DRAW")):
    """One decision of the person to act, pressed on the board; False when no person acts."""
    keys = human_keys(board.app.mode, prefer)
    if keys is None:
        return False
    board.presses(" ".join(keys))
    return True


def play_out(board, limit=20000):
    """Play the game to its end: the person's seats by buttons, the bots by themselves."""
    n = 0
    while not board.app.mode.state.is_over() and n < limit:
        if not human_step(board):
            board.advance(100)
        n += 1
    return board.app.mode
