"""A deuteranopia simulation for the look tests of every game (both runtimes): how a
deuteranope sees a colour, and how far apart two colours then are."""

# Machado, Oliveira and Fernandes (2009), deuteranopia at severity 1.0, on linear RGB
_DEUT = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
         (-0.011820, 0.042940, 0.968881))


def _lin(c):
    c = c / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(v):
    v = min(1.0, max(0.0, v))
    v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return v * 255


def deuteranopia(rgb):
    """How a deuteranope sees the colour 0xRRGGBB: an (r, g, b) of floats 0..255."""
    lin = (_lin((rgb >> 16) & 255), _lin((rgb >> 8) & 255), _lin(rgb & 255))
    return tuple(_srgb(row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]) for row in _DEUT)


def lightness(rgb):
    """The relative luminance (0..1) of the colour 0xRRGGBB as a deuteranope sees it."""
    r, g, b = deuteranopia(rgb)
    return 0.2126 * _lin(r) + 0.7152 * _lin(g) + 0.0722 * _lin(b)


def distance(a, b):
    """Euclidean distance of two (r, g, b) in 0..255 sRGB units."""
    return sum((a[i] - b[i]) ** 2 for i in range(3)) ** 0.5


def rgb3(rgb):
    """0xRRGGBB as an (r, g, b) of 0..255."""
    return ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255)


# Machado, Oliveira and Fernandes (2009), protanopia at severity 1.0, on linear RGB
_PROT = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
         (-0.003882, -0.048116, 1.051998))


def protanopia(rgb):
    """How a protanope sees the colour 0xRRGGBB: an (r, g, b) of floats 0..255."""
    lin = (_lin((rgb >> 16) & 255), _lin((rgb >> 8) & 255), _lin(rgb & 255))
    return tuple(_srgb(row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]) for row in _PROT)


def closest_pair(colours):
    """The smallest distance between two of `colours` (0xRRGGBB) as a deuteranope or a
    protanope sees them, whichever is smaller, and the pair: (distance, a, b)."""
    best = (1e9, 0, 0)
    for i in range(len(colours)):
        for j in range(i + 1, len(colours)):
            a, b = colours[i], colours[j]
            for sim in (deuteranopia, protanopia):
                d = distance(sim(a), sim(b))
                if d < best[0]:
                    best = (d, a, b)
    return best
