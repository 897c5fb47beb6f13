"""Small drawing kit shared by views: colour scales, bar strips, tables, a PNG heat map.

Everything returns :class:`~lesson_core.kit.html.Markup` built with :func:`~lesson_core.kit.html.h`,
so values are escaped. Colours come from CSS custom properties where the theme
should decide (``var(--aula-pos)``), with fixed fallbacks for the heat map image.
"""

from __future__ import annotations

import base64
import math
import re
import struct
import textwrap
import zlib
from dataclasses import dataclass
from typing import Callable, Sequence

from .fmt import fmt, tr
from .html import Markup, h, num, text_of

__all__ = ["diverging_rgb", "hex_rgb", "png_data_uri", "bar_strip", "column_labels", "table", "clamp"]

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


def column_labels(texts: Sequence[object], x: float, width: float, y: float, cls: str = "aula-tick") -> list[Markup]:
    """One label centred under each of ``len(texts)`` equal columns from ``x`` over ``width``: the
    same grid as :func:`bar_strip`'s bars and as a heat map's columns, so a number sits under its bar."""
    step = width / len(texts)
    return [h("text", {"x": num(x + (j + 0.5) * step), "y": num(y), "class": cls, "text-anchor": "middle"}, t)
            for j, t in enumerate(texts)]


def table(headers: Sequence[object], rows: Sequence[Sequence[object]], cls: str = "aula-table",
          caption: str | None = None) -> Markup:
    """A plain table in a box that scrolls sideways when the screen is narrower than the table
    (the page never does); cells are escaped unless they are Markup."""
    return h("div", {"class": "aula-wide"}, _table(headers, rows, cls, caption))


def _table(headers: Sequence[object], rows: Sequence[Sequence[object]], cls: str, caption: str | None,
           style: str | None = None) -> Markup:
    return h("table", {"class": cls, "style": style},
             h("caption", None, caption) if caption else None,
             h("thead", None, h("tr", None, [h("th", {"scope": "col"}, c) for c in headers])),
             h("tbody", None, [h("tr", None, [h("td", None, c) for c in row]) for row in rows]))


CARD_COLUMNS = 9  # aula.css labels this many columns of a card table


def _css_string(text: str) -> str:
    """``text`` as a CSS string: quotes, backslashes, brackets (so no ``url(``) and control
    characters hex-escaped: ``a"(b`` -> ``"a\\22 \\28 b"``."""
    return '"' + "".join(f"\\{ord(c):x} " if c in '"\\()' or ord(c) < 32 or ord(c) == 127 else c for c in text) + '"'


def card_table(headers: Sequence[object], rows: Sequence[Sequence[object]], caption: str | None = None,
               titled: bool = False, scroll: bool = False, inline: bool = False) -> Markup:
    """:func:`table`, which below 560 px (a container query, aula.css) reads as one card per row:
    the row's first cell heads its card (after its column's header when ``titled``: "Paso 3"),
    every other cell follows its header and wraps; a column with an empty header shows its cell
    alone. One markup serves both widths (the headers reach the cards once per table, as the CSS
    strings ``--aula-c1`` ...), so precomputed states barely grow; print keeps the table.
    ``scroll``: a tall table scrolls in its own box, on a wide screen only. ``inline``: short rows,
    whose first cell starts the card's line instead of heading it."""
    if len(headers) > CARD_COLUMNS:
        raise ValueError(f"a card table labels at most {CARD_COLUMNS} columns (aula.css)")
    style = ";".join(f"--aula-c{j + 1}:{_css_string(text_of(c))}" for j, c in enumerate(headers)
                     if text_of(c) and (j or titled))
    cls = "aula-table aula-table-cards" + (" aula-table-inline" if inline else "")
    inner = h("div", {"class": "aula-wide"}, _table(headers, rows, cls, caption, style or None))
    return h("div", {"class": "aula-tables"}, h("div", {"class": "aula-scroll"}, inner) if scroll else inner)


__all__ += ["card_table"]


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


