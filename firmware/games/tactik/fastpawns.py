"""Tac-Tik's pawns in native code (viper): every pawn of a frame and its stake's mark in one
call. Kept in Tac-Tik's package, not in firmware.fastplot, so that no other game holds its
code on a Pico's heap. Imported only by MicroPython (CPython cannot compile viper);
firmware.plainmap.pawns is its plain twin, and tests/firmware/test_fw_output.py holds the two
to the same pixels."""

import micropython


@micropython.viper
def pawns(buf: ptr8, width: int, height: int, b: ptr8, n: int, full: ptr32, faint: ptr32,  # noqa: F821
          marks: ptr16, dip: int):  # noqa: F821
    """Tac-Tik's pawns in one call: pawn k at (b[4k], b[4k + 1]) in full[b[4k + 2]]; one with
    a stake (b[4k + 3] & 1) lights its colour's mark, marks[colour] (x | y << 8; 0xFFFF:
    none), or dips to faint[colour] where `dip` (no mark). A Python loop over 24 pawns took
    an emulated Pico 1.1 ms a frame."""
    k = 0
    while k < n:
        j = 4 * k
        c = b[j + 2]
        rgb = full[c]
        if b[j + 3] & 1:
            mark = marks[c]
            if mark != 0xFFFF:
                mx = mark & 0xFF
                my = mark >> 8
                if mx < width and my < height:
                    i = (my * width + mx) * 3
                    buf[i] = (rgb >> 16) & 0xFF
                    buf[i + 1] = (rgb >> 8) & 0xFF
                    buf[i + 2] = rgb & 0xFF
            elif dip:
                rgb = faint[c]
        x = b[j]
        y = b[j + 1]
        if x < width and y < height:
            i = (y * width + x) * 3
            buf[i] = (rgb >> 16) & 0xFF
            buf[i + 1] = (rgb >> 8) & 0xFF
            buf[i + 2] = rgb & 0xFF
        k += 1
