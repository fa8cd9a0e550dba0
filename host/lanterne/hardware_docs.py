"""Regenerates every generated document and picture in `hardware/` from the board profiles.

`python -m lanterne.hardware_docs` (what `make hardware` runs) rewrites them; `--check` rewrites
nothing and exits 1 listing what is stale, so documents and profiles cannot silently disagree.
Hand-written prose keeps its numbers inside `<!-- BEGIN generated: KEY -->` blocks, which this
module fills; POWER.md and the pictures under hardware/generated/ are generated whole.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import re
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

from firmware.font import GLYPHS
from lanterne import template

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ROOT / "hardware"
PROFILES_DIR = HARDWARE / "profiles"
GENERATED = HARDWARE / "generated"
REFERENCE = "ref32"  # the reference build the BOM describes
BUTTONS = ("up", "down", "left", "right", "a", "b")
BUTTON_JOBS = {
    "up": "up", "down": "down", "left": "left", "right": "right",
    "a": "A: confirm", "b": "B: back / rotate",
}

# --------------------------------------------------------------------------------------------
# profiles


def _import_firmware():
    """The firmware package (profile checking, LED map); the repo root must be importable."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from firmware import ledmap, profile

    return profile, ledmap


def load_profiles(directory: Path | None = None) -> dict[str, dict]:
    """Every profile in `directory` (hardware/profiles), checked by the firmware's own checker."""
    profile_mod, _ = _import_firmware()
    found = {}
    paths = sorted((directory or PROFILES_DIR).glob("*.json"),
                   key=lambda p: (p.stem != REFERENCE, p.stem))  # the reference build first
    for path in paths:
        p = profile_mod.load(str(path))
        if p["name"] != path.stem:
            raise profile_mod.ProfileError(f"{path.name}: name {p['name']!r} differs from file")
        found[p["name"]] = p
    return found


# --------------------------------------------------------------------------------------------
# power

