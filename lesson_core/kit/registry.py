"""The widget contract: one ``render(widget_id, params, lang)`` for macro, browser and CLI.

A widget is a function ``(params, lang) -> View`` declared with :func:`widget`,
its controls and its *parts*: named pieces of the view, each depending on a
subset of the parameters. A part whose parameters are all discrete (and whose
combinations are few) is precomputed at build time, so the page can swap it in
one frame before Python has loaded; every other change goes to Pyodide, which
calls this same ``render``.

``render`` returns plain JSON-able data::

    {"ok": True, "widget": id, "lang": "es", "params": {name: canon},
     "parts": {part: html}, "data": {...}}
    {"ok": False, "widget": id, "lang": "es",
     "error": {"param": name_or_None, "message": localized_text}}

Unknown widgets and unknown parameter names are author errors and raise
(:class:`UnknownWidget`, :class:`UnknownParam`); bad values are reader errors
and come back as ``ok: False``. A mistake in a declaration (a duplicate id, a control
that is not one of the kinds the page knows, a default a control cannot take) raises
:class:`AuthorError` when the module is imported, naming the file and line of its ``@widget(``.

A page's ``value()`` asks for one number of a widget's ``data``, not for its figure. A widget
declares the ``fields`` of its data a page may ask for, and, when drawing costs far more than
the numbers, a ``data`` function computing only those fields; :class:`Views` computes each
widget state once for a whole build and answers ``data`` without drawing when it can.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .controls import KINDS, Control
from .labels import text_problems
from .fmt import check_lang
from .html import esc, text_of
from .messages import ParamError

__all__ = ["Widget", "View", "Views", "widget", "render", "get", "all_widgets", "parse_params",
           "UnknownWidget", "UnknownParam", "AuthorError", "PRECOMPUTE_CAP", "GRID_CAP", "SUMMARY"]

PRECOMPUTE_CAP = 260  # combinations per part; keeps the embedded results within the page budget
GRID_CAP = 250        # drag-grid states per widget (both layouts each): about 0.1 MB gzipped at most
SUMMARY = "summary"   # the part every widget gets: its result in words, announced to screen readers


class UnknownWidget(LookupError):
    pass


class UnknownParam(TypeError):
    pass


class AuthorError(ValueError):
    """A mistake in a widget's declaration: 'lesson_core/widgets/x.py:12: widget 'id': what; how to fix'."""


def _declared_at(depth: int = 2) -> str:
    """'lesson_core/widgets/x.py:12': the file and line of the ``@widget(`` being evaluated."""
    frame = sys._getframe(depth)
    path = Path(frame.f_code.co_filename)
    parts = path.parts
    shown = "/".join(parts[len(parts) - 1 - parts[::-1].index("lesson_core"):]) if "lesson_core" in parts else str(path)
    return f"{shown}:{frame.f_lineno}"


@dataclass
class View:
    """What a widget function returns: its parts' HTML, its numbers and ``summary``,
    one or two plain sentences in the page's language saying what the figure shows
    (the same facts, numbers through ``fmt``). The summary becomes the part
    ``"summary"``, which depends on every parameter the other parts use, so it is
    precomputed and computed live exactly like the figure; the page announces it
    in a polite live region when it changes."""

    parts: dict
    data: dict = field(default_factory=dict)
    summary: str = ""


