"""Ta Yü's page about the game now, first of its how to play when opened from a game
(firmware/howto.py: now_of): each side's two coast counts and their product, whose side is
yours. A module of its own, loaded only from a game (the menu's help never needs it)."""

from firmware.games.tayu import palette as p


def _product(letters, a, b, rgb):
    """`N3XS2=6` in the side's colour behind its block; on two lines when longer than 7."""
    head = "%s%dX%s%d" % (letters[0], a, letters[1], b)
    tail = "=%d" % (a * b)
    if len(head) + len(tail) <= 7:
        return [(rgb, head + tail, rgb)]
    return [(rgb, head, rgb), (-1, "    " + tail, rgb)]


def now(mode):
    """The score now, readable: each side's two coast counts and their product, which side
    is yours (the seat to move if human, else the first human seat), the target against the
    flood with 3 players."""
    st = mode.state
    cc = st.coast_counts()
    lines = []
    lines.extend(_product("NS", cc["N"], cc["S"], p.NS_RGB))
    lines.extend(_product("WE", cc["W"], cc["E"], p.EW_RGB))
    seat = st.current_player
    if seat in mode.bots:
        seat = -1
        for s in range(st.players):
            if s not in mode.bots:
                seat = s
                break
    side = st.side_of(seat) if seat >= 0 else None
    if side is not None:
        lines.append((p.side_rgb(side), "YOU " + ("FLD" if side == "flood" else side)))
    if st.target is not None and len(lines) < 5:
        lines.append((p.FLOOD_RGB, "GOAL %d" % st.target))
    if len(lines) < 5:
        lines.insert(0, "SCORE")
    return tuple(lines[:5])
