"""The proof asked of every profile: everything that would stop a maker building it or the
firmware driving it safely (see hardware/ADDING_A_PROFILE.md)."""

from __future__ import annotations

from lanterne.documents import boards, template
from lanterne.documents.pins import check_pins
from lanterne.documents.power import SAFE_LOAD, limited_white_ma


def profile_problems(profile: dict) -> list[str]:
    """Everything that would stop a maker building this profile or the firmware driving it
    safely; empty when the profile is good. The proof asked of every new profile."""
    profile_mod, ledmap = boards.import_firmware()
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
