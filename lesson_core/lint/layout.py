"""A view wider than a phone, and markup in a widget's labels: what the browser would show a
reader on a 320 px phone, decided from the HTML alone (no browser).

- A figure: every ``<svg>`` a phone shows, which is any drawing but the wide layout of
  :func:`~lesson_core.kit.svgkit.figure`, must be at most ``svgkit.NARROW`` units wide: the narrow
  layout itself, or a drawing made once for every width. ``html.svg`` gives a drawing a
  ``min-width`` of its width, so a wider one scrolls sideways. A drawing marked ``aula-squeeze``
  (no text to keep legible) shrinks with its box and is exempt.
- A table: a plain :func:`~lesson_core.kit.svgkit.table` (not a ``card_table``, and not the wide
  form of ``table_forms``) whose narrowest possible layout is still wider than a phone's box:
  each column at least as wide as its longest unbreakable word, at a conservative width per
  character, plus the cells' padding. A table that might fit is not flagged: this is a lower bound.
- Markup in a title, a control's label or an option (``"Temperatura <b>T</b>"``): labels are
  escaped, so readers would see the tags.

Examples: ``view_problems('<div class="aula-fig"><svg viewBox="0 0 900 60" ...>')`` ->
``["a figure 900 units wide, drawn once for every width, ..."]``.
"""

from __future__ import annotations

import html as _html
import json
import re

from ..kit.svgkit import NARROW

__all__ = ["PHONE_BOX", "view_problems", "block_problems", "label_problems", "table_min_width"]

PHONE_BOX = 266  # CSS px: a widget's figure or table box on a 320 px phone (svgkit.NARROW fits it)
TABLE_EM = 12.8  # CSS px: .aula-table's font size (aula.css: max(.8em, 11px) of the page's 16 px)
CELL_PAD = {"aula-table": 20, "narrow": 12}  # CSS px of padding per cell, left and right (aula.css)
METER_PX = 120   # .aula-table meter { width: 6rem }

_WIDE_FORMS = re.compile(r'<div class="aula-lay-wide">.*?</svg></div></div>|<div class="aula-tab-wide">.*?</table></div></div>',
                         re.S)
