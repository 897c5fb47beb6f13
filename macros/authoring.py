"""What an author sees of a macro: where a mistake is, the message, and the page's HTML blocks.

- :func:`locate` finds the page line of the nth call of a macro (``docs/es/x.md:42``).
- :func:`author_error` turns a mistake into one English message naming file, line and macro,
  logged on one line (:func:`mistake`; its traceback only with ``mkdocs -v``) and shown on the
  page (:func:`error_box`). ``mkdocs serve`` keeps running; ``mkdocs build`` renders every page,
  so that all the mistakes are listed, and stops at the end (macros/hooks.py, ``on_post_build``).
- :func:`missing_twins`, :func:`outside_nav`: pages without their twin, pages missing from the nav;
  :func:`page_mistake` keeps such a mistake with its page, which ``mkdocs serve`` shows at the top
  (:func:`page_boxes`, macros/serve_hooks.py).
- :func:`stash` / :func:`unstash`: a macro's HTML block is kept out of Markdown's reach. The macro
  leaves a plain token in the Markdown; after Markdown has run (inside an admonition, a list item or
  a content tab alike) the hooks put the block back in its place, untouched. This is where a page's
  content gets its final structure: the bridge's slot (macros/bridge.py ``SLOT``) right after the
  first widget block, and the files the widget blocks refer to (``Block.files``, a drag grid's
  script) kept with the page for the build to write (macros/sidecar.py).
"""

from __future__ import annotations

import logging
import re
import traceback
from pathlib import Path

from lesson_core.kit.block import Block
from lesson_core.kit.html import Markup, h
from macros.bridge import SLOT
from macros.devloop import shown_path  # noqa: F401  (also this module's: hooks.py uses it from here)

__all__ = ["MacroError", "MISTAKES", "mistake", "locate", "call_text", "raised_at", "author_error", "stash", "unstash",
           "page_files", "missing_twins", "outside_nav", "macro_error_text", "project_macros", "page_mistake",
           "page_boxes", "clear"]

ROOT = Path(__file__).resolve().parent.parent
log = logging.getLogger("mkdocs.plugins.aula")


class MacroError(Exception):
    """An author's mistake in a macro call; the message names file, line and macro."""


MISTAKES: list[str] = []  # this build's author mistakes, each logged once (emptied in hooks.on_config)
PAGE_MISTAKES: dict[str, list[str]] = {}  # page source as shown -> this build's mistakes about the page itself
EVERY_PAGE: list[str] = []  # this build's mistakes that no one page owns (text in lesson_core's modules)


def clear() -> None:
    """A new build (both languages): no mistake found yet."""
    MISTAKES.clear()
    PAGE_MISTAKES.clear()
    EVERY_PAGE.clear()


def page_mistake(page: str | None, message: str) -> None:
    """A mistake logged like any other, and shown under `mkdocs serve` at the top of the page
    ``page`` (its source as :func:`shown_path` writes it), or of every page when ``page`` is None."""
    mistake(message)
    kept = PAGE_MISTAKES.setdefault(page, []) if page is not None else EVERY_PAGE
    if message not in kept:
        kept.append(message)


def page_boxes(page) -> str:
    """The boxes at the top of a page under `mkdocs serve`: its own mistakes (not in the nav, no
    twin, a paragraph in the other language) and those of lesson_core's text."""
    found = PAGE_MISTAKES.get(shown_path(Path(page.file.abs_src_path)), []) + EVERY_PAGE
    return str(error_box("\n".join(found), title="Author mistakes")) if found else ""


def mistake(message: str, err: BaseException | None = None) -> None:
    """Log an author's mistake on one line, once per build; its traceback only with `mkdocs -v`."""
    if message in MISTAKES:
        return
    MISTAKES.append(message)
    log.error(message)
    if err is not None and err.__traceback__ is not None:
        log.debug("".join(traceback.format_exception(err)))


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


def author_error(serving: bool, page, message: str, inline: bool = False, err: BaseException | None = None) -> str:
    """Log `message` (a build goes on with the other pages and stops at the end) and show it on the page."""
    if serving:
        from macros import pagecache  # a page with a mistake is rendered (and the mistake logged) again
        pagecache.failed(page)
    mistake(message, err)
    return stash(page, error_box(message, inline))


def error_box(message: str, inline: bool = False, title: str = "Macro error") -> Markup:
    """The author's error on the page (only under `mkdocs serve`; a build stops instead)."""
    if inline:
        return h("code", {"class": "aula-author-error", "role": "alert"}, "⚠ " + message)
    return h("div", {"class": "aula-author-error", "role": "alert"},
             h("p", None, h("strong", None, title),
               " (shown by mkdocs serve; mkdocs build stops on it)"),
             h("pre", None, message))


TOKEN = "AULABLOCK{}END"
TOKEN_RE = re.compile(r"<p>AULABLOCK(\d+)END</p>|AULABLOCK(\d+)END")


def stash(page, html: str) -> str:
    """Keep `html` for `page` and return the plain token that stands for it in the Markdown. A
    widget's block (:class:`Block`) is marked as one, and the files it refers to join the page's."""
    blocks = page.__dict__.setdefault("aula_blocks", [])
    if isinstance(html, Block):
        page.__dict__.setdefault("aula_widget_blocks", set()).add(len(blocks))
        page.__dict__.setdefault("aula_files", {}).update(html.files)
    blocks.append(str(html))
    return TOKEN.format(len(blocks) - 1)


