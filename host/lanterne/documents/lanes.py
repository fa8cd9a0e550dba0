"""LED lanes (a profile's `lanes`: the chain split over several data pins, each lane sent by its
own PIO state machine and DMA channel, all at once): which 74AHCT125 gate each lane goes
through, the panels it feeds and where they sit, its wire time, and the blocks of WIRING.md and
BUILD.md that say so."""

from __future__ import annotations

from lanterne.documents import boards
from lanterne.documents.markdown import md_table

# A 74AHCT125's four gates: (name, OE pin, A pin, Y pin); lanes 5-8 take a second chip's
GATES = (("1", 1, 2, 3), ("2", 4, 5, 6), ("3", 10, 9, 8), ("4", 13, 12, 11))
US_PER_LED = 30  # 24 bits of 1.25 us
LANE_MS = 2000  # the self-test lights each lane this long (firmware/selftest.py LANE_MS)


def gate(k: int) -> tuple[int, str, int, int, int]:
    """Lane k's (0-based) gate: (chip number from 1, gate name, OE pin, A pin, Y pin)."""
    name, oe, a, y = GATES[k % 4]
    return k // 4 + 1, name, oe, a, y


def chips(profile: dict) -> int:
    """How many 74AHCT125 the profile's data lines need (four gates each)."""
    return (len(profile.get("lanes") or [0]) + 3) // 4


def shifter_pins(k: int, chips_used: int = 1) -> str:
    """'74AHCT125 pin 2 (1A)', naming the chip when there are several."""
    chip, name, _, a, _ = gate(k)
    which = f" #{chip}" if chips_used > 1 else ""
    return f"74AHCT125{which} pin {a} ({name}A)"


