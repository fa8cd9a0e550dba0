"""The pictures in hardware/generated/ that Pillow draws: each profile's LED index map and each
game's layout on its panel (drawn by the firmware's own renderer), captioned with the board's
3 × 5 pixel font, so the output does not depend on Pillow's fonts."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from firmware.font import glyphs
from lanterne.documents import boards

# the board's glyphs (15 bits, 3 a row, top row first), plus signs only the documents use
FONT = dict(glyphs(), **{"(": 0b010100100100010, ")": 0b010001001001010,
                       ",": 0b000000000010100, "%": 0b101001010100101, "_": 0b000000000000111})


def text_size(text: str, scale: int) -> tuple[int, int]:
    return (max(len(text) * 4 - 1, 0) * scale, 5 * scale)


def draw_text(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, fill, scale: int = 2):
    """Draw `text` (upper-cased) with the 3 × 5 font, top-left at (x, y)."""
    for ch in text.upper():
        bits = FONT.get(ch, FONT["#"])
        for i in range(15):
            if bits & (1 << (14 - i)):
                gx, gy = x + (i % 3) * scale, y + (i // 3) * scale
                draw.rectangle((gx, gy, gx + scale - 1, gy + scale - 1), fill=fill)
        x += 4 * scale


TILE_TINTS = ((255, 236, 204), (214, 234, 255), (222, 247, 214), (247, 222, 247),
              (255, 250, 200), (220, 240, 240), (240, 228, 214), (232, 232, 232), (255, 220, 220))
CELL = 40
MARGIN = 16
TITLE_H = 44


def ledmap_image(profile: dict) -> Image.Image:
    """The LED index map: every LED's chain index on the grid seen from the front (LED side),
    the chain drawn through them with arrows, panel joins in red, each panel's first LED boxed."""
    _, ledmap = boards.import_firmware()
    table = ledmap.build(profile)
    w, h = profile["width"], profile["height"]
    wiring = profile.get("wiring") or {}
    per_panel = (wiring.get("panel_width", w) * wiring.get("panel_height", h)
                 if profile["kind"] == "matrix" else profile["led_count"])
    width = 2 * MARGIN + w * CELL
    height = TITLE_H + 2 * MARGIN + h * CELL
    img = Image.new("RGB", (width, height), (255, 255, 255))
    d = ImageDraw.Draw(img)
    draw_text(d, MARGIN, 8, f"{profile['name']}: LED chain order, front view (LED side)",
              (0, 0, 0), 2)
    if profile["kind"] == "matrix":
        note = "data enters at 0. red: cable to the next panel. box: first LED of a panel"
    else:
        note = "data enters at 0 (box); follow the arrows from LED to LED"
    draw_text(d, MARGIN, 24, note, (90, 90, 90), 2)
    top = TITLE_H + MARGIN
    where = {}
    for y in range(h):
        for x in range(w):
            i = table[y * w + x]
            x0, y0 = MARGIN + x * CELL, top + y * CELL
            if i < 0:
                d.rectangle((x0, y0, x0 + CELL - 1, y0 + CELL - 1), fill=(245, 245, 245))
                continue
            where[i] = (x, y)
            tint = TILE_TINTS[(i // per_panel) % len(TILE_TINTS)]
            d.rectangle((x0, y0, x0 + CELL - 1, y0 + CELL - 1), fill=tint, outline=(200, 200, 200))
    n = profile["led_count"]

    def centre(i):
        x, y = where[i]
        return MARGIN + x * CELL + CELL // 2, top + y * CELL + (CELL * 7) // 10

    for i in range(n - 1):
        (ax, ay), (bx, by) = centre(i), centre(i + 1)
        join = (i + 1) % per_panel == 0
        colour = (220, 30, 30) if join else (110, 110, 110)
        d.line((ax, ay, bx, by), fill=colour, width=3 if join else 2)
        mx, my = (ax + bx) // 2, (ay + by) // 2
        length = math.hypot(bx - ax, by - ay) or 1
        ux, uy = (bx - ax) / length, (by - ay) / length
        tip = (mx + ux * 5, my + uy * 5)
        back1 = (mx - ux * 4 - uy * 4, my - uy * 4 + ux * 4)
        back2 = (mx - ux * 4 + uy * 4, my - uy * 4 - ux * 4)
        d.polygon([tip, back1, back2], fill=colour)
    for i in range(n):
        x, y = where[i]
        x0, y0 = MARGIN + x * CELL, top + y * CELL
        if i % per_panel == 0:
            d.rectangle((x0 + 1, y0 + 1, x0 + CELL - 2, y0 + CELL - 2), outline=(0, 150, 0),
                        width=3)
        label = str(i)
        tw, th = text_size(label, 2)
        lx = x0 + (CELL - tw) // 2
        tint = TILE_TINTS[(i // per_panel) % len(TILE_TINTS)]
        d.rectangle((lx - 2, y0 + 4, lx + tw + 1, y0 + 6 + th), fill=tint)
        draw_text(d, lx, y0 + 5, label, (0, 0, 0), 2)
    if profile["kind"] == "matrix" and wiring:
        pw, ph = wiring["panel_width"], wiring["panel_height"]
        for tx in range(0, w + 1, pw):
            d.line((MARGIN + tx * CELL, top, MARGIN + tx * CELL, top + h * CELL), fill=(0, 0, 0),
                   width=3)
        for ty in range(0, h + 1, ph):
            d.line((MARGIN, top + ty * CELL, MARGIN + w * CELL, top + ty * CELL), fill=(0, 0, 0),
                   width=3)
    return img


LAYOUT_SEED = 7  # the sample game each layout picture shows: this seed, the bot playing
LAYOUT_MOVES = 24  # this many moves (or to the end)


def _renderer():
    """(render_state, picture) from the firmware and the host tool, or None before they exist."""
    try:
        boards.import_firmware()
        from lanterne import picture, render_state
    except ImportError:
        return None
    return render_state, picture


def layout_games(profile: dict) -> list[str]:
    """The games whose layout picture is drawn for this profile: those it plays (its `games`,
    else every game the firmware knows) that the firmware can draw."""
    r = _renderer()
    if r is None:
        return []
    from firmware import games as registry

    wanted = profile.get("games") or registry.names()  # a profile may name the games it plays
    games = []
    for game in sorted(wanted):
        try:
            r[0].drawer(game)
            __import__("shared_rules." + game + ".rules")
        except (ValueError, ImportError):
            continue
        games.append(game)
    return games


def sample_state(game: str):
    """A mid-game state of `game`: a new game with LAYOUT_SEED, LAYOUT_MOVES baseline-bot moves."""
    engine = __import__("shared_rules." + game + ".rules", fromlist=["new_game"])
    state = engine.new_game(seed=LAYOUT_SEED)
    for _ in range(LAYOUT_MOVES):
        if state.is_over():
            break
        state.apply(engine.greedy_move(state))
    return state


def layout_image(profile: dict, game: str) -> Image.Image:
    """One game's layout on the panel, drawn by the firmware's own renderer, with a caption."""
    render_state, picture = _renderer()
    canvas = render_state.render(profile, game, sample_state(game))
    scale = max(8, 384 // max(profile["width"], profile["height"]))
    panel = picture.canvas_to_image(canvas, scale=scale)
    caption = f"{profile['name']}: {game}, seed {LAYOUT_SEED}, {LAYOUT_MOVES} bot moves"
    tw, _ = text_size(caption, 2)
    width = max(panel.width, tw) + 2 * MARGIN
    img = Image.new("RGB", (width, panel.height + 2 * MARGIN + 24), (255, 255, 255))
    draw_text(ImageDraw.Draw(img), MARGIN, 8, caption, (0, 0, 0), 2)
    img.paste(panel, (MARGIN, 24 + MARGIN))
    return img


def layout_images(profile: dict) -> dict[str, Image.Image]:
    """Each game's layout on the panel, drawn by the firmware's renderer (`render_state`)."""
    return {game: layout_image(profile, game) for game in layout_games(profile)}

