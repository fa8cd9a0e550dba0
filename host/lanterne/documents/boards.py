"""The boards the documents describe: where hardware/ is, its profiles (checked by the
firmware's own checker) and what every document reads from a profile besides its own figures.

The paths are read as `boards.GENERATED` etc. when a document is made, so a test can point them
at a copy of hardware/ (tests/host/hardware_copy.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HARDWARE = ROOT / "hardware"
PROFILES_DIR = HARDWARE / "profiles"
GENERATED = HARDWARE / "generated"
REFERENCE = "ref32"  # the reference build the BOM describes


def import_firmware():
    """The firmware package (profile checking, LED map); the repo root must be importable."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from firmware import ledmap, profile

    return profile, ledmap


def load_profiles(directory: Path | None = None) -> dict[str, dict]:
    """Every profile in `directory` (hardware/profiles), checked by the firmware's own checker."""
    profile_mod, _ = import_firmware()
    found = {}
    paths = sorted((directory or PROFILES_DIR).glob("*.json"),
                   key=lambda p: (p.stem != REFERENCE, p.stem))  # the reference build first
    for path in paths:
        p = profile_mod.load(str(path))
        if p["name"] != path.stem:
            raise profile_mod.ProfileError(f"{path.name}: name {p['name']!r} differs from file")
        found[p["name"]] = p
    return found


def panels(profile: dict) -> tuple[int, str]:
    """How many physical panels and their size, for a matrix profile."""
    w = profile.get("wiring") or {}
    if profile["kind"] != "matrix" or not w:
        return 0, ""
    count = w.get("tiles_x", 1) * w.get("tiles_y", 1)
    return count, f"{w['panel_width']} × {w['panel_height']}"


def feed_starts(profile: dict) -> list[int]:
    """The LEDs where a points board's +5 V / GND feeds join its chain (`physical.feeds_at`;
    the first LED always has one)."""
    return sorted(set((profile.get("physical") or {}).get("feeds_at") or [0]) | {0})
