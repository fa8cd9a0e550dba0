"""A copy of hardware/ for tests that change profiles: the generator reads and writes it instead
of the real one."""

import json
import shutil

from lanterne.documents import boards


def copy_hardware(tmp_path, monkeypatch):
    """Copy hardware/ under tmp_path and point the documents generator's paths
    (lanterne.documents.boards) at it; returns the copy."""
    hw = tmp_path / "hardware"
    shutil.copytree(boards.HARDWARE, hw)
    for attr, value in (("ROOT", tmp_path), ("HARDWARE", hw), ("PROFILES_DIR", hw / "profiles"),
                        ("GENERATED", hw / "generated")):
        monkeypatch.setattr(boards, attr, value)
    return hw


def edit_profile(hw, name, change):
    """Apply `change(profile_dict)` to profile NAME in the copy `hw`."""
    path = hw / "profiles" / f"{name}.json"
    prof = json.loads(path.read_text())
    change(prof)
    path.write_text(json.dumps(prof, indent=2))
