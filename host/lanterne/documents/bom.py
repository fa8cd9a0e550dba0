"""The bill of materials: BOM.md's parts list for the reference build and its table of what
every other profile needs."""

from __future__ import annotations

from lanterne.documents import boards, lanes
from lanterne.documents.markdown import md_table
from lanterne.documents.pins import BUTTONS, pin_rows
from lanterne.documents.power import SAFE_LOAD, amps, fuse_for, power_budget, wire_for
from lanterne.documents.template import seat_count_options

UP_FOR_A_SIDE_SEAT = (
    "each seat's \"up\" is its button pointing away from that player, but every seat's up is "
    "the one GPIO: in Ta Yü it moves the tile towards the panel's top edge whoever presses it "
    "(for a player at the left side, to the right); Tac-Tik's up/down choose a card, so there "
    "the direction does not matter")


def block_bom(profiles: dict) -> str:
    """The parts list of the reference build."""
    p = profiles[boards.REFERENCE]
    b = power_budget(p)
    panels, size = boards.panels(p)
    supply = b["supply_ma"] or b["min_supply_ma"]
    buttons = sum(1 for k in BUTTONS if k in p["pins"])
    n = b["led_count"]
    rows = [
        ("Raspberry Pi Pico (RP2040), with header pins", 1,
         "Pico or Pico H; a Pico W works too (same pins). MicroPython 1.22 or newer."),
        (f"WS2812B matrix, {p['width']} × {p['height']} ({n} LEDs)", 1,
         f"or {panels} panels of {size} (serpentine rows, chained as in the LED map picture); "
         f"colour order {p.get('color_order', 'GRB')}"),
        ("Momentary push button", buttons,
         "12 mm tactile or 24/30 mm arcade buttons, normally open; wired to GND"),
        ("Momentary push button, a set for each further seat (optional)",
         " or ".join(str(buttons * (s - 1)) for s in seat_count_options(p)),
         "the drilling templates have a set of six at every seat ("
         + " or ".join(f"{buttons * s} holes for {s} seats" for s in seat_count_options(p))
         + "); the sets are wired in parallel, every seat's up to the same GPIO as the first "
         "set's up and so on (WIRING.md, ENCLOSURE.md); " + UP_FOR_A_SIDE_SEAT),
        ("74AHCT125 quad buffer (DIP-14 or SOIC-14)", 1,
         "level shifter 3.3 V → 5 V for the data line; must be the AHCT (TTL input) kind"),
        ("100 nF ceramic capacitor", 1, "decoupling across the 74AHCT125's VCC and GND"),
        ("1000 µF electrolytic capacitor, 10 V or more", panels or 1,
         "one across +5 V / GND at each panel's power input (observe polarity)"),
        ("330 Ω resistor, ¼ W", 1, "in series with the data line, close to the first panel's DIN"),
        (f"5 V power supply, at least {amps(supply)}", 1,
         f"the limiter budget is {amps(b['budget_ma'])} = "
         f"{b['budget_ma'] / supply:.0%} of it (at most {SAFE_LOAD:.0%}); "
         f"see POWER.md for other sizes"),
        (f"Slow-blow fuse {fuse_for(supply)} and holder", 1, "in the supply's +5 V lead"),
        (f"Hook-up wire {wire_for(supply)}, red and black", "2 m",
         "supply leads and one +5 V / GND feed to each panel"),
        ("Hook-up wire 0.25 mm² (AWG 24)", "2 m", "buttons, data line, Pico ground"),
        ("DC barrel jack or screw terminal matching the supply", 1, "panel-mount"),
        ("Micro-USB cable (data, not charge-only)", 1, "flashing, serial log, powering the Pico"),
        ("Stripboard or perfboard, ~ 5 × 7 cm", 1,
         "carries the Pico, the 74AHCT125 and the resistor"),
    ]
    return md_table(("part", "qty", "notes"), rows)


def block_bom_other(profiles: dict) -> str:
    """What each profile needs: LEDs, panels, buttons, supply, fuse and feed wire."""
    rows = []
    for name, p in profiles.items():
        b = power_budget(p)
        panels, size = boards.panels(p)
        supply = b["supply_ma"] or b["min_supply_ma"]
        buttons = sum(1 for row in pin_rows(p) if "button" in row[0])
        chain = p.get("buttons") or {}
        if chain.get("wiring") == "74hc165":
            n = len(chain["seats"])
            buttons = f"6 per seat × {n} seats ({6 * n}), a 74HC165 a seat"
        elif not p.get("seat_buttons"):  # one set of GPIOs: a set per seat goes in parallel
            buttons = f"{buttons}, or {buttons} per seat in parallel (" + " / ".join(
                str(buttons * s) for s in seat_count_options(p)) + ")"
        count = len(p.get("lanes") or [0])
        data = "1" if count == 1 else (
            f"{count} lanes: {lanes.chips(p)} × 74AHCT125, {count} × 330 Ω (WIRING.md)")
        rows.append((name, p.get("title", name), b["led_count"],
                     f"{panels} × {size}" if panels else "one LED per position (see profile)",
                     data, buttons, amps(supply), fuse_for(supply), wire_for(supply)))
    return md_table(("profile", "board", "LEDs", "panels", "data lines", "buttons", "5 V supply",
                     "fuse", "feed wire"), rows)



# (part, per seat, price each in euros, notes) of a seat of a 74HC165 chain (firmware/seats.py)
SEAT_PARTS = (
    ("74HC165 shift register (DIP-16)", 1, 0.45,
     "at 3.3 V from the Pico's 3V3 OUT: its output needs no level shifter"),
    ("100 nF ceramic capacitor", 1, 0.05, "across the chip's VCC (16) and GND (8)"),
    ("10 kΩ resistor, ¼ W (or a 6-way SIP network)", 6, 0.02,
     "pull-up of each button input A-F to 3.3 V"),
    ("Momentary push button", 6, 0.60, "up, down, left, right, A, B, each to GND"),
    ("6-pin header and a 6-wire ribbon or cable, ~ 60 cm", 1, 1.20,
     "3.3 V, GND, CLK, SH/LD, the chip's QH towards the Pico, SER from the next seat"),
    ("Small perfboard, ~ 3 × 5 cm", 1, 0.50,
     "the chip and its resistors, under the seat's buttons"),
)


def block_bom_seats(profiles: dict) -> str:
    """What a board with every seat its own buttons needs, seat by seat, and what it costs."""
    each = sum(qty * price for _, qty, price, _ in SEAT_PARTS)
    rows = [(part, qty, f"{price:.2f} €", notes) for part, qty, price, notes in SEAT_PARTS]
    out = md_table(("part, a seat", "qty", "each (about)", "notes"), rows)
    lines = []
    for name, p in profiles.items():
        chain = p.get("buttons") or {}
        if chain.get("wiring") == "74hc165":
            n = len(chain["seats"])
            lines.append(f"- **{name}**: {n} seats, about {each * n:.2f} € "
                         f"({each:.2f} € a seat); pins: clock GP{chain['clock']}, "
                         f"latch GP{chain['latch']}, data GP{chain['data']}")
    return out + "\n\n" + "\n".join(lines)
