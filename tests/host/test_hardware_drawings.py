"""The schematic and the drilling templates follow the profiles: every button on its GPIO, a feed
at every panel, every LED hole at its place to scale, each seat's buttons beside its start square,
and the files regenerate byte for byte (no timestamps, no run-to-run ordering)."""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from lanterne.documents import boards, build, power, problems, schematic, staleness, template

ezdxf = pytest.importorskip("ezdxf")


@pytest.fixture(scope="module")
def profiles():
    return boards.load_profiles()


def test_chain_segments_are_the_panels_or_the_feeds(profiles):
    ref = schematic.chain_segments(profiles["ref32"])
    assert [(a, b) for _, a, b in ref] == [(0, 255), (256, 511), (512, 767), (768, 1023)]
    assert len(schematic.chain_segments(profiles["panel48"])) == 9
    holes = schematic.chain_segments(profiles["tactik_holes"])
    assert [(a, b) for _, a, b in holes] == [(0, 63), (64, 118)]  # feeds_at [0, 64]


def test_schematic_names_every_part_and_pin(profiles):
    for name, prof in profiles.items():
        svg = schematic.svg_text(prof)
        ET.fromstring(svg)  # well-formed
        for _, gpio in schematic.button_pins(prof):
            assert f">GP{gpio}<" in svg, (name, gpio)
        assert f">GP{prof['pins']['data']}<" in svg
        supply = prof["power"]["supply_ma"]
        for text in ("74AHCT125", "330 Ω", "1000 µF", "100 nF",
                     f"fuse {power.fuse_for(supply)}", power.amps(supply)):
            assert text in svg, (name, text)
        feeds = len(schematic.chain_segments(prof))
        assert svg.count(">feed ") == feeds, name
    assert len(schematic.button_pins(profiles["tactik_holes"])) == 24


def test_schematic_of_lanes_has_a_gate_resistor_and_row_a_lane(profiles):
    for name in ("ref32x4", "panel48x5"):
        prof = profiles[name]
        svg = schematic.svg_text(prof)
        lanes = prof["lanes"]
        for k, lane in enumerate(lanes):
            assert f">GP{lane['pin']}<" in svg and f">lane {k + 1}<" in svg, (name, k)
        assert svg.count(">330 Ω<") == len(lanes), name
        assert svg.count(">end of lane<") == len(lanes), name
    assert ">74AHCT125 #2<" in schematic.svg_text(profiles["panel48x5"])


def test_schematic_follows_the_profile(profiles):
    moved = json.loads(json.dumps(profiles["ref32"]))
    moved["pins"]["a"] = 16
    svg = schematic.svg_text(moved)
    assert ">GP16<" in svg and ">GP14<" not in svg


def test_hole_board_template_is_to_scale(profiles):
    prof = profiles["tactik_holes"]
    ph = prof["physical"]
    sh = template.sheet(prof, 4)
    pitch, margin = ph["pitch_mm"], ph["margin_mm"]
    assert sh.width == sh.height == 23 * pitch + 2 * margin
    assert len(sh.led_holes) == prof["led_count"] == 119
    x0, y0 = prof["leds"][0]
    assert sh.led_holes[0] == (margin + (x0 + 0.5) * pitch, margin + (y0 + 0.5) * pitch)
    xs = sorted({x for x, _ in sh.led_holes})
    assert min(b - a for a, b in zip(xs, xs[1:])) == pitch
    assert len(sh.buttons) == 24 and template.sheet_problems(prof) == []


