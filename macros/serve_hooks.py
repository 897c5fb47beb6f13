"""MkDocs hooks for ``mkdocs serve`` only: pages whose sources did not change keep their render
(macros/pagecache.py). Registered after macros/hooks.py; under `mkdocs build` they do nothing.

- ``on_pre_build``: widget functions record, on the page being rendered, the module they run;
  Material's search entries are parsed once per page content.
- ``on_page_markdown`` (first of all plugins): a page whose inputs are unchanged hands on an empty
  source, so no macro or Markdown work is repeated.
- ``on_page_content`` (last of all plugins): that page gets its kept content back; a fresh render
  is kept.
- ``on_post_page``: while the saved lesson_core does not import, an error box on every page; a
  page's own mistakes (not in the nav, no twin, text in the other language) at its top.
- ``on_post_build``: one line per rebuild (both languages) saying how many pages were rendered again.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.plugins import event_priority

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from macros import devloop, pagecache  # noqa: E402  (kept across rebuilds: they hold the serve loop's state)
from macros.devloop import serving  # noqa: E402


def on_pre_build(config):
    if serving(config):
        from material.plugins.search.plugin import SearchIndex
        pagecache.track_widgets(sys.modules["lesson_core.kit.registry"])
        pagecache.memo_search(SearchIndex)


@event_priority(1000)
def on_page_markdown(markdown: str, page, config, files):
    return pagecache.begin(page, markdown, files) if serving(config) else markdown


@event_priority(-1000)
def on_page_content(html_text: str, page, config, files):
    return pagecache.finish(html_text, page, files) if serving(config) else html_text


@event_priority(-1000)
def on_post_page(output: str, page, config):
    """At the top of the page's text: while the saved lesson_core does not import, that; the
    mistakes about the page itself (not in the nav, no twin, a paragraph in the other language)
    and lesson_core's text in the other language (macros/authoring.py ``page_boxes``)."""
    if not serving(config):
        return output
    from macros.authoring import error_box, page_boxes
    problem = devloop.IMPORT_ERROR[0]
    boxes = (str(error_box(problem)) if problem else "") + page_boxes(page)
    if not boxes:
        return output
    start = output.find("<article")
    start = output.find(">", start) + 1 if start >= 0 else 0
    return output[:start] + boxes + output[start:]


@event_priority(-1000)
def on_post_build(config):
    site = Path(config["site_dir"])
    nested = site.name == "pt" and (site.parent / "index.html").exists()  # the i18n plugin's pt build
    if serving(config) and not nested:
        pagecache.report()
