"""The wiring schematic of a board, drawn with schemdraw from its profile.

Supply, fuse, the +5 V / GND rails with a feed and a bulk capacitor at every injection point, the
Pico, the 74AHCT125 level shifter, the data resistor, the LED chain and every button on its GPIO
(to GND: the firmware turns on the internal pull-ups). A board with lanes (several data pins)
has a gate, a resistor and a row of panels for each lane, the panels' feeds drawn as +5 V and
ground symbols (the same nets as the rails). `make hardware` writes it as SVG and PNG.
"""

from __future__ import annotations

import io

import schemdraw
import schemdraw.elements as elm
from PIL import Image

from lanterne.documents import boards, lanes
from lanterne.documents.power import amps, fuse_for, power_budget, wire_for

FONT = "DejaVu Sans"  # matplotlib ships it: no system font decides how the PNG looks
PIN_GAP = 1.0  # schemdraw units between two Pico pins
BUTTON_LABELS = {"up": "up", "down": "down", "left": "left", "right": "right", "a": "A", "b": "B"}


def chain_segments(profile: dict) -> list[tuple[str, int, int]]:
    """(label, first LED, last LED) of each stretch of the chain that gets its own +5 V feed:
    each physical panel of a matrix, or the stretches starting at a points board's
    `physical.feeds_at` LEDs."""
    n = profile["led_count"]
    if profile["kind"] == "matrix":
        w = profile["wiring"]
        per = w["panel_width"] * w["panel_height"]
        size = f"{w['panel_width']} × {w['panel_height']}"
        return [(f"panel {i + 1}: {size}", i * per, (i + 1) * per - 1) for i in range(n // per)]
    starts = boards.feed_starts(profile)
    ends = starts[1:] + [n]
    return [(f"{b - a} × WS2812B", a, b - 1) for a, b in zip(starts, ends)]


def button_pins(profile: dict) -> list[tuple[str, int]]:
    """(label, GPIO) of every button, seat by seat on a board with `seat_buttons`."""
    pins = profile["pins"]
    found = [(BUTTON_LABELS[b], pins[b]) for b in BUTTON_LABELS if b in pins]
    for i, seat in enumerate(profile.get("seat_buttons") or []):
        who = seat.get("seat", i)
        found += [(f"seat {who} {BUTTON_LABELS[b]}", seat[b]) for b in BUTTON_LABELS if b in seat]
    return found


def _drawing(profile: dict, canvas: str) -> schemdraw.Drawing:
    """The schematic on a schemdraw canvas ('svg' or 'matplotlib')."""
    budget = power_budget(profile)
    supply = budget["supply_ma"] or budget["min_supply_ma"]
    d = schemdraw.Drawing(canvas=canvas, show=False)
    d.config(fontsize=11, font=FONT, unit=2.5, lw=1.4)
    pico, h = _pico_and_buttons(d, profile)
    rails = (pico.usb[1] + 3.4, pico.gnd[1] - h / 2 - 1.0)  # +5 V along the top, GND below
    if profile.get("lanes"):
        rails = (rails[0], min(rails[1], pico.data[1] - (len(profile["lanes"]) - 1) * LANE_PITCH
                               - 4.6))
        right = _lanes(d, profile, pico, rails) + 1.0
        _supply(d, profile, supply, pico, right, rails)
        return d
    data_end = _level_shifter(d, pico, rails)
    right = _chain(d, profile, data_end, rails) + 1.0
    _supply(d, profile, supply, pico, right, rails)
    return d


def seat_chain(profile: dict) -> dict | None:
    """The profile's 74HC165 chain (`buttons`, firmware/seats.py), or None."""
    b = profile.get("buttons") or {}
    return b if b.get("wiring") == "74hc165" else None


def _pico_and_chain(d: schemdraw.Drawing, profile: dict, chain: dict):
    """The Pico (clock, latch and data down its left side) and the 74HC165s, one a seat, in
    a row to its left: seat 0's QH to the Pico's data pin, each chip's SER from the next one's
    QH, every CLK and SH/LD on a shared line. Returns the Pico and its height."""
    h = 5.0
    pico_pins = [
        elm.IcPin(name=f"GP{chain['data']}", side="left", pos=0.8, anchorname="sdata"),
        elm.IcPin(name=f"GP{chain['clock']}", side="left", pos=0.5, anchorname="sclock"),
        elm.IcPin(name=f"GP{chain['latch']}", side="left", pos=0.2, anchorname="slatch"),
        elm.IcPin(name=f"GP{profile['pins']['data']}", side="right", pos=0.8, anchorname="data"),
        elm.IcPin(name="GND", side="right", pos=0.2, anchorname="gnd"),
        elm.IcPin(name="USB", side="top", pos=0.5, anchorname="usb"),
    ]
    pico = d.add(elm.Ic(pins=pico_pins, size=(5.0, h)).theta(0)
                 .label("Raspberry\nPi Pico", loc="center", fontsize=12, ofst=(0.9, 0)))
    d.add(elm.Line().at(pico.usb).up(0.6).label("USB to the computer", loc="right"))
    clock_y = pico.sclock[1] - 3.2
    latch_y = clock_y - 0.8
    d.add(elm.Line().at(pico.sclock).left(0.6))
    d.add(elm.Line().toy(clock_y))
    d.add(elm.Line().at(pico.slatch).left(1.2))
    d.add(elm.Line().toy(latch_y))
    qh_to = pico.sdata
    x = pico.sdata[0] - 3.0
    left = x
    for i, seat in enumerate(chain["seats"]):
        chip = d.add(elm.Ic(pins=[
            elm.IcPin(name="QH", pin="9", side="right", pos=0.8, anchorname="qh"),
            elm.IcPin(name="CLK", pin="2", side="right", pos=0.5, anchorname="clk"),
            elm.IcPin(name="SH/LD", pin="1", side="right", pos=0.2, anchorname="ld"),
            elm.IcPin(name="SER", pin="10", side="left", pos=0.8, anchorname="ser"),
        ], size=(3.4, 3.0), leadlen=0.6).theta(0).anchor("qh").at((x, pico.sdata[1]))
            .label("74HC165", loc="center", fontsize=9))
        d.add(elm.Label().at((chip.ser[0] + 2.3, chip.ld[1] - 1.1))
              .label(f"seat {i}: {seat.get('side', 'bottom')}", fontsize=9))
        d.add(elm.Wire("-|").at(chip.qh).to(qh_to))
        d.add(elm.Line().at(chip.clk).right(0.3))
        d.add(elm.Line().toy(clock_y))
        d.add(elm.Dot())
        d.add(elm.Line().at(chip.ld).right(0.45))
        d.add(elm.Line().toy(latch_y))
        d.add(elm.Dot())
        qh_to = chip.ser
        left = chip.ser[0]
        x = chip.ser[0] - 1.6
    d.add(elm.Line().at(qh_to).left(0.6))
    d.add(elm.Ground(lead=False))
    d.add(elm.Line().at((left, clock_y)).tox(pico.sclock[0] - 0.6))
    d.add(elm.Line().at((left, latch_y)).tox(pico.slatch[0] - 1.2))
    d.add(elm.Label().at((left, latch_y - 0.9)).label(
        "every 74HC165 at 3.3 V (the Pico's 3V3 OUT, 100 nF at each chip), CLK INH (15) to GND;\n"
        "A-F (11-14, 3-4): up, down, left, right, A, B, each to GND, 10 kΩ pull-up to 3.3 V;\n"
        "G (5) to GND and H (6) to 3.3 V: the known bits that tell a missing chip;\n"
        "the last chip's SER to GND", fontsize=9, halign="left"))
    return pico, h


def _pico_and_buttons(d: schemdraw.Drawing, profile: dict):
    """The Pico (buttons down its left side; data, ground and USB on its right) and every
    button between its GPIO and ground. Returns the Pico and its height."""
    chain = seat_chain(profile)
    if chain is not None:
        return _pico_and_chain(d, profile, chain)
    buttons = button_pins(profile)
    h = max(len(buttons) * PIN_GAP + 1.2, 5.0)
    pico_pins = [elm.IcPin(name=f"GP{g}", side="left", pos=1 - (i + 1) / (len(buttons) + 1),
                           anchorname=f"btn{i}") for i, (_, g) in enumerate(buttons)]
    data = profile["pins"]["data"]
    more = [lane["pin"] for lane in profile.get("lanes") or []][1:]
    pico_pins += [elm.IcPin(name=f"GP{g}", side="right", pos=0.8 - 0.1 * (k + 1),
                            anchorname=f"data{k + 1}") for k, g in enumerate(more)]
    pico_pins += [
        elm.IcPin(name=f"GP{data}", side="right", pos=0.8, anchorname="data"),
        elm.IcPin(name="GND", side="right", pos=0.2, anchorname="gnd"),
        elm.IcPin(name="USB", side="top", pos=0.5, anchorname="usb"),
    ]
    name_at = (0.9, -1.6) if more else (0.9, 0)  # the name clear of GP12 (and of the lanes')
    pico = d.add(elm.Ic(pins=pico_pins, size=(5.0, h)).theta(0)
                 .label("Raspberry\nPi Pico", loc="center", fontsize=12, ofst=name_at))
    d.add(elm.Line().at(pico.usb).up(0.6).label("USB to the computer", loc="right"))
    ground_x = pico.btn0[0] - 7.2
    for i, (label, _) in enumerate(buttons):
        pin = getattr(pico, f"btn{i}")
        d.add(elm.Line().at(pin).left(2.2))
        d.add(elm.Button().left(2.4).label(label, loc="top", fontsize=8, ofst=0.05))
        d.add(elm.Line().tox(ground_x))
    top_btn, bottom_btn = pico.btn0, getattr(pico, f"btn{len(buttons) - 1}")
    d.add(elm.Line().at((ground_x, top_btn[1])).to((ground_x, bottom_btn[1] - 0.8)))
    d.add(elm.Ground().at((ground_x, bottom_btn[1] - 0.8)))
    d.add(elm.Label().at((ground_x + 0.8, bottom_btn[1] - 2.0))
          .label("buttons to GND: the firmware turns on\nthe Pico's internal pull-ups",
                 fontsize=9, halign="left"))
    return pico, h


def _level_shifter(d: schemdraw.Drawing, pico, rails: tuple) -> tuple:
    """The 74AHCT125 between the Pico's data pin and the 330 Ω resistor, its decoupling
    capacitor, and the Pico's ground to the common rail. Returns where the data line ends."""
    rail_top, rail_bottom = rails
    shifter = d.add(elm.Ic(pins=[
        elm.IcPin(name="1A", pin="2", side="left", pos=0.7, anchorname="a"),
        elm.IcPin(name="1OE", pin="1", side="left", pos=0.25, anchorname="oe"),
        elm.IcPin(name="1Y", pin="3", side="right", pos=0.7, anchorname="y"),
        elm.IcPin(name="VCC", pin="14", side="top", pos=0.5, anchorname="vcc"),
        elm.IcPin(name="GND", pin="7", side="bottom", pos=0.5, anchorname="gnd"),
    ], size=(4.4, 3.4), leadlen=0.9, lofst=0.3, plblofst=0.15)  # room: VCC, GND, 14, 7 apart
        .theta(0).anchor("a").at((pico.data[0] + 3.0, pico.data[1]))
        .label("74AHCT125", loc="center", fontsize=11))
    d.add(elm.Line().at(pico.data).to(shifter.a))
    d.add(elm.Line().at(shifter.oe).left(0.6))
    d.add(elm.Ground(lead=False))
    d.add(elm.Line().at(shifter.vcc).toy(rail_top))
    d.add(elm.Dot())
    d.add(elm.Line().at(shifter.gnd).toy(rail_bottom))
    d.add(elm.Dot())
    _cap_to_ground(d, (shifter.vcc[0], rail_top - 0.7), "100 nF", polar=False)
    d.add(elm.Label().at((shifter.gnd[0] + 1.4, shifter.gnd[1] - 1.0)).label(
        "unused 2A 3A 4A (5, 9, 12) to GND\nunused 2OE 3OE 4OE (4, 10, 13) to +5 V",
        fontsize=8, halign="left"))
    d.add(elm.Line().at(pico.gnd).right(1.0))
    d.add(elm.Line().toy(rail_bottom))
    d.add(elm.Line().at(shifter.y).right(0.6))
    d.add(elm.Resistor().right(2.6).label("330 Ω", loc="top"))
    return d.here


LANE_PITCH = 7.6  # schemdraw units between two lanes' rows of panels


def _lanes(d: schemdraw.Drawing, profile: dict, pico, rails: tuple) -> float:
    """A board with lanes: the 74AHCT125(s), one gate, resistor and row of panels a lane.
    Returns the x where the longest row ends."""
    rail_top, rail_bottom = rails
    rows = lanes.lane_rows(profile)
    chips = lanes.chips(profile)
    x_chip = pico.data[0] + 3.0
    ends = []
    for c in range(chips):
        mine = [r for r in rows if r["gate"][0] == c + 1]
        pins = []
        for i, r in enumerate(mine):
            _, g, _, a, y = r["gate"]
            pos = 1 - (i + 0.5) / len(mine)
            pins += [elm.IcPin(name=f"{g}A", pin=str(a), side="left", pos=pos, anchorname=f"a{i}"),
                     elm.IcPin(name=f"{g}Y", pin=str(y), side="right", pos=pos,
                               anchorname=f"y{i}")]
        pins += [elm.IcPin(name="VCC", pin="14", side="top", pos=0.5, anchorname="vcc"),
                 elm.IcPin(name="GND", pin="7", side="bottom", pos=0.5, anchorname="gnd")]
        top = rows.index(mine[0])
        y_top = pico.data[1] - top * LANE_PITCH
        height = max(3.4, len(mine) * 1.4)
        shifter = d.add(elm.Ic(pins=pins, size=(4.4, height), leadlen=0.9, lofst=0.3,
                               plblofst=0.15).theta(0).anchor("a0").at((x_chip + 2.0, y_top))
                        .label("74AHCT125" + (f" #{c + 1}" if chips > 1 else ""), loc="center",
                               fontsize=11))
        if chips == 1:
            d.add(elm.Line().at(shifter.vcc).toy(rail_top))
            d.add(elm.Dot())
            d.add(elm.Line().at(shifter.gnd).toy(rail_bottom))
            d.add(elm.Dot())
            _cap_to_ground(d, (shifter.vcc[0], rail_top - 0.7), "100 nF", polar=False)
        else:  # stacked chips: their supply as symbols (the rails' nets), no wire through
            d.add(elm.Line().at(shifter.vcc).up(1.2))
            d.add(elm.Vdd().label("+5 V", fontsize=9))
            _cap_to_ground(d, (shifter.vcc[0], shifter.vcc[1] + 0.6), "100 nF", polar=False)
            d.add(elm.Line().at(shifter.gnd).down(0.4))
            d.add(elm.Ground())
        unused = [lanes.gate(k) for k in range(c * 4 + len(mine), c * 4 + 4)]
        note = "used gates' OE (" + ", ".join(str(lanes.gate(rows.index(r))[2])
                                              for r in mine) + ") to GND"
        if unused:
            note += ("\nunused A (" + ", ".join(str(u[3]) for u in unused) + ") to GND, OE ("
                     + ", ".join(str(u[2]) for u in unused) + ") to +5 V")
        d.add(elm.Label().at((shifter.gnd[0] + 0.9, shifter.gnd[1] - 1.0)).label(
            note, fontsize=8, halign="left"))
        for i, r in enumerate(mine):
            k = rows.index(r)
            start = pico.data if k == 0 else getattr(pico, f"data{k}")
            # square jogs, the lower lanes' first, so that no two wires cross
            _jog(d, start, getattr(shifter, f"a{i}"), 0.6 + (len(rows) - 1 - k) * 0.45)
            d.add(elm.Line().at(getattr(shifter, f"y{i}")).right(0.6))
            d.add(elm.Resistor().right(2.6).label("330 Ω", loc="top"))
            y_row = pico.data[1] - k * LANE_PITCH
            _jog(d, d.here, (d.here[0] + 1.2 + len(rows) * 0.45, y_row),
                 0.4 + (len(rows) - 1 - k) * 0.45)
            d.add(elm.Label().at((d.here[0] - 0.8, y_row + 0.45)).label(
                f"lane {r['lane']}", fontsize=9))
            ends.append(_lane_row(d, profile, r, d.here))
    d.add(elm.Line().at(pico.gnd).right(0.3))  # below the data wires' jogs: a symbol
    d.add(elm.Ground())
    return max(ends)


def _jog(d: schemdraw.Drawing, start: tuple, end: tuple, at: float):
    """A wire from `start` right by `at`, then up or down to `end`'s height, then on to it."""
    x = start[0] + at
    d.add(elm.Line().at(start).to((x, start[1])))
    if abs(end[1] - start[1]) > 1e-6:
        d.add(elm.Line().at((x, start[1])).to((x, end[1])))
    d.add(elm.Line().at((x, end[1])).to(end))


def _lane_row(d: schemdraw.Drawing, profile: dict, row: dict, data_end: tuple) -> float:
    """One lane's panels in a row, DOUT to DIN, each fed from +5 V and ground symbols."""
    segments = chain_segments(profile)
    x = data_end[0] + 1.2
    for panel in row["panels"]:
        label, first, last = segments[panel - 1]
        seg = d.add(elm.Ic(pins=[
            elm.IcPin(name="DIN", side="left", anchorname="din"),
            elm.IcPin(name="DOUT", side="right", anchorname="dout"),
            elm.IcPin(name="+5V", side="top", anchorname="vin"),
            elm.IcPin(name="GND", side="bottom", anchorname="gnd"),
        ], size=(4.4, 3.6)).theta(0).anchor("din").at((x + 0.4, data_end[1]))
            .label(f"{label}\nLED {first}–{last}", loc="center", fontsize=9, ofst=(0, -0.75)))
        d.add(elm.Line().at(data_end).to(seg.din))
        d.add(elm.Line().at(seg.vin).up(0.9))
        d.add(elm.Vdd().label(f"feed {panel}: +5 V", fontsize=9))
        _cap_to_ground(d, (seg.vin[0], seg.vin[1] + 0.5), "1000 µF", polar=True)
        d.add(elm.Line().at(seg.gnd).down(0.4))
        d.add(elm.Ground())
        data_end = seg.dout
        x = seg.dout[0] + 2.2
    d.add(elm.Line().at(data_end).right(0.6))
    d.add(elm.Label().label("end of lane", loc="right", fontsize=9))
    return x


def _chain(d: schemdraw.Drawing, profile: dict, data_end: tuple, rails: tuple) -> float:
    """The LED chain, stretch by stretch, each with its +5 V / GND feed and 1000 µF capacitor.
    Returns the x where the chain ends."""
    rail_top, rail_bottom = rails
    x = data_end[0] + 2.2
    for k, (label, first, last) in enumerate(chain_segments(profile)):
        seg = d.add(elm.Ic(pins=[
            elm.IcPin(name="DIN", side="left", anchorname="din"),
            elm.IcPin(name="DOUT", side="right", anchorname="dout"),
            elm.IcPin(name="+5V", side="top", anchorname="vin"),
            elm.IcPin(name="GND", side="bottom", anchorname="gnd"),
        ], size=(4.4, 3.6)).theta(0).anchor("din").at((x + 0.4, data_end[1]))
            .label(f"{label}\nLED {first}–{last}", loc="center", fontsize=9, ofst=(0, -0.75)))
        d.add(elm.Line().at(data_end).to(seg.din))
        d.add(elm.Line().at(seg.vin).toy(rail_top))
        d.add(elm.Dot())
        _cap_to_ground(d, (seg.vin[0], rail_top - 0.7), "1000 µF", polar=True)
        d.add(elm.Line().at(seg.gnd).toy(rail_bottom))
        d.add(elm.Dot())
        d.add(elm.Label().at((seg.vin[0], rail_top + 0.35)).label(f"feed {k + 1}", fontsize=9))
        data_end = seg.dout
        x = seg.dout[0] + 2.2
    d.add(elm.Line().at(data_end).right(0.6))
    d.add(elm.Label().label("end of chain", loc="right", fontsize=9))
    return x


def _supply(d: schemdraw.Drawing, profile: dict, supply: int, pico, right: float, rails: tuple):
    """The rails, and the supply with its fuse feeding them from the right; the title line."""
    rail_top, rail_bottom = rails
    left = pico.gnd[0] + 1.0
    d.add(elm.Line().at((left, rail_top)).tox(right))
    d.add(elm.Line().at((left, rail_bottom)).tox(right + 3.0))
    d.add(elm.Fuse().at((right, rail_top)).right(3.0)
          .label(f"fuse {fuse_for(supply)}\nslow-blow", loc="top", fontsize=9))
    d.add(elm.SourceV().at((right + 3.0, rail_bottom)).up(rail_top - rail_bottom)
          .label(f"5 V supply\n{amps(supply)}", loc="top", ofst=0.3))
    d.add(elm.Label().at((left + 0.2, rail_top + 0.45)).label("+5 V", fontsize=10, halign="left"))
    d.add(elm.Label().at((left + 0.2, rail_bottom - 0.45)).label("GND (common)", fontsize=10,
                                                                   halign="left"))
    d.add(elm.Label().at((pico.usb[0] + 0.6, rail_top + 1.6)).label(
        f"{profile['name']}: {profile['led_count']} LEDs, colour order "
        f"{profile.get('color_order', 'GRB')}; wire each feed with {wire_for(supply)}; "
        "never power the LEDs from the Pico", fontsize=10, halign="left"))


def _cap_to_ground(d: schemdraw.Drawing, at: tuple, label: str, polar: bool):
    """A capacitor from a +5 V wire at `at` to ground, drawn beside the wire (no crossings)."""
    d.add(elm.Dot().at(at))
    d.add(elm.Line().at(at).left(1.4))
    d.add(elm.Capacitor(polar=polar).down(1.1).label(label, loc="top", fontsize=9))
    d.add(elm.Ground())


def svg_text(profile: dict) -> str:
    """The schematic as SVG text (schemdraw's own backend: text stays text, no timestamp)."""
    return _drawing(profile, "svg").get_imagedata("svg").decode("utf-8")


def png_image(profile: dict) -> Image.Image:
    """The schematic drawn by matplotlib (its bundled font), as an RGB picture."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    drawing = _drawing(profile, "matplotlib")
    data = drawing.get_imagedata("png")
    plt.close(drawing.fig.fig)  # pyplot keeps every figure until closed
    with Image.open(io.BytesIO(data)) as img:
        return img.convert("RGB")
