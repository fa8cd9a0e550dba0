"""hardware/ is generated from the profiles: the checked-in files are up to date, `--check` finds
stale ones, the power figures are right for a case worked by hand, the pictures follow the
profile."""

import pytest
from hardware_copy import copy_hardware, edit_profile
from lanterne.documents import boards, build, images, markdown, pins, power, staleness
from PIL import Image

SIMPLE = {  # 100 LEDs, worked by hand below
    "name": "simple", "kind": "matrix", "width": 10, "height": 10, "led_count": 100,
    "wiring": {"panel_width": 10, "panel_height": 10},
    "pins": {"data": 2, "up": 10, "down": 11, "left": 12, "right": 13, "a": 14, "b": 15},
    "power": {"supply_ma": 1200, "budget_ma": 1000, "ma_per_channel": 20, "idle_ma_per_led": 1},
    "brightness": {"default": 51},
}


def test_checked_in_generated_files_are_up_to_date():
    assert staleness.stale(build.outputs()) == [], "run `make hardware` and commit the result"


def test_every_document_block_is_filled():
    for path, content in build.outputs().items():
        if isinstance(content, str):
            for m in markdown.BLOCK_RE.finditer(content):
                assert m.group("body").strip(), f"{path.name}: block {m.group('key')} is empty"


@pytest.fixture()
def tmp_hardware(tmp_path, monkeypatch):
    """A copy of hardware/ that the generator reads and writes instead of the real one."""
    return copy_hardware(tmp_path, monkeypatch)


def test_check_mode_lists_what_a_profile_change_makes_stale(tmp_hardware, capsys):
    assert build.main(["--check"]) == 0
    edit_profile(tmp_hardware, "ref32", lambda p: p["pins"].update(a=16))
    edit_profile(tmp_hardware, "panel48", lambda p: p["wiring"].update(start="bottom-right"))
    (tmp_hardware / "generated" / "ledmap-gone.png").write_bytes(
        (tmp_hardware / "generated" / "ledmap-ref32.png").read_bytes())
    capsys.readouterr()
    assert build.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "stale: hardware/WIRING.md" in out  # the pin table
    assert "stale: hardware/generated/ledmap-panel48.png" in out  # the chain order
    assert "ledmap-gone.png (no profile makes it)" in out
    assert "ledmap-ref32.png" not in out.replace("ledmap-gone", "")
    # regenerating fixes all of it, and the new table says GP16 = Pico pin 21
    assert build.main([]) == 0
    assert build.main(["--check"]) == 0
    assert "| button A: confirm | GP16 | 21 |" in (tmp_hardware / "WIRING.md").read_text()
    assert not (tmp_hardware / "generated" / "ledmap-gone.png").exists()


def test_check_mode_sees_a_hand_edit_inside_a_block(tmp_hardware, capsys):
    bom = tmp_hardware / "BOM.md"
    bom.write_text(bom.read_text().replace("| Momentary push button | 6 |",
                                           "| Momentary push button | 7 |"))
    assert build.main(["--check"]) == 1
    assert "stale: hardware/BOM.md" in capsys.readouterr().out


def test_unknown_block_is_an_error():
    text = "<!-- BEGIN generated: nosuch -->\nx\n<!-- END generated: nosuch -->\n"
    with pytest.raises(KeyError, match="nosuch"):
        build.fill_blocks(text, {})


def test_power_figures_for_a_case_worked_by_hand():
    b = power.power_budget(SIMPLE)
    assert b["idle_ma"] == 100  # 100 LEDs x 1 mA
    assert b["white_ma"] == 6100  # 100 x (3 x 20 + 1)
    assert b["white_default_ma"] == 1300  # 100 + 6000 x 51 / 255
    # full white fits while 100 + 6000 x br / 255 <= 1000: br <= 38.25
    assert b["max_white_brightness"] == 38
    # one channel on every LED: 100 + 2000 x br / 255 <= 1000: br <= 114.75
    assert b["fits"]["every LED one full colour channel"] == 114
    # the limiter dims full white to just under the budget (whole brightness steps: 994 at 38)
    assert 990 <= b["limited_worst_ma"] <= 1000
    assert b["supply_share"] == pytest.approx(1000 / 1200) and b["supply_ok"]
    assert b["min_supply_ma"] == 1112  # 1000 / 0.9 = 1111.1, rounded up
    assert b["unlimited_supply_ma"] == 6778  # 6100 / 0.9 = 6777.8
    four_amps = [s for s in b["supplies"] if s["supply_ma"] == 4000][0]
    assert four_amps["budget_ma"] == 3600
    assert four_amps["white"] == 148  # 100 + 6000 x br / 255 <= 3600: br <= 148.75


def test_power_brightness_is_the_largest_that_fits():
    """Every brightness figure is the largest at which the firmware's estimate stays within the
    budget: one more step goes over."""
    for prof in [SIMPLE] + list(boards.load_profiles().values()):
        n = prof["led_count"]
        budget = prof["power"]["budget_ma"]
        b = power.power_budget(prof)
        for label, leds, ch in power.FRAMES:
            br = b["fits"][label]
            total = leds(n) * ch * 255
            assert power.frame_current_ma(prof, total, br) <= budget, (prof["name"], label)
            if br < 255:
                assert power.frame_current_ma(prof, total, br + 1) > budget, (prof["name"], label)


