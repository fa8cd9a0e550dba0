"""Drilling and cutting templates, to scale, from a profile's `physical` dimensions.

A hole board gets every LED hole; a panel board gets the window for its panels and the grid of
its diffuser. Both get each seat's six button holes, beside the seat's start square of the
Tac-Tik layout for that many players. Written as SVG in millimetres (print at 100 %, a 100 mm
bar checks the print) and as DXF for a laser cutter or CNC router.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from lanterne.documents import boards
from lanterne.documents.markdown import md_table

# Where a seat's six buttons sit, in button pitches: u to the player's right, v away from the
# player (towards the board). A direction pad on the left, A and B on the right, as on a gamepad.
CLUSTER = {"up": (-1.4, 1.0), "down": (-1.4, -1.0), "left": (-2.4, 0.0), "right": (-0.4, 0.0),
           "b": (0.9, -0.3), "a": (2.0, 0.3)}
CLEARANCE_MM = 10  # free wood between a button hole and the LED area or the board's edge
MIN_WEB_MM = 4  # wood left between two neighbouring holes
SCALE_BAR_MM = 100
LEGEND_MM = 62  # band under the board for the legend and the scale bar (four notes; each more
NOTE_MM = 6.5  # adds a line of this height)
FONT = "DejaVu Sans, Arial, sans-serif"
# seat side -> (u, v) unit vectors on the sheet (x right, y down): the player faces the board
SIDE_AXES = {"bottom": ((1, 0), (0, -1)), "top": ((-1, 0), (0, 1)),
             "left": ((0, 1), (1, 0)), "right": ((0, -1), (-1, 0))}


@dataclass
class Sheet:
    """A template: board size and what to cut, in mm, origin top-left, y down."""

    title: str
    width: float
    height: float
    window: tuple | None = None  # (x, y, w, h) cut out for the panels
    grid: list = field(default_factory=list)  # diffuser grid lines ((x0, y0), (x1, y1))
    led_holes: list = field(default_factory=list)  # (x, y)
    led_hole: float = 0.0
    buttons: list = field(default_factory=list)  # (x, y, label)
    button_hole: float = 0.0
    notes: list = field(default_factory=list)


def physical(profile: dict) -> dict:
    """The profile's physical sizes (mm); empty when it has none."""
    return profile.get("physical") or {}


def seat_count_options(profile: dict) -> list[int]:
    """Seat counts a template is drawn for: a hole board's Tac-Tik layouts (its holes are made
    for them), 4 and 6 on a panel board (the firmware lays out either on any panel)."""
    if profile["kind"] == "points":
        layouts = (profile.get("layouts") or {}).get("tactik") or {}
        return sorted(int(k) for k in layouts) or [4]
    return [4, 6]


def _firmware_layout(profile: dict, seats: int):
    """The firmware's own Tac-Tik layout of the board: where its start squares are."""
    boards.import_firmware()
    from firmware.games.tactik import layout_build

    dirs = (str(boards.PROFILES_DIR / "tactik"),)
    return layout_build.for_profile(profile, seats, dirs)


def seat_sides(profile: dict, seats: int) -> list[tuple[str, int]]:
    """(side, canvas coordinate along that side) of each seat: the board edge nearest the
    seat's start square in the Tac-Tik layout, seat i playing colour i."""
    layout = _firmware_layout(profile, seats)
    w, h = profile["width"], profile["height"]
    found = []
    for c in range(seats):
        p = layout.track[16 * c]
        x, y = p & 0xFF, p >> 8
        dist = {"bottom": h - 1 - y, "top": y, "left": x, "right": w - 1 - x}
        side = min(dist, key=lambda s: (dist[s], s))
        found.append((side, x if side in ("bottom", "top") else y))
    return found


def _cluster_extent(pitch: float) -> tuple[float, float, float, float]:
    us = [u for u, _ in CLUSTER.values()]
    vs = [v for _, v in CLUSTER.values()]
    return min(us) * pitch, max(us) * pitch, min(vs) * pitch, max(vs) * pitch


