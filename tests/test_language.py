"""The words (issues 21 and 18): plain summaries, one name per thing, each language's own words.

- Every widget summary, as the live region announces it, is plain words: no tag, no entity, for the
  default view, every precomputed state of the summary part, the modules' PARITY_CASES and a typed value.
- The glossary (``macros/glossary.py``) names each term's preferred form per language and the variants
  it replaces; no page, widget string, guide or worksheet uses a replaced variant, and no lesson uses a
  term before the chapter that introduces it (nav order).
- Spanish is Latin American: no *vosotros* verb forms, no Spain-only words.
- Exercise words are words of their own language (Debian's ``wspanish`` / ``wbrazilian`` lists).
"""

from __future__ import annotations

import functools
import html
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import lesson_core
import lesson_core.widgets as widget_pkg
from lesson_core.kit.controls import Number, Text
from lesson_core.kit.registry import SUMMARY, all_widgets

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("es", "pt")

# --- summaries are plain text -------------------------------------------------------------------------

TAG = re.compile(r"<\s*/?\s*[A-Za-z][^<>]*>")
ENTITY = re.compile(r"&(?:#\d+|#x[0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")


def announced(part: str) -> str:
    """What the live region reads: the summary part's text (the part is escaped HTML)."""
    return html.unescape(part)


def test_the_plain_text_check_can_fail():
    assert TAG.search(announced("1. &lt;span&gt;Corpus: &lt;em&gt;el niño&lt;/em&gt;"))
    assert ENTITY.search(announced("a &amp;amp; b"))
    assert not TAG.search(announced("x &lt; 3 y 5 &gt; 2")) and not ENTITY.search(announced("P(«a» | «b») = 1/2"))


@functools.cache
def _module_cases() -> dict[str, list[dict]]:
    cases: dict[str, list[dict]] = {}
    for info in pkgutil.iter_modules(widget_pkg.__path__):
        module = importlib.import_module(f"lesson_core.widgets.{info.name}")
        for name in ("PARITY_CASES", "WARM_CASES"):
            for wid, params in getattr(module, name, []):
                cases.setdefault(wid, []).append(dict(params))
    return cases


def _typed(w) -> list[dict]:
    """Live parameter sets: a typed number or a typed sentence, as a reader would enter them."""
    out = []
    for c in w.controls:
        if isinstance(c, Number):
            step = 2 if c.default + 2 <= c.max else -2
            out.append({c.name: c.canon(c.default + step)})
        elif isinstance(c, Text):
            out.append({c.name: {"es": "la niña come pan", "pt": "a menina come pão"}})
    return out


def _summary_states(w) -> list[dict]:
    """The default, every precomputed state of the summary part, the module's cases, typed values."""
    return [{}] + (w.combos(SUMMARY, w.defaults()) or []) + _module_cases().get(w.id, []) + _typed(w)


@pytest.mark.parametrize("lang", LANGS)
def test_every_summary_is_plain_text(lang):
    bad = []
    for w in all_widgets():
        for params in _summary_states(w):
            params = {k: (v[lang] if isinstance(v, dict) else v) for k, v in params.items()}
            out = lesson_core.render(w.id, params, lang)
            if not out["ok"]:
                continue
            said = announced(out["parts"][SUMMARY])
            found = TAG.search(said) or ENTITY.search(said)
            if found:
                bad.append(f"{w.id} {params}: {found.group(0)!r} in {said[:120]!r}")
    assert not bad, "\n".join(sorted(set(bad))[:20])
