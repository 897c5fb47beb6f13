"""Spanish decimal commas the authors typed, marked at build time like ``fmt``'s (see lesson_core/kit/fmt.py).

``fmt`` marks every decimal comma it writes for Spanish with U+2060 WORD JOINER, so the page can show a
decimal point to readers who write it (overrides/bridge/numbers.js). Two kinds of number do not come
from ``fmt`` and are marked here, on Spanish pages only:

- formulas: KaTeX turns ``0{,}5`` into ``<mn>0,5</mn>``; a comma inside ``<mn>`` is a decimal comma
  (a list comma, ``f(a,b)``, is an ``<mo>`` of its own);
- prose: a comma between two digits ("0,1", "−1,5") in running text, outside code, preformatted text,
  scripts and styles (in Spanish a list comma is followed by a space). Widgets are not in the text this
  sees (they are put back afterwards) and their numbers come from ``fmt``.

Where no page script runs, the marks are taken out again: the search index (macros/search.py).
"""

from __future__ import annotations

import re

from lesson_core.kit.fmt import DEC_MARK, mark_decimals

_TAG = re.compile(r"(<[^>]*>)")
_MN_COMMA = re.compile(r"(<mn>[0-9\u202f]*[0-9]),(?=[0-9])")
_SKIP = {"code", "pre", "script", "style", "math", "kbd", "samp", "textarea"}
_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z][a-zA-Z0-9-]*)")


def mark_decimal_commas(html_text: str) -> str:
    """Every decimal comma an author typed in a Spanish page's prose and formulas, marked."""
    html_text = _MN_COMMA.sub(lambda m: m.group(1) + DEC_MARK + ",", html_text)
    out, depth = [], 0
    for piece in _TAG.split(html_text):
        if piece.startswith("<"):
            m = _NAME.match(piece)
            if m and m.group(2).lower() in _SKIP and not piece.endswith("/>"):
                depth = max(0, depth + (-1 if m.group(1) else 1))
            out.append(piece)
        elif depth == 0 and "," in piece:
            out.append(mark_decimals(piece, "es"))
        else:
            out.append(piece)
    return "".join(out)
