"""Under ``mkdocs serve``, a page is rendered again only when something it is made from changed.

A save rebuilds the whole site (both languages), but most pages are as they were: rendering their
macros, Markdown and search entries again is most of a rebuild's time. Each page's rendered
content is kept with what it was made from:

- the page's Markdown source and the list of documentation files (links are resolved against it);
- ``mkdocs.yml`` and the ``macros/`` sources (macros, checks, glossary: they shape every page);
- lesson_core's shared modules (everything outside ``lesson_core/widgets/``: every page may use them);
- the widget modules the page's macros actually ran, recorded while it was rendered, and every
  lesson_core module those import (``devloop.sources_key``);
- other files its macros read, recorded the same way (the glossary reads the lesson pages).

On the next build, a page whose inputs are all unchanged skips the macros and Markdown (its source
is handed on empty) and gets its content, table of contents, title, anchors and the files its widget
blocks refer to (a drag grid's script, written into the site again) back unchanged; the
theme's template still renders every page, so navigation and the footer are always current. A page
whose render reported an author mistake is never kept, so the mistake is shown and logged again.
Search entries are kept the same way, by page address and content. A plain ``mkdocs build`` uses
none of this.
"""

from __future__ import annotations

import functools
import hashlib
import logging
from pathlib import Path

from macros import devloop

__all__ = ["begin", "uses", "reads", "failed", "finish", "track_widgets", "memo_search", "report"]

ROOT = devloop.ROOT
log = logging.getLogger("mkdocs.plugins.aula")
_entries: dict[str, dict] = {}       # page source path -> what its last render produced, and from what
_current: dict[str, set] = {}        # page source path -> the widget modules its render is running
_reads: dict[str, dict] = {}         # page source path -> other files its render read, with their bytes then
_failed: set[str] = set()            # pages whose render reported an author mistake
_counts = {"rendered": 0, "kept": 0}
_page: list = [None]                 # the page being rendered (a build renders one page at a time)


def _contents(paths) -> dict[str, bytes | None]:
    return {str(p): Path(p).read_bytes() if Path(p).exists() else None for p in paths}


def _files_key(contents: dict) -> str:
    return _digest(*sorted(contents.items()))


def _digest(*parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(repr(part).encode() + b"\0")
    return h.hexdigest()


@functools.lru_cache(maxsize=4)
def _shared_core(stamp: tuple) -> str:
    """A digest of lesson_core's modules outside widgets/ (the package's own __init__ included)."""
    names = [devloop.module_name(p) for p, *_ in stamp]
    shared = [n for n in names if not n.startswith("lesson_core.widgets.")]
    return devloop.sources_key(*shared)


def _base(page, markdown: str, files) -> str:
    """Everything a page is made from except the widget modules it runs."""
    docs = sorted(f.src_uri for f in files.documentation_pages())
    config = (ROOT / "mkdocs.yml").read_bytes()
    return _digest(page.file.src_uri, markdown, docs, config, devloop.stamp("macros"),
                   _shared_core(devloop.stamp("lesson_core")))


def begin(page, markdown: str, files) -> str:
    """Called before any plugin sees the page's Markdown: returns "" when the kept render still
    holds (the page is marked, and :func:`finish` puts its content back), else the Markdown."""
    uri = page.file.abs_src_path
    base = _base(page, markdown, files)
    kept = _entries.get(uri)
    if (kept and kept["base"] == base and devloop.sources_key(*kept["modules"]) == kept["modules_key"]
            and _files_key(_contents(kept["reads"])) == kept["reads_key"]):
        page.__dict__["aula_kept"] = kept
        return ""
    _entries.pop(uri, None)
    _current[uri] = set()
    _reads[uri] = {}
    _failed.discard(uri)
    page.__dict__["aula_base"] = base
    _page[0] = page
    return markdown


def uses(page, module: str) -> None:
    """The page being rendered ran code from this lesson_core module."""
    if page is not None and page.file.abs_src_path in _current:
        _current[page.file.abs_src_path].add(module)


def reads(page, paths) -> None:
    """The page being rendered reads these files (its kept render goes when one changes). Called
    before they are read: their bytes are taken now, so a save during the render makes the next
    build render the page again rather than keep a render of the older text."""
    if page is not None and page.file.abs_src_path in _reads:
        _reads[page.file.abs_src_path].update(_contents(paths))


def failed(page) -> None:
    """The page's render reported an author mistake: it is rendered again next time."""
    _failed.add(page.file.abs_src_path)


def finish(html: str, page, files) -> str:
    """After every plugin's `on_page_content`: keep the fresh render, or put the kept one back."""
    uri = page.file.abs_src_path
    kept = page.__dict__.get("aula_kept")
    if kept:
        page.toc = kept["toc"]
        page._title_from_render = kept["title"]
        page.present_anchor_ids = set(kept["anchors"])
        targets = {f.abs_src_path: f for f in files.documentation_pages()}
        page.links_to_anchors = {targets[u]: dict(a) for u, a in kept["links"].items() if u in targets}
        page.__dict__["aula_files"] = kept["files"]  # its blocks' files (authoring.stash): written again
        _counts["kept"] += 1
        return kept["html"]
    _counts["rendered"] += 1
    _page[0] = None
    modules, read = sorted(_current.pop(uri, ())), _reads.pop(uri, {})
    if uri not in _failed and "aula_base" in page.__dict__:
        _entries[uri] = {"base": page.__dict__["aula_base"], "modules": modules,
                         "modules_key": devloop.sources_key(*modules), "reads": sorted(read),
                         "reads_key": _files_key(read), "html": html, "toc": page.toc,
                         "title": page._title_from_render, "anchors": set(page.present_anchor_ids or ()),
                         "links": {f.abs_src_path: dict(a) for f, a in (page.links_to_anchors or {}).items()},
                         "files": dict(page.__dict__.get("aula_files", {}))}
    return html


def track_widgets(registry) -> None:
    """Every widget function records its module on the page being rendered."""
    for w in registry.all_widgets():
        if getattr(w.fn, "aula_tracked", False):
            continue
        fn = w.fn

        @functools.wraps(fn)
        def tracked(params, lang, _fn=fn):
            uses(_page[0], _fn.__module__)
            return _fn(params, lang)

        tracked.aula_tracked = True
        w.fn = tracked


_search: dict[tuple, list] = {}


def memo_search(index_class) -> None:
    """Material's search index parses every page's HTML into entries; the same page address and
    content give the same entries, so they are parsed once."""
    original = index_class.add_entry_from_context
    if getattr(original, "aula_memo", False):
        return

    @functools.wraps(original)
    def add_entry_from_context(self, page):
        toc = [(i.id, i.title, i.level) for i in _flat(page.toc)]
        key = (page.url, hashlib.sha256((page.content or "").encode()).digest(), repr(toc),
               repr(page.meta.get("search")), repr(self.config))
        if key not in _search:
            start = len(self.entries)
            original(self, page)
            if len(_search) > 2000:
                _search.clear()
            _search[key] = [dict(e) for e in self.entries[start:]]
        self.entries.extend(dict(e) for e in _search[key])

    add_entry_from_context.aula_memo = True
    index_class.add_entry_from_context = add_entry_from_context


def _flat(toc):
    for item in toc:
        yield item
        yield from _flat(item.children)


def report() -> None:
    """One line per rebuild: how many pages were rendered and how many kept."""
    if _counts["kept"] or _counts["rendered"]:
        log.info(f"{_counts['rendered']} page(s) rendered, {_counts['kept']} unchanged page(s) kept from the last build")
    _counts.update(rendered=0, kept=0)
