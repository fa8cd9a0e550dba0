"""The hardware profiles a board or a log may name: only the project's own, by plain name.

A board's `hello` (or a log of it) says which profile it runs; `watch` and `replay` draw with
it. That name comes over the cable, so it only ever selects one of the files in this
repository's `hardware/profiles/` (the list is read first and the name looked up in it): never a
path, never a file of the working folder (docs/host.md, "Never trusting the other end").
"""

from __future__ import annotations

from pathlib import Path

from lanterne import untrusted

PROFILES = Path(__file__).resolve().parents[2] / "hardware" / "profiles"


def names() -> list[str]:
    """The profile names this repository has (hardware/profiles/NAME.json), sorted."""
    return sorted(p.stem for p in PROFILES.glob("*.json")
                  if untrusted.PLAIN_NAME.fullmatch(p.stem))


def load_profile(name) -> dict:
    """The profile called `name`, one of names(); BadInput (a ValueError) for anything else:
    not a text, not a plain name, not one of the project's profiles, or a file there that is
    not a valid profile."""
    from firmware import profile

    if not isinstance(name, str) or not untrusted.PLAIN_NAME.fullmatch(name):
        raise untrusted.BadInput(f"not a profile name: {untrusted.short(name)}")
    known = names()
    if name not in known:
        raise untrusted.BadInput(f"no profile named {untrusted.short(name)} "
                              f"(the profiles are {', '.join(known)})")
    try:
        return profile.load(str(PROFILES / f"{name}.json"))
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise untrusted.BadInput(f"profile {name} is not usable: {str(exc)[:80]}") from None