def sheet(profile: dict, seats: int) -> Sheet:
    """The template of a board for `seats` players."""
    ph = physical(profile)
    pitch, margin = ph["pitch_mm"], ph["margin_mm"]
    w, h = profile["width"], profile["height"]
    area_w, area_h = w * pitch, h * pitch
    sh = Sheet(title=f"{profile['name']}: drilling template, {seats} seats",
               width=area_w + 2 * margin, height=area_h + 2 * margin,
               button_hole=ph["button_hole_mm"])
    if profile["kind"] == "points":
        sh.led_hole = ph["led_hole_mm"]
        sh.led_holes = [(margin + (x + 0.5) * pitch, margin + (y + 0.5) * pitch)
                        for x, y in profile["leds"]]
    else:
        sh.window = (margin, margin, area_w, area_h)
        for i in range(1, w):
            sh.grid.append(((margin + i * pitch, margin), (margin + i * pitch, margin + area_h)))
        for j in range(1, h):
            sh.grid.append(((margin, margin + j * pitch), (margin + area_w, margin + j * pitch)))
    bp = ph["button_pitch_mm"]
    u0, u1, v0, v1 = _cluster_extent(bp)
    uc, vc = (u0 + u1) / 2, (v0 + v1) / 2
    half_u = (u1 - u0) / 2 + sh.button_hole / 2
    for seat, (side, along) in enumerate(seat_sides(profile, seats)):
        (ux, uy), (vx, vy) = SIDE_AXES[side]
        along_mm = margin + (along + 0.5) * pitch
        length = sh.width if side in ("bottom", "top") else sh.height
        along_mm = min(max(along_mm, margin + half_u), length - margin - half_u)
        out = margin / 2  # the cluster's middle, halfway across the border
        cx, cy = {"bottom": (along_mm, sh.height - out), "top": (along_mm, out),
                  "left": (out, along_mm), "right": (sh.width - out, along_mm)}[side]
        for name, (u, v) in CLUSTER.items():
            du, dv = u * bp - uc, v * bp - vc
            label = name.upper() if len(name) == 1 else name
            sh.buttons.append((cx + du * ux + dv * vx, cy + du * uy + dv * vy,
                               f"{seat} {label}"))
    sh.notes = notes(profile, sh)
    return sh


def notes(profile: dict, sh: Sheet) -> list[str]:
    """The legend: every dimension a maker needs besides the drawing itself."""
    ph = physical(profile)
    out = [f"board {sh.width:g} x {sh.height:g} mm; LED pitch {ph['pitch_mm']:g} mm; "
           f"border {ph['margin_mm']:g} mm"]
    if sh.window:
        out.append(f"window {sh.window[2]:g} x {sh.window[3]:g} mm for the panels; "
                   f"grey lines: diffuser grid walls every {ph['pitch_mm']:g} mm")
    else:
        alts = "; ".join(f"{label}: {d:g} mm" for label, d in ph.get("led_hole_options_mm", []))
        out.append(f"LED holes drawn {sh.led_hole:g} mm ({len(sh.led_holes)} holes)"
                   + (f"; {alts}" if alts else ""))
    out.append(f"button holes {sh.button_hole:g} mm, {ph['button_pitch_mm']:g} mm apart; "
               "label: seat, button (0 A = seat 0, A)")
    if not profile.get("seat_buttons"):
        out.append("a set of six at every seat, wired in parallel (every up on one GPIO, ...); "
                   "up points away from its player, and is the panel's up for every seat")
    out.append(f"print at 100 %: the bar below must measure {SCALE_BAR_MM} mm")
    return out


def sheet_problems(profile: dict) -> list[str]:
    """What makes a profile's `physical` data unusable for a template; empty when good."""
    ph = physical(profile)
    if not ph:
        return ["physical missing: no drilling template (see ADDING_A_PROFILE.md)"]
    keys = ["pitch_mm", "margin_mm", "button_hole_mm", "button_pitch_mm"]
    if profile["kind"] == "points":
        keys.append("led_hole_mm")
    problems = [f"physical.{k} must be a positive number" for k in keys
                if not isinstance(ph.get(k), (int, float)) or ph[k] <= 0]
    if problems:
        return problems
    if profile["kind"] == "points" and ph["led_hole_mm"] > ph["pitch_mm"] - MIN_WEB_MM:
        problems.append("physical.led_hole_mm leaves too little wood between LED holes")
    if ph["button_hole_mm"] > ph["button_pitch_mm"] - MIN_WEB_MM:
        problems.append("physical.button_hole_mm leaves too little wood between buttons")
    u0, u1, v0, v1 = _cluster_extent(ph["button_pitch_mm"])
    depth = v1 - v0 + ph["button_hole_mm"]
    if ph["margin_mm"] < depth + 2 * CLEARANCE_MM:
        problems.append(f"physical.margin_mm must be at least {depth + 2 * CLEARANCE_MM:g} "
                        "to hold a seat's buttons")
    for at in ph.get("feeds_at", []):
        if not isinstance(at, int) or not 0 <= at < profile["led_count"]:
            problems.append(f"physical.feeds_at: {at!r} is not an LED of the chain")
    if problems:
        return problems
    for seats in seat_count_options(profile):
        try:
            sh = sheet(profile, seats)
        except ValueError as exc:
            problems.append(f"{seats} seats: {exc}")
            continue
        problems += [f"{seats} seats: {p}" for p in _overlaps(sh)]
    return problems