SAFE_LOAD = 0.9  # the limiter's budget may use at most this share of the supply's rating
STANDARD_SUPPLIES_MA = (2000, 3000, 4000, 5000, 6000, 8000, 10000, 15000, 20000, 30000, 40000)
# (label, LEDs lit as a function of led_count, channels at full value): frames the docs quote
FRAMES = (
    ("every LED full white", lambda n: n, 3),
    ("every LED one full colour channel", lambda n: n, 1),
    ("half the LEDs full white", lambda n: n // 2, 3),
    ("a quarter of the LEDs full white", lambda n: n // 4, 3),
    ("a tenth of the LEDs full white", lambda n: n // 10, 3),
)
# (current, cross-section mm², AWG): copper for short 5 V runs, with margin; guidance only
WIRE_TABLE = ((3000, "0.5", 20), (6000, "0.75", 18), (10000, "1.5", 16), (16000, "2.5", 14),
              (25000, "4", 12), (32000, "6", 10))


def firmware_output(profile: dict):
    """The firmware's own `Output` for a profile: its estimate and limiter are what the board
    runs, so the figures here cannot drift from it."""
    _import_firmware()
    from firmware.output import Output

    return Output(profile)


def frame_current_ma(profile: dict, channel_sum: int, scale: int = 255, out=None) -> int:
    """The firmware's estimate of one frame: idle current of every LED plus ma_per_channel for
    each channel at full value, in proportion; `channel_sum` is the sum of the canvas bytes and
    `scale` the brightness (0-255) they are shown at."""
    out = out or firmware_output(profile)
    return out.estimate_ma(channel_sum, scale)


def max_brightness(out, channel_sum: int, budget_ma: float) -> int:
    """Highest brightness (0-255) at which a canvas whose bytes sum to `channel_sum` stays
    within `budget_ma` without the limiter stepping in."""
    for scale in range(255, -1, -1):
        if out.estimate_ma(channel_sum, scale) <= budget_ma:
            return scale
    return 0  # even a black frame is over: the budget is below the idle current


def limited_white_ma(profile: dict, out=None) -> int:
    """What the firmware's limiter lets the worst frame (every LED full white, brightness at
    the profile's maximum) draw: rendered through the firmware's `Output`."""
    from firmware.canvas import Canvas

    _, ledmap = _import_firmware()
    out = out or firmware_output(profile)
    out.set_brightness(255)
    w = profile["width"]
    canvas = Canvas(w, profile["height"])
    for px, led in enumerate(ledmap.build(profile)):
        if led >= 0:  # only where an LED is: a hole board's canvas has empty pixels
            canvas.set(px % w, px // w, 0xFFFFFF)
    return out.render(canvas)


def power_budget(profile: dict) -> dict:
    """Every power figure the documents quote for one profile (mA unless named otherwise)."""
    out = firmware_output(profile)
    pw = profile["power"]
    n = profile["led_count"]
    budget = pw["budget_ma"]
    supply = pw.get("supply_ma")
    default = profile.get("brightness", {}).get("default", 255)
    idle = n * pw["idle_ma_per_led"]
    white_sum = n * 3 * 255
    white = out.estimate_ma(white_sum, 255)
    fits = {}
    for label, leds, ch in FRAMES:
        fits[label] = max_brightness(out, leds(n) * ch * 255, budget)
    supplies = []
    for s in STANDARD_SUPPLIES_MA:
        b = math.floor(s * SAFE_LOAD)
        if b <= idle:
            continue
        supplies.append({
            "supply_ma": s, "budget_ma": b,
            "white": max_brightness(out, white_sum, b),
            "one_channel": max_brightness(out, n * 255, b),
            "quarter_white": max_brightness(out, (n // 4) * 3 * 255, b),
        })
    return {
        "led_count": n,
        "ma_per_channel": pw["ma_per_channel"],
        "idle_ma_per_led": pw["idle_ma_per_led"],
        "idle_ma": idle,
        "white_ma": white,
        "default_brightness": default,
        "white_default_ma": out.estimate_ma(white_sum, default),
        "budget_ma": budget,
        "limited_worst_ma": limited_white_ma(profile, out),
        "budget_below_idle": budget < idle,
        "supply_ma": supply,
        "supply_share": (budget / supply) if supply else None,
        "supply_ok": (supply is not None and budget <= supply * SAFE_LOAD),
        "min_supply_ma": math.ceil(budget / SAFE_LOAD),
        "unlimited_supply_ma": math.ceil(white / SAFE_LOAD),
        "max_white_brightness": fits[FRAMES[0][0]],
        "fits": fits,
        "supplies": supplies,
    }


def wire_for(ma: float) -> str:
    """Copper cross-section to carry `ma` on a short 5 V run (guidance, with margin)."""
    for limit, mm2, awg in WIRE_TABLE:
        if ma <= limit:
            return f"{mm2} mm² (AWG {awg})"
    return "split the feed: more than 32 A on one wire"


def fuse_for(supply_ma: float) -> str:
    """A slow-blow fuse rating just above the supply's rating."""
    for amps in (1, 2, 3, 4, 5, 6.3, 8, 10, 12, 15, 20, 25, 30, 40):
        if amps * 1000 >= supply_ma * 1.1:
            return f"{amps:g} A"
    return "a breaker sized for the supply"


def amps(ma: float) -> str:
    """`3500 mA` as `3.5 A`; for tables a maker reads."""
    return f"{ma / 1000:.1f} A" if ma >= 1000 else f"{ma:.0f} mA"


# --------------------------------------------------------------------------------------------
# the Pico's pins

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


# --------------------------------------------------------------------------------------------
# a profile a maker can build


def profile_problems(profile: dict) -> list[str]:
    """Everything that would stop a maker building this profile or the firmware driving it
    safely; empty when the profile is good. The proof asked of every new profile."""
    profile_mod, ledmap = _import_firmware()
    from firmware.output import channel_offsets

    try:
        profile_mod.check(profile)
    except ValueError as exc:
        return [f"profile check: {exc}"]
    problems = []
    n = profile["led_count"]
    try:
        table = ledmap.build(profile)
        if sorted(i for i in table if i >= 0) != list(range(n)):
            problems.append("LED map: not every LED appears exactly once")
    except (ValueError, KeyError, TypeError) as exc:
        problems.append(f"LED map: {exc}")
    try:
        channel_offsets(profile.get("color_order", "GRB"))
    except ValueError as exc:
        problems.append(str(exc))
    pw = profile["power"]
    for key in ("budget_ma", "ma_per_channel", "idle_ma_per_led"):
        if not isinstance(pw[key], int) or pw[key] <= 0:
            problems.append(f"power.{key} must be a positive integer")
    if problems:
        return problems
    if pw["budget_ma"] <= n * pw["idle_ma_per_led"]:
        problems.append("power.budget_ma is not above the idle current of the LEDs")
    supply = pw.get("supply_ma")
    if not isinstance(supply, int) or supply <= 0:
        problems.append("power.supply_ma missing: the BOM cannot size the supply")
    elif pw["budget_ma"] > supply * SAFE_LOAD:
        problems.append(f"power.budget_ma is over {SAFE_LOAD:.0%} of power.supply_ma")
    br = profile.get("brightness", {})
    lo, default, hi = br.get("min", 1), br.get("default", 40), br.get("max", 255)
    if not 0 <= lo <= default <= hi <= 255:
        problems.append("brightness must satisfy 0 <= min <= default <= max <= 255")
    problems += check_pins(profile)
    problems += template.sheet_problems(profile)
    worst = limited_white_ma(profile)
    if worst > pw["budget_ma"]:
        problems.append(f"the limiter lets full white draw {worst} mA, over the budget")
    return problems


# --------------------------------------------------------------------------------------------
# generated markdown blocks


def _md_table(header, rows) -> str:
    out = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def _panels(profile: dict) -> tuple[int, str]:
    """How many physical panels and their size, for a matrix profile."""
    w = profile.get("wiring") or {}
    if profile["kind"] != "matrix" or not w:
        return 0, ""
    count = w.get("tiles_x", 1) * w.get("tiles_y", 1)
    return count, f"{w['panel_width']} × {w['panel_height']}"


def block_pins(profiles: dict) -> str:
    parts = []
    for name, p in profiles.items():
        rows = [(f, f"GP{g}", phys if phys > 0 else "—", what) for f, g, phys, what in pin_rows(p)]
        parts.append(f"**{name}** — {p.get('title', name)}\n\n"
                     + _md_table(("function", "GPIO", "Pico pin", "connect to"), rows))
        problems = check_pins(p)
        if problems:
            parts.append("Pin problems: " + "; ".join(problems))
    return "\n\n".join(parts)


def feed_starts(profile: dict) -> list[int]:
    """The LEDs where a points board's +5 V / GND feeds join its chain (`physical.feeds_at`;
    the first LED always has one)."""
    return sorted(set((profile.get("physical") or {}).get("feeds_at") or [0]) | {0})


def _feeds_text(profile: dict) -> str:
    at = feed_starts(profile)
    return f"{len(at)} (at LED {', '.join(str(i) for i in at)})"


def block_power_summary(profiles: dict) -> str:
    rows = []
    for name, p in profiles.items():
        b = power_budget(p)
        panels, size = _panels(p)
        feed = b["budget_ma"] if b["supply_ma"] is None else b["supply_ma"]
        rows.append((name, b["led_count"], amps(b["white_ma"]), amps(b["budget_ma"]),
                     amps(b["supply_ma"]) if b["supply_ma"] else "—",
                     f"{panels} × {size}" if panels else _feeds_text(p),
                     wire_for(feed)))
    return _md_table(("profile", "LEDs", "full white, no limiter", "limiter budget",
                      "supply", "panels (each one a feed)", "wire for each feed"), rows)


def block_injection(profiles: dict) -> str:
    p = profiles[REFERENCE]
    b = power_budget(p)
    panels, size = _panels(p)
    per_panel_white = b["white_ma"] / max(panels, 1)
    feed = b["supply_ma"] or b["min_supply_ma"]
    return (
        f"The reference panel has {b['led_count']} LEDs. At full white and full brightness they "
        f"would draw {amps(b['white_ma'])} ({amps(per_panel_white)} per {size} panel); the "
        f"firmware's limiter holds every frame under {amps(b['budget_ma'])}, and even a dark "
        f"panel draws {amps(b['idle_ma'])} of idle current. Since the limiter may put the whole "
        f"budget on one panel, every panel feed must carry the supply's full {amps(feed)}: "
        f"use {wire_for(feed)} for each feed and for the supply leads, and a {fuse_for(feed)} "
        f"slow-blow fuse in the supply's +5 V lead."
    )


def block_bom(profiles: dict) -> str:
    p = profiles[REFERENCE]
    b = power_budget(p)
    panels, size = _panels(p)
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
    return _md_table(("part", "qty", "notes"), rows)


def block_bom_other(profiles: dict) -> str:
    rows = []
    for name, p in profiles.items():
        b = power_budget(p)
        panels, size = _panels(p)
        supply = b["supply_ma"] or b["min_supply_ma"]
        buttons = sum(1 for row in pin_rows(p) if "button" in row[0])
        rows.append((name, p.get("title", name), b["led_count"],
                     f"{panels} × {size}" if panels else "one LED per position (see profile)",
                     buttons, amps(supply), fuse_for(supply), wire_for(supply)))
    return _md_table(("profile", "board", "LEDs", "panels", "buttons", "5 V supply", "fuse",
                      "feed wire"), rows)


def block_pictures(profiles: dict) -> str:
    rows = []
    for name, p in profiles.items():
        games = layout_games(p)
        layouts = ", ".join(f"[{g}](generated/layout-{name}-{g}.png)" for g in games) or "—"
        schematic = (f"[PNG](generated/schematic-{name}.png), "
                     f"[SVG](generated/schematic-{name}.svg)")
        templates = "; ".join(
            f"{n} seats: [SVG](generated/template-{name}-{n}seats.svg), "
            f"[DXF](generated/template-{name}-{n}seats.dxf)"
            for n in template.seat_count_options(p))
        if template.sheet_problems(p):
            templates = "—"
        rows.append((name, p["led_count"], f"[LED map](generated/ledmap-{name}.png)", layouts,
                     schematic, templates))
    return _md_table(("profile", "LEDs", "chain order", "game layouts", "schematic",
                      "drilling template (1:1)"), rows)


def block_test_load(profiles: dict) -> str:
    """What the self-test's colour step draws on each board: the load to measure the feeds at."""
    from firmware.canvas import Canvas

    rows = []
    for name, p in profiles.items():
        out = firmware_output(p)
        red = Canvas(p["width"], p["height"])
        red.clear(0xFF0000)
        default = p.get("brightness", {}).get("default", 255)
        out.set_brightness(default)
        at_default = out.render(red)
        out.set_brightness(255)
        at_max = out.render(red)
        rows.append((name, f"{amps(at_default)} at brightness {default}",
                     f"{amps(at_max)} at brightness 255", amps(limited_white_ma(p)),
                     amps(p["power"]["budget_ma"])))
    return _md_table(("profile", "red step, default brightness", "red step, brightness 255",
                      "full white (limited)", "budget"), rows)


BLOCKS = {
    "pictures": block_pictures,
    "pins": block_pins,
    "power-summary": block_power_summary,
    "injection": block_injection,
    "bom": block_bom,
    "bom-other": block_bom_other,
    "test-load": block_test_load,
    "sizes": template.sizes_table,
}
BLOCK_RE = re.compile(
    r"(<!-- BEGIN generated: (?P<key>[\w-]+) -->\n)(?P<body>.*?)(<!-- END generated: (?P=key) -->)",
    re.S,
)


def fill_blocks(text: str, profiles: dict) -> str:
    """`text` with every generated block's body replaced by its fresh content."""

    def repl(m):
        key = m.group("key")
        if key not in BLOCKS:
            raise KeyError(f"unknown generated block {key!r}")
        return m.group(1) + BLOCKS[key](profiles).rstrip("\n") + "\n" + m.group(4)

    return BLOCK_RE.sub(repl, text)


# --------------------------------------------------------------------------------------------
# POWER.md, generated whole


def power_md(profiles: dict) -> str:
    out = [
        "# Power budget",
        "",
        "<!-- Generated by `make hardware` (python -m lanterne.hardware_docs) from",
        "     hardware/profiles/*.json. Do not edit: change the profile and regenerate. -->",
        "",
        "How the figures are made: a WS2812B draws `ma_per_channel` for each colour channel at",
        "full value (255), in proportion to the value, plus `idle_ma_per_led` even when dark. A",
        "frame's estimate is `led_count × idle_ma_per_led + ma_per_channel × (sum of every R, G,",
        "B byte) / 255`. The firmware scales every frame so this estimate stays under",
        "`budget_ma`; full white is the worst frame. The budget should use at most "
        f"{SAFE_LOAD:.0%} of",
        "the supply's rating (margin for the estimate, the Pico and the level shifter).",
        "\"Brightness\" is the firmware's 0–255 setting, which scales every channel before the",
        "limiter; a frame brighter than the figures below is not refused, it is dimmed.",
    ]
    for name, p in profiles.items():
        b = power_budget(p)
        out += ["", f"## {name}", "", p.get("title", name), ""]
        share = f"{b['supply_share']:.1%}" if b["supply_share"] is not None else "—"
        verdict = "OK" if b["supply_ok"] else f"TOO HIGH: keep it under {SAFE_LOAD:.0%}"
        rows = [
            ("LEDs", b["led_count"]),
            ("current per channel at full value", f"{b['ma_per_channel']} mA"),
            ("idle current per LED", f"{b['idle_ma_per_led']} mA"),
            ("idle current, every LED dark", f"{b['idle_ma']:.0f} mA"),
            ("full white at brightness 255, no limiter", f"{b['white_ma']:.0f} mA"),
            (f"full white at the default brightness {b['default_brightness']}, no limiter",
             f"{b['white_default_ma']:.0f} mA"),
            ("limiter budget (`budget_ma`)", f"{b['budget_ma']} mA"),
            ("worst case with the limiter (full white through the firmware's limiter)",
             f"{b['limited_worst_ma']:.0f} mA"),
            ("supply in the profile (`supply_ma`)",
             f"{b['supply_ma']} mA" if b["supply_ma"] else "—"),
            ("budget as a share of the supply", f"{share} ({verdict})"),
            ("smallest supply for this budget", f"{b['min_supply_ma']} mA"),
            ("supply for full white with no limiter", f"{b['unlimited_supply_ma']} mA"),
        ]
        out.append(_md_table(("quantity", "value"), rows))
        if b["budget_below_idle"]:
            out += ["", "**The budget is below the idle current: no frame can meet it.**"]
        out += ["", "Highest brightness at which a frame needs no limiting, with this budget:", ""]
        out.append(_md_table(("frame", "brightness (of 255)"),
                             [(k, v) for k, v in b["fits"].items()]))
        out += ["", "With other supplies (budget = "
                f"{SAFE_LOAD:.0%} of the supply; set `budget_ma` and `supply_ma` to match):", ""]
        out.append(_md_table(
            ("supply", "budget_ma", "full white", "one channel everywhere", "¼ of LEDs white"),
            [(f"{s['supply_ma']} mA", s["budget_ma"], s["white"], s["one_channel"],
              s["quarter_white"]) for s in b["supplies"]]))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------
# pictures: the board's 3 × 5 pixel font, so the output does not depend on Pillow's fonts

# the board's glyphs (15 bits, 3 a row, top row first), plus signs only the documents use
FONT = dict(GLYPHS, **{"(": 0b010100100100010, ")": 0b010001001001010,
                       ",": 0b000000000010100, "%": 0b101001010100101, "_": 0b000000000000111})


def text_size(text: str, scale: int) -> tuple[int, int]:
    return (max(len(text) * 4 - 1, 0) * scale, 5 * scale)


def draw_text(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, fill, scale: int = 2):
    """Draw `text` (upper-cased) with the 3 × 5 font, top-left at (x, y)."""
    for ch in text.upper():
        bits = FONT.get(ch, FONT["#"])
        for i in range(15):
            if bits & (1 << (14 - i)):
                gx, gy = x + (i % 3) * scale, y + (i // 3) * scale
                draw.rectangle((gx, gy, gx + scale - 1, gy + scale - 1), fill=fill)
        x += 4 * scale


TILE_TINTS = ((255, 236, 204), (214, 234, 255), (222, 247, 214), (247, 222, 247),
              (255, 250, 200), (220, 240, 240), (240, 228, 214), (232, 232, 232), (255, 220, 220))
CELL = 40
MARGIN = 16
TITLE_H = 44


def ledmap_image(profile: dict) -> Image.Image:
    """The LED index map: every LED's chain index on the grid seen from the front (LED side),
    the chain drawn through them with arrows, panel joins in red, each panel's first LED boxed."""
    _, ledmap = _import_firmware()
    table = ledmap.build(profile)
    w, h = profile["width"], profile["height"]
    wiring = profile.get("wiring") or {}
    per_panel = (wiring.get("panel_width", w) * wiring.get("panel_height", h)
                 if profile["kind"] == "matrix" else profile["led_count"])
    width = 2 * MARGIN + w * CELL
    height = TITLE_H + 2 * MARGIN + h * CELL
    img = Image.new("RGB", (width, height), (255, 255, 255))
    d = ImageDraw.Draw(img)
    draw_text(d, MARGIN, 8, f"{profile['name']}: LED chain order, front view (LED side)",
              (0, 0, 0), 2)
    if profile["kind"] == "matrix":
        note = "data enters at 0. red: cable to the next panel. box: first LED of a panel"
    else:
        note = "data enters at 0 (box); follow the arrows from LED to LED"
    draw_text(d, MARGIN, 24, note, (90, 90, 90), 2)
    top = TITLE_H + MARGIN
    where = {}
    for y in range(h):
        for x in range(w):
            i = table[y * w + x]
            x0, y0 = MARGIN + x * CELL, top + y * CELL
            if i < 0:
                d.rectangle((x0, y0, x0 + CELL - 1, y0 + CELL - 1), fill=(245, 245, 245))
                continue
            where[i] = (x, y)
            tint = TILE_TINTS[(i // per_panel) % len(TILE_TINTS)]
            d.rectangle((x0, y0, x0 + CELL - 1, y0 + CELL - 1), fill=tint, outline=(200, 200, 200))
    n = profile["led_count"]

    def centre(i):
        x, y = where[i]
        return MARGIN + x * CELL + CELL // 2, top + y * CELL + (CELL * 7) // 10

    for i in range(n - 1):
        (ax, ay), (bx, by) = centre(i), centre(i + 1)
        join = (i + 1) % per_panel == 0
        colour = (220, 30, 30) if join else (110, 110, 110)
        d.line((ax, ay, bx, by), fill=colour, width=3 if join else 2)
        mx, my = (ax + bx) // 2, (ay + by) // 2
        length = math.hypot(bx - ax, by - ay) or 1
        ux, uy = (bx - ax) / length, (by - ay) / length
        tip = (mx + ux * 5, my + uy * 5)
        back1 = (mx - ux * 4 - uy * 4, my - uy * 4 + ux * 4)
        back2 = (mx - ux * 4 + uy * 4, my - uy * 4 - ux * 4)
        d.polygon([tip, back1, back2], fill=colour)
    for i in range(n):
        x, y = where[i]
        x0, y0 = MARGIN + x * CELL, top + y * CELL
        if i % per_panel == 0:
            d.rectangle((x0 + 1, y0 + 1, x0 + CELL - 2, y0 + CELL - 2), outline=(0, 150, 0),
                        width=3)
        label = str(i)
        tw, th = text_size(label, 2)
        lx = x0 + (CELL - tw) // 2
        tint = TILE_TINTS[(i // per_panel) % len(TILE_TINTS)]
        d.rectangle((lx - 2, y0 + 4, lx + tw + 1, y0 + 6 + th), fill=tint)
        draw_text(d, lx, y0 + 5, label, (0, 0, 0), 2)
    if profile["kind"] == "matrix" and wiring:
        pw, ph = wiring["panel_width"], wiring["panel_height"]
        for tx in range(0, w + 1, pw):
            d.line((MARGIN + tx * CELL, top, MARGIN + tx * CELL, top + h * CELL), fill=(0, 0, 0),
                   width=3)
        for ty in range(0, h + 1, ph):
            d.line((MARGIN, top + ty * CELL, MARGIN + w * CELL, top + ty * CELL), fill=(0, 0, 0),
                   width=3)
    return img


LAYOUT_SEED = 7  # the sample game each layout picture shows: this seed, the bot playing
LAYOUT_MOVES = 24  # this many moves (or to the end)


def _renderer():
    """(render_state, picture) from the firmware and the host tool, or None before they exist."""
    try:
        _import_firmware()
        from lanterne import picture, render_state
    except ImportError:
        return None
    return render_state, picture


def layout_games(profile: dict) -> list[str]:
    """The games whose layout picture is drawn for this profile: those it plays (its `games`,
    else every game the firmware knows) that the firmware can draw."""
    r = _renderer()
    if r is None:
        return []
    from firmware import games as registry

    wanted = profile.get("games") or registry.names()  # a profile may name the games it plays
    games = []
    for game in sorted(wanted):
        try:
            r[0].drawer(game)
            __import__("shared_rules." + game)
        except (ValueError, ImportError):
            continue
        games.append(game)
    return games


def sample_state(game: str):
    """A mid-game state of `game`: a new game with LAYOUT_SEED, LAYOUT_MOVES baseline-bot moves."""
    engine = __import__("shared_rules." + game, fromlist=["new_game"])
    state = engine.new_game(seed=LAYOUT_SEED)
    for _ in range(LAYOUT_MOVES):
        if state.is_over():
            break
        state.apply(engine.greedy_move(state))
    return state


def layout_image(profile: dict, game: str) -> Image.Image:
    """One game's layout on the panel, drawn by the firmware's own renderer, with a caption."""
    render_state, picture = _renderer()
    canvas = render_state.render(profile, game, sample_state(game))
    scale = max(8, 384 // max(profile["width"], profile["height"]))
    panel = picture.canvas_to_image(canvas, scale=scale)
    caption = f"{profile['name']}: {game}, seed {LAYOUT_SEED}, {LAYOUT_MOVES} bot moves"
    tw, _ = text_size(caption, 2)
    width = max(panel.width, tw) + 2 * MARGIN
    img = Image.new("RGB", (width, panel.height + 2 * MARGIN + 24), (255, 255, 255))
    draw_text(ImageDraw.Draw(img), MARGIN, 8, caption, (0, 0, 0), 2)
    img.paste(panel, (MARGIN, 24 + MARGIN))
    return img


def layout_images(profile: dict) -> dict[str, Image.Image]:
    """Each game's layout on the panel, drawn by the firmware's renderer (`render_state`)."""
    return {game: layout_image(profile, game) for game in layout_games(profile)}


def png_bytes(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    """True when two pictures have the same size and the same RGB pixels."""
    return a.size == b.size and a.convert("RGB").tobytes() == b.convert("RGB").tobytes()


class Raster:
    """A picture that matplotlib rasterises: its anti-aliasing moves text by a pixel from one
    matplotlib version to the next (3.10 and 3.11 differ in ~1 % of the pixels), so it is
    compared within that wobble; its SVG twin, compared exactly, catches any change of content."""

    def __init__(self, image: Image.Image):
        self.image = image


def similar_pixels(a: Image.Image, b: Image.Image, share: float = 0.01) -> bool:
    """Same size, and at most `share` of the 4 × 4 blocks differ by more than a quarter of the
    grey range."""
    if a.size != b.size:
        return False
    ga, gb = a.convert("L").reduce(4), b.convert("L").reduce(4)
    diff = ImageChops.difference(ga, gb).point(lambda v: 255 if v > 64 else 0)
    return diff.histogram()[255] <= share * ga.width * ga.height


# --------------------------------------------------------------------------------------------
# everything together

HAND_WRITTEN_WITH_BLOCKS = ("BOM.md", "WIRING.md", "README.md", "ADDING_A_PROFILE.md", "BUILD.md",
                            "ENCLOSURE.md")


def outputs(profiles: dict | None = None) -> dict[Path, object]:
    """Every generated file and its fresh content: `str` for documents (SVG and DXF too),
    `Image` for pictures, `Raster` for the pictures matplotlib draws."""
    profiles = load_profiles() if profiles is None else profiles
    out: dict[Path, object] = {HARDWARE / "POWER.md": power_md(profiles)}
    for doc in HAND_WRITTEN_WITH_BLOCKS:
        path = HARDWARE / doc
        if path.exists():
            out[path] = fill_blocks(path.read_text(encoding="utf-8"), profiles)
    for name, p in profiles.items():
        out[GENERATED / f"ledmap-{name}.png"] = ledmap_image(p)
        for game, img in layout_images(p).items():
            out[GENERATED / f"layout-{name}-{game}.png"] = img
        out.update(build_drawings(name, p))
    return out


def build_drawings(name: str, profile: dict) -> dict[Path, object]:
    """The schematic (SVG, PNG) and the drilling templates (SVG, DXF) of one profile."""
    from lanterne import schematic  # schemdraw and matplotlib: only when drawing

    out: dict[Path, object] = {
        GENERATED / f"schematic-{name}.svg": schematic.svg_text(profile),
        GENERATED / f"schematic-{name}.png": Raster(schematic.png_image(profile)),
    }
    if template.sheet_problems(profile):
        return out  # reported by profile_problems; no template from unusable dimensions
    for seats in template.seat_count_options(profile):
        sheet = template.sheet(profile, seats)
        base = GENERATED / f"template-{name}-{seats}seats"
        out[base.with_suffix(".svg")] = template.svg_text(sheet)
        out[base.with_suffix(".dxf")] = template.dxf_text(sheet)
    return out


GENERATED_KINDS = ("*.png", "*.svg", "*.dxf")


def _generated_files() -> list[Path]:
    """Every file now in hardware/generated/ that this module writes the kind of."""
    if not GENERATED.exists():
        return []
    return sorted(p for kind in GENERATED_KINDS for p in GENERATED.glob(kind))


def stale(out: dict[Path, object]) -> list[str]:
    """Paths (relative to the repo) whose checked-in content differs from `out`, plus
    generated pictures that nothing produces any more."""
    found = []
    for path, content in out.items():
        rel = str(path.relative_to(ROOT))
        if not path.exists():
            found.append(rel + " (missing)")
        elif isinstance(content, str):
            if path.read_text(encoding="utf-8") != content:
                found.append(rel)
        elif isinstance(content, Raster):
            with Image.open(path) as old:
                if not similar_pixels(old, content.image):
                    found.append(rel)
        else:
            with Image.open(path) as old:
                if not same_pixels(old, content):
                    found.append(rel)
    for path in _generated_files():
        if path not in out:
            found.append(str(path.relative_to(ROOT)) + " (no profile makes it)")
    return found


def write(out: dict[Path, object]) -> list[str]:
    """Write what changed; remove generated pictures nothing makes. Returns what was touched."""
    touched = stale(out)
    GENERATED.mkdir(parents=True, exist_ok=True)
    for path, content in out.items():
        rel = str(path.relative_to(ROOT))
        if not any(t.split(" (")[0] == rel for t in touched):
            continue
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(png_bytes(content.image if isinstance(content, Raster) else content))
    for path in _generated_files():
        if path not in out:
            path.unlink()
    return touched


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lanterne.hardware_docs", description=__doc__)
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 listing every stale generated file")
    ap.add_argument("--json", metavar="PROFILE", help="print one profile's power figures as JSON")
    args = ap.parse_args(argv)
    profiles = load_profiles()
    if args.json:
        print(json.dumps(power_budget(profiles[args.json]), indent=2))
        return 0
    bad = {name: profile_problems(p) for name, p in profiles.items()}
    for name, problems in bad.items():
        for problem in problems:
            print(f"profile {name}: {problem}", file=sys.stderr)
    out = outputs(profiles)
    if args.check:
        found = stale(out)
        for rel in found:
            print("stale: " + rel)
        if found:
            print("run `make hardware` to regenerate", file=sys.stderr)
        if found or any(bad.values()):
            return 1
        print(f"hardware/: {len(out)} generated files up to date")
        return 0
    touched = write(out)
    for rel in touched:
        print("wrote " + rel.split(" (")[0])
    print(f"hardware/: {len(out)} generated files, {len(touched)} rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