@dataclass
class Widget:
    id: str
    lesson: str
    title: dict
    controls: list[Control]
    parts: dict[str, tuple[str, ...]]
    fn: Callable[[dict, str], View]
    doc: str = ""
    one_at_a_time: bool = True  # see combos(); off for a widget whose embedded table would weigh too much
    where: str = ""             # the file and line of its @widget(...)
    lead: tuple[str, ...] = ()  # static parts shown above the controls (a quiz's question)
    after: tuple[str, ...] = ()  # controls shown under the view, so on a phone the first ones sit near it
    drags: tuple[tuple[str, str], ...] = ()  # pairs of gridded Numbers a figure drag sets together
    fields: tuple[str, ...] = ()  # the data fields a page may ask for (value()); () = every field
    data: Callable[[dict, str], dict] | None = None  # those fields without drawing (see Views.data)

    def control(self, name: str) -> Control:
        for c in self.controls:
            if c.name == name:
                return c
        raise UnknownParam(f"widget {self.id!r} has no parameter {name!r}; "
                           f"its parameters are {[c.name for c in self.controls]}")

    def defaults(self) -> dict:
        return {c.name: c.default for c in self.controls}

    def precomputable(self, part: str) -> bool:
        """True when the part's discrete parameters allow a small table (see ``combos``).

        Open parameters (typed numbers, text) are held at their current value:
        the table then covers the page as built, and a typed value goes live."""
        return self.combos(part, self.defaults()) is not None

    def combos(self, part: str, values: Mapping[str, Any]) -> list[dict] | None:
        """The parameter combinations to precompute for a part, or None.

        Every combination of its discrete parameters when there are at most
        PRECOMPUTE_CAP; otherwise each parameter moved alone from ``values`` (what a
        reader does first), when that is at most PRECOMPUTE_CAP; the rest goes live."""
        free = [d for d in self.parts[part] if self.control(d).discrete]
        if not free:
            return None
        sizes = [len(self.control(d).values()) for d in free]
        product = 1
        for n in sizes:
            product *= n
        if product <= PRECOMPUTE_CAP:
            return [dict(zip(free, combo)) for combo in itertools.product(*(self.control(d).values() for d in free))]
        if self.one_at_a_time and sum(sizes) <= PRECOMPUTE_CAP:
            out = []
            for d in free:
                for v in self.control(d).values():
                    out.append({**{k: values[k] for k in free}, d: v})
            return out
        return None

    def grid_combos(self) -> list[dict]:
        """The drag grid: for each declared pair, every combination of its two Numbers' ``grid``
        values (the other parameters stay at the page's values): ``drags=[("ax", "ay")]`` with
        ``grid=(-5, 5, 1)`` on both -> 121 states."""
        out = []
        for pair in self.drags:
            grids = [self.control(n).grid_values() for n in pair]
            out += [dict(zip(pair, combo)) for combo in itertools.product(*grids)]
        return out


_REGISTRY: dict[str, Widget] = {}


def widget(id: str, *, lesson: str, title: dict, controls: list[Control] | None = None,
           parts: Mapping[str, tuple[str, ...]] | None = None, one_at_a_time: bool = True,
           lead: tuple[str, ...] = (), after: tuple[str, ...] = (), drags: tuple[tuple[str, str], ...] = (),
           fields: tuple[str, ...] = (), data: Callable[[dict, str], dict] | None = None):
    """Register a widget function. ``parts`` maps part name -> parameters it depends on;
    by default a single part ``main`` depends on every parameter. ``one_at_a_time=False``
    embeds only complete small tables (see Widget.combos). ``lead`` names static parts
    (no parameters) that the page shows above the controls, such as a quiz's question; ``after``
    names controls shown under the view (a long widget's tuning, so its first control sits by its output).
    ``drags`` names the pairs of ``Number`` controls a figure drag sets together
    (``data-drag-x`` / ``data-drag-y``); each declares a coarse ``grid``, whose states the
    build embeds (see :func:`precompute_grid`), so a finger drag answers before Python.
    ``fields`` names the top-level keys of the view's ``data`` a page may read with ``value()``;
    ``data``, a function ``(params, lang) -> dict`` returning those fields, lets ``value()`` skip
    the drawing (tests/test_views.py checks that it agrees with the view's data)."""
    controls = list(controls or [])
    where = _declared_at()

    def fail(what: str):
        raise AuthorError(f"{where}: widget {id!r}: {what}")

    for c in controls:
        if type(c).__name__.lower() not in KINDS or not isinstance(c, Control):
            fail(f"{c!r} is not a control the page knows; use one of "
                 f"{', '.join(k.capitalize() for k in KINDS)} (lesson_core.kit.controls)")
        problem = c.default_problem()
        if problem:
            fail(problem)
    names = [c.name for c in controls]
    if len(set(names)) != len(names):
        fail(f"two controls named {sorted(n for n in set(names) if names.count(n) > 1)}; give each its own name")
    if id in _REGISTRY:
        fail(f"the id is already declared at {_REGISTRY[id].where}; widget ids are global: choose another id")
    by_name = {c.name: c for c in controls}
    for pair in drags:
        for n in pair:
            c = by_name.get(n)
            if c is None or not getattr(c, "grid", None):
                fail(f"drags names {n!r}, which is not a Number with a grid; declare "
                     f"Number({n!r}, ..., grid=(lo, hi, step))")
    if not set(after) <= set(names):
        fail(f"after names {sorted(set(after) - set(names))}, which are not its controls; its controls are {names}")
    if data is not None and not fields:
        fail("data= computes the fields a page may ask for: declare them too, fields=(\"name\", ...)")
    if len(set(fields)) != len(tuple(fields)) or not all(isinstance(f, str) and f for f in fields):
        fail(f"fields={tuple(fields)!r}: name each top-level data field once, as a string")
    states = sum(len(by_name[a].grid_values()) * len(by_name[b].grid_values()) for a, b in drags)
    if states > GRID_CAP:
        fail(f"its drag grid has {states} states, more than {GRID_CAP}; use coarser grid steps")

    def deco(fn: Callable[[dict, str], View]):
        if id in _REGISTRY:
            fail(f"the id is already declared at {_REGISTRY[id].where}; widget ids are global: choose another id")
        declared = dict(parts) if parts else {"main": tuple(names)}
        if SUMMARY in declared:
            fail(f"the part name {SUMMARY!r} is reserved (View.summary fills it); rename the part")
        for part, deps in declared.items():
            for d in deps:
                if d not in names:
                    fail(f"part {part!r} depends on unknown parameter {d!r}; its parameters are {names}")
        for part in lead:
            if declared.get(part, ("?",)):
                fail(f"lead part {part!r} must be a declared part with no parameters")
        for problem in text_problems(title, controls):  # a label without Portuguese: named here, not in tr()
            fail(problem)
        used = {d for deps in declared.values() for d in deps}
        declared[SUMMARY] = tuple(n for n in names if n in used)
        _REGISTRY[id] = Widget(id, lesson, title, controls, {k: tuple(v) for k, v in declared.items()},
                               fn, (fn.__doc__ or "").strip(), one_at_a_time, where, tuple(lead),
                               tuple(after), tuple(tuple(p) for p in drags), tuple(fields), data)
        return fn

    return deco