_SVG = re.compile(r"<svg\b[^>]*>")
_ATTR = re.compile(r'([\w:-]+)="([^"]*)"')
_TABLE = re.compile(r"<table\b([^>]*)>(.*?)</table>", re.S)
_ROW = re.compile(r"<tr\b[^>]*>(.*?)</tr>", re.S)
_CELL = re.compile(r"<t([hd])\b([^>]*)>(.*?)</t[hd]>", re.S)
_TAGS = re.compile(r"<[^>]*>")
_BREAKS = re.compile(r"[ \t\n\r\u200b/-]+")  # where a line may break (NBSP and the thin NNBSP do not)
MARKUP = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>|&(?:#\d+|#x[0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")


def _char_em(c: str) -> float:
    """A lower bound of a character's advance in em (the theme's Roboto, tabular digits)."""
    if c in "\u2060\u200b\u00ad":  # the word joiner before a Spanish decimal comma (fmt), other invisibles
        return 0.0
    if c in "⁰¹²³⁴⁵⁶⁷⁸⁹⁻₀₁₂₃₄₅₆₇₈₉":
        return 0.25
    if c.isdigit():
        return 0.5
    if c in "iljfrtI.,:;'!|()[]{}·\u00a0\u202f\u2009":
        return 0.2
    return 0.55 if c.isupper() or c in "mwMW" else 0.4


def _text_px(text: str) -> float:
    return sum(_char_em(c) for c in text) * TABLE_EM


def _cell_px(inner: str) -> float:
    """The narrowest a cell's content can be: its longest unbreakable word, or a meter or a key."""
    widest = METER_PX if "<meter" in inner else 0.0
    for m in re.finditer(r'<svg\b[^>]*\bwidth="([\d.]+)"', inner):
        widest = max(widest, float(m.group(1)))
    text = _html.unescape(_TAGS.sub(" ", inner))
    return max([widest] + [_text_px(word) for word in _BREAKS.split(text) if word])


def table_min_width(table_html: str, pad: float) -> float:
    """The narrowest width, in CSS px, the browser could give this ``<table>``: the sum of its
    columns' widest unbreakable word (cells spanning columns left out), ``pad`` px per cell."""
    widths: dict[int, float] = {}
    for row in _ROW.findall(table_html):
        for j, (_, attrs, inner) in enumerate(_CELL.findall(row)):
            if "colspan" not in attrs:
                widths[j] = max(widths.get(j, 0.0), _cell_px(inner) + pad)
    return sum(widths.values())


def view_problems(part_html: str) -> list[str]:
    """What a 320 px phone could not show in this part's HTML without scrolling sideways."""
    shown = _WIDE_FORMS.sub("", part_html)  # the wide forms: shown only where they fit
    out = []
    for tag in _SVG.findall(shown):
        attrs = dict(_ATTR.findall(tag))
        if "aula-squeeze" in attrs.get("class", ""):
            continue
        box = attrs.get("viewBox", "").split()
        width = float(box[2]) if len(box) == 4 else float(attrs.get("width", "0") or 0)
        if width > NARROW:
            out.append(f"a figure {width:g} units wide, more than the {NARROW} a phone's figure box holds "
                       "(svgkit.NARROW), so a phone scrolls it sideways; draw it with svgkit.figure(draw), "
                       "which lays it out again at frame.width for phones, or at most "
                       f"{NARROW} units wide")
    for attrs, body in _TABLE.findall(shown):
        if "aula-table-cards" in attrs:
            continue
        narrow_form = "aula-tab-narrow" in shown and _in_narrow_form(shown, body)
        width = table_min_width(body, CELL_PAD["narrow" if narrow_form else "aula-table"])
        if width > PHONE_BOX:
            out.append(f"a table at least {width:.0f} px wide on a phone, more than its {PHONE_BOX} px box, so "
                       "it scrolls sideways; make it a svgkit.card_table (one card per row) or give it a "
                       "narrow form (svgkit.table_forms)")
    return list(dict.fromkeys(out))


def _in_narrow_form(html: str, body: str) -> bool:
    at = html.find(body)
    return html.rfind('<div class="aula-tab-narrow">', 0, at) > html.rfind('<div class="aula-tab-wide">', 0, at)


_PART = re.compile(r'<div class="aula-part[^"]*" data-part="([^"]+)"')
_JSON = re.compile(r'<script type="application/json" class="aula-(?:pre|drag-grid)">(.*?)</script>', re.S)


def block_problems(block: str) -> list[tuple[str, str]]:
    """(part, problem) for a widget's page block (kit/block.py): its default view and every
    precomputed state (the tables embedded for the bridge), each problem once per part."""
    out: dict[tuple[str, str], None] = {}
    view = block[:m.start()] if (m := _JSON.search(block)) else block
    starts = [(m.start(), m.group(1)) for m in _PART.finditer(view)] + [(len(view), "")]
    for (at, part), (end, _) in zip(starts, starts[1:]):
        for problem in view_problems(view[at:end]):
            out[(part, problem)] = None
    for m in _JSON.finditer(block):
        for part, states in json.loads(m.group(1)).items():
            for html in states.values():
                for problem in view_problems(html):
                    out[(part, problem)] = None
    return list(out)


def label_problems(w) -> list[tuple[str, str]]:
    """(text, problem) for markup in a widget's title, control labels and option labels."""
    texts = [("its title", t) for t in (w.title or {}).values()]
    for c in w.controls:
        texts += [(f"the label of {type(c).__name__} {c.name!r}", t) for t in (c.label or {}).values()]
        for value, label in getattr(c, "options", ()):
            for t in (label.values() if isinstance(label, dict) else [label]):
                texts.append((f"the label of option {value!r} of {type(c).__name__} {c.name!r}", t))
    out = []
    for what, text in texts:
        found = MARKUP.search(text) if isinstance(text, str) else None
        if found:
            out.append((text, f"{what} holds markup ({found.group(0)}), which readers would see as it is "
                              f"written, since labels are plain text: {text!r}; write plain text"))
    return out
