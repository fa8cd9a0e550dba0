"""Pressing a given seat's button on a simulated board with a 74HC165 chain (both runtimes):
the board helpers' Board or wx_board's, whose `hw` is unixport's SimHardware."""

from firmware import buttons as btn


def tap(board, seat, button, long=False, at=None):
    """Seat `seat` presses `button` (held 60 ms, or past a long press) and lets it go."""
    board.hw.press(seat, button, True, at)
    board.advance(btn.LONG_MS + 100 if long else 60)
    board.hw.press(seat, button, False)
    board.advance(60)


def taps(board, seat, script):
    """`up down a b:long ...` pressed at one seat."""
    for tok in script.split():
        tap(board, seat, btn.NAMES.index(tok.split(":")[0]), tok.endswith(":long"))