def panel_places(profile: dict) -> list[str]:
    """Where each panel (numbered as the one-wire chain numbers them) sits, seen from the front:
    'top left', 'middle', 'bottom right'..."""
    w = profile["wiring"]
    pw, ph = w["panel_width"], w["panel_height"]
    tx, ty = w.get("tiles_x", 1), w.get("tiles_y", 1)
    one_wire = {k: v for k, v in profile.items() if k != "lanes"}
    _, ledmap = boards.import_firmware()
    table = ledmap.build(one_wire)
    where = {}
    for px, led in enumerate(table):
        if led >= 0 and led % (pw * ph) == 0:
            where[led // (pw * ph)] = (px % profile["width"] // pw, px // profile["width"] // ph)
    rows = {1: [""], 2: ["top", "bottom"], 3: ["top", "middle", "bottom"]}
    cols = {1: [""], 2: ["left", "right"], 3: ["left", "middle", "right"]}
    places = []
    for k in range(tx * ty):
        x, y = where[k]
        r = rows.get(ty, [f"row {i + 1}" for i in range(ty)])[y]
        c = cols.get(tx, [f"column {i + 1}" for i in range(tx)])[x]
        place = " ".join(p for p in (r, c) if p)
        places.append("middle" if place == "middle middle" else place or "the panel")
    return places


def lane_rows(profile: dict) -> list[dict]:
    """Every lane of a profile: its GPIO, gate, panels (numbered from 1 as in the schematic),
    their places, its LEDs and its wire time."""
    from lanterne.documents.pins import PICO_PIN

    w = profile["wiring"]
    size = w["panel_width"] * w["panel_height"]
    places = panel_places(profile)
    rows = []
    first = 0
    for k, lane in enumerate(profile["lanes"]):
        count = len(lane["panels"]) * size
        rows.append({
            "lane": k + 1, "pin": lane["pin"], "phys": PICO_PIN.get(lane["pin"], -1),
            "gate": gate(k), "panels": [p + 1 for p in lane["panels"]],
            "places": [places[p] for p in lane["panels"]], "first": first,
            "last": first + count - 1, "wire_ms": count * US_PER_LED / 1000,
        })
        first += count
    return rows


def one_wire_ms(profile: dict) -> float:
    return profile["led_count"] * US_PER_LED / 1000


def _panels_text(row: dict) -> str:
    return ", then ".join(f"panel {p} ({place})" for p, place in zip(row["panels"],
                                                                      row["places"]))


def block_lanes(profiles: dict) -> str:
    """WIRING.md: each lanes profile's data lines, gate by gate."""
    parts = []
    for name, p in profiles.items():
        if not p.get("lanes"):
            continue
        n = chips(p)
        rows = []
        for r in lane_rows(p):
            chip, g, _, a, y = r["gate"]
            which = f" #{chip}" if n > 1 else ""
            rows.append((r["lane"], f"GP{r['pin']}", r["phys"], f"74AHCT125{which} {g}A (pin {a})"
                         f" → {g}Y (pin {y}) → 330 Ω", _panels_text(r),
                         f"{r['first']}–{r['last']}", f"{r['wire_ms']:.1f} ms"))
        lanes = len(p["lanes"])
        longest = max(r["wire_ms"] for r in lane_rows(p))
        parts.append(
            f"**{name}**: {lanes} lanes, {n} × 74AHCT125; a frame is on the wire for "
            f"{longest:.1f} ms (one wire: {one_wire_ms(p):.1f} ms)\n\n"
            + md_table(("lane", "GPIO", "Pico pin", "through", "feeds (DIN of the first, its "
                        "DOUT to the next)", "LEDs in the buffer", "wire time"), rows))
        if n * 4 > lanes:
            unused = [gate(k) for k in range(lanes, n * 4)]
            parts.append("Unused gates: inputs " + ", ".join(
                f"{g}A (pin {a})" for _, g, _, a, _ in unused) + " to GND, enables "
                + ", ".join(f"{g}OE (pin {oe})" for _, g, oe, _, _ in unused) + " to +5 V"
                + (" (on the last chip)" if n > 1 else "") + ".")
    return "\n\n".join(parts) or "No profile has lanes."


def block_lanes_build(profiles: dict) -> str:
    """BUILD.md: the lanes wired one at a time, each checked by the self-test's lane step."""
    parts = []
    for name, p in profiles.items():
        if not p.get("lanes"):
            continue
        steps = []
        for r in lane_rows(p):
            chip, g, oe, a, y = r["gate"]
            which = f" #{chip}" if chips(p) > 1 else ""
            steps.append(
                f"{r['lane']}. GP{r['pin']} (Pico pin {r['phys']}) to 74AHCT125{which} pin {a} "
                f"({g}A), its pin {oe} ({g}OE) to GND; its pin {y} ({g}Y) through a 330 Ω "
                f"resistor to the DIN of {_panels_text(r)}. **Checkpoint**: flash with "
                f"`--profile {name}` and start the self-test: lane {r['lane']} lights "
                f"{' and '.join(r['places'])} and shows `L{r['lane']}` over `GP{r['pin']}`.")
        parts.append(f"**{name}** ({len(p['lanes'])} lanes, {chips(p)} × 74AHCT125):\n\n"
                     + "\n".join(steps))
    return "\n\n".join(parts) or "No profile has lanes."


def block_selftest_lanes(profiles: dict) -> str:
    """WIRING.md's self-test: what each lane lights, in turn, before the chase."""
    parts = []
    for name, p in profiles.items():
        if not p.get("lanes"):
            continue
        seen = "; ".join(f"lane {r['lane']} (GP{r['pin']}): {' and '.join(r['places'])}"
                         for r in lane_rows(p))
        parts.append(f"- **{name}**: {seen}.")
    return ("On a board with lanes the test starts by lighting each lane alone for "
            f"{LANE_MS / 1000:g} s, in a colour of its own, with `L` and its number over its GPIO "
            "(`L1` / `GP2`) on its panels, and a `selftest` line `{\"step\": \"lanes\", \"lane\": "
            "1, \"of\": 4, \"pin\": 2, \"leds\": \"0-255\"}`. The panels that light are the ones "
            "that lane's wire reaches: a swapped pair of data wires shows as two panels lit in "
            "the wrong order. Then the chase starts.\n\n" + "\n".join(parts))
