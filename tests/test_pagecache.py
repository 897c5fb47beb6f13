"""macros/pagecache.py without a server: a page keeps its render only while everything it was made
from is unchanged (its source, the files its macros read), and never after an author mistake.
The whole loop under `mkdocs serve` is tested in test_serve.py."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from macros import devloop, pagecache  # noqa: E402


class Files:
    def __init__(self, pages):
        self.pages = pages

    def documentation_pages(self):
        return self.pages


def make_page(path: Path):
    page = SimpleNamespace(file=SimpleNamespace(abs_src_path=str(path), src_uri="es/" + path.name), toc=[],
                           _title_from_render=None, present_anchor_ids=None, links_to_anchors=None)
    return page


def render(page, markdown: str, files, html: str, reads=(), fail=False) -> str:
    """One pass of a page through the hooks: what the build's Markdown step would get, then the content."""
    given = pagecache.begin(page, markdown, files)
    if given:  # rendered: the macros may read files or fail
        pagecache.reads(page, reads)
        if fail:
            pagecache.failed(page)
        page._title_from_render, page.present_anchor_ids = "Título", {"a"}
    return given, pagecache.finish(html if given else "", page, files)


@pytest.fixture
def tmp_page(tmp_path):
    devloop.refresh_modules()  # the first call only records the sources' stamps
    source = tmp_path / "glosario.md"
    source.write_text("# Glosario\n", encoding="utf-8")
    lesson = tmp_path / "leccion.md"
    lesson.write_text("**token**\n", encoding="utf-8")
    yield source, lesson
    pagecache._entries.pop(str(source), None)


def test_a_page_is_kept_until_a_file_it_read_changes(tmp_page):
    source, lesson = tmp_page
    files = Files([SimpleNamespace(src_uri="es/glosario.md", abs_src_path=str(source))])
    given, html = render(make_page(source), "# Glosario\n", files, "<h1>Glosario</h1><p>token</p>", reads=[lesson])
    assert given and html == "<h1>Glosario</h1><p>token</p>"
    page = make_page(source)
    given, html = render(page, "# Glosario\n", files, "")
    assert given == "" and html == "<h1>Glosario</h1><p>token</p>"    # kept, with what render set
    assert page._title_from_render == "Título" and page.present_anchor_ids == {"a"}
    lesson.write_text("**vector**\n", encoding="utf-8")
    given, html = render(make_page(source), "# Glosario\n", files, "<p>vector</p>", reads=[lesson])
    assert given and html == "<p>vector</p>"                          # rendered again


def test_an_edited_source_is_rendered_again(tmp_page):
    source, _ = tmp_page
    files = Files([])
    render(make_page(source), "# Uno\n", files, "<h1>Uno</h1>")
    given, html = render(make_page(source), "# Dos\n", files, "<h1>Dos</h1>")
    assert given == "# Dos\n" and html == "<h1>Dos</h1>"


def test_a_page_with_a_mistake_is_never_kept(tmp_page):
    source, _ = tmp_page
    files = Files([])
    render(make_page(source), "# Uno\n", files, "<p>error</p>", fail=True)
    given, _ = render(make_page(source), "# Uno\n", files, "<p>error</p>")
    assert given == "# Uno\n"                                         # rendered (and logged) again