def get(widget_id: str) -> Widget:
    try:
        return _REGISTRY[widget_id]
    except KeyError:
        raise UnknownWidget(f"unknown widget {widget_id!r}; known widgets: {sorted(_REGISTRY)}") from None


def all_widgets() -> list[Widget]:
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def parse_params(w: Widget, params: Mapping[str, Any] | None) -> dict:
    """Defaults overridden by ``params``; raises UnknownParam or ParamError."""
    values = w.defaults()
    for name, raw in (params or {}).items():
        values[name] = w.control(name).parse(raw)
    return values


def _call(w: Widget, values: dict, lang: str) -> View:
    view = w.fn(dict(values), lang)
    view.parts = {**view.parts, SUMMARY: esc(text_of(view.summary))}  # words, never tags
    missing = set(w.parts) - set(view.parts)
    if missing:
        raise RuntimeError(f"widget {w.id!r} did not render parts {sorted(missing)}")
    return view


def render(widget_id: str, params: Mapping[str, Any] | None = None, lang: str = "es") -> dict:
    """Render a widget; see the module docstring for the result's shape."""
    check_lang(lang)
    w = get(widget_id)
    base = {"widget": widget_id, "lang": lang}
    try:
        values = parse_params(w, params)
        view = _call(w, values, lang)
    except ParamError as err:
        return {**base, "ok": False, "error": {"param": err.param, "message": err.text[lang]}}
    canon = {c.name: c.canon(values[c.name]) for c in w.controls}
    return {**base, "ok": True, "params": canon, "parts": {k: str(view.parts[k]) for k in w.parts},
            "data": view.data}


def part_key(w: Widget, part: str, values: Mapping[str, Any]) -> str:
    """The lookup key of a part's precomputed result: its parameters' canon forms joined by '|'."""
    return "|".join(w.control(d).canon(values[d]) for d in w.parts[part])


def _tables(w: Widget, parts: dict[str, list[dict]], values: Mapping[str, Any], lang: str,
            check: Callable[[str, dict, str], None] | None, views: "Views | None") -> dict:
    """``{part: {key: html}}`` for the given combinations of each part, the others held at ``values``;
    each state computed once (``views``: shared with the rest of the build, when given)."""
    out: dict[str, dict[str, str]] = {}
    views = Views() if views is None else views
    for part, combos in parts.items():
        table = {}
        for combo in combos:
            current = {**values, **combo}
            try:
                view = views.view(w, current, lang)
            except ParamError:
                continue  # an invalid combination: left to live computation, which explains it
            except Exception as err:
                err.add_note(f"while precomputing part {part!r} with "
                             + ", ".join(f"{k}={v!r}" for k, v in current.items()))
                raise
            table[part_key(w, part, current)] = html = str(view.parts[part])
            if check:
                check(part, current, html)
        out[part] = table
    return out


