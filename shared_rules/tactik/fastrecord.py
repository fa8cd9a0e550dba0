"""Tac-Tik's history records read back as move texts, in native code (viper): what the board's
save runs over the whole history at every move (a 450-move game's 4 KB of text; the same loop in
Python took a Pico tens of milliseconds a save). plainrecord.py is the same loop in plain
Python, and tests/rules/test_tactik_record.py holds the two to the same texts on both runtimes.
The record format is rules.py's (`_record`). Imported only by MicroPython."""

import micropython


# over the complexity ceiling on purpose: one loop, inline, is what makes it fast
@micropython.viper
def fill(rec: ptr8, n: int, i: int, out: ptr8, room: int, names: ptr8) -> int:  # noqa: F821, C901
    """Write the texts of the records rec[i:n] into `out`, each ";"-ended, a record only while
    96 bytes are left of `room` (a text is at most 68); returns the next record's offset << 16
    | the bytes written. `names`: rules._NAMES (card names, colour letters, give, discard)."""
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
        m = 0  # the play's locations so far: from, to, from, to...
        cap = 0
        while i < n:
            c = rec[i]
            if c >= 128:
                break
            i += 1
            if c == 121:  # a pawn taken: " x" and its hole
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
            if c < 96:  # a track hole: T0..T95
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
                out[j] = 78  # N: the nest
                j += 1
            else:  # a base hole: colour letter, B, 1..4
                c -= 97
                out[j] = names[24 + (c >> 2)]
                out[j + 1] = 66
                out[j + 2] = 49 + (c & 3)
                j += 3
        out[j] = 59
        j += 1
    return (i << 16) | j
