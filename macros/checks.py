"""Build-time checks of the HTML a widget produces: what a reader must never receive.

Every view and every precomputed state is checked before it reaches a page:
- well-formed: every element closed in order, no stray end tag (stdlib ``html.parser``,
  so an unescaped ``<`` in user text shows up as an element that is never closed);
- safe: no ``<script>`` element, no ``on…=`` event attribute, no ``javascript:`` link;
- finite: no ``nan``, ``inf`` or ``infinity`` as a word in text or an attribute value.

Example: ``problem("<p>x</b>")`` -> ``"</b> closes <p>"``; ``problem("<p>1.5</p>")`` -> ``None``.
"""

from __future__ import annotations

import hashlib
import re
from html.parser import HTMLParser

__all__ = ["problem"]

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
NON_FINITE = re.compile(r"\b(nan|inf|infinity)\b", re.I)

_clean: set[bytes] = set()  # digests of HTML already found clean: `mkdocs serve` rebuilds skip them


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        self._attrs(tag, attrs)
        if tag == "script":
            self.problems.append("a <script> element")
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
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.problems.append(f"an event attribute {name}= on <{tag}>")
            elif value.strip().lower().startswith("javascript:"):
                self.problems.append(f"a javascript: link on <{tag}>")
            elif not value.startswith("data:") and NON_FINITE.search(value):
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
