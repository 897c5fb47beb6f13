"""Small drawing kit shared by views: colour scales, bar strips, tables, a PNG heat map.

Everything returns :class:`~lesson_core.kit.html.Markup` built with :func:`~lesson_core.kit.html.h`,
so values are escaped. Colours come from CSS custom properties where the theme
should decide (``var(--aula-pos)``), with fixed fallbacks for the heat map image.
"""

from __future__ import annotations

import base64
import struct
import zlib
from typing import Sequence

from .fmt import fmt
from .html import Markup, h, num

__all__ = ["diverging_rgb", "hex_rgb", "png_data_uri", "bar_strip", "table", "clamp"]

# Lightness falls from -1 to +1 (luma about 232, 170, 45), so the sign stays readable on a grayscale print.
NEG = (222, 235, 247)   # pale blue for -1
MID = (189, 160, 170)   # muted mauve for 0
POS = (120, 10, 30)     # dark red for +1


def clamp(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


def diverging_rgb(v: float) -> tuple[int, int, int]:
    """Map v in [-1, 1] to pale blue - mauve - dark red, darker as v grows. Example: 0 -> (189, 160, 170)."""
    v = clamp(v, -1.0, 1.0)
    end = POS if v >= 0 else NEG
    t = abs(v)
    return tuple(round(m + (e - m) * t) for m, e in zip(MID, end))  # type: ignore[return-value]


def hex_rgb(rgb: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % rgb


def png_data_uri(pixels: Sequence[Sequence[tuple[int, int, int]]]) -> str:
    """Encode rows of RGB pixels as a PNG (8-bit truecolour) data URI, standard library only."""
    height, width = len(pixels), len(pixels[0])
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def bar_strip(values: Sequence[float], x: float, y: float, width: float, height: float,
              vmax: float = 1.0, cls: str = "aula-bar") -> Markup:
    """Vertical bars around a zero line, one per value, as a single path per sign.

    ``vmax`` is the value that reaches the full half-height; larger values are
    clipped and marked with a notch so nothing leaves the frame."""
    n = len(values)
    bw = width / n
    mid = y + height / 2
    half = height / 2
    pos_path, neg_path, clip = [], [], []
    for j, v in enumerate(values):
        frac = clamp(v / vmax, -1.0, 1.0)
        bh = abs(frac) * half
        x0 = x + j * bw + bw * 0.12
        seg = f"M{num(x0)} {num(mid)}h{num(bw * 0.76)}v{num(-bh if v >= 0 else bh)}h{num(-bw * 0.76)}z"
        (pos_path if v >= 0 else neg_path).append(seg)
        if abs(v) > vmax:
            clip.append(h("path", {"d": f"M{num(x0)} {num(y if v > 0 else y + height)}h{num(bw * 0.76)}",
                                   "class": "aula-clip"}))
    return h("g", {"class": cls},
             h("line", {"x1": num(x), "x2": num(x + width), "y1": num(mid), "y2": num(mid), "class": "aula-axis"}),
             h("path", {"d": "".join(pos_path) or "M0 0", "class": "aula-pos"}),
             h("path", {"d": "".join(neg_path) or "M0 0", "class": "aula-neg"}),
             clip)


def table(headers: Sequence[object], rows: Sequence[Sequence[object]], cls: str = "aula-table",
          caption: str | None = None) -> Markup:
    """A plain table in a box that scrolls sideways when the screen is narrower than the table
    (the page never does); cells are escaped unless they are Markup."""
    return h("div", {"class": "aula-wide"}, h(
        "table", {"class": cls},
        h("caption", None, caption) if caption else None,
        h("thead", None, h("tr", None, [h("th", {"scope": "col"}, c) for c in headers])),
        h("tbody", None, [h("tr", None, [h("td", None, c) for c in row]) for row in rows])))


# Figure colours: CSS custom properties that follow the reader's scheme (aula.css sets both).
# SVG presentation attributes cannot hold var(), so colours go in a style attribute: paint().
RED, BLUE, GOLD, GREEN, PURPLE, GREY, GRID, PAPER = (
    f"var(--aula-{n})" for n in ("red", "blue", "gold", "green", "purple", "grey", "grid", "paper"))


def paint(fill: str | None = None, stroke: str | None = None) -> dict:
    """Attributes colouring an SVG element: ``paint(fill=RED)`` -> ``{"style": "fill:var(--aula-red)"}``."""
    rules = [f"{k}:{v}" for k, v in (("fill", fill), ("stroke", stroke)) if v]
    return {"style": ";".join(rules)}


def fmt_vec(values: Sequence[float], lang: str, decimals: int = 2) -> str:
    """(0,84; −0,54; …) — semicolons separate items when the decimal mark is a comma."""
    return "(" + "; ".join(fmt(v, lang, decimals) for v in values) + ")"


__all__ += ["fmt_vec", "paint", "RED", "BLUE", "GOLD", "GREEN", "PURPLE", "GREY", "GRID", "PAPER"]
