"""What an author sees of a macro: where a mistake is, the message, and the page's HTML blocks.

- :func:`locate` finds the page line of the nth call of a macro (``docs/es/x.md:42``).
- :func:`author_error` turns a mistake into one English message naming file, line and macro;
  ``mkdocs build`` stops on it, ``mkdocs serve`` logs it and shows it on the page instead
  (:func:`error_box`), so the server keeps running.
- :func:`stash` / :func:`unstash`: a macro's HTML block is kept out of Markdown's reach. The macro
  leaves a plain token in the Markdown; after Markdown has run (inside an admonition, a list item or
  a content tab alike) the hooks put the block back in its place, untouched.
"""

from __future__ import annotations

import logging
import re
import traceback
from pathlib import Path

from lesson_core.kit.html import Markup, h
from macros.devloop import shown_path  # noqa: F401  (also this module's: hooks.py uses it from here)

__all__ = ["MacroError", "locate", "call_text", "raised_at", "author_error", "stash", "unstash", "missing_twins", "syntax_error_text"]

ROOT = Path(__file__).resolve().parent.parent
log = logging.getLogger("mkdocs.plugins.aula")


class MacroError(Exception):
    """An author's mistake in a macro call; the message names file, line and macro."""


def locate(page, name: str, widget_id: str, nth: int) -> str:
    """'docs/es/x.md:42' for the nth call of macro `name` with this widget on the page."""
    path = Path(page.file.abs_src_path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return shown_path(path)
    pattern = re.compile(r"\b" + name + r"\(\s*['\"]" + re.escape(widget_id) + r"['\"]")
    hits = [i + 1 for i, line in enumerate(lines) for _ in pattern.finditer(line)]
    line = hits[nth] if nth < len(hits) else (hits[0] if hits else 0)
    return f"{shown_path(path)}:{line}" if line else shown_path(path)


def call_text(name: str, widget_id: str, args: tuple, params: dict) -> str:
    inner = ", ".join([repr(widget_id)] + [repr(a) for a in args] + [f"{k}={v!r}" for k, v in params.items()])
    return f"{name}({inner})"


def raised_at(err: BaseException) -> str:
    """Where in lesson_core an exception was raised: 'lesson_core/widgets/x.py:45', plus the
    widget module's line when the error came from a helper it called."""
    core = ROOT / "lesson_core"
    frames = [f for f in traceback.extract_tb(err.__traceback__) if Path(f.filename).resolve().is_relative_to(core)]
    if not frames:
        return ""
    inner = frames[-1]
    where = f"{shown_path(Path(inner.filename))}:{inner.lineno}"
    widget_frames = [f for f in frames if "widgets" in Path(f.filename).parts]
    if widget_frames and widget_frames[-1] is not inner:
        outer = widget_frames[-1]
        where += f" (called from {shown_path(Path(outer.filename))}:{outer.lineno})"
    return where


def author_error(serving: bool, page, message: str, inline: bool = False) -> str:
    """Stop the build with `message`; while serving, log it and show it on the page instead."""
    if not serving:
        raise MacroError(message)
    from macros import pagecache  # a page with a mistake is rendered (and the mistake logged) again
    pagecache.failed(page)
    log.error(message)
    return stash(page, error_box(message, inline))


def error_box(message: str, inline: bool = False) -> Markup:
    """The author's error on the page (only under `mkdocs serve`; a build stops instead)."""
    if inline:
        return h("code", {"class": "aula-author-error", "role": "alert"}, "⚠ " + message)
    return h("div", {"class": "aula-author-error", "role": "alert"},
             h("p", None, h("strong", None, "Macro error"),
               " (shown by mkdocs serve; mkdocs build stops on it)"),
             h("pre", None, message))


TOKEN = "AULABLOCK{}END"
TOKEN_RE = re.compile(r"<p>AULABLOCK(\d+)END</p>|AULABLOCK(\d+)END")


def stash(page, html: str) -> str:
    """Keep `html` for `page` and return the plain token that stands for it in the Markdown."""
    blocks = page.__dict__.setdefault("aula_blocks", [])
    blocks.append(str(html))
    return TOKEN.format(len(blocks) - 1)


def unstash(html: str, page) -> str:
    """Put every stashed block back in place of its token (a token alone in a paragraph
    replaces the paragraph)."""
    blocks = page.__dict__.get("aula_blocks")
    if not blocks:
        return html
    return TOKEN_RE.sub(lambda m: blocks[int(m.group(1) or m.group(2))], html)


LANGUAGE_NAMES = {"es": "Spanish", "pt": "Portuguese"}


def missing_twins(docs: Path) -> list[str]:
    """One message per page without its twin in the other language's folder."""
    pages = {lang: {p.relative_to(docs / lang).as_posix() for p in (docs / lang).rglob("*.md")}
             for lang in LANGUAGE_NAMES}
    out = []
    for lang, other in (("es", "pt"), ("pt", "es")):
        for rel in sorted(pages[lang] - pages[other]):
            out.append(f"{shown_path(docs / other / rel)} is missing: {shown_path(docs / lang / rel)} has no "
                       f"{LANGUAGE_NAMES[other]} twin (every page exists in docs/es/ and docs/pt/ with the same "
                       f"file name; write the {LANGUAGE_NAMES[other]} page, or remove this one)")
    return out


def syntax_error_text(error, markdown: str, page) -> str:
    """A Jinja syntax error in a page, with the line counted in the file (front matter included):
    for mkdocs-macros' error formatter (the terminal, and the page under `mkdocs serve`)."""
    path = Path(page.file.abs_src_path)
    try:
        offset = len(path.read_text(encoding="utf-8").splitlines()) - len(markdown.splitlines())
    except OSError:
        offset = 0
    lines = markdown.splitlines()
    source = lines[error.lineno - 1] if 0 < error.lineno <= len(lines) else ""
    return (f"**Macro syntax error** at `{shown_path(path)}:{error.lineno + max(offset, 0)}`: {error.message}"
            f"\n\n    {source}\n")