def test_reference_build_power_figures():
    b = power.power_budget(boards.load_profiles()["ref32"])
    assert b["white_ma"] == 1024 * 61  # 62.5 A: why the limiter and the injection matter
    assert b["idle_ma"] == 1024
    assert b["limited_worst_ma"] <= 3500
    assert b["supply_ok"]


def test_supply_rule_flags_a_budget_too_close_to_the_supply():
    tight = dict(SIMPLE, power=dict(SIMPLE["power"], supply_ma=1050))
    assert not power.power_budget(tight)["supply_ok"]
    assert "TOO HIGH" in power.power_md({"tight": tight})


def test_a_budget_below_the_idle_current_is_called_out():
    starved = dict(SIMPLE, power=dict(SIMPLE["power"], budget_ma=80))
    b = power.power_budget(starved)
    assert b["budget_below_idle"] and b["max_white_brightness"] == 0
    assert "below the idle current" in power.power_md({"starved": starved})


def test_pico_pin_map_and_problems():
    rows = {r[0]: r for r in pins.pin_rows(boards.load_profiles()["ref32"])}
    assert rows["LED data out"][1:3] == (2, 4)
    assert rows["button up"][1:3] == (10, 14)
    assert rows["button B: back / rotate"][1:3] == (15, 20)
    bad = dict(SIMPLE, pins=dict(SIMPLE["pins"], up=2, b=23))
    problems = pins.check_pins(bad)
    assert any("share GP2" in p for p in problems)
    assert any("GP23" in p for p in problems)  # GP23 drives the Pico's regulator, no pin


def test_ledmap_picture_follows_the_chain():
    """The box marking each panel's first LED sits where the profile's wiring puts it."""
    prof = boards.load_profiles()["ref32"]
    img = images.ledmap_image(prof)
    top = images.TITLE_H + images.MARGIN
    green = (0, 150, 0)

    def boxed(x, y):  # the left edge of the cell's box, halfway down
        at = (images.MARGIN + x * images.CELL + 2, top + y * images.CELL + images.CELL // 2)
        return img.getpixel(at) == green

    # panels start at LEDs 0, 256, 512, 768: cells (0,0), (16,0), (16,16), (0,16)
    assert boxed(0, 0) and boxed(16, 0) and boxed(16, 16) and boxed(0, 16)
    assert not boxed(1, 0) and not boxed(31, 0) and not boxed(0, 15)
    flipped = dict(prof, wiring=dict(prof["wiring"], start="top-right"))
    assert not staleness.same_pixels(img, images.ledmap_image(flipped))


def test_checked_in_ledmap_pictures_match_their_profiles():
    for name, prof in boards.load_profiles().items():
        with Image.open(boards.GENERATED / f"ledmap-{name}.png") as old:
            assert staleness.same_pixels(old, images.ledmap_image(prof)), name


def test_pixel_font_covers_the_titles():
    for name in boards.load_profiles():
        for ch in (name + " LED chain order, front view (LED side)").upper():
            assert ch in images.FONT, (name, ch)


def test_layout_pictures_are_the_firmware_renderer_output():
    pytest.importorskip("lanterne.picture")
    from lanterne import picture, render_state

    prof = boards.load_profiles()["ref32"]
    assert "tayu" in images.layout_games(prof)
    state = images.sample_state("tayu")
    assert len(state.history) == images.LAYOUT_MOVES and not state.is_over()
    img = images.layout_image(prof, "tayu")
    canvas = render_state.render(prof, "tayu", state)
    panel = picture.canvas_to_image(canvas, scale=384 // 32)
    top_left = (images.MARGIN, 24 + images.MARGIN)
    crop = img.crop((*top_left, top_left[0] + panel.width, top_left[1] + panel.height))
    assert staleness.same_pixels(crop, panel)
    assert len(set(canvas.buf[i] for i in range(len(canvas.buf)))) > 4  # not an empty panel
    # the picture follows the profile's layout: move the tile in hand and it changes
    moved = dict(prof, layouts=dict(prof["layouts"]))
    hand = dict(prof["layouts"]["tayu"]["hand"], y=prof["layouts"]["tayu"]["hand"]["y"] - 1)
    moved["layouts"]["tayu"] = dict(prof["layouts"]["tayu"], hand=hand)
    assert not staleness.same_pixels(img, images.layout_image(moved, "tayu"))


def test_wiring_guide_quotes_the_self_test_timings():
    from firmware import selftest

    text = " ".join((boards.HARDWARE / "WIRING.md").read_text().split())  # unwrap the lines
    chase_s = round(1024 * selftest.CHASE_MS_PER_LED / 1000)
    assert f"about {chase_s} s for 1024 LEDs" in text
    assert f"after {selftest.ANSWER_MS // 1000} s it goes on by itself" in text
    assert f"No answer within {selftest.ANSWER_MS // 1000} s counts as" in text
    assert f"after {selftest.HINT_MS // 1000} s with no press the panel says so" in text
