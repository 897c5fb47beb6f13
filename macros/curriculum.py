"""The curriculum macros' site side (issue 27): each lesson's ``##`` headings read from its page in the
reader's language, and addresses relative to the current page; the map itself and its views are in
``lesson_core.classroom.curriculum`` and ``curriculum_view``."""

from __future__ import annotations

import re
from pathlib import Path

from markdown.extensions.toc import slugify
from mkdocs.utils import get_relative_url

from lesson_core.classroom.teacher import ORDER

__all__ = ["headings", "href_from", "sources"]

H2 = re.compile(r"^## +(.+?)\s*(?:\{[^}]*\})?\s*$", re.M)


def sources(docs_dir: str, lang: str) -> list[Path]:
    return [Path(docs_dir) / lang / f"{lesson}.md" for lesson in ORDER]


def headings(docs_dir: str, lang: str) -> dict[str, list[tuple[str, str]]]:
    """lesson -> [(title, anchor)] of its ``##`` headings, as the toc extension names them."""
    out = {}
    for lesson, path in zip(ORDER, sources(docs_dir, lang)):
        text = re.sub(r"^(```|~~~).*?^\1", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)
        out[lesson] = [(t, slugify(t, "-")) for t in H2.findall(text)]
    return out


def href_from(page, use_directory_urls: bool):
    """A function from a page name under the language root ("real-model", "teacher/curriculum") to its
    address relative to ``page`` (whose own address starts with the language's prefix, if any)."""
    url = page.url
    src = Path(page.file.src_uri).with_suffix("").as_posix().split("/", 1)[1]  # "teacher/real-model"
    own = src + ("/" if use_directory_urls else ".html")
    if src.endswith("index") or not url.endswith(own):
        raise ValueError(f"curriculum macros: cannot place {page.file.src_uri} at {url!r}")
    prefix = url[: len(url) - len(own)]

    def href(name: str) -> str:
        return get_relative_url(prefix + name + ("/" if use_directory_urls else ".html"), url)
    return href
