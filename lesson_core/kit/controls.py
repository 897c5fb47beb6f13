"""Declared controls of a widget: how each parameter is parsed, shown and enumerated.

A control turns raw input (a string from the browser or the command line, or a
typed value from a macro) into a checked value, or raises
:class:`~lesson_core.kit.messages.ParamError` with a localized message. Discrete
controls (Choice, Range, Toggle) can enumerate their values so the build can
precompute every result; open controls (Number, Text) are computed live.

Each control has a canonical string form (``canon``) that the browser bridge
reproduces from the input's value, so a precomputed result can be looked up by
key: ``Range(0, 1, 0.1)`` at 0.3 -> ``"0.3"``; ``Toggle`` -> ``"1"``/``"0"``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

from .fmt import fmt, tr
from .html import Markup, h
from .messages import ParamError, msg
from .numtext import read_param, typed

__all__ = ["Control", "Choice", "Range", "Toggle", "Number", "Text", "canon_number", "seed_range", "SEED_LABEL",
           "KINDS"]

KINDS = ("choice", "range", "toggle", "number", "text")  # what the page's bridge reads (spec()["kind"])


def canon_number(x: float | int) -> str:
    """Shortest round-trip text, as browsers serialize input values: 3.0 -> "3"."""
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return repr(x) if isinstance(x, float) else str(x)


@dataclass
class Control:
    """Base class: ``name`` is the parameter, ``label`` is ``{"es": ..., "pt": ...}``."""

    name: str
    label: dict
    default: Any

    discrete = True

    def parse(self, raw: Any) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def canon(self, value: Any) -> str:
        return str(value)

    def values(self) -> list:
        """Every value of a discrete control, in display order."""
        return []

    def default_problem(self) -> str | None:
        """Why the declared default cannot be this control's value (an author's mistake), or None."""
        try:
            value = self.parse(self.default)
        except ParamError as err:
            return (f"{type(self).__name__} {self.name!r}: the default {self.default!r} is refused "
                    f"(readers would read: {err.text['es']}); {self._choices()}")
        if self.discrete and self.canon(value) not in {self.canon(v) for v in self.values()}:
            return f"{type(self).__name__} {self.name!r}: the default {self.default!r} is not one of its values; {self._choices()}"
        return None

    def _choices(self) -> str:
        shown = [self.canon(v) for v in self.values()]
        if not shown:
            return "give a default it accepts"
        listed = ", ".join(shown[:3]) + (", ..., " + shown[-1] if len(shown) > 4 else
                                        "".join(", " + s for s in shown[3:]))
        return f"make it one of {listed}"

    def spec(self, lang: str) -> dict:
        """What the browser needs to read this control (no lesson arithmetic)."""
        return {"name": self.name, "kind": type(self).__name__.lower()}

    def html(self, lang: str, value: Any, uid: str) -> Markup:  # pragma: no cover
        raise NotImplementedError

    def _label(self, lang: str, uid: str) -> Markup:
        return h("label", {"for": f"{uid}-{self.name}"}, tr(lang, self.label))


@dataclass
class Choice(Control):
    """One of a few options. ``options`` is a list of ``(value, label)``;
    a label is a string, ``{"es": ..., "pt": ...}`` or a number (shown with ``fmt``). ``style`` is "select"
    or "buttons" (a row of radio buttons)."""

    options: Sequence[tuple[Any, Any]] = ()
    style: str = "select"

    def parse(self, raw: Any) -> Any:
        for value, _ in self.options:
            if raw == value or str(raw) == str(value):
                return value
        raise ParamError.of(self.name, "not_option")

    def values(self) -> list:
        return [v for v, _ in self.options]

    def _opt_label(self, label: Any, lang: str) -> str:
        if isinstance(label, (int, float)) and not isinstance(label, bool):
            return fmt(label, lang)  # a number, written as the reader writes numbers
        return tr(lang, label) if isinstance(label, dict) else str(label)

    def html(self, lang: str, value: Any, uid: str) -> Markup:
        cid = f"{uid}-{self.name}"
        if self.style == "buttons":
            radios = [
                h(
                    "label",
                    {"class": "aula-radio"},
                    h("input", {"type": "radio", "name": cid, "value": self.canon(v),
                                "checked": v == value, "data-param": self.name}),
                    h("span", None, self._opt_label(lab, lang)),
                )
                for v, lab in self.options
            ]
            return h("fieldset", {"class": "aula-control aula-choice"},
                     h("legend", None, tr(lang, self.label)), radios)
        opts = [
            h("option", {"value": self.canon(v), "selected": v == value}, self._opt_label(lab, lang))
            for v, lab in self.options
        ]
        return h("div", {"class": "aula-control aula-choice"}, self._label(lang, uid),
                 h("select", {"id": cid, "data-param": self.name}, opts))


STEP_BUTTONS_FROM = 20  # a slider with more steps than this gets − / + buttons (one step each)
_STEP = {-1: {"es": "Bajar «{label}» un paso", "pt": "Diminuir “{label}” em um passo"},
         1: {"es": "Subir «{label}» un paso", "pt": "Aumentar “{label}” em um passo"}}


@dataclass
class Range(Control):
    """A slider over ``min..max`` by ``step``: a small discrete domain. With more than
    ``STEP_BUTTONS_FROM`` steps it gets − and + buttons beside its value, one step each
    (a thumb or a keyboard hits one step where the slider's own track is too fine)."""

    min: float = 0
    max: float = 1
    step: float = 1
    decimals: int | None = None

    def __post_init__(self) -> None:
        n = round((self.max - self.min) / self.step)
        if n < 1 or n > 1000 or abs(self.min + n * self.step - self.max) > 1e-9 * max(1, abs(self.max)):
            raise ValueError(f"Range {self.name}: max must be min + n*step with 1 <= n <= 1000")
        self._n = n
        self._integer = all(float(v).is_integer() for v in (self.min, self.max, self.step))

    def _stop(self, i: int) -> float | int:
        v = self.min + i * self.step
        return int(round(v)) if self._integer else round(v, 10)

    def values(self) -> list:
        return [self._stop(i) for i in range(self._n + 1)]

    def parse(self, raw: Any) -> float | int:
        value = read_param(self.name, raw, convention="point")  # the slider's value: "0.7", "1.125"
        if value < self.min - 1e-12:
            raise ParamError.of(self.name, "too_small", min=_fmt_both(self.min))
        if value > self.max + 1e-12:
            raise ParamError.of(self.name, "too_large", max=_fmt_both(self.max))
        i = (value - self.min) / self.step
        if abs(i - round(i)) > 1e-6:
            raise ParamError.of(self.name, "off_grid", step=_fmt_both(self.step))
        return self._stop(round(i))

    def canon(self, value: Any) -> str:
        return canon_number(value)

    def show(self, value: float, lang: str) -> str:
        return fmt(value, lang, self.decimals)

    def _step_button(self, lang: str, cid: str, way: int) -> Markup | None:
        if self._n <= STEP_BUTTONS_FROM:
            return None
        said = tr(lang, _STEP[way]).format(label=tr(lang, self.label))
        return h("button", {"type": "button", "class": "aula-step", "data-step": str(way), "aria-controls": cid,
                            "aria-label": said, "title": said}, "\u2212" if way < 0 else "+")

    def html(self, lang: str, value: Any, uid: str) -> Markup:
        cid = f"{uid}-{self.name}"
        shown = {self.canon(v): self.show(v, lang) for v in self.values()}
        return h(
            "div", {"class": "aula-control aula-range"}, self._label(lang, uid),
            h("input", {"id": cid, "type": "range", "min": canon_number(self.min), "max": canon_number(self.max),
                        "step": canon_number(self.step), "value": self.canon(value), "data-param": self.name,
                        "data-shown": json.dumps(shown, ensure_ascii=False),
                        # what the reader sees ("1,0", "10 000", "−1") is what a screen reader says
                        "aria-valuetext": shown[self.canon(value)] if shown[self.canon(value)] != self.canon(value) else None}),
            self._step_button(lang, cid, -1),
            h("output", {"for": cid}, self.show(value, lang)),
            self._step_button(lang, cid, 1),
        )


# The control that fixes a widget's random draws has one name and one label per language; the lessons
# call it *Tirada* / *Rodada* and name the number a seed (semilla / semente, the glossary's term).
SEED_LABEL = {"es": "Tirada (semilla)", "pt": "Rodada (semente)"}


def seed_range(default: int, *, min: int = 0, max: int) -> Range:
    """The seed of a widget's draws, ``min..max`` by 1: ``seed_range(1, max=50)`` -> Range("seed", SEED_LABEL, ...)."""
    return Range("seed", SEED_LABEL, default, min=min, max=max, step=1)


@dataclass
class Toggle(Control):
    """A checkbox: True or False."""

    def parse(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("1", "true", "on", "yes"):
            return True
        if text in ("0", "false", "off", "no"):
            return False
        raise ParamError.of(self.name, "not_boolean")

    def canon(self, value: Any) -> str:
        return "1" if value else "0"

    def values(self) -> list:
        return [False, True]

    def html(self, lang: str, value: Any, uid: str) -> Markup:
        cid = f"{uid}-{self.name}"
        return h("div", {"class": "aula-control aula-toggle"},
                 h("input", {"id": cid, "type": "checkbox", "checked": bool(value), "data-param": self.name}),
                 self._label(lang, uid))


def _fmt_both(x: float) -> dict:
    return {"es": fmt(x, "es"), "pt": fmt(x, "pt")}


@dataclass
class Number(Control):
    """A typed number in ``min..max``: an open domain, computed live.

    ``grid=(lo, hi, step)`` declares the coarse positions a figure drag may snap to before
    Python is there (see ``@widget(drags=...)``): the build precomputes them, so a finger
    drag answers from the page; finer positions go live."""

    min: float = 0
    max: float = 100
    integer: bool = True
    width: int = 8
    grid: tuple | None = None

    discrete = False

    def grid_values(self) -> list:
        """The declared grid, ``lo`` to ``hi`` by ``step``: ``grid=(-5, 5, 1)`` -> -5.0, -4.0, ..., 5.0."""
        if not self.grid:
            return []
        lo, hi, step = self.grid
        n = round((hi - lo) / step)
        if n < 1 or abs(lo + n * step - hi) > 1e-9 * max(1, abs(hi)):
            raise ValueError(f"Number {self.name}: grid hi must be lo + n*step with n >= 1")
        return [self.parse(round(lo + i * step, 10)) for i in range(n + 1)]

    def parse(self, raw: Any) -> float | int:
        value = read_param(self.name, raw, integer=self.integer)  # as typed: "5.000", "0,5"
        if value < self.min:
            raise ParamError.of(self.name, "too_small", min=_fmt_both(self.min))
        if value > self.max:
            raise ParamError.of(self.name, "too_large", max=_fmt_both(self.max))
        return value

    def canon(self, value: Any) -> str:
        """As a reader types it back, so the field shows "0,5" and the bridge's key matches."""
        return typed(value)

    def spec(self, lang: str) -> dict:
        out = super().spec(lang)
        out.update(min=self.min, max=self.max, integer=self.integer, msgs={
            "empty": msg("empty", lang), "not_number": msg("not_number", lang),
            "ambiguous": msg("ambiguous", lang), "read_as": msg("read_as", lang, value="{value}"),
            "not_integer": msg("not_integer", lang), "not_finite": msg("not_finite", lang),
            "too_small": msg("too_small", lang, min=fmt(self.min, lang)),
            "too_large": msg("too_large", lang, max=fmt(self.max, lang)),
            # a refused number the other convention reads differently: how it was read, and which was meant
            "too_small_read": msg("too_small_read", lang, value="{value}", min=fmt(self.min, lang)),
            "too_large_read": msg("too_large_read", lang, value="{value}", max=fmt(self.max, lang)),
            "not_integer_read": msg("not_integer_read", lang, value="{value}"),
            "meant": msg("meant", lang, other="{other}"),
            # a figure dragged past its edge: the field stops there and says why (drag.js)
            "drag_min": msg("drag_min", lang, min=fmt(self.min, lang)),
            "drag_max": msg("drag_max", lang, max=fmt(self.max, lang)),
        })
        if self.grid:
            out["grid"] = list(self.grid)  # where a drag snaps while Python is absent (drag.js)
        return out

    def html(self, lang: str, value: Any, uid: str) -> Markup:
        cid = f"{uid}-{self.name}"
        return h("div", {"class": "aula-control aula-number"}, self._label(lang, uid),
                 h("input", {"id": cid, "type": "text", "inputmode": "numeric" if self.integer else "decimal",
                             "size": self.width, "value": self.canon(value), "data-param": self.name,
                             "data-spec": json.dumps(self.spec(lang), ensure_ascii=False),
                             "autocomplete": "off", "spellcheck": "false",
                             "aria-describedby": f"{cid}-msg"}),
                 h("span", {"class": "aula-field-msg", "id": f"{cid}-msg", "role": "status"}))


@dataclass
class Text(Control):
    """Free text, bounded to ``max_len`` characters: an open domain, computed live.

    Longer input is not an error that loses the reader's text: the widget uses
    the first ``max_len`` characters and says so.
    """

    max_len: int = 200
    rows: int = 1

    discrete = False

    def parse(self, raw: Any) -> str:
        return "" if raw is None else str(raw)

    def spec(self, lang: str) -> dict:
        out = super().spec(lang)
        out.update(max_len=self.max_len)
        return out

    def html(self, lang: str, value: Any, uid: str) -> Markup:
        cid = f"{uid}-{self.name}"
        attrs = {"id": cid, "data-param": self.name, "data-spec": json.dumps(self.spec(lang)),
                 "autocomplete": "off", "spellcheck": "false", "aria-describedby": f"{cid}-msg"}
        field_ = (h("textarea", {**attrs, "rows": self.rows}, value) if self.rows > 1
                  else h("input", {**attrs, "type": "text", "value": value}))
        return h("div", {"class": "aula-control aula-text"}, self._label(lang, uid), field_,
                 h("span", {"class": "aula-field-msg", "id": f"{cid}-msg", "role": "status"}))

