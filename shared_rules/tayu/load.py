"""`tayu.deserialize`: a Ta Yü state from its `serialize()` bytes. Kept apart from the engine
so a board compiles and loads it only when it is used (it never is in play: the board resumes
a game from its seed and moves)."""

import binascii

from shared_rules.tayu import rules as tayu

_BOOLS = ("stacks", "two_tiles", "redraw_if_unscored", "bidding", "pass_is_final")


def _bytes(text):
    return bytearray(binascii.unhexlify(text))


def _opt(v):
    v = int(v)
    return None if v < 0 else v


def deserialize(data):  # noqa: C901 - host-only: one check a field
    """The state `serialize()` wrote (its history starts empty); ValueError if the bytes are
    not a Ta Yü state."""
    if isinstance(data, (bytes, bytearray)):
        data = bytes(data).decode()
    f = data.split(";")
    nflags = len(tayu.OPTIONS) - 1
    try:
        if f[0] != "tayu" or f[1] != "1":
            raise ValueError("not a Ta Yü state")
        edition = f[2]
        players = int(f[3])
        seed = None if f[4] == "None" else int(f[4])
        flags = {}
        for item in f[5:5 + nflags]:
            k, v = item.split("=")
            if k == "doubles":
                v = tuple(int(x) for x in v.split(".")) if v else ()
            elif k in _BOOLS:
                v = v == "1"
            else:
                v = int(v)
            flags[k] = v
        flags = tayu._check_options(players, edition, flags)
        i = 5 + nflags
        if len(f) != i + 22 + players:
            raise ValueError("not a Ta Yü state")
        st = tayu.State()
        tayu._get_tables()
        st.players = players
        st.edition = edition
        st.seed = seed
        st.flags = flags
        st._dbl = bytearray(tayu.SIZE)
        for d in flags["doubles"]:
            st._dbl[d] = 1
        st.phase = f[i]
        st.current_player = int(f[i + 1])
        st._tile = int(f[i + 2])
        st._bag = _bytes(f[i + 3])
        st._lane_pos = [int(f[i + 4]), int(f[i + 5])]
        st._lane_end = [int(f[i + 6]), int(f[i + 7])]
        st._board = _bytes(f[i + 8])
        st._tid = _bytes(f[i + 9])
        st._counts = [int(x) for x in f[i + 10:i + 14]]
        st.placed = int(f[i + 14])
        i += 15
        st.hands = [list(_bytes(f[i + p][1:])) for p in range(players)]
        i += players
        st.set_aside = list(_bytes(f[i][1:]))
        st.unplaced = _opt(f[i + 1])
        st.bid = _opt(f[i + 2])
        st.bidder = _opt(f[i + 3])
        st._passed = [int(x) for x in f[i + 4]]
        st.flood = _opt(f[i + 5])
        st.target = _opt(f[i + 6])
    except (IndexError, KeyError, TypeError):
        raise ValueError("not a Ta Yü state")
    size = tayu.SIZE * tayu.SIZE
    if (st.phase not in (tayu.BID, tayu.TAKE, tayu.CHOOSE, tayu.PLACE, tayu.OVER)
            or len(st._board) != size or len(st._tid) != size or len(st._passed) != players):
        raise ValueError("not a Ta Yü state")
    # tiles laid before the first draw (a setup() position) count in the game's tiles
    lanes = st._lane_pos[0] + st._lane_pos[1] - st._lane_end[0]  # tiles drawn
    held = len(st.set_aside)
    for h in st.hands:
        held += len(h)
    st.total_tiles = len(st._bag) + st.placed - (lanes - held)
    st._legal = None
    st._hist = bytearray(2 * (3 * st.total_tiles + flags["max_bid"] + 16))
    st._nhist = 0
    # the open exits of the network, from the board
    b = st._board
    st._inc = bytearray(size)
    st._front = []
    for p in range(size):
        m = b[p] & 15
        for s in range(4):
            if m & (1 << s):
                nr = p // tayu.SIZE + tayu.DR[s]
                nc = p % tayu.SIZE + tayu.DC[s]
                if 0 <= nr < tayu.SIZE and 0 <= nc < tayu.SIZE:
                    q = nr * tayu.SIZE + nc
                    if b[q] == 0:
                        if st._inc[q] == 0:
                            st._front.append(q)
                        st._inc[q] |= 1 << ((s + 2) % 4)
    return st
