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
  ``javascript:`` link), and no way for a ``style`` to load anything: ``url(``, ``image-set(``,
  ``-webkit-image-set(``, ``image(``, ``src(``, ``cross-fade(``, ``element(``, ``@import``
  (``RULE["style_refused"]``), matched after CSS escapes and comments are decoded (:func:`css_plain`:
  ``u\\72l(`` is ``url(``).

The elements and attributes are those a browser builds: the HTML is parsed by ``html5lib`` (the
WHATWG algorithm, as the browser's ``<template>`` parse in safehtml.js), so ``<!--><img onerror>-->``
is an ``<img>`` here as it is there; any parse error that algorithm reports is refused too (an
unclosed tag at the end, a bogus comment). Two more checks, applied in both places as well:
- well-formed: every element closed in order, no stray end tag (a plain tag scanner, stdlib
  ``html.parser``; safehtml.js has the same scanner), so an unescaped ``<`` in user text shows up
  as an element that is never closed;
- finite: no ``nan``, ``inf`` or ``infinity`` as a word in text or an attribute value.
The hostile cases both checks are tested on are one table, ``tests/hostile_html.json``.

Example: ``problem("<p>x</b>")`` -> ``"</b> closes <p>"``; ``problem("<p>1.5</p>")`` -> ``None``;
``problem('<img src=x onerror=alert(1)>')`` -> ``"<img>, an element ..."``.
"""

from __future__ import annotations

import hashlib
import re
from html.parser import HTMLParser

import html5lib

__all__ = ["RULE", "browser_problems", "css_plain", "problem", "rule_problems"]

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
    # what a style may not contain once its escapes and comments are decoded, spaces gone, lower case:
    # every CSS form that loads a resource
    "style_refused": ["url(", "image-set(", "image(", "src(", "cross-fade(", "element(", "@import",
                      "expression("],
}

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
NON_FINITE = re.compile(r"\b(nan|inf|infinity)\b", re.I)

_ELEMENTS = frozenset(RULE["elements"])
_ATTRIBUTES = frozenset(RULE["attributes"])
_PREFIXES = tuple(RULE["attribute_prefixes"])
_HREFS = tuple(RULE["href_prefixes"])
_STYLE_REFUSED = tuple(RULE["style_refused"])
_NS = {"http://www.w3.org/1999/xhtml": "", "http://www.w3.org/2000/svg": ""}
_CSS_ESCAPE = re.compile(r"\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(\r\n|[\n\r\f])|(.))", re.S)


def _unescape(m: re.Match) -> str:
    if m.group(1):
        code = int(m.group(1), 16)
        return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "\ufffd"
    return "" if m.group(2) else (m.group(3) or "")


def css_plain(style: str) -> str:
    r"""A style as CSS reads its words: comments out, escapes decoded, the inside of every quoted string
    emptied (a string loads nothing, and a header the reader typed lives in one: svgkit.card_table), no
    white space, lower case. A string ends at its quote or, unclosed, at a line break, as CSS reads it.

    >>> css_plain("background: U\\72 L( x ) /* c */")
    'background:url(x)'
    >>> css_plain('--c: "url(x) \\" still" ; b: u\\72l(y)')
    '--c:"";b:url(y)'
    """
    out, i, n = [], 0, len(style)
    while i < n:
        c = style[i]
        if style.startswith("/*", i):
            end = style.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c in "\"'":
            i += 1
            while i < n and style[i] != c and style[i] not in "\n\r\f":
                i += 2 if style[i] == "\\" else 1
            i += 1 if i < n and style[i] == c else 0
            out.append(c + c)
        elif c == "\\":
            m = _CSS_ESCAPE.match(style, i)
            out.append(_unescape(m) if m else "")
            i = m.end() if m else i + 1
        else:
            out.append(c)
            i += 1
    return re.sub(r"\s+", "", "".join(out)).lower()


def style_problem(tag: str, style: str) -> str | None:
    plain = css_plain(style)
    found = next((f for f in _STYLE_REFUSED if f in plain), None)
    return f"{found} in the style of <{tag}> (a style may load nothing)" if found else None

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
        elif name == "style" and style_problem(tag, value):
            found.append(style_problem(tag, value))
    return found


_ATTR_NS = {"http://www.w3.org/2000/xmlns/": "xmlns:", "http://www.w3.org/1999/xlink": "xlink:",
            "http://www.w3.org/XML/1998/namespace": "xml:"}


def _attr_name(name: str) -> str:
    """An attribute as the HTML serializer writes it: {xlink ns}href -> xlink:href, {xmlns ns}xmlns -> xmlns."""
    if not name.startswith("{"):
        return name.lower()
    ns, _, local = name[1:].partition("}")
    prefix = _ATTR_NS.get(ns, ns + ":")
    return "xmlns" if prefix == "xmlns:" and local == "xmlns" else prefix + local.lower()


_PARSER = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=True)


def browser_problems(html: str) -> list[str]:
    """What breaks RULE in the elements a browser builds from ``html`` (html5lib, the WHATWG parse),
    and the parse errors it reports."""
    found = []
    root = _PARSER.parseFragment(html)
    for el in root.iter():
        if not isinstance(el.tag, str) or el.tag == "DOCUMENT_FRAGMENT":
            continue  # comments
        ns, _, tag = el.tag[1:].partition("}") if el.tag.startswith("{") else ("", "", el.tag)
        tag = tag.lower()
        if ns not in _NS:
            found.append(f"<{tag}>, an element outside HTML and SVG")
            continue
        attrs = [(_attr_name(name), value) for name, value in el.attrib.items()]
        found += rule_problems(tag, attrs)
    return found + [f"the browser's parse: {code}" + (f" ({data['name']})" if data and data.get("name") else "")
                    for _, code, data in _PARSER.errors]


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
    found = browser_problems(html)
    parse_errors = [f for f in found if f.startswith("the browser's parse")]
    problems = list(dict.fromkeys([f for f in found if f not in parse_errors] + checker.problems + parse_errors))
    if problems:
        return "; ".join(problems[:3])
    _clean.add(digest)
    return None
