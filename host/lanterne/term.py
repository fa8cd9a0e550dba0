"""Draw a Canvas in a true-colour terminal: two LED rows per text row with the upper-half block
(foreground = upper pixel, background = lower pixel), so the panel keeps its square pixels."""

UPPER = "\u2580"
RESET = "\x1b[0m"


def _rgb(c):
    return (c >> 16) & 255, (c >> 8) & 255, c & 255


def canvas_lines(canvas, lift=40):
    """The picture as a list of ANSI text lines (height / 2 of them). `lift` makes dark-but-lit
    pixels visible on a black terminal, as they are on the real panel."""

    def up(c):
        if not c:
            return (0, 0, 0)
        return tuple(v + (255 - v) * lift // 255 if v else 0 for v in _rgb(c))

    lines = []
    for y in range(0, canvas.height, 2):
        parts = []
        for x in range(canvas.width):
            top = up(canvas.get(x, y))
            bottom = up(canvas.get(x, y + 1)) if y + 1 < canvas.height else (0, 0, 0)
            parts.append("\x1b[38;2;{};{};{}m\x1b[48;2;{};{};{}m".format(*top, *bottom) + UPPER)
        lines.append("".join(parts) + RESET)
    return lines


def canvas_text(canvas):
    """The picture without colour codes: '#' lit, '.' dark (for logs and tests)."""
    return "\n".join(
        "".join("#" if canvas.get(x, y) else "." for x in range(canvas.width))
        for y in range(canvas.height)
    )
