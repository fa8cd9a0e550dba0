"""Staleness: whether the committed files in hardware/ still match what the profiles make, and
writing the ones that do not.

Documents, SVG and DXF are compared as text, Pillow's pictures pixel for pixel, and the
pictures matplotlib rasterises (`Raster`) within the wobble of its anti-aliasing.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageChops

from lanterne.documents import boards


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


GENERATED_KINDS = ("*.png", "*.svg", "*.dxf")


def _generated_files() -> list[Path]:
    """Every file now in hardware/generated/ of a kind the generator writes."""
    if not boards.GENERATED.exists():
        return []
    return sorted(p for kind in GENERATED_KINDS for p in boards.GENERATED.glob(kind))


def stale(out: dict[Path, object]) -> list[str]:
    """Paths (relative to the repo) whose checked-in content differs from `out`, plus
    generated pictures that nothing produces any more."""
    found = []
    for path, content in out.items():
        rel = str(path.relative_to(boards.ROOT))
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
            found.append(str(path.relative_to(boards.ROOT)) + " (no profile makes it)")
    return found


def write(out: dict[Path, object]) -> list[str]:
    """Write what changed; remove generated pictures nothing makes. Returns what was touched."""
    touched = stale(out)
    boards.GENERATED.mkdir(parents=True, exist_ok=True)
    for path, content in out.items():
        rel = str(path.relative_to(boards.ROOT))
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

