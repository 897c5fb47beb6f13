"""Escape-by-default HTML/SVG building: the one place views make markup.

Every value put into markup goes through :func:`esc` unless it is already
:class:`Markup` (trusted markup this module produced). Follows the idea of
observablehq/framework ``src/html.ts``: user text is data, never code.

Example: ``h("b", {"class": "x"}, "<i>")`` -> ``<b class="x">&lt;i&gt;</b>``
"""

from __future__ import annotations

import html as _html
import re
from typing import Iterable, Mapping

__all__ = ["Markup", "esc", "h", "join", "svg", "text_of"]

# Elements with no closing tag in HTML; SVG elements self-close instead.
_VOID = {"area", "br", "col", "hr", "img", "input", "meta", "link", "source", "wbr"}
_SVG_LEAF = {"rect", "circle", "line", "path", "polyline", "polygon", "ellipse", "stop", "use"}


class Markup(str):
    """A string that is already safe markup; esc() passes it through."""

    __slots__ = ()


def esc(value: object) -> Markup:
    """Escape text for use in element content or a double-quoted attribute."""
    if isinstance(value, Markup):
        return value
    text = str(value)
    text = (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )
    return Markup(text)


def _attrs(attrs: Mapping[str, object] | None) -> str:
    if not attrs:
        return ""
    out = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{esc(value)}"')
    return "".join(out)


def _children(children: Iterable[object]) -> str:
    parts = []
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, (list, tuple)):
            parts.append(_children(child))
        else:
            parts.append(esc(child))
    return "".join(parts)


def h(tag: str, attrs: Mapping[str, object] | None = None, *children: object) -> Markup:
    """Build one element; attributes and text children are escaped."""
    if tag in _VOID:
        return Markup(f"<{tag}{_attrs(attrs)}>")
    if tag in _SVG_LEAF and not children:
        return Markup(f"<{tag}{_attrs(attrs)}/>")
    return Markup(f"<{tag}{_attrs(attrs)}>{_children(children)}</{tag}>")


def text_of(value: object) -> str:
    """The words a reader hears: markup's tags dropped and entities read; plain text unchanged.

    Example: ``text_of(h("em", None, "a < b"))`` -> ``a < b``"""
    if not isinstance(value, Markup):
        return str(value)
    return _html.unescape(re.sub(r"<[^>]*>", "", value))


def join(items: Iterable[object], sep: str = "") -> Markup:
    """Concatenate escaped items."""
    return Markup(esc(sep).join(esc(i) for i in items))


def svg(width: float, height: float, *children: object, label: str = "", cls: str = "") -> Markup:
    """An inline, responsive SVG with a viewBox and an accessible label, in a box of its own.

    The figure never shrinks below its viewBox width (``min-width``), so text of 11 units
    stays 11 CSS px or more on a phone; where the screen is narrower the box scrolls
    sideways (the bridge, readers.js, makes it focusable and names it). A figure with clickable or
    draggable parts is a named group of those controls rather than one image."""
    inner = _children(children)
    interactive = "data-set-param" in inner or "data-drag-x" in inner
    attrs = {
        "viewBox": f"0 0 {num(width)} {num(height)}",
        "class": ("aula-svg " + cls).strip(),
        "role": "group" if interactive else "img",
        "aria-label": label or None,
        "style": f"min-width:{num(width)}px",
        "xmlns": "http://www.w3.org/2000/svg",
    }
    return h("div", {"class": "aula-fig"}, h("svg", attrs, Markup(inner)))


def num(x: float) -> str:
    """A coordinate for SVG: at most 2 decimals, no trailing zeros, never NaN."""
    if x != x or x in (float("inf"), float("-inf")):
        raise ValueError("non-finite coordinate")
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
