"""Tac-Tik's history records read back as move texts in plain Python: fastrecord.fill step for
step, for CPython and a port without native code (tests/rules/test_tactik_record.py holds the
two equal)."""


def fill(rec, n, i, out, room, names):  # noqa: C901 (fastrecord's one loop, as it is)
    """fastrecord.fill: the texts of the records rec[i:n] into `out`, each ";"-ended, a record
    only while 96 bytes are left of `room`; returns the next offset << 16 | bytes written."""
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