def unstash(html: str, page) -> str:
    """Put every stashed block back in place of its token (a token alone in a paragraph
    replaces the paragraph); the first widget block in the page is followed by the bridge's slot."""
    blocks = page.__dict__.get("aula_blocks")
    if not blocks:
        return html
    widgets, first = page.__dict__.get("aula_widget_blocks", set()), []

    def back(m: re.Match) -> str:
        n = int(m.group(1) or m.group(2))
        if n in widgets and not first:
            first.append(n)
            return blocks[n] + SLOT
        return blocks[n]
    return TOKEN_RE.sub(back, html)


def page_files(page) -> dict[str, str]:
    """The files this page's widget blocks refer to (path under the bridge's folder -> text)."""
    return page.__dict__.get("aula_files", {})


LANGUAGE_NAMES = {"es": "Spanish", "pt": "Portuguese"}


def missing_twins(docs: Path) -> list[str]:
    """One message per page without its twin in the other language's folder."""
    return [message for _, message in twins_missing(docs)]


def twins_missing(docs: Path) -> list[tuple[str, str]]:
    """(the page that is there, the message) for each page without its twin."""
    pages = {lang: {p.relative_to(docs / lang).as_posix() for p in (docs / lang).rglob("*.md")}
             for lang in LANGUAGE_NAMES}
    out = []
    for lang, other in (("es", "pt"), ("pt", "es")):
        for rel in sorted(pages[lang] - pages[other]):
            out.append((shown_path(docs / lang / rel),
                        f"{shown_path(docs / other / rel)} is missing: {shown_path(docs / lang / rel)} has no "
                       f"{LANGUAGE_NAMES[other]} twin (every page exists in docs/es/ and docs/pt/ with the same "
                        f"file name; write the {LANGUAGE_NAMES[other]} page, or remove this one)"))
    return out


def outside_nav(docs: Path, nav, config_file: str | None = None, not_in_nav=None) -> list[str]:
    """One message per page that the nav of mkdocs.yml leaves out (see :func:`nav_missing`)."""
    return [message for _, message in nav_missing(docs, nav, config_file, not_in_nav)]


def nav_missing(docs: Path, nav, config_file: str | None = None, not_in_nav=None) -> list[tuple[str, str]]:
    """(page, message) for each page that the nav of mkdocs.yml leaves out (each language's folder holds
    the pages the nav lists without the language: `index.md`, `teacher/x.md`), unless mkdocs.yml's
    `not_in_nav` patterns (MkDocs' own setting, matched against `<lang>/<path>`) say it is left out on
    purpose."""
    if not nav:
        return []
    listed: set[str] = set()

    def walk(items) -> None:
        for item in items if isinstance(items, list) else [items]:
            if isinstance(item, str):
                listed.add(item)
            elif isinstance(item, dict):
                for value in item.values():
                    walk(value)
    walk(nav)
    where = shown_path(config_file) if config_file else "mkdocs.yml"
    try:
        line = Path(config_file).read_text(encoding="utf-8").splitlines().index("nav:") + 1 if config_file else 0
        where += f":{line}" if line else ""
    except (OSError, ValueError):
        pass
    out = []
    for lang in LANGUAGE_NAMES:
        for path in sorted((docs / lang).rglob("*.md")):
            rel = path.relative_to(docs / lang).as_posix()
            if not_in_nav is not None and not_in_nav.match_file(f"{lang}/{rel}"):
                continue
            if rel not in listed and f"{lang}/{rel}" not in listed:
                out.append((shown_path(path), f"{shown_path(path)}: the page is not in the nav ({where}), so no "
                            f"sidebar entry or previous/next link leads to it; add `- {rel}` to the nav, or remove "
                            "the page"))
    return out


def _template_line(error: BaseException, markdown: str, page) -> str:
    """'docs/es/x.md:12' for an error Jinja raised while rendering the page (front matter counted)."""
    path = Path(page.file.abs_src_path)
    lines = [f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename == "<template>"]
    lineno = getattr(error, "lineno", None) or (lines[-1] if lines else 0)
    try:
        offset = len(path.read_text(encoding="utf-8").splitlines()) - len(markdown.splitlines())
    except OSError:
        offset = 0
    return f"{shown_path(path)}:{lineno + max(offset, 0)}" if lineno else shown_path(path)


def project_macros(registered: dict) -> list[str]:
    """The names of the project's macros (macros/main.py ``define_env``) among those mkdocs-macros
    registered, in their order, without the plugin's own (``now()``, ``macros_info()``...)."""
    return [name for name, fn in registered.items()
            if callable(fn) and not (getattr(fn, "__module__", None) or "").startswith("mkdocs_macros")]


def _listed(names: list[str]) -> str:
    calls = [f"{n}()" for n in names]
    return ", ".join(calls[:-1]) + f" and {calls[-1]}" if len(calls) > 1 else "".join(calls)


def macro_error_text(error: BaseException, markdown: str, page, macros: list[str] | None = None) -> str:
    """A mistake mkdocs-macros caught while rendering a page (a Jinja syntax error, an unknown
    name): logged on one line (:func:`mistake`), and what the page shows in the page's place.
    ``macros``: the names of the project's macros (:func:`project_macros`), listed for an unknown name."""
    if hasattr(error, "message") and type(error).__name__ == "TemplateSyntaxError":
        what = f"macro syntax error: {error.message}; check the braces and quotes of this line's {{{{ ... }}}}"
    else:
        exist = f"only the macros {_listed(macros)} exist" if macros else "see the macros there are"
        what = f"{type(error).__name__}: {error}; {exist} (see README.md, Writing a page)"
    message = f"{_template_line(error, markdown, page)}: {what}"
    mistake(message, error)
    return stash(page, error_box(message))