# --- A figure knows its width (issue 16) ---------------------------------------------------
# A widget draws a figure once, as a function of a Frame, and figure() lays it out twice from the
# same numbers: WIDE for tablets and desktops, NARROW for phones. Both live in the part's HTML
# (so they are precomputed, live and checked exactly like any part); aula.css shows one with a
# container query on the figure's box and prints the wide one.

WIDE = 560    # units: the desktop figure (its box is at least this many CSS px wide)
NARROW = 264  # units: fits the 266 px figure box of a 320 px phone, so text of 11 units stays >= 11 px
TICK_GAP = 80  # about one axis label per this many units (Observable Plot's rule of thumb)


@dataclass(frozen=True)
class Box:
    """A panel's place in a figure, in the figure's units."""
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Frame:
    """The width a figure is drawn for. ``frame.narrow`` says which layout is asked."""
    width: float

    @property
    def narrow(self) -> bool:
        return self.width < WIDE

    def pick(self, wide, narrow):
        """``wide`` or ``narrow``, by layout: ``frame.pick(5, 3)``."""
        return narrow if self.narrow else wide

    def panels(self, n: int, height: float, *, top: float = 0, pad: float = 10, gap: float = 20,
               vgap: float = 12) -> tuple[list[Box], float]:
        """``n`` panels of ``height``: side by side when wide, stacked when narrow.
        Returns the boxes and the height the figure needs below ``top``."""
        inner = self.width - 2 * pad
        if self.narrow:
            boxes = [Box(pad, top + i * (height + vgap), inner, height) for i in range(n)]
            return boxes, n * height + (n - 1) * vgap
        w = (inner - (n - 1) * gap) / n
        return [Box(pad + i * (w + gap), top, w, height) for i in range(n)], height


