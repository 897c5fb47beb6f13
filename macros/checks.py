"""Checks of the HTML a widget produces: what a reader must never receive.

One rule for the HTML a widget's part may carry, stated once (``RULE``) and applied twice:
here, to every view and every precomputed state at build time, and in the reader's browser
(``overrides/bridge/safehtml.js``, which reads the same ``RULE`` from the page) to whatever
the bridge is about to insert, live results from Pyodide included. The rule is an allow-list,
taken from the HTML today's widgets produce:

- elements: only those in ``RULE["elements"]`` (so no ``<script>``, ``<style>``, ``<iframe>``,
  ``<a>``, ``<img>``, ``<foreignObject>``...);
- attributes: only those in ``RULE["attributes"]`` or starting with ``aria-`` / ``data-`` (so no
  ``on…=`` event attribute, no ``srcdoc``, ``formaction``, ``id`` or ``name``);
- URLs: ``href`` only as an inline image (``data:image/png;…`` and the like; so no
  ``javascript:`` link), and no ``url(`` in a ``style``.

At build time two more checks, which a reader's typed text cannot break, come on top:
- well-formed: every element closed in order, no stray end tag (stdlib ``html.parser``,
  so an unescaped ``<`` in user text shows up as an element that is never closed);
- finite: no ``nan``, ``inf`` or ``infinity`` as a word in text or an attribute value.

Example: ``problem("<p>x</b>")`` -> ``"</b> closes <p>"``; ``problem("<p>1.5</p>")`` -> ``None``;
``problem('<img src=x onerror=alert(1)>')`` -> ``"<img>, an element ..."``.
"""

from __future__ import annotations

import hashlib
import re
from html.parser import HTMLParser

__all__ = ["RULE", "problem", "rule_problems"]

# Names as the HTML parser reports them: lower case (viewBox -> viewbox).
RULE = {
    "elements": sorted({
        # text and layout
        "b", "bdi", "br", "caption", "code", "details", "div", "em", "h4", "i", "li", "mark", "meter",
        "ol", "p", "small", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td",
        "th", "thead", "tr", "ul",
        # figures (SVG)
        "circle", "ellipse", "g", "image", "line", "path", "polygon", "polyline", "rect", "svg",
        "text", "tspan",
    }),
    "attributes": sorted({
        "class", "dir", "lang", "role", "style", "tabindex", "title",
        "colspan", "rowspan", "scope", "open", "type", "value", "min", "max",
        "viewbox", "xmlns", "preserveaspectratio", "transform", "href",
        "cx", "cy", "r", "rx", "ry", "d", "x", "y", "x1", "x2", "y1", "y2", "width", "height", "points",
        "fill", "fill-opacity", "opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap",
        "stroke-linejoin", "stroke-opacity", "font-size", "font-weight", "text-anchor",
        "dominant-baseline", "pointer-events",
    }),
    "attribute_prefixes": ["aria-", "data-"],
    # the only URLs a part may carry: an inline image in <image href>
    "href_prefixes": ["data:image/png;", "data:image/jpeg;", "data:image/gif;", "data:image/webp;"],
}

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
NON_FINITE = re.compile(r"\b(nan|inf|infinity)\b", re.I)

_ELEMENTS = frozenset(RULE["elements"])
_ATTRIBUTES = frozenset(RULE["attributes"])
_PREFIXES = tuple(RULE["attribute_prefixes"])
_HREFS = tuple(RULE["href_prefixes"])

_clean: set[bytes] = set()  # digests of HTML already found clean: `mkdocs serve` rebuilds skip them


def rule_problems(tag: str, attrs) -> list[str]:
    """What breaks RULE in one start tag (names in lower case, values with entities decoded)."""
    found = []
    if tag == "script":
        found.append("a <script> element")
    elif tag not in _ELEMENTS:
        found.append(f"<{tag}>, an element outside the widgets' HTML")
    for name, value in attrs:
        value = value or ""
        if name.startswith("on"):
            found.append(f"an event attribute {name}= on <{tag}>")
        elif name not in _ATTRIBUTES and not name.startswith(_PREFIXES):
            found.append(f"the attribute {name}= on <{tag}>, outside the widgets' HTML")
        elif name == "href" and not value.strip().lower().startswith(_HREFS):
            kind = "a javascript: link" if value.strip().lower().startswith("javascript:") else "a link"
            found.append(f"{kind} on <{tag}> (href takes only an inline image, data:image/...)")
        elif name == "style" and "url(" in value.lower().replace(" ", ""):
            found.append(f"a url( in the style of <{tag}>")
    return found


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        self._attrs(tag, attrs)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self._attrs(tag, attrs)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack:
            self.problems.append(f"</{tag}> closes nothing")
        elif self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1]}>")
        else:
            self.stack.pop()

    def handle_data(self, data):
        found = NON_FINITE.search(data)
        if found:
            self.problems.append(f"a non-finite number in the text: {found.group(0)!r}")

    def _attrs(self, tag, attrs):
        self.problems.extend(rule_problems(tag, attrs))
        for name, value in attrs:
            value = value or ""
            if not value.startswith("data:") and NON_FINITE.search(value):
                self.problems.append(f"a non-finite number in <{tag} {name}={value!r}>")


def problem(html: str) -> str | None:
    """What is wrong with this piece of HTML, or None when it is fine."""
    digest = hashlib.blake2b(html.encode("utf-8"), digest_size=16).digest()
    if digest in _clean:
        return None
    checker = _Checker()
    checker.feed(html)
    checker.close()
    if checker.stack:
        checker.problems.append("<" + ">, <".join(checker.stack) + "> never closed")
    if checker.problems:
        return "; ".join(checker.problems[:3])
    _clean.add(digest)
    return None
