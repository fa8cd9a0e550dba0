"""Every seat's buttons debounced in native code (viper): firmware/seats.py's `feed`, what a
loop pass runs for each scan of the chain that changed (issue 35: reading the chain within
0.2 ms a pass; firmware.buttons.Buttons in Python took some 0.9 ms for a pass with a press).

The same rules as firmware.buttons.Buttons, on a seat's six buttons at once; seats.py keeps the
loop in plain Python (CPython, a build without native code), and the tests hold the two and
Buttons to the same events. Imported only by MicroPython (CPython cannot compile viper)."""

import micropython
from micropython import const

# firmware.buttons' timings (the tests hold them equal): a viper function sees only constants
# of its own module
_DEBOUNCE_MS = const(20)
_REPEAT_DELAY_MS = const(400)
_REPEAT_EVERY_MS = const(120)
_LONG_MS = const(700)


@micropython.viper
def feed(st: ptr32, raw: ptr8, fed: ptr8, p: ptr32):  # noqa: C901, F821 - one native loop
    """One scan at time p[1] (ms) for every seat (p[0] of them): its raw chip bytes from
    raw[p[2] - 1], or p[2] = 0 for the masks as last fed (the pass's own time). A seat whose
    mask is the one last fed and whose due has not come is skipped; p[7] counts the seats
    asked. Events go to p[8 + i] (button | kind << 4 | seat << 8), p[3] counting them (at
    most p[4]); p[5], p[6]: whether any seat has a due, and the soonest. The state: 32 words
    a seat, five a button (state, changed at, down at, next repeat, long done), then its held
    mask (bit 8: a due is set) and its due (seats.py: _STRIDE). No word is ever negative: a
    pointer's item is read unsigned, which a 64-bit port (the tests') does not sign-extend, so
    the times come biased (seats.py: _BIAS) and only their differences are signed."""
    seats = int(p[0])
    at = int(p[1])
    off = int(p[2])
    o = int(p[3])
    cap = int(p[4])
    seat = 0
    while seat < seats:
        if off > 0:
            byte = int(raw[off - 1 + seat])
            mask = 0
            if (byte & 0xC0) == 0x80:  # its known bits right: a chip that answers
                mask = (byte ^ 0xFF) & 0x3F
        else:
            mask = int(fed[seat])
        base = seat * 32
        word = int(st[base + 30])
        ask = 1
        if mask == int(fed[seat]):
            if (word & 0x100) == 0 or at - int(st[base + 31]) < 0:
                ask = 0
        if ask:
            p[7] = int(p[7]) + 1
            fed[seat] = mask
            held = word & 0xFF
            due_set = 0
            due = 0
            if mask != held or held != 0:
                look = (mask ^ held) | held
                b = 0
                while b < 6:
                    if (look >> b) & 1:
                        f = base + b * 5
                        r = (mask >> b) & 1
                        bounce = 0
                        if r != int(st[f]):
                            since = at - int(st[f + 1])
                            if since >= 0 and since < _DEBOUNCE_MS:
                                bounce = 1  # read again once its bounces are over
                                t = int(st[f + 1]) + _DEBOUNCE_MS
                                if due_set == 0 or t - due < 0:
                                    due = t
                                    due_set = 1
                            else:
                                st[f] = r
                                held = held ^ (1 << b)
                                st[f + 1] = at
                                if r:
                                    st[f + 2] = at
                                    st[f + 4] = 0
                                    if b < 4:
                                        if o < cap:
                                            p[8 + o] = b | (seat << 8)  # a press
                                            o += 1
                                        st[f + 3] = at + _REPEAT_DELAY_MS
                                elif b >= 4 and int(st[f + 4]) == 0:
                                    if o < cap:
                                        p[8 + o] = b | (seat << 8)
                                        o += 1
                        elif b < 4:
                            if at - int(st[f + 3]) >= 0:
                                if o < cap:
                                    p[8 + o] = b | (1 << 4) | (seat << 8)  # a repeat
                                    o += 1
                                st[f + 3] = at + _REPEAT_EVERY_MS
                        elif int(st[f + 4]) == 0 and at - int(st[f + 2]) >= _LONG_MS:
                            st[f + 4] = 1
                            if o < cap:
                                p[8 + o] = b | (2 << 4) | (seat << 8)  # a long press
                                o += 1
                        if bounce == 0 and int(st[f]) != 0:  # held: its next repeat or long press
                            has = 1
                            t = 0
                            if b < 4:
                                t = int(st[f + 3])
                            elif int(st[f + 4]) == 0:
                                t = int(st[f + 2]) + _LONG_MS
                            else:
                                has = 0
                            if has and (due_set == 0 or t - due < 0):
                                due = t
                                due_set = 1
                    b += 1
            st[base + 30] = held | (due_set << 8)
            st[base + 31] = due
        seat += 1
    p[3] = o
    any_due = 0
    soonest = 0
    seat = 0
    while seat < seats:
        if int(st[seat * 32 + 30]) & 0x100:
            t = int(st[seat * 32 + 31])
            if any_due == 0 or t - soonest < 0:
                soonest = t
                any_due = 1
        seat += 1
    p[5] = any_due
    p[6] = soonest