def precompute(w: Widget, values: Mapping[str, Any], lang: str,
               check: Callable[[str, dict, str], None] | None = None, views: "Views | None" = None) -> dict:
    """For each precomputable part, the HTML for every combination of its parameters,
    the others held at ``values``. Returns ``{part: {key: html}}``. ``check(part, values, html)``
    sees each state (see block.render_block); an exception names the state that raised it."""
    combos = {part: w.combos(part, values) for part in w.parts}
    return _tables(w, {p: c for p, c in combos.items() if c is not None}, values, lang, check, views)


def precompute_grid(w: Widget, values: Mapping[str, Any], lang: str,
                    check: Callable[[str, dict, str], None] | None = None, views: "Views | None" = None) -> dict:
    """The drag grid (``Widget.grid_combos``) of every part a drag changes, as ``precompute``
    gives it: ``{part: {key: html}}``; empty for a widget without ``drags``."""
    dragged = {n for pair in w.drags for n in pair}
    combos = w.grid_combos()
    return _tables(w, {p: combos for p, deps in w.parts.items() if dragged & set(deps)}, values, lang, check, views)


class Views:
    """Each widget state computed once for as long as this object lives: the build makes one per
    build (macros/main.py), so a ``value()`` and a ``widget()`` of the same state, a default view and
    its precomputed twin, or the same state on two pages, cost one call of the widget function.

    A state is (widget, its function, its parameters' canonical forms, language): a widget module
    reloaded by ``mkdocs serve`` has new functions, so it never meets an older module's results.
    Callers read the views it returns and never change them."""

    def __init__(self) -> None:
        self._views: dict[tuple, View] = {}
        self._data: dict[tuple, dict] = {}
        self.calls = {"view": 0, "data": 0}  # calls of widget functions (for tests and bench/)

    @staticmethod
    def _key(w: Widget, values: Mapping[str, Any], lang: str) -> tuple:
        return (w.id, w.fn, w.data, tuple(c.canon(values[c.name]) for c in w.controls), lang)

    def view(self, w: Widget, values: Mapping[str, Any], lang: str) -> View:
        """The widget's View for these parsed values (``_call``), computed on first use."""
        key = self._key(w, values, lang)
        if key not in self._views:
            self.calls["view"] += 1
            self._views[key] = _call(w, dict(values), lang)
        return self._views[key]

    def data(self, widget_id: str, params: Mapping[str, Any] | None, lang: str) -> dict:
        """What a page may read (``value()``): the declared ``fields`` the widget's data has for these
        parameters (a field may exist only for some), or all of its data when it declares none.
        Computed without drawing by the widget's ``data`` function when it has one and no view of
        this state was made; otherwise from the (shared) view.
        Raises UnknownWidget, UnknownParam or ParamError like :func:`parse_params`."""
        check_lang(lang)
        w = get(widget_id)
        values = parse_params(w, params)
        key = self._key(w, values, lang)
        if key in self._views or w.data is None:
            full = self.view(w, values, lang).data
            return {f: full[f] for f in w.fields if f in full} if w.fields else full
        if key not in self._data:
            self.calls["data"] += 1
            got = w.data(dict(values), lang)
            if not set(got) <= set(w.fields):
                raise AuthorError(f"{w.where}: widget {w.id!r}: its data= function returned fields "
                                  f"{sorted(set(got) - set(w.fields))}, which fields={w.fields!r} does not declare")
            self._data[key] = got
        return self._data[key]

    def field_hint(self, widget_id: str, params: Mapping[str, Any] | None, lang: str, field: str) -> str:
        """Why a top-level field a page asked for is not there, when the declaration explains it
        (for the author's message; '' when it does not)."""
        w = get(widget_id)
        if not w.fields:
            return ""
        if field in w.fields:
            return (f"; {w.where} declares it in fields=(...), but with these parameters the widget's "
                    "data has none")
        if field in self.view(w, parse_params(w, params), lang).data:
            return (f"; {field!r} is in the widget's data but not in its fields=(...) at {w.where}: "
                    "declare it there to read it from a page")
        return ""
