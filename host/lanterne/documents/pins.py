"""The Raspberry Pi Pico's pins: what each GPIO a profile names connects to, the physical pin
it is on, the problems a maker would hit, and the pin table of WIRING.md."""

from __future__ import annotations

from lanterne.documents.markdown import md_table

BUTTONS = ("up", "down", "left", "right", "a", "b")
BUTTON_JOBS = {
    "up": "up", "down": "down", "left": "left", "right": "right",
    "a": "A: confirm", "b": "B: back / rotate",
}
# GPIO number -> physical pin of a Raspberry Pi Pico (pin 1 top-left with USB up, 40 top-right)
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
            13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29,
            26: 31, 27: 32, 28: 34}
PICO_GND = (3, 8, 13, 18, 23, 28, 33, 38)


def nearest_gnd(pin: int) -> int:
    """The Pico ground pin closest to a physical pin, on the same side of the board."""
    side = [g for g in PICO_GND if (g <= 20) == (pin <= 20)]
    return min(side, key=lambda g: (abs(g - pin), g))


def _flatten_pins(value, prefix):
    if isinstance(value, dict):
        for k in value:
            yield from _flatten_pins(value[k], f"{prefix}.{k}" if prefix else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _flatten_pins(v, f"{prefix}.{i}")
    elif isinstance(value, int):
        yield prefix, value


def pin_rows(profile: dict) -> list[tuple[str, int, int, str]]:
    """(function, GPIO, physical pin, what to connect) for every pin the profile names."""
    pins = profile["pins"]
    rows = []
    data = pins["data"]
    if profile.get("lanes"):  # one data line a lane, each through its own gate
        from lanterne.documents import lanes

        n = lanes.chips(profile)
        for r in lanes.lane_rows(profile):
            _, g, _, _, y = r["gate"]
            rows.append((f"LED data out, lane {r['lane']}", r["pin"], r["phys"],
                         f"{lanes.shifter_pins(r['lane'] - 1, n)}; its pin {y} ({g}Y) → 330 Ω "
                         f"→ panel {r['panels'][0]} DIN"))
    else:
        rows.append(("LED data out", data, PICO_PIN.get(data, -1),
                     "74AHCT125 pin 2 (1A); its pin 3 (1Y) → 330 Ω → panel DIN"))
    for name in BUTTONS:
        if name in pins:
            g = pins[name]
            phys = PICO_PIN.get(g, -1)
            rows.append((f"button {BUTTON_JOBS[name]}", g, phys,
                         f"button; its other leg to GND (Pico pin {nearest_gnd(phys)})"))
    for key in pins:
        if key not in BUTTONS and key != "data":
            for label, g in _flatten_pins(pins[key], key):
                phys = PICO_PIN.get(g, -1)
                rows.append((label, g, phys, "see the profile's notes"))
    chain = profile.get("buttons") or {}
    if chain.get("wiring") == "74hc165":
        n = len(chain["seats"])
        for key, what in (
                ("clock", f"CLK (pin 2) of all {n} 74HC165s"),
                ("latch", f"SH/LD (pin 1) of all {n} 74HC165s"),
                ("data", "QH (pin 9) of seat 0's 74HC165 (each chip's SER, pin 10, from the "
                         "next one's QH)")):
            g = chain[key]
            rows.append((f"seat buttons {key}", g, PICO_PIN.get(g, -1), what))
    for i, seat in enumerate(profile.get("seat_buttons") or []):
        who = seat.get("seat", i) if isinstance(seat, dict) else i
        for label, g in _flatten_pins(seat, ""):
            if label == "seat":
                continue
            phys = PICO_PIN.get(g, -1)
            job = BUTTON_JOBS.get(label, label)
            rows.append((f"seat {who} button {job}", g, phys,
                         f"button; its other leg to GND (Pico pin {nearest_gnd(phys)})"))
    return rows


def check_pins(profile: dict) -> list[str]:
    """Problems a maker would hit: a GPIO the Pico lacks, or two jobs on one GPIO."""
    problems = []
    used = {}
    for label, g, phys, _ in pin_rows(profile):
        if phys < 0:
            problems.append(f"{label}: GP{g} is not a GPIO on a Pico's header")
        if g in used:
            problems.append(f"{label} and {used[g]} share GP{g}")
        used[g] = label
    return problems


def block_pins(profiles: dict) -> str:
    """WIRING.md's pin table of every profile, and its pin problems if any."""
    parts = []
    for name, p in profiles.items():
        rows = [(f, f"GP{g}", phys if phys > 0 else "—", what) for f, g, phys, what in pin_rows(p)]
        parts.append(f"**{name}** — {p.get('title', name)}\n\n"
                     + md_table(("function", "GPIO", "Pico pin", "connect to"), rows))
        problems = check_pins(p)
        if problems:
            parts.append("Pin problems: " + "; ".join(problems))
    return "\n\n".join(parts)
