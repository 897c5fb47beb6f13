"""mkdocs-macros module: thin adapters from a macro call in a page to lesson_core.

In a page::

    {{ widget("pe_heatmap", d=32) }}              the widget's full block, rendered now
    {{ value("pe_ambiguity", "full_distance", digits=3) }}   one computed number, formatted

The page language comes from the page's folder (``docs/es/`` or ``docs/pt/``).
An author's mistake (unknown widget, unknown or bad parameter, unknown data
field) stops the build with the file, the line and the macro named.
"""

from __future__ import annotations

import re
from pathlib import Path

import lesson_core
from lesson_core.fmt import fmt, fmt_pct
from lesson_core.html import Markup
from lesson_core.messages import ParamError
from lesson_core.registry import UnknownParam, UnknownWidget

LANGS = ("es", "pt")


class MacroError(Exception):
    """An author's mistake in a macro call; the message names file, line and macro."""


def page_lang(page) -> str:
    """'es' or 'pt', from the page's source folder."""
    src = page.file.src_uri if hasattr(page.file, "src_uri") else page.file.src_path
    first = Path(src).parts[0]
    if first in LANGS:
        return first
    locale = getattr(page.file, "locale", None)
    if locale in LANGS:
        return locale
    raise MacroError(f"{src}: page is outside docs/es/ and docs/pt/; cannot tell its language")


def _call_text(name: str, widget_id: str, args: tuple, params: dict) -> str:
    inner = ", ".join([repr(widget_id)] + [repr(a) for a in args] + [f"{k}={v!r}" for k, v in params.items()])
    return f"{name}({inner})"


def _locate(page, name: str, widget_id: str, nth: int) -> str:
    """'docs/es/x.md:42' for the nth call of macro `name` with this widget on the page."""
    path = Path(page.file.abs_src_path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return str(path)
    pattern = re.compile(r"\b" + name + r"\(\s*['\"]" + re.escape(widget_id) + r"['\"]")
    hits = [i + 1 for i, line in enumerate(lines) for _ in pattern.finditer(line)]
    line = hits[nth] if nth < len(hits) else (hits[0] if hits else 0)
    try:
        shown = path.relative_to(Path.cwd())
    except ValueError:
        shown = path
    return f"{shown}:{line}" if line else str(shown)


def define_env(env):
    counters: dict[tuple, int] = {}

    def _nth(page, key: str) -> int:
        k = (id(page), key)  # a new Page object on every (re)build, so `mkdocs serve` restarts at 0
        counters[k] = counters.get(k, -1) + 1
        return counters[k]

    def _fail(page, name: str, widget_id: str, nth: int, call: str, err: Exception) -> MacroError:
        where = _locate(page, name, widget_id, nth)
        detail = err.text["es"] if isinstance(err, ParamError) else str(err)
        if isinstance(err, ParamError) and err.param:
            detail = f"parameter {err.param!r}: {detail}"
        return MacroError(f"{where}: macro {call}: {detail}")

    @env.macro
    def widget(widget_id: str, **params) -> Markup:
        """Inline the full block of a widget (controls, default view, precomputed results)."""
        page = env.page
        nth = _nth(page, "widget:" + widget_id)
        lang = page_lang(page)
        call = _call_text("widget", widget_id, (), params)
        try:
            uid = f"w-{widget_id}-{nth}".replace("_", "-")
            return lesson_core.render_block(widget_id, params, lang, uid)
        except (UnknownWidget, UnknownParam, ParamError) as err:
            raise _fail(page, "widget", widget_id, nth, call, err) from None

    @env.macro
    def value(widget_id: str, field: str, digits: int | None = None, pct: bool = False, **params) -> str:
        """One number from a widget's data (dotted path, list indices allowed: "code.3")."""
        page = env.page
        nth = _nth(page, "value:" + widget_id)
        lang = page_lang(page)
        call = _call_text("value", widget_id, (field,), params)
        try:
            result = lesson_core.render(widget_id, params, lang)
            if not result["ok"]:
                raise ParamError(result["error"]["param"], {"es": result["error"]["message"]})
            node = result["data"]
            for key in field.split("."):
                node = node[int(key)] if isinstance(node, list) else node[key]
            if isinstance(node, bool) or not isinstance(node, (int, float)):
                raise TypeError(f"data field {field!r} is not a number: {node!r}")
            return fmt_pct(node, lang, digits if digits is not None else 1) if pct else fmt(node, lang, digits)
        except (KeyError, IndexError, ValueError) as err:
            if isinstance(err, ParamError):
                raise _fail(page, "value", widget_id, nth, call, err) from None
            raise _fail(page, "value", widget_id, nth, call,
                        LookupError(f"no data field {field!r} ({err})")) from None
        except (UnknownWidget, UnknownParam, TypeError) as err:
            raise _fail(page, "value", widget_id, nth, call, err) from None
