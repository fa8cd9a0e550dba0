"""The proof every board profile must pass (see hardware/ADDING_A_PROFILE.md): it loads, its LED
map uses every LED once, its power fields make a safe supply, its pins exist on a Pico, the
firmware's limiter holds its worst frame to the budget, and its pictures render and match."""

import json

import pytest
from lanterne.documents import boards, build, images, power, problems, staleness
from PIL import Image

PROFILES = sorted(p.stem for p in boards.PROFILES_DIR.glob("*.json"))


def test_there_are_profiles_and_the_reference_build_is_one():
    assert boards.REFERENCE in PROFILES and len(PROFILES) >= 2


@pytest.mark.parametrize("name", PROFILES)
def test_profile_is_buildable(name):
    prof = boards.load_profiles()[name]  # also checks the file name matches the profile's name
    assert problems.profile_problems(prof) == []


@pytest.mark.parametrize("name", PROFILES)
def test_profile_led_map_and_pictures(name):
    prof = boards.load_profiles()[name]
    img = images.ledmap_image(prof)
    assert img.size[0] > prof["width"] * 10 and img.size[1] > prof["height"] * 10
    with Image.open(boards.GENERATED / f"ledmap-{name}.png") as old:
        assert staleness.same_pixels(old, img), "run `make hardware`"
    for game, pic in images.layout_images(prof).items():
        with Image.open(boards.GENERATED / f"layout-{name}-{game}.png") as old:
            assert staleness.same_pixels(old, pic), (game, "run `make hardware`")


@pytest.mark.parametrize("name", PROFILES)
def test_profile_worst_frame_stays_in_budget_at_every_brightness(name):
    from firmware.canvas import Canvas

    prof = boards.load_profiles()[name]
    out = power.firmware_output(prof)
    canvas = Canvas(prof["width"], prof["height"])
    canvas.clear(0xFFFFFF)
    for brightness in (prof["brightness"]["min"], prof["brightness"]["default"], 255):
        out.set_brightness(brightness)
        assert out.render(canvas) <= prof["power"]["budget_ma"], brightness
        assert out.led_ma() <= prof["power"]["budget_ma"]


def _broken(change):
    prof = json.loads((boards.PROFILES_DIR / "ref32.json").read_text())
    change(prof)
    return problems.profile_problems(prof)


def test_the_proof_catches_broken_profiles():
    assert _broken(lambda p: None) == []
    assert any("panel size" in x for x in _broken(lambda p: p.update(width=31, led_count=992)))
    assert any("share GP2" in x for x in _broken(lambda p: p["pins"].update(up=2)))
    assert any("not a GPIO" in x for x in _broken(lambda p: p["pins"].update(b=29)))
    assert any("supply_ma" in x for x in _broken(lambda p: p["power"].update(supply_ma=3600)))
    assert any("supply_ma missing" in x for x in _broken(lambda p: p["power"].pop("supply_ma")))
    assert any("idle current" in x for x in _broken(lambda p: p["power"].update(budget_ma=900)))
    assert any("colour order" in x for x in _broken(lambda p: p.update(color_order="GRBW")))
    assert any("brightness" in x
               for x in _broken(lambda p: p["brightness"].update(default=300, max=400)))
    assert any("lacks 'pins'" in x for x in _broken(lambda p: p.pop("pins")))


def test_check_mode_fails_on_a_broken_profile(tmp_path, monkeypatch, capsys):
    from hardware_copy import copy_hardware, edit_profile

    edit_profile(copy_hardware(tmp_path, monkeypatch), "ref32",
                 lambda p: p["power"].update(supply_ma=3600))
    assert build.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert "profile ref32: power.budget_ma is over 90% of power.supply_ma" in err
