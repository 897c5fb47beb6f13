"""lesson_core: every number, table and figure of the Aula lessons, in pure Python.

Standard library only; runs unchanged in CPython 3.11 and in Pyodide. The public
surface, shared by the build's macros, the browser (Pyodide) and the command line:

- :func:`render` ``(widget_id, params, lang) -> dict`` (see :mod:`lesson_core.kit.registry`);
- :func:`render_json`, the same with JSON in and out, for the browser bridge;
- :func:`train_json`, the worker's live training in slices (:mod:`lesson_core.widgets.own_train`);
- :func:`render_block`, the full HTML block a page inlines;
- :class:`Views`, a build's memo: each widget state computed once, and ``Views.data`` for a page's
  ``value()``, without drawing where the widget can;
- :func:`list_widgets`, what exists.
"""

from __future__ import annotations

import json
import traceback

from . import widgets as _widgets  # noqa: F401  (registers every widget)
from .kit.block import render_block
from .kit.fmt import LANGS, fmt
from .kit.messages import ParamError
from .kit.stream import sending
from .kit.registry import UnknownParam, UnknownWidget, View, Views, all_widgets, get, render
from .widgets.own_train import train_json  # the worker's "train" message (live training, issue 25)

__all__ = ["render", "render_json", "train_json", "render_block", "list_widgets", "warm_cases", "warm_cases_json", "warm_up", "get", "fmt", "LANGS",
           "ParamError", "UnknownParam", "UnknownWidget", "View", "Views"]

__version__ = "0.1.0"


def list_widgets() -> list[dict]:
    """Every widget: id, lesson, titles and parameters with their defaults."""
    out = []
    for w in all_widgets():
        out.append({
            "id": w.id,
            "lesson": w.lesson,
            "title": w.title,
            "params": {c.name: {"kind": type(c).__name__.lower(), "default": c.canon(c.default)}
                       for c in w.controls},
            "parts": {k: list(v) for k, v in w.parts.items()},
        })
    return out


def render_json(widget_id: str, params_json: str, lang: str, partial=None) -> str:
    """The browser's entry point: JSON params in, JSON result out.

    ``partial``, when given (the worker's function), receives the JSON of each partial result a
    widget sends on the way (:mod:`lesson_core.kit.stream`: ``{"ok": true, "parts": {...}}``).
    Never raises: an unexpected failure becomes ``ok: False`` with the message
    key ``py_error``, so the page can say so in the reader's language."""
    try:
        params = json.loads(params_json) if params_json else {}
        if partial is None:
            result = render(widget_id, params, lang)
        else:
            def emit(parts: dict) -> None:
                partial(json.dumps({"ok": True, "parts": parts}, ensure_ascii=False))
            result = sending(emit, lambda: render(widget_id, params, lang))
    except Exception as err:  # the browser must get an answer, not a stack trace
        frame = traceback.extract_tb(err.__traceback__)[-1]  # for the author, in the browser's console
        where = f" (at {'/'.join(frame.filename.split('/')[-2:])}:{frame.lineno})"
        result = {"widget": widget_id, "lang": lang, "ok": False,
                  "error": {"param": None, "message": None, "internal": f"{type(err).__name__}: {err}{where}"}}
    return json.dumps(result, ensure_ascii=False, sort_keys=True)


def warm_cases(widget_ids: list[str] | None = None) -> list[tuple[str, dict]]:
    """The widget modules' WARM_CASES (heavy default computations worth doing before a reader
    asks), in order, for these widgets (all by default).

    The browser's worker makes these calls one at a time once Python is ready, for the widgets
    on the page, so their caches are filled before the reader types."""
    import importlib
    import pkgutil

    cases = []
    for info in sorted(pkgutil.iter_modules(_widgets.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{_widgets.__name__}.{info.name}")
        cases += [(wid, params) for wid, params in getattr(module, "WARM_CASES", [])
                  if widget_ids is None or wid in widget_ids]
    return cases


def warm_cases_json(widget_ids_json: str) -> str:
    """:func:`warm_cases` with JSON in and out, for the browser's worker."""
    return json.dumps(warm_cases(json.loads(widget_ids_json)))


def warm_up() -> int:
    """Make every WARM_CASES call in each language (filling their caches); returns how many."""
    count = 0
    for widget_id, params in warm_cases():
        for lang in LANGS:
            render(widget_id, params, lang)
            count += 1
    return count
