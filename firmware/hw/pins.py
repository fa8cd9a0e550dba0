"""Which GPIO is which button: the six in a profile's `pins`, and on a board with a set of
buttons per seat (the hole board's `seat_buttons`) every seat's six. Imported by the real
hardware backends only."""

from firmware.buttons import NAMES


def button_pins(profile):
    """[(gpio, bit), ...]: the six shared buttons in `pins` and every seat's six buttons in
    `seat_buttons` (a hole board); a press on any seat's copy of a button sets the same bit."""
    found = []
    groups = [profile["pins"]]
    for seat in profile.get("seat_buttons") or ():
        groups.append(seat)
    for group in groups:
        for i in range(len(NAMES)):
            if NAMES[i] in group:
                found.append((group[NAMES[i]], 1 << i))
    return found
