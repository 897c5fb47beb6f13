"""Number formatting per language, at the edge (never ``locale.setlocale``).

Brazilian Portuguese writes a decimal comma. Spanish readers write either a
decimal comma (Spain, most of South America) or a decimal point (Mexico,
Central America, the Caribbean): Spanish output carries its decimal comma
marked, preceded by U+2060 WORD JOINER (``DEC_MARK``), which no reader sees
and no list comma has, so the page (``overrides/bridge/numbers.js``)
turns every Spanish decimal comma into a point with one text replacement,
for readers who chose the point. Thousands: Spanish (RAE) groups with a
non-breaking thin space from five digits on (``5000``, ``12 500``), the same
in both conventions; Brazilian Portuguese groups with a point (``5.000``).

Examples::

    fmt(0.1, "es") -> "0\u2060,1"    (shown "0,1", or "0.1" by the reader's choice)
    fmt(0.1, "pt") -> "0,1"
    fmt(12500, "es") -> "12 500"      (U+202F between groups)
    fmt(12500, "pt") -> "12.500"
    fmt(-0.5, "pt", 2) -> "−0,50"      (true minus sign)
"""

from __future__ import annotations

import math
import re
from typing import Mapping, TypeVar

__all__ = ["LANGS", "DEC_MARK", "fmt", "fmt_count", "fmt_upto", "fmt_int", "fmt_pct", "fmt_sci", "mark_decimals", "plain", "tr",
           "quote", "check_lang"]

LANGS = ("es", "pt")
NNBSP = "\u202f"
MINUS = "\u2212"
DEC_MARK = "\u2060"  # WORD JOINER before a Spanish decimal comma: invisible, and unambiguous
DECIMAL = {"es": DEC_MARK + ",", "pt": ","}
THOUSANDS = {"es": NNBSP, "pt": "."}


_TYPED_DECIMAL = re.compile(r"(?<=[0-9]),(?=[0-9])")


def mark_decimals(text: str, lang: str) -> str:
    """Decimal commas typed in a text ("1,3 mil millones"), marked like fmt's in Spanish. In Spanish a
    comma between two digits is decimal (a list comma takes a space after it); Portuguese keeps it."""
    return _TYPED_DECIMAL.sub(tr(lang, DECIMAL), text)


def plain(text: str) -> str:
    """Text without decimal marks, where no page script runs (search index, tab title, files)."""
    return text.replace(DEC_MARK, "")


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGS}")
    return lang


def _group(digits: str, lang: str) -> str:
    if lang == "es" and len(digits) <= 4:
        return digits
    sep = tr(lang, THOUSANDS)
    groups = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    return sep.join(groups)


def fmt(x: float, lang: str, decimals: int | None = None, *, trim: bool = True) -> str:
    """Format a number for reading: decimal comma (marked in Spanish), grouped thousands.

    ``decimals=None`` picks 0 for integers and up to 3 decimals otherwise;
    ``trim`` drops trailing zeros when decimals were not asked for explicitly.
    Non-finite values raise: they must never reach a page.
    """
    return _fmt(x, lang, decimals, trim and decimals is None)


def fmt_upto(x: float, lang: str, decimals: int) -> str:
    """At most ``decimals`` decimals, trailing zeros dropped: fmt_upto(1.5, "pt", 3) -> "1,5"."""
    return _fmt(x, lang, decimals, True)


def _fmt(x: float, lang: str, decimals: int | None, trim: bool) -> str:
    check_lang(lang)
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f"not a number: {x!r}")
    if isinstance(x, float) and not math.isfinite(x):
        raise ValueError("non-finite number cannot be shown")
    if decimals is None:
        decimals = 0 if float(x).is_integer() else 3
    text = f"{abs(x):.{decimals}f}"
    if "." in text:
        whole, frac = text.split(".")
        if trim:
            frac = frac.rstrip("0")
    else:
        whole, frac = text, ""
    out = _group(whole, lang) + (tr(lang, DECIMAL) + frac if frac else "")
    negative = x < 0 and any(ch in "123456789" for ch in out)
    return (MINUS + out) if negative else out


def fmt_int(n: int, lang: str) -> str:
    return fmt(int(n), lang, 0)


def fmt_pct(p: float, lang: str, decimals: int = 1) -> str:
    """0.25 -> "25 %" (es) / "25%" (pt)."""
    body = fmt_upto(100 * p, lang, decimals)
    return body + tr(lang, {"es": "\u00a0%", "pt": "%"})


_SUP = str.maketrans("-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")


def fmt_sci(x: float, lang: str, digits: int = 1) -> str:
    """Scientific notation for tiny or huge values: 2.3e-12 -> "2,3·10⁻¹²" (pt); 0 -> "0"."""
    if x == 0:
        return "0"
    mant, exp = f"{x:.{digits}e}".split("e")
    return fmt(float(mant), lang, digits) + "\u00b710" + str(int(exp)).translate(_SUP)


V = TypeVar("V")


def tr(lang: str, table: Mapping[str, V]) -> V:
    """The entry for ``lang`` of a table keyed by language, ``{"es": ..., "pt": ...}``: a text, or one
    language's own data (a corpus, a word list). The one way to read a bilingual value: inline,
    ``tr(lang, {"es": "palabra", "pt": "palavra"})``, or from a catalogue of such tables,
    ``tr(lang, T["word"])`` (never ``T["word"][lang]``; tests/test_core_rules.py says so)."""
    return table[check_lang(lang)]


def quote(text: str, lang: str) -> str:
    """A word quoted the way each language does: «palabra» (es), “palavra” (pt)."""
    return tr(lang, {"es": f"«{text}»", "pt": f"“{text}”"})


def fmt_count(n: int, words: Mapping[str, tuple[str, str]], lang: str) -> str:
    """A whole number and its noun, singular for 1: ``fmt_count(1, {"es": ("onda", "ondas"), ...}, "es")``
    -> '1 onda'; 3 -> '3 ondas'."""
    one, many = tr(lang, words)
    return f"{fmt(n, lang)} {one if n == 1 else many}"
