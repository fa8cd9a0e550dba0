"""The documents link only inside the repository, to files and headings that exist: a maker with a
clone (and no access to anything beside it) can follow every link."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md"),
               *(ROOT / "hardware").glob("*.md")])
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def slugs(path: Path) -> set[str]:
    """GitHub's anchors for the headings of a markdown file."""
    found, seen = set(), {}
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        m = re.match(r"#{1,6}\s+(.*)", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def links(path: Path) -> list[str]:
    return LINK.findall(FENCE.sub("", path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(doc):
    for target in links(doc):
        if re.match(r"[a-z]+:", target):  # https:, mailto: — outside by intent
            continue
        file, _, anchor = target.partition("#")
        dest = (doc.parent / file).resolve() if file else doc
        assert dest.is_relative_to(ROOT), f"{doc.name}: {target} leaves the repository"
        assert dest.exists(), f"{doc.name}: {target} does not exist"
        if anchor and dest.suffix == ".md":
            assert anchor in slugs(dest), f"{doc.name}: no heading #{anchor} in {dest.name}"


def test_no_document_points_outside_the_repository():
    for doc in DOCS:
        assert "../shared" not in doc.read_text(encoding="utf-8"), doc.name


def test_slugs_follow_github():
    build = slugs(ROOT / "hardware" / "BUILD.md")
    assert "1-micropython-on-the-pico" in build
    assert "6-the-other-panels-and-the-power-injection-measured" in build