def _overlaps(sh: Sheet) -> list[str]:
    """Button holes of two seats that touch: two seats on one side, too wide a spacing. (The
    border check keeps every seat's buttons inside its border, clear of the LEDs.)"""
    found = []
    r = sh.button_hole / 2
    for i, (x, y, label) in enumerate(sh.buttons):
        for x2, y2, label2 in sh.buttons[i + 1:]:
            if (x - x2) ** 2 + (y - y2) ** 2 < (2 * r + MIN_WEB_MM) ** 2:
                found.append(f"buttons {label} and {label2} overlap")
    return found


def sizes_table(profiles: dict) -> str:
    """Markdown: the real size of every board, for ENCLOSURE.md."""
    rows = []
    for name, p in profiles.items():
        ph = physical(p)
        if sheet_problems(p):
            rows.append((name, "—", "—", "—", "—", "—"))
            continue
        pitch = ph["pitch_mm"]
        count, size = boards.panels(p)
        what = (f"{count} panels of {size} ({p['wiring']['panel_width'] * pitch:g} mm square)"
                if count else f"{p['led_count']} LED holes on a {p['width']} × {p['height']} grid")
        w, h = p["width"] * pitch, p["height"] * pitch
        plate = f"{w + 2 * ph['margin_mm']:g} × {h + 2 * ph['margin_mm']:g} mm"
        rows.append((name, f"{w:g} × {h:g} mm", f"{pitch:g} mm", what, plate,
                     f"{ph['margin_mm']:g} mm"))
    return md_table(("profile", "LED area", "pitch", "made of", "top plate (template)",
                     "border for the buttons"), rows)


# --------------------------------------------------------------------------------------------
# SVG


