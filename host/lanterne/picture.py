"""Canvases and LED frames -> Pillow images (PNG, animated GIF): the panel as a picture, one
square "LED" per pixel on a dark background. Used by `lanterne sim --snapshot`, replay pictures
and the hardware documents."""

from __future__ import annotations

from PIL import Image, ImageDraw

from firmware import ledmap
from firmware.canvas import Canvas
from firmware.output import channel_offsets

BACKGROUND = (12, 12, 14)


def shown_at(profile: dict) -> int:
    """The brightness (0..255) at which a picture of an LED frame shows the canvas as drawn:
    the profile's default (firmware/output.py's when the profile names none). Frames shown
    dimmer or brighter are pictured dimmer or brighter (frame_to_canvas's `gain`)."""
    return profile.get("brightness", {}).get("default", 40)


def frame_to_canvas(profile: dict, buf, order: str | None = None, gain: int = 255,
                    table=None) -> Canvas:
    """Decode an LED chain buffer (as sent to the strip) back into a Canvas through the
    profile's LED map (`table`: ledmap.build(profile), if already built). `gain` is the scale
    (0..255) whose frames show as drawn: values are divided back by it (a channel past full
    stays full), so a dim panel still gives a readable picture; `shown_at(profile)` pictures
    the frame as the board's LEDs show it, relative to the default brightness."""
    w, h = profile["width"], profile["height"]
    if table is None:
        table = ledmap.build(profile)
    ro, go, bo = channel_offsets(order or profile.get("color_order", "GRB"))
    canvas = Canvas(w, h)
    gain = max(1, gain)
    for p, led in enumerate(table):
        if led < 0:
            continue
        j = led * 3
        rgb = [buf[j + ro], buf[j + go], buf[j + bo]]
        rgb = [min(255, v * 255 // gain) for v in rgb]
        canvas.set(p % w, p // w, (rgb[0] << 16) | (rgb[1] << 8) | rgb[2])
    return canvas


def canvas_to_image(canvas: Canvas, scale: int = 8, gap: int = 1, lift: int = 0) -> Image.Image:
    """One scale x scale square per pixel (a `gap`-pixel dark seam between LEDs). `lift`
    (0..255) brightens dark colours so that dim pixels stay visible in a picture."""
    w, h = canvas.width, canvas.height
    img = Image.new("RGB", (w * scale, h * scale), BACKGROUND)
    draw = ImageDraw.Draw(img)
    inner = max(1, scale - gap)
    for y in range(h):
        for x in range(w):
            rgb = canvas.get(x, y)
            if not rgb:
                continue
            c = ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255)
            if lift:
                c = tuple(v + (255 - v) * lift // 255 if v else 0 for v in c)
            x0, y0 = x * scale, y * scale
            draw.rectangle([x0, y0, x0 + inner - 1, y0 + inner - 1], fill=c)
    return img


def save_png(canvas: Canvas, path, scale: int = 8) -> None:
    canvas_to_image(canvas, scale=scale).save(path, format="PNG")


def save_gif(frames, path, scale: int = 8, duration_ms: int = 500, loop: int = 0) -> None:
    """An animated GIF of Canvases (or of images already made)."""
    images = [f if isinstance(f, Image.Image) else canvas_to_image(f, scale=scale)
              for f in frames]
    if not images:
        raise ValueError("no frames")
    images[0].save(path, format="GIF", save_all=True, append_images=images[1:],
                   duration=duration_ms, loop=loop, disposal=1)