def test_each_seat_sits_beside_its_start_square(profiles):
    """Seat 0 (red, the bottom start square) has its six buttons in the bottom border, seat 2
    in the top one; all of them clear of the LED area."""
    prof = profiles["tactik_holes"]
    margin = prof["physical"]["margin_mm"]
    sh = template.sheet(prof, 4)
    by_seat = {}
    for x, y, label in sh.buttons:
        by_seat.setdefault(label.split()[0], []).append((x, y))
    assert sorted(by_seat) == ["0", "1", "2", "3"]
    assert all(y > sh.height - margin for _, y in by_seat["0"])
    assert all(y < margin for _, y in by_seat["2"])
    assert all(x < margin for x, _ in by_seat["1"])
    assert all(x > sh.width - margin for x, _ in by_seat["3"])
    sides = [side for side, _ in template.seat_sides(profiles["ref32"], 6)]
    assert sorted(sides) == ["bottom", "bottom", "left", "right", "top", "top"]
    assert len(template.sheet(profiles["ref32"], 6).buttons) == 36


def test_template_svg_prints_in_millimetres(profiles):
    sh = template.sheet(profiles["tactik_holes"], 4)
    root = ET.fromstring(template.svg_text(sh).split("\n", 1)[1])
    assert root.get("width") == f"{sh.width:g}mm"
    assert root.get("viewBox").split()[2] == f"{sh.width:g}"
    ns = "{http://www.w3.org/2000/svg}"
    circles = root.findall(f".//{ns}circle")
    assert len(circles) == 119 + 24
    radii = sorted({c.get("r") for c in circles})
    assert radii == ["4", "6"]  # 8 mm LED holes, 12 mm button holes
    bar = [p for p in root.findall(f"{ns}path") if "h100" in p.get("d", "")]
    assert len(bar) == 1  # the 100 mm scale bar


def test_template_dxf_has_every_hole_on_its_layer(profiles, tmp_path):
    sh = template.sheet(profiles["tactik_holes"], 4)
    path = tmp_path / "t.dxf"
    path.write_text(template.dxf_text(sh))
    doc = ezdxf.readfile(path)
    assert doc.units == ezdxf.units.MM and not doc.audit().has_errors
    msp = doc.modelspace()
    assert len(msp.query('CIRCLE[layer=="LED_HOLES"]')) == 119
    assert len(msp.query('CIRCLE[layer=="BUTTON_HOLES"]')) == 24
    c = msp.query('CIRCLE[layer=="LED_HOLES"]')[0]
    assert c.dxf.radius == 4
    x, y = sh.led_holes[0]
    assert (c.dxf.center.x, c.dxf.center.y) == pytest.approx((x, sh.height - y))  # y up
    panel = template.sheet(profiles["ref32"], 4)
    path.write_text(template.dxf_text(panel))
    msp = ezdxf.readfile(path).modelspace()
    assert len(msp.query('LWPOLYLINE[layer=="WINDOW"]')) == 1
    assert len(msp.query('LINE[layer=="GRID"]')) == 31 + 31


def _broken(prof, change):
    prof = json.loads(json.dumps(prof))
    change(prof["physical"])
    return template.sheet_problems(prof)


def test_physical_data_is_checked(profiles):
    holes = profiles["tactik_holes"]
    assert any("led_hole_mm" in p for p in _broken(holes, lambda ph: ph.update(led_hole_mm=18)))
    assert any("margin_mm" in p for p in _broken(holes, lambda ph: ph.update(margin_mm=40)))
    assert any("feeds_at" in p for p in _broken(holes, lambda ph: ph.update(feeds_at=[0, 200])))
    assert any("button_hole_mm" in p
               for p in _broken(holes, lambda ph: ph.update(button_hole_mm=20)))
    assert any("pitch_mm" in p for p in _broken(holes, lambda ph: ph.pop("pitch_mm")))
    # so wide a button spacing that the two seats on one side of a 6-seat board collide
    wide = _broken(profiles["ref32"], lambda ph: ph.update(button_pitch_mm=40, margin_mm=120))
    assert any(p.startswith("6 seats: buttons") and "overlap" in p for p in wide)
    assert not any(p.startswith("4 seats") for p in wide)
    bare = dict(profiles["ref32"])
    bare.pop("physical")
    assert template.sheet_problems(bare) == [
        "physical missing: no drilling template (see ADDING_A_PROFILE.md)"]
    assert any("physical missing" in p for p in problems.profile_problems(bare))


