"""Regenerates every generated document and picture in `hardware/` from the board profiles.

`python -m lanterne.documents` (what `make hardware` runs) rewrites them; `--check` rewrites
nothing and exits 1 listing what is stale, so documents and profiles cannot silently disagree.
Hand-written prose keeps its numbers inside `<!-- BEGIN generated: KEY -->` blocks, which this
module fills; POWER.md and the pictures under hardware/generated/ are generated whole.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from lanterne.documents import boards, bom, lanes, markdown, pins, power, template
from lanterne.documents.images import layout_games, layout_images, ledmap_image
from lanterne.documents.problems import profile_problems
from lanterne.documents.staleness import Raster, stale, write


def block_pictures(profiles: dict) -> str:
    """hardware/README.md's index of the generated pictures and drawings of every profile."""
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
    return markdown.md_table(("profile", "LEDs", "chain order", "game layouts", "schematic",
                              "drilling template (1:1)"), rows)


# the generated blocks of the hand-written documents: KEY -> what makes its body
BLOCKS = {
    "pictures": block_pictures,
    "pins": pins.block_pins,
    "power-summary": power.block_power_summary,
    "injection": power.block_injection,
    "bom": bom.block_bom,
    "bom-other": bom.block_bom_other,
    "bom-seats": bom.block_bom_seats,
    "test-load": power.block_test_load,
    "sizes": template.sizes_table,
    "lanes": lanes.block_lanes,
    "lanes-build": lanes.block_lanes_build,
    "selftest-lanes": lanes.block_selftest_lanes,
}
HAND_WRITTEN_WITH_BLOCKS = ("BOM.md", "WIRING.md", "README.md", "ADDING_A_PROFILE.md", "BUILD.md",
                            "ENCLOSURE.md")


def fill_blocks(text: str, profiles: dict) -> str:
    """`text` with every generated block's body replaced by its fresh content."""
    return markdown.fill_blocks(text, BLOCKS, profiles)


def outputs(profiles: dict | None = None) -> dict[Path, object]:
    """Every generated file and its fresh content: `str` for documents (SVG and DXF too),
    `Image` for pictures, `Raster` for the pictures matplotlib draws."""
    profiles = boards.load_profiles() if profiles is None else profiles
    out: dict[Path, object] = {boards.HARDWARE / "POWER.md": power.power_md(profiles)}
    for doc in HAND_WRITTEN_WITH_BLOCKS:
        path = boards.HARDWARE / doc
        if path.exists():
            out[path] = fill_blocks(path.read_text(encoding="utf-8"), profiles)
    for name, p in profiles.items():
        out[boards.GENERATED / f"ledmap-{name}.png"] = ledmap_image(p)
        for game, img in layout_images(p).items():
            out[boards.GENERATED / f"layout-{name}-{game}.png"] = img
        out.update(build_drawings(name, p))
    return out


def build_drawings(name: str, profile: dict) -> dict[Path, object]:
    """The schematic (SVG, PNG) and the drilling templates (SVG, DXF) of one profile."""
    from lanterne.documents import schematic  # schemdraw and matplotlib: only when drawing

    out: dict[Path, object] = {
        boards.GENERATED / f"schematic-{name}.svg": schematic.svg_text(profile),
        boards.GENERATED / f"schematic-{name}.png": Raster(schematic.png_image(profile)),
    }
    if template.sheet_problems(profile):
        return out  # reported by profile_problems; no template from unusable dimensions
    for seats in template.seat_count_options(profile):
        sheet = template.sheet(profile, seats)
        base = boards.GENERATED / f"template-{name}-{seats}seats"
        out[base.with_suffix(".svg")] = template.svg_text(sheet)
        out[base.with_suffix(".dxf")] = template.dxf_text(sheet)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lanterne.documents", description=__doc__)
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 listing every stale generated file")
    ap.add_argument("--json", metavar="PROFILE", help="print one profile's power figures as JSON")
    args = ap.parse_args(argv)
    profiles = boards.load_profiles()
    if args.json:
        print(json.dumps(power.power_budget(profiles[args.json]), indent=2))
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
