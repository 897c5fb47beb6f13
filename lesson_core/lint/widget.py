"""The static checks of one widget, and of one lesson, as author messages naming file and line.

- :func:`widget_findings`: a widget's page block (its default view and every precomputed state)
  wider than a phone, at the widget's ``@widget(`` line; markup in its labels, at the line of the
  offending text. The build runs it on every widget block of every page (macros/lint.py).
- :func:`lesson_findings`: everything ``python -m lesson_core check LESSON`` checks without a
  browser: the lesson's widget modules and both pages in their language, and each of its widgets
  rendered in both languages, every precomputed state included.

Example line: ``lesson_core/widgets/softmax.py:30: widget 'softmax_temp': part 'main': a figure
900 units wide, more than the 264 a phone's figure box holds ...``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from ..kit.fmt import LANGS
from . import language, layout

__all__ = ["widget_findings", "rendered_findings", "lesson_widgets", "lesson_findings"]


def _source_of(w) -> Path:
    """The widget's module file (its function may be wrapped: `mkdocs serve` records what runs)."""
    module = sys.modules.get(w.fn.__module__)
    return Path(getattr(module, "__file__", None) or w.fn.__code__.co_filename)


def _text_line(w, text: str) -> str:
    """'lesson_core/widgets/x.py:34': the line of the string literal ``text`` in the widget's module
    (the first one from its ``@widget(`` on), or the ``@widget(`` line when it is not a literal there."""
    path, _, start = w.where.rpartition(":")
    source = _source_of(w)
    try:
        tree = ast.parse(source.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return w.where
    lines = sorted(node.lineno for node in ast.walk(tree)
                   if isinstance(node, ast.Constant) and node.value == text)
    after = [n for n in lines if n >= int(start or 0)]
    return f"{path}:{(after or lines)[0]}" if lines else w.where


def widget_findings(w, block: str) -> list[str]:
    """One line per problem of widget ``w`` in its page block ``block`` (kit/block.py)."""
    out = [f"{w.where}: widget {w.id!r}: part {part!r}: {problem}" for part, problem in layout.block_problems(block)]
    out += [f"{_text_line(w, text)}: widget {w.id!r}: {problem}" for text, problem in layout.label_problems(w)]
    return out


def lesson_widgets(name: str) -> list:
    """The widgets of lesson ``name`` (docs/<lang>/name.md): declared with ``lesson=name`` or in its
    module ``lesson_core/widgets/<name with underscores>.py``."""
    from ..kit.registry import all_widgets
    module = "lesson_core.widgets." + name.replace("-", "_")
    return [w for w in all_widgets() if w.lesson == name or w.fn.__module__ == module]


def lesson_findings(name: str, root: Path, shown=str) -> list[str]:
    """Every finding for lesson ``name`` in the project at ``root``; ``shown(path)`` writes a path as
    the author reads it. Raises LookupError when the project has no such lesson."""
    widgets = lesson_widgets(name)
    modules = {_source_of(w) for w in widgets}
    own = root / "lesson_core" / "widgets" / (name.replace("-", "_") + ".py")
    modules |= {own} if own.exists() else set()
    pages = {lang: root / "docs" / lang / f"{name}.md" for lang in LANGS}
    if not widgets and not any(p.exists() for p in pages.values()):
        raise LookupError(f"no lesson {name!r}: no docs/es/{name}.md, docs/pt/{name}.md or widget with lesson={name!r}")
    out = []
    for path in sorted(modules):
        out += language.module_findings(shown(path), path.read_text(encoding="utf-8"))
    for lang, page in pages.items():
        if page.exists():
            out += language.page_findings(shown(page), page.read_text(encoding="utf-8"), lang)
        else:
            out.append(f"{shown(page)} is missing: every lesson has a page in docs/es/ and docs/pt/")
    for w in widgets:
        out += rendered_findings(w)
    return list(dict.fromkeys(out))


def rendered_findings(w) -> list[str]:
    """:func:`widget_findings` of the widget's block at its defaults, in each language."""
    from ..kit.block import render_block
    out = []
    for lang in LANGS:
        try:
            block = str(render_block(w.id, None, lang, f"w-{w.id}"))
        except Exception as err:  # noqa: BLE001  the author's to see, like the build's
            out.append(f"{w.where}: widget {w.id!r}: rendering it in {lang} raised {type(err).__name__}: {err}")
            continue
        out += widget_findings(w, block)
    return list(dict.fromkeys(out))