def test_drawings_are_the_same_in_every_process():
    """Two interpreters with different hash seeds write the same bytes (the staleness test
    compares them with the committed files)."""
    code = ("from lanterne.documents import boards, template as t, schematic as s\n"
            "p = boards.load_profiles()\n"
            "print(t.dxf_text(t.sheet(p['ref32'], 6)) + s.svg_text(p['tactik_holes']))\n")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=dict(os.environ, PYTHONHASHSEED=seed), check=True).stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1]
    assert "GRID" in runs[0] and ">GP27<" in runs[0]


def test_a_physical_change_makes_the_template_stale(tmp_path, monkeypatch, capsys):
    from hardware_copy import copy_hardware, edit_profile

    edit_profile(copy_hardware(tmp_path, monkeypatch), "tactik_holes",
                 lambda p: p["physical"].update(pitch_mm=21))
    assert build.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "stale: hardware/generated/template-tactik_holes-4seats.svg" in out
    assert "stale: hardware/generated/template-tactik_holes-4seats.dxf" in out
    assert "schematic-tactik_holes" not in out


def test_build_guide_and_faq_quote_the_self_test_timings():
    from firmware import selftest

    def text(name):
        return " ".join((boards.HARDWARE / name).read_text().split())

    assert f"press A (or wait {selftest.ANSWER_MS // 1000} s)" in text("BUILD.md")
    assert f"the panel says so after {selftest.HINT_MS // 1000} s" in text("FAQ.md")


def test_matplotlib_pictures_are_compared_within_its_anti_aliasing(profiles):
    """The schematic PNG may move text by a pixel between matplotlib versions and still be up
    to date; a different size or a changed part of the picture is stale."""
    from PIL import Image, ImageChops, ImageDraw

    img = schematic.png_image(profiles["ref32"])
    assert staleness.similar_pixels(img, img)
    nudged = ImageChops.offset(img, 1, 0)  # every line and glyph one pixel to the right
    assert not staleness.same_pixels(img, nudged) and staleness.similar_pixels(img, nudged)
    assert not staleness.similar_pixels(img, img.crop((0, 0, img.width - 8, img.height)))
    covered = img.copy()
    ImageDraw.Draw(covered).rectangle((0, 0, img.width // 3, img.height), fill="black")
    assert not staleness.similar_pixels(img, covered)
    with Image.open(boards.GENERATED / "schematic-ref32.png") as old:
        assert staleness.similar_pixels(old, img)


def test_no_text_of_the_schematic_crowds_another(profiles):
    """Every label of the PNG schematic stands clear of every other, by 0.4 of a line at least:
    the 74AHCT125's pin names (VCC, GND) stood on their pin numbers (14, 7) in a box too small
    (issue 23), the Pico's name touched GP12, a panel's LED range its DOUT."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    for name in ("ref32", "tactik_holes", "panel48"):
        drawing = schematic._drawing(profiles[name], "matplotlib")
        drawing.get_imagedata("png")  # lays the figure out
        fig = drawing.fig.fig
        renderer = fig.canvas.get_renderer()
        boxes = [(t.get_text(), t.get_window_extent(renderer)) for ax in fig.axes
                 for t in ax.texts if t.get_text().strip()]
        plt.close(fig)
        names = [text for text, _ in boxes]
        for pin in ("VCC", "14", "GND", "7", "74AHCT125", "1Y"):
            assert pin in names, (name, pin)
        for i, (a, box_a) in enumerate(boxes):
            for b, box_b in boxes[i + 1:]:
                gap = max(box_b.x0 - box_a.x1, box_a.x0 - box_b.x1,
                          box_b.y0 - box_a.y1, box_a.y0 - box_b.y1)
                assert gap >= 0.4 * max(box_a.height, box_b.height), (name, a, b, gap)
