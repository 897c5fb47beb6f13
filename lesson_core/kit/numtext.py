"""Numbers typed by readers, in the notation both languages share.

Spanish and Brazilian Portuguese write the decimal part after a comma and may
group thousands with a point ("5.000", "1.234,5") or a space ("5 000", the RAE
style, which :func:`lesson_core.kit.fmt.fmt` prints for Spanish). One rule serves
both languages, so that what one page prints, the other page reads:

- the comma is the decimal mark, at most once: "0,5", ",5", "5,";
- a point or a space groups thousands: every group after the first has exactly
  three digits, the first one to three and no leading zero ("100.000",
  "100 000", "1.234,5"); a point used any other way ("0.5", "5.00",
  "1.234.5") could be a decimal point or a mistyped group: it is *ambiguous*
  and refused with a message, never guessed;
- an optional sign ("-", "+", or the true minus "−") and exponent ("1e5").

Examples::

    read_number("5.000") -> 5000.0          read_number("5 000") -> 5000.0
    read_number("1.234,5") -> 1234.5        read_number("0,5") -> 0.5
    read_number("5.00")   raises NumberTextError("ambiguous")
    read_number("1,234,5") raises NumberTextError("ambiguous")

The browser bridge (``overrides/assets/aula/aula.js``, ``readTyped``) applies
the same rule for its instant message; ``tests/test_numtext.py`` compares both.
"""

from __future__ import annotations

import math
import re

__all__ = ["SPACES", "NumberTextError", "read_number", "typed"]

SPACES = (" ", "\u00a0", "\u202f", "\u2009")

_SHAPE = re.compile(r"([+-]?)([0-9., \u00a0\u202f\u2009]*)(?:[eE]([+-]?[0-9]+))?")
_SPACE_RUN = re.compile("[ \u00a0\u202f\u2009]")
_BLANKS = " \t\n\r\f\v\u00a0\u202f\u2009"


class NumberTextError(ValueError):
    """Why a text is not a number: "empty", "not_number", "ambiguous" or "not_finite"."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _whole(text: str) -> str:
    """The digits of the part before the decimal comma, thousands groups checked."""
    has_point = "." in text
    has_space = bool(_SPACE_RUN.search(text))
    if not has_point and not has_space:
        return text
    if has_point and has_space:
        raise NumberTextError("ambiguous")
    groups = text.split(".") if has_point else _SPACE_RUN.split(text)
    first, rest = groups[0], groups[1:]
    if not 1 <= len(first) <= 3 or first.startswith("0") or any(len(g) != 3 for g in rest):
        raise NumberTextError("ambiguous")
    return "".join(groups)


def read_number(text: str) -> float:
    """The number a reader typed; raises :class:`NumberTextError` (see the module rule)."""
    text = text.replace("\u2212", "-").strip(_BLANKS)
    if not text:
        raise NumberTextError("empty")
    if text.lower().lstrip("+-") in ("nan", "inf", "infinity", "∞"):
        raise NumberTextError("not_finite")
    m = _SHAPE.fullmatch(text)
    if not m or not any(ch.isdigit() for ch in m.group(2)):
        raise NumberTextError("not_number")
    sign, body, exp = m.groups()
    if body.count(",") > 1:
        raise NumberTextError("ambiguous")
    whole, _, frac = body.partition(",")
    if not frac.isdigit() and frac:
        raise NumberTextError("ambiguous")
    digits = _whole(whole)
    value = float(f"{sign}{digits or '0'}.{frac or '0'}" + (f"e{exp}" if exp else ""))
    if not math.isfinite(value):
        raise NumberTextError("not_finite")
    return value


def typed(x: float | int) -> str:
    """A number as a reader of either language would type it back: 0.5 -> "0,5"; 5000 -> "5000"."""
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e16:
        return str(int(x))
    return (repr(x) if isinstance(x, float) else str(x)).replace(".", ",")
