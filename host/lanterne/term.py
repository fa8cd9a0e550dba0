"""Draw a Canvas in a true-colour terminal: two LED rows per text row with the upper-half block
(foreground = upper pixel, background = lower pixel), so the panel keeps its square pixels."""

UPPER = "\u2580"
RESET = "\x1b[0m"


def _rgb(c):
    return (c >> 16) & 255, (c >> 8) & 255, c & 255


MAX_ZOOM = 4


def fit_zoom(width, height, columns, rows, reserve=0):
    """The largest zoom (1..MAX_ZOOM) at which a `width` x `height` canvas drawn by
    canvas_lines fits a terminal of `columns` x `rows` with `reserve` lines left for text
    (1 when even zoom 2 does not fit): `--step` and `watch` draw as large as the terminal
    allows, as `lanterne sim` does."""
    for z in range(MAX_ZOOM, 1, -1):
        if width * z <= columns and (height * z + 1) // 2 <= rows - reserve:
            return z
    return 1


def terminal_zoom(canvas_size, reserve=0):
    """fit_zoom for the terminal this process writes to (80 x 24 when unknown)."""
    import shutil

    size = shutil.get_terminal_size((80, 24))
    return fit_zoom(canvas_size[0], canvas_size[1], size.columns, size.lines, reserve)


def canvas_lines(canvas, lift=40, zoom=1):
    """The picture as a list of ANSI text lines (height * zoom / 2 of them, each LED `zoom`
    columns wide and `zoom` half-rows tall). `lift` makes dark-but-lit pixels visible on a
    black terminal, as they are on the real panel."""

    def up(c):
        if not c:
            return (0, 0, 0)
        return tuple(v + (255 - v) * lift // 255 if v else 0 for v in _rgb(c))

    zoom = max(1, zoom)
    half_rows = canvas.height * zoom
    lines = []
    for k in range(0, half_rows, 2):
        y_top, y_bot = k // zoom, (k + 1) // zoom if k + 1 < half_rows else -1
        parts = []
        for x in range(canvas.width):
            top = up(canvas.get(x, y_top))
            bottom = up(canvas.get(x, y_bot)) if y_bot >= 0 else (0, 0, 0)
            parts.append("\x1b[38;2;{};{};{}m\x1b[48;2;{};{};{}m".format(*top, *bottom)
                         + UPPER * zoom)
        lines.append("".join(parts) + RESET)
    return lines


def canvas_text(canvas):
    """The picture without colour codes: '#' lit, '.' dark (for logs and tests)."""
    return "\n".join(
        "".join("#" if canvas.get(x, y) else "." for x in range(canvas.width))
        for y in range(canvas.height)
    )
