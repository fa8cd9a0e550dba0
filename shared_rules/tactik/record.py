"""Tac-Tik's history records (rules.py's `_record`, a few bytes a move) read back as move
texts, and a chunk of them as a save's moves hold it: "@" and its base64, which JSON does not
escape and which is a quarter of the chunk's texts (docs/tactik.md, "The history records")."""

import binascii

from micropython import const

_MOST = const(176)  # bytes a saved chunk may hold (rules._CHUNK: 128, and room to spare)
# what fill spells the records with: the cards' names (two bytes each, a space pads), the base
# holes' colour letters, then the words "give " and "discard " (rules.CARDS' order)
_NAMES = b"1 2 3 5 6 8 9 1012-47 P rbygkwgive discard "


def fill(rec, n, i, out, room):  # noqa: C901 (one loop over the bytes, kept whole)
    """The texts of the records rec[i:n] into `out`, each ";"-ended, a record only while 96
    bytes are left of `room`; returns the next offset << 16 | bytes written."""
    names = _NAMES
    j = 0
    while i < n and j + 96 <= room:
        h = rec[i] - 128
        i += 1
        if h == 48:  # a text kept as it is (one the format has no codes for)
            while i < n and rec[i] < 128:
                out[j] = rec[i]
                j += 1
                i += 1
            out[j] = 59
            j += 1
            continue
        k = h & 15
        if h >= 16:  # a give (16 + card) or a discard (32 + card): its word first
            a = 30 if h < 32 else 35
            e = 35 if h < 32 else 43
            while a < e:
                out[j] = names[a]
                j += 1
                a += 1
        out[j] = names[k * 2]
        j += 1
        if names[k * 2 + 1] != 32:
            out[j] = names[k * 2 + 1]
            j += 1
        m = 0
        cap = 0
        while i < n:
            c = rec[i]
            if c >= 128:
                break
            i += 1
            if c == 121:
                out[j] = 32
                out[j + 1] = 120
                j += 2
                cap = 1
                continue
            if cap:
                cap = 0
            else:
                out[j] = 32 if (m & 1) == 0 else 45
                j += 1
                m += 1
            if c < 96:
                out[j] = 84
                j += 1
                if c >= 10:
                    d = c // 10
                    out[j] = 48 + d
                    j += 1
                    c -= d * 10
                out[j] = 48 + c
                j += 1
            elif c == 96:
                out[j] = 78
                j += 1
            else:
                c -= 97
                out[j] = names[24 + (c >> 2)]
                out[j + 1] = 66
                out[j + 2] = 49 + (c & 3)
                j += 3
        out[j] = 59
        j += 1
    return (i << 16) | j


def saved(chunk):
    """A history chunk as a save holds it: "@" and the chunk's base64 (a 128-byte chunk: 173
    characters, where its texts were about 550)."""
    return "@" + binascii.b2a_base64(chunk, newline=False).decode()


def chunk(text):
    """The chunk a saved "@" string holds; ValueError if it is not one (not base64, or too
    long). Its records are checked as every move is: spelt, parsed and played."""
    if not isinstance(text, str) or text[:1] != "@" or len(text) > _MOST * 4 // 3 + 4:
        raise ValueError("not a saved history chunk")
    ch = binascii.a2b_base64(text[1:])  # a ValueError (binascii.Error on CPython) if not base64
    if len(ch) > _MOST:
        raise ValueError("not a saved history chunk")
    return ch