def _f(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def svg_text(sh: Sheet) -> str:
    """The template as SVG in mm (1 user unit = 1 mm), for printing at 100 %."""
    total_h = sh.height + LEGEND_MM + NOTE_MM * max(0, len(sh.notes) - 4)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(sh.width)}mm" '
        f'height="{_f(total_h)}mm" viewBox="0 0 {_f(sh.width)} {_f(total_h)}">',
        f"<title>{sh.title}</title>",
        '<rect x="0" y="0" width="100%" height="100%" fill="white"/>',
        f'<rect x="0" y="0" width="{_f(sh.width)}" height="{_f(sh.height)}" fill="none" '
        'stroke="black" stroke-width="0.5"/>',
    ]
    if sh.window:
        x, y, w, h = sh.window
        out.append('<g stroke="#999" stroke-width="0.2">')
        out += [f'<line x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(b[0])}" y2="{_f(b[1])}"/>'
                for a, b in sh.grid]
        out.append("</g>")
        out.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" '
                   'fill="none" stroke="red" stroke-width="0.5"/>')
        out.append(_dim(x, y + h + 8, x + w, y + h + 8, f"{_f(w)} mm"))
    r = sh.led_hole / 2
    if sh.led_holes:
        out.append('<g fill="none" stroke="black" stroke-width="0.3">')
        for x, y in sh.led_holes:
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}"/>'
                       f'<path d="M{_f(x - 1)} {_f(y)}h2M{_f(x)} {_f(y - 1)}v2"/>')
        out.append("</g>")
        (x0, y0), (x1, _) = sh.led_holes[0], sh.led_holes[1]
        out.append(_dim(min(x0, x1), y0 + r + 6, max(x0, x1), y0 + r + 6,
                        f"{_f(abs(x1 - x0))}", size=3))
    rb = sh.button_hole / 2
    out.append('<g fill="none" stroke="blue" stroke-width="0.4">')
    for x, y, _ in sh.buttons:
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(rb)}"/>'
                   f'<path d="M{_f(x - 2)} {_f(y)}h4M{_f(x)} {_f(y - 2)}v4"/>')
    out.append("</g>")
    out.append(f'<g font-family="{FONT}" font-size="3.5" fill="blue" text-anchor="middle">')
    for x, y, label in sh.buttons:
        out.append(f'<text x="{_f(x)}" y="{_f(y + rb + 4)}">{label}</text>')
    out.append("</g>")
    out.append(_dim(0, sh.height + 8, sh.width, sh.height + 8, f"{_f(sh.width)} mm"))
    out.append(f'<g font-family="{FONT}" font-size="5" fill="black">')
    out.append(f'<text x="4" y="{_f(sh.height + 20)}" font-size="6">{sh.title}</text>')
    for i, note in enumerate(sh.notes):
        out.append(f'<text x="4" y="{_f(sh.height + 28 + NOTE_MM * i)}">{_escape(note)}</text>')
    out.append("</g>")
    bar_y = total_h - 6
    out.append(f'<path d="M4 {_f(bar_y)}h{SCALE_BAR_MM}" stroke="black" stroke-width="1.5"/>')
    for k in range(0, SCALE_BAR_MM + 1, 10):
        tick = 4 if k % 50 == 0 else 2
        out.append(f'<path d="M{4 + k} {_f(bar_y)}v{-tick}" stroke="black" stroke-width="0.3"/>')
    out.append(f'<text x="{4 + SCALE_BAR_MM + 3}" y="{_f(bar_y + 1.5)}" font-family="{FONT}" '
               f'font-size="5">{SCALE_BAR_MM} mm</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _dim(x0, y0, x1, y1, text, size=4.5) -> str:
    """A dimension line with end ticks and its text above the middle."""
    return (f'<g stroke="black" stroke-width="0.25"><path d="M{_f(x0)} {_f(y0)}L{_f(x1)} '
            f'{_f(y1)}M{_f(x0)} {_f(y0 - 2)}v4M{_f(x1)} {_f(y1 - 2)}v4"/></g>'
            f'<text x="{_f((x0 + x1) / 2)}" y="{_f((y0 + y1) / 2 - 1.5)}" font-family="{FONT}" '
            f'font-size="{_f(size)}" text-anchor="middle">{text}</text>')


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --------------------------------------------------------------------------------------------
# DXF

LAYERS = {"OUTLINE": 7, "WINDOW": 1, "GRID": 8, "LED_HOLES": 7, "BUTTON_HOLES": 5, "TEXT": 3}


def dxf_text(sh: Sheet) -> str:
    """The template as DXF (R2010, mm, y up): one layer per kind of cut, no timestamps."""
    import ezdxf

    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True  # no dates or random ids
    try:
        doc = ezdxf.new("R2010", setup=False)
        doc.units = ezdxf.units.MM
        for name, colour in LAYERS.items():
            doc.layers.add(name, color=colour)
        msp = doc.modelspace()
        H = sh.height

        def pt(x, y):
            return (round(x, 3), round(H - y, 3))

        msp.add_lwpolyline([pt(0, 0), pt(sh.width, 0), pt(sh.width, H), pt(0, H)], close=True,
                           dxfattribs={"layer": "OUTLINE"})
        if sh.window:
            x, y, w, h = sh.window
            msp.add_lwpolyline([pt(x, y), pt(x + w, y), pt(x + w, y + h), pt(x, y + h)],
                               close=True, dxfattribs={"layer": "WINDOW"})
            for a, b in sh.grid:
                msp.add_line(pt(*a), pt(*b), dxfattribs={"layer": "GRID"})
        for x, y in sh.led_holes:
            msp.add_circle(pt(x, y), sh.led_hole / 2, dxfattribs={"layer": "LED_HOLES"})
        for x, y, label in sh.buttons:
            msp.add_circle(pt(x, y), sh.button_hole / 2, dxfattribs={"layer": "BUTTON_HOLES"})
            msp.add_text(label, height=3.5, dxfattribs={"layer": "TEXT"}).set_placement(
                pt(x, y + sh.button_hole / 2 + 4), align=ezdxf.enums.TextEntityAlignment.CENTER)
        for i, note in enumerate([sh.title] + sh.notes):
            msp.add_text(note, height=4, dxfattribs={"layer": "TEXT"}).set_placement(
                pt(4, H + 14 + 6.5 * i))
        # the CLASSES section follows a set's order, which varies between runs: sort it
        doc.classes.add_required_classes(doc.dxfversion)
        doc.classes.classes = dict(sorted(doc.classes.classes.items()))
        buf = io.StringIO()
        doc.write(buf)
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed
    return buf.getvalue()
