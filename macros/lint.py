"""The static checks of lesson_core/lint in the build and under ``mkdocs serve``: each finding is an
author mistake (macros/authoring.py): one line in the terminal, ``mkdocs build`` stops after the
last page, and ``mkdocs serve`` shows it on the page.

- :func:`check_sources` (``on_pre_build``): text in the other language in lesson_core's
  ``{"es": ..., "pt": ...}`` literals and in the pages' paragraphs. Each file is read once per
  version (about 0.4 s of CPU for the project; a rebuild re-reads only what changed). A page's own
  paragraph shows at the top of that page; lesson_core's text at the top of every page.
- :func:`check_blocks` (``on_page_content``): each widget block of the page, default view and
  precomputed states, no wider than a phone's box; no markup in the widget's labels. Shown in a
  box just above the widget, named at the widget's file and line.
"""

from __future__ import annotations

import re
from pathlib import Path

import lesson_core
from lesson_core.lint import language
from lesson_core.lint.widget import widget_findings
from macros import authoring

__all__ = ["check_sources", "check_blocks"]

_WIDGET = re.compile(r'<div class="aula-widget" id="[^"]*" data-widget="([^"]+)"')


def check_sources(core: Path, docs: Path) -> None:
    """Log every string and paragraph in the other language, each kept with the page it shows on."""
    for where, found in language.findings(core, docs, authoring.shown_path).items():
        for message in found:
            authoring.page_mistake(where if where.endswith(".md") else None, message)


def check_blocks(page, serving: bool) -> None:
    """The widget blocks stashed for this page (macros/main.py ``widget()``): each finding logged,
    and shown in a box above its widget."""
    blocks = page.__dict__.get("aula_blocks") or []
    for i, block in enumerate(blocks):
        m = _WIDGET.match(block)
        if not m:
            continue
        try:
            w = lesson_core.get(m.group(1))
        except LookupError:
            continue
        found = widget_findings(w, block)
        if not found:
            continue
        for message in found:
            authoring.mistake(message)
        if serving:
            from macros import pagecache  # the page is rendered (and its mistakes logged) again next time
            pagecache.failed(page)
        blocks[i] = str(authoring.error_box("\n".join(found), title="Author mistakes")) + block
