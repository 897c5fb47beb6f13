"""Numbers typed by readers, read by the reader's own convention.

Two conventions share the space as thousands separator ("5 000", "100 000", the
RAE style that :func:`lesson_core.kit.fmt.fmt` prints for Spanish):

- ``"comma"``: decimal comma, thousands by point or space ("0,5", "1.234,5") —
  Brazilian Portuguese, and Spanish as written in Spain and most of South America;
- ``"point"``: decimal point, thousands by comma or space ("0.5", "1,234.5") —
  Spanish as written in Mexico, Central America and the Caribbean.

A text is read by the reader's convention: the decimal mark at most once ("0,5",
",5", "5,"), the other mark or a space grouping thousands (every group after the
first has exactly three digits, the first one to three and no leading zero), an
optional sign ("-", "+", the true minus "−") and exponent ("1e5"). A text the other
convention reads as a different number ("1.275", "1,275", "0.5" for a comma
reader) is never read silently: :func:`reading` flags it, and the field says how it
was read ("leído como 1275"). A text only the other convention can read ("0.5" for
a comma reader) is read that way, flagged too. A text neither reads ("1.234.5",
"1,234,5", "50 00") is *ambiguous*: refused with a message, never guessed.

Examples::

    read_number("5.000") -> 5000.0               reading("5.000") -> (5000.0, True)
    read_number("5 000", "point") -> 5000.0      reading("5 000") -> (5000.0, False)
    read_number("1.234,5") -> 1234.5             reading("1,5", "point") -> (1.5, True)
    read_number("1,234.5", "point") -> 1234.5    reading("0,5") -> (0.5, False)
    read_number("1.234.5")  raises NumberTextError("ambiguous")

Every control reads its numbers here, through :func:`read_param`: a Number field reads
what the reader typed by the comma convention, the form the bridge sends (:func:`typed`,
which that convention reads exactly); a Range reads its slider's value by the point
convention, the form browsers give an ``<input type="range">`` ("0.7", "1.125", "1e-07"),
so a text both conventions read alike ("5", "0,7", "0.7", "1 000") reads the same in both::

    read_param("n", "5.000") -> 5000.0           read_param("t", "1.125", convention="point") -> 1.125
    read_param("n", "1,5", integer=True)  raises ParamError (not_integer)

The browser bridge (``overrides/bridge/numtext.js``, ``readTyped``) applies the
same rule for its instant message and note; ``tests/test_numtext.py`` compares both.
"""

from __future__ import annotations

import math
import re
from typing import Any

from .messages import ParamError

__all__ = ["CONVENTIONS", "SPACES", "NumberTextError", "read_number", "read_param", "reading", "typed"]

CONVENTIONS = ("comma", "point")
SPACES = (" ", "\u00a0", "\u202f", "\u2009")

_SHAPE = re.compile(r"([+-]?)([0-9., \u00a0\u202f\u2009]*)(?:[eE]([+-]?[0-9]+))?")
_SPACE_RUN = re.compile("[ \u00a0\u202f\u2009]")
_BLANKS = " \t\n\r\f\v\u00a0\u202f\u2009"
_DECIMAL = {"comma": ",", "point": "."}


class NumberTextError(ValueError):
    """Why a text is not a number: "empty", "not_number", "ambiguous" or "not_finite"."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _read(body: str, decimal: str) -> tuple[str, str] | None:
    """(whole digits, fraction digits) of ``body`` with ``decimal`` as the decimal mark, or None."""
    group = "." if decimal == "," else ","
    if body.count(decimal) > 1:
        return None
    whole, _, frac = body.partition(decimal)
    if frac and not frac.isdigit():
        return None
    has_group = group in whole
    has_space = bool(_SPACE_RUN.search(whole))
    if has_group and has_space:
        return None
    if has_group or has_space:
        groups = whole.split(group) if has_group else _SPACE_RUN.split(whole)
        first, rest = groups[0], groups[1:]
        if not 1 <= len(first) <= 3 or first.startswith("0") or any(len(g) != 3 for g in rest):
            return None
        whole = "".join(groups)
    return whole, frac


def _value(sign: str, parts: tuple[str, str] | None, exp: str | None) -> float | None:
    if parts is None:
        return None
    whole, frac = parts
    return float(f"{sign}{whole or '0'}.{frac or '0'}" + (f"e{exp}" if exp else ""))


def reading(text: str, convention: str = "comma") -> tuple[float, bool]:
    """The number a reader of ``convention`` typed, and whether the field should say how it was read
    (the other convention reads the text differently, or only it reads the text at all).
    Raises :class:`NumberTextError` (see the module rule)."""
    if convention not in _DECIMAL:
        raise ValueError(f"unknown convention {convention!r}; expected one of {CONVENTIONS}")
    text = text.replace("\u2060", "").replace("\u2212", "-").strip(_BLANKS)
    if not text:
        raise NumberTextError("empty")
    if text.lower().lstrip("+-") in ("nan", "inf", "infinity", "∞"):
        raise NumberTextError("not_finite")
    m = _SHAPE.fullmatch(text)
    if not m or not any(ch.isdigit() for ch in m.group(2)):
        raise NumberTextError("not_number")
    sign, body, exp = m.groups()
    other = "point" if convention == "comma" else "comma"
    mine = _value(sign, _read(body, _DECIMAL[convention]), exp)
    theirs = _value(sign, _read(body, _DECIMAL[other]), exp)
    if mine is None and theirs is None:
        raise NumberTextError("ambiguous")
    value, flagged = (mine, theirs is not None and theirs != mine) if mine is not None else (theirs, True)
    if not math.isfinite(value):
        raise NumberTextError("not_finite")
    return value, flagged


def read_number(text: str, convention: str = "comma") -> float:
    """The number a reader of ``convention`` typed; raises :class:`NumberTextError`."""
    return reading(text, convention)[0]


def read_param(param: str, raw: Any, *, integer: bool = False, convention: str = "comma") -> float | int:
    """A control's number: a macro's int or float as given, anything else as text read by ``convention``
    (None as no text). Raises :class:`~lesson_core.kit.messages.ParamError` for ``param`` with the
    catalog key of what is wrong: "empty", "not_number", "ambiguous", "not_finite", "not_integer"."""
    if isinstance(raw, bool):
        raise ParamError.of(param, "not_number")
    if isinstance(raw, (int, float)):
        value = raw
        if not math.isfinite(value):
            raise ParamError.of(param, "not_finite")
    else:
        try:
            value = read_number("" if raw is None else str(raw), convention)
        except NumberTextError as err:
            raise ParamError.of(param, err.key) from None
    if integer:
        if not float(value).is_integer():
            raise ParamError.of(param, "not_integer")
        return int(value)
    return float(value)


def typed(x: float | int) -> str:
    """A number in the canonical typed form (the comma convention, no grouping): 0.5 -> "0,5"; 5000 -> "5000"."""
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e16:
        return str(int(x))
    return (repr(x) if isinstance(x, float) else str(x)).replace(".", ",")
