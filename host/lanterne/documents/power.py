"""Power: the firmware's own current estimate and limiter applied to each profile, the supply,
wire and fuse that follow, and the documents made of them: POWER.md (generated whole) and the
power blocks of WIRING.md and BUILD.md.
"""

from __future__ import annotations

import math

from lanterne.documents import boards
from lanterne.documents.markdown import md_table

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
    boards.import_firmware()
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

    _, ledmap = boards.import_firmware()
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
# the power blocks of the hand-written documents


def _feeds_text(profile: dict) -> str:
    at = boards.feed_starts(profile)
    return f"{len(at)} (at LED {', '.join(str(i) for i in at)})"


def block_power_summary(profiles: dict) -> str:
    rows = []
    for name, p in profiles.items():
        b = power_budget(p)
        panels, size = boards.panels(p)
        feed = b["budget_ma"] if b["supply_ma"] is None else b["supply_ma"]
        rows.append((name, b["led_count"], amps(b["white_ma"]), amps(b["budget_ma"]),
                     amps(b["supply_ma"]) if b["supply_ma"] else "—",
                     f"{panels} × {size}" if panels else _feeds_text(p),
                     wire_for(feed)))
    return md_table(("profile", "LEDs", "full white, no limiter", "limiter budget",
                     "supply", "panels (each one a feed)", "wire for each feed"), rows)


def block_injection(profiles: dict) -> str:
    p = profiles[boards.REFERENCE]
    b = power_budget(p)
    panels, size = boards.panels(p)
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
    return md_table(("profile", "red step, default brightness", "red step, brightness 255",
                     "full white (limited)", "budget"), rows)


# --------------------------------------------------------------------------------------------
# POWER.md, generated whole


def power_md(profiles: dict) -> str:
    out = [
        "# Power budget",
        "",
        "<!-- Generated by `make hardware` (python -m lanterne.documents) from",
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
        out.append(md_table(("quantity", "value"), rows))
        if b["budget_below_idle"]:
            out += ["", "**The budget is below the idle current: no frame can meet it.**"]
        out += ["", "Highest brightness at which a frame needs no limiting, with this budget:", ""]
        out.append(md_table(("frame", "brightness (of 255)"),
                            [(k, v) for k, v in b["fits"].items()]))
        out += ["", "With other supplies (budget = "
                f"{SAFE_LOAD:.0%} of the supply; set `budget_ma` and `supply_ma` to match):", ""]
        out.append(md_table(
            ("supply", "budget_ma", "full white", "one channel everywhere", "¼ of LEDs white"),
            [(f"{s['supply_ma']} mA", s["budget_ma"], s["white"], s["one_channel"],
              s["quarter_white"]) for s in b["supplies"]]))
    return "\n".join(out) + "\n"
