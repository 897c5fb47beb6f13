"""The page block of a widget: controls, parts and precomputed results, as one HTML fragment.

This is what a macro inlines, in its final form: nothing rewrites it afterwards. The block is
complete without JavaScript (the default parameters are rendered); the browser bridge
(``aula.js``) reads the controls' ``data-param`` inputs, swaps parts from the embedded
``<script type="application/json" class="aula-pre">`` table, and sends the rest to Pyodide.

A figure drag's coarse grid (``@widget(drags=...)``) holds every grid state of the parts a drag
changes, wide and narrow: about 0.8 MB for emb_3d and 1.1 MB for vec_dot, which would triple
turing-2-vectors' HTML and its parse time on a slow phone for a drag most readers never make. So
the block does not embed it: it names a file, ``grids/<hash>.js`` (``data-src``, relative to the
bridge's own folder, where aula.js resolves it; ``data-key``, the hash), and hands that file's text
to the build in :attr:`Block.files`. The file is a script
(``window.AulaGrids["<hash>"] = {...}``), so it loads from file:// too, under the same
``script-src 'self'``; the bridge loads it when a drag starts and answers from it once it is there.

Example: ``render_block("vec_dot", None, "es", "w-v").files`` is
``{"grids/<16 hex digits>.js": '(window.AulaGrids = ...)["<16 hex digits>"] = {...};\n'}``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Callable, Mapping

from .fmt import tr
from .html import Markup, h
from .messages import MESSAGES, RUNTIME_KEYS
from .registry import SUMMARY, Views, Widget, get, parse_params, precompute, precompute_grid

__all__ = ["render_block", "json_for_script", "Block", "GRID_DIR", "needs_python"]

GRID_DIR = "grids"  # a drag grid's file, under the bridge's folder (the site's assets/aula/)


class Block(Markup):
    """A widget's page block: its final HTML, and ``files``, the files it refers to
    (path relative to the bridge's folder -> text), which the build writes into the site."""

    files: dict[str, str]

    def __new__(cls, html: str, files: Mapping[str, str] | None = None) -> "Block":
        block = super().__new__(cls, html)
        block.files = dict(files or {})
        return block


def json_for_script(obj: Any) -> Markup:
    """JSON safe inside <script>: neither '</' nor '<!--' can end or confuse the element
    (written as the equivalent JSON escapes '<\\/' and '\\u003c!--')."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    text = text.replace("</", "<\\/").replace("<!--", "\\u003c!--")
    return Markup(text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def needs_python(w, name: str) -> str | None:
    """When a discrete control's new value needs live Python: "always" (a part it changes has no
    precomputed table), "second" (its table moves one control at a time: after another control
    moved, it goes live), or None (every state is precomputed). Typed fields always go live.

    >>> needs_python(get("next_token"), "temperature")
    'second'
    """
    c = w.control(name)
    if not c.discrete:
        return None
    kinds = set()
    for part, deps in w.parts.items():
        if name not in deps:
            continue
        combos = w.combos(part, w.defaults())
        if combos is None:
            kinds.add("always")
        elif any(k != name and w.control(k).discrete for k in deps) and len(combos) < _product(w, deps):
            kinds.add("second")
    return "always" if "always" in kinds else ("second" if kinds else None)


def _product(w, deps) -> int:
    n = 1
    for d in deps:
        if w.control(d).discrete:
            n *= len(w.control(d).values())
    return n


def render_block(widget_id: str, params: Mapping[str, Any] | None, lang: str, uid: str,
                 check: Callable[[str, dict, str], None] | None = None, views: Views | None = None) -> Block:
    """Full HTML block for a page, with the files it refers to (:class:`Block`). Raises ParamError /
    UnknownParam / UnknownWidget on author errors.

    ``check(part, values, html)``, when given, sees the default view's parts and every
    precomputed state before they are kept (the build's checks; it raises to refuse one).
    ``views`` (a build's :class:`Views`) shares computed states with the rest of the build."""
    w = get(widget_id)
    values = parse_params(w, params)
    views = Views() if views is None else views  # the default view is also a precomputed state
    view = views.view(w, values, lang)
    for name in w.parts:
        if check:
            check(name, values, str(view.parts[name]))
    pre = precompute(w, values, lang, check, views)
    grid = precompute_grid(w, values, lang, check, views)
    controls, after = [], []
    for form in (controls, after):
        shown = [c for c in w.controls if (c.name in w.after) == (form is after)]
        kinds = [needs_python(w, c.name) for c in shown]
        run: list[str] = []  # the controls in a row that go live alike, so far
        for i, c in enumerate(shown):
            form.append(c.html(lang, values[c.name], uid))
            run = run + [c.name] if i and kinds[i - 1] == kinds[i] else [c.name]
            # said before anything is fetched, once under a run of controls that go live alike; the bridge
            # adds the size, and hides it once Python is ready
            if kinds[i] and (i + 1 == len(shown) or kinds[i + 1] != kinds[i]):
                key = "py_needs_" + kinds[i] + ("_all" if len(run) > 1 else "")
                form.append(h("p", {"class": "aula-live-note", "data-needs-python": kinds[i], "data-for": " ".join(run)},
                              tr(lang, MESSAGES[key])))
    live = any(not c.discrete for c in w.controls) or any(
        not w.precomputable(p) for p in w.parts if w.parts[p])
    parts = {
        name: h("div", {"class": "aula-part", "data-part": name, "data-deps": ",".join(deps), **_part_attrs(name)},
                Markup(str(view.parts[name])))
        for name, deps in w.parts.items()
    }
    base = json.dumps({c.name: c.canon(values[c.name]) for c in w.controls}, ensure_ascii=False, sort_keys=True)
    msgs = {k: tr(lang, MESSAGES[k]) for k in RUNTIME_KEYS}  # templates: the bridge fills {pct}, {size}
    files = {}
    grid_ref = None
    if grid:  # a figure drag's coarse grid: a file of its own, fetched by the bridge on the first drag
        path, key, files[path] = grid_file(grid)
        grid_ref = h("script", {"type": "application/json", "class": "aula-drag-grid", "data-src": path, "data-key": key})
    return Block(h(
        "div",
        {"class": "aula-widget", "id": uid, "data-widget": w.id, "data-lang": lang,
         "data-search-exclude": True,  # Material's search: index the prose, not the figures' numbers
         "data-live": "1" if live else "0", "data-base": base},
        h("p", {"class": "aula-widget-title"}, tr(lang, w.title)),
        h("div", {"class": "aula-lead"}, [parts[n] for n in w.lead]) if w.lead else None,
        h("form", {"class": "aula-controls", "action": "#", "autocomplete": "off"}, controls) if controls else None,
        # the status (Python coming, its progress, errors) sits beside the controls, not below the figure
        h("p", {"class": "aula-status", "role": "status", "aria-live": "polite"}),
        h("div", {"class": "aula-view", "data-old": tr(lang, MESSAGES["py_old"])}, _view(w, parts, after)),
        h("script", {"type": "application/json", "class": "aula-pre"}, json_for_script(pre)) if pre else None,
        grid_ref,
        h("script", {"type": "application/json", "class": "aula-msgs"}, json_for_script(msgs)),
    ), files)


def _view(w: Widget, parts: dict, after: list) -> list:
    """The view's parts in order; the controls of ``Widget.after`` right under the last part they change,
    so the parts above them and the first controls above the view both stay near their controls."""
    shown = [n for n in parts if n not in w.lead]
    if not after:
        return [parts[n] for n in shown]
    tuned = [i for i, n in enumerate(shown) if n != SUMMARY and set(w.parts[n]) & set(w.after)]
    cut = (tuned[-1] + 1) if tuned else len(shown)
    form = h("form", {"class": "aula-controls aula-controls-after", "action": "#", "autocomplete": "off"}, after)
    return [parts[n] for n in shown[:cut]] + [form] + [parts[n] for n in shown[cut:]]


def grid_file(grid: Mapping[str, Any]) -> tuple[str, str, str]:
    """(path under the bridge's folder, key, script text) of a drag grid's file. The key is the hash
    of the grid's JSON, so the same grid on another page or in the other build is the same file."""
    text = json_for_script(grid)  # safe inside <script>, so safe in a .js file too
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return f"{GRID_DIR}/{key}.js", key, f'(window.AulaGrids = window.AulaGrids || {{}})["{key}"] = {text};\n'


def _part_attrs(name: str) -> dict:
    """The summary part is a polite live region (read by screen readers, not shown)."""
    if name != SUMMARY:
        return {}
    return {"class": "aula-part aula-summary", "role": "status", "aria-live": "polite", "aria-atomic": "true"}


def check_params(widget_id: str, params: Mapping[str, Any] | None) -> None:
    """Raise on any author error without rendering (used by tests and macros)."""
    parse_params(get(widget_id), params)