def thin(items: Sequence, span: float, per: float = TICK_GAP, keep_last: bool = False) -> list:
    """Every k-th item so that about one falls in each ``per`` units of ``span``:
    ``thin([2017, ..., 2025], 210)`` -> ``[2017, 2021, 2025]``. The first is always kept."""
    room = max(2, int(span // per) + 1)
    k = max(1, -(-len(items) // room))
    out = list(items[::k])
    if keep_last and items and out[-1] != items[-1]:
        out[-1] = items[-1]
    return out


def nice_ticks(lo: float, hi: float, span: float, per: float = TICK_GAP) -> list[float]:
    """Round ticks from ``lo`` to ``hi`` (1, 2, 2.5 or 5 times a power of ten), about one
    per ``per`` units of ``span``: ``nice_ticks(0, 10000, 500)`` -> 0, 2500, ..., 10000."""
    want = max(1, int(span // per))
    raw = (hi - lo) / want
    power = 1.0
    while power * 10 <= raw:
        power *= 10
    while power > raw:
        power /= 10
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = -(-lo // step) * step
    count = int((hi - first) // step + 1e-9) + 1
    return [first + i * step for i in range(count)]


# Short counts for narrow axes: "10 M", "mil M" (es: mil millones), "1 bi" (pt: bilhão).
_SHORT = {"es": ((10**12, "B"), (10**9, "mil M"), (10**6, "M"), (10**3, "mil")),
          "pt": ((10**12, "tri"), (10**9, "bi"), (10**6, "mi"), (10**3, "mil"))}


def short_count(x: float, lang: str) -> str:
    """A count in a few characters, for tick labels: 1e7 -> "10 M" / "10 mi"; 1e9 -> "mil M" / "1 bi"."""
    for unit, name in tr(lang, _SHORT):
        if abs(x) >= unit:
            v = x / unit
            digits = 0 if float(v).is_integer() else 1
            if lang == "es" and unit == 10**9 and v == 1:
                return name
            return f"{fmt(v, lang, digits)}\u00a0{name}"
    return fmt(x, lang)


# A phone held sideways (844 x 390 CSS px): about 780 px of width and 320 px of height under the
# header for a figure; the wide drawing is shown at most 800 px wide, the narrow one 420 px (aula.css).
LANDSCAPE_ROOM = (780, 320)


def _landscape_scale(drawing: Markup, widest: float) -> float:
    """How many CSS px a unit of ``drawing`` gets on a landscape phone, its height capped by the screen's."""
    boxes = [(float(w), float(hh)) for w, hh in re.findall(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', str(drawing))]
    if not boxes:
        return 0.0
    width, height = max(w for w, _ in boxes), math.fsum(hh for _, hh in boxes)
    return min(min(widest, LANDSCAPE_ROOM[0]) / width, LANDSCAPE_ROOM[1] / height)


def figure(draw: Callable[[Frame], Markup], legend: Markup | None = None) -> Markup:
    """The figure ``draw(frame)`` makes (an :func:`~lesson_core.kit.html.svg`), laid out wide and
    narrow from the same numbers, with an optional HTML legend under both (see :func:`legend`).
    A figure whose narrow drawing keeps its text larger on a landscape phone (a tall wide drawing,
    shrunk to the screen's height) is marked ``aula-figs-upright``: aula.css shows that one there."""
    wide, narrow = draw(Frame(WIDE)), draw(Frame(NARROW))
    upright = _landscape_scale(narrow, 420) > _landscape_scale(wide, 800)
    return h("div", {"class": "aula-figs aula-figs-upright" if upright else "aula-figs"},
             h("div", {"class": "aula-lay-wide"}, wide),
             h("div", {"class": "aula-lay-narrow"}, narrow),
             legend)


def text_lines(text: str, x: float, y: float, chars: int, cls: str = "aula-note", step: float = 16,
               anchor: str | None = None) -> list[Markup]:
    """``text`` broken at spaces into lines of at most ``chars`` characters, the first at ``y``, one
    ``<text>`` each: a caption a narrow figure cannot hold on one line keeps its words and its size."""
    return [h("text", {"x": num(x), "y": num(y + i * step), "class": cls, "text-anchor": anchor}, line)
            for i, line in enumerate(textwrap.wrap(text, chars, break_long_words=False))]


def legend(items: Sequence[tuple[Markup, str]]) -> Markup:
    """A legend as an HTML list under the plot, which wraps on a phone: ``(key, text)`` pairs,
    keys from :func:`line_key` or :func:`dot_key`."""
    return h("ul", {"class": "aula-legend"},
             [h("li", None, h("svg", {"viewBox": "0 0 24 12", "width": 24, "height": 12, "aria-hidden": "true",
                                      "class": "aula-legend-key"}, key), text) for key, text in items])


def line_key(cls: str | None = "aula-line", **attrs) -> Markup:
    """A legend key for a line drawn with the same class (and dash or paint)."""
    return h("line", {"x1": 1, "x2": 23, "y1": 6, "y2": 6, "class": cls, **attrs})


def dot_key(cls: str = "aula-dot", **attrs) -> Markup:
    """A legend key for a dot drawn with the same class (or paint)."""
    return h("circle", {"cx": 12, "cy": 6, "r": 4, "class": cls, **attrs})


__all__ += ["WIDE", "NARROW", "Box", "Frame", "thin", "nice_ticks", "short_count", "figure", "legend", "text_lines",
            "line_key", "dot_key"]


# --- Tables on a phone (issue 16) -------------------------------------------------------------
# A table wider than a phone that should read as one card per row is :func:`card_table` (one
# markup, above). One whose phone form is something else (stacked tables, the table turned on its
# side, a <details>) comes twice in the part's HTML: the table as it is and its narrow form, built
# from the same cells; aula.css shows the narrow one in a box under 600 px and prints the table.

def table_forms(wide: Markup, narrow: Markup) -> Markup:
    """``wide`` (a :func:`table`) and ``narrow`` side by side in the markup; CSS shows one, like
    :func:`figure`'s two drawings."""
    return h("div", {"class": "aula-tabs"}, h("div", {"class": "aula-tab-wide"}, wide),
             h("div", {"class": "aula-tab-narrow"}, narrow))


def turned(headers: Sequence[object], rows: Sequence[Sequence[object]], cls: str = "aula-table") -> Markup:
    """The table on its side: each column a row (a few long rows become many short ones)."""
    cols = list(zip(*([headers] + [list(r) for r in rows])))
    return table(cols[0], [list(c) for c in cols[1:]], cls=cls)


__all__ += ["table_forms", "turned"]
