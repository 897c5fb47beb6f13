"""Site chrome in both languages: 404 pages, lang="pt-BR", translated toggles and permalinks,
the reading order, and the glossary with its links both ways (on the session's built site)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urljoin, urlparse

from conftest import soup
from macros.glossary import LESSON_PAGES, TERMS


def pages(site: Path, lang: str) -> list[Path]:
    root = site / "pt" if lang == "pt" else site
    out = [p for p in root.rglob("index.html") if lang == "pt" or "pt" not in p.relative_to(site).parts[:1]]
    return [p for p in out if "assets" not in p.parts]


def test_a_404_page_per_language(site):
    for path, lang, heading, home in ((site / "404.html", "es", "Página no encontrada", "/aula/"),
                                      (site / "pt" / "404.html", "pt-BR", "Página não encontrada", "/aula/pt/")):
        doc = soup(path)
        assert doc.html["lang"] == lang and doc.h1.get_text() == heading
        switch = {a["hreflang"]: a["href"] for a in doc.select("a.md-select__link")}
        assert switch == {"es": "/aula/", "pt": "/aula/pt/"}
        assert home in [a["href"] for a in doc.select("article a")]


def test_each_language_declares_itself_and_translates_the_chrome(site):
    for lang, html_lang, dark, permalink in (("es", "es", "Modo oscuro", "Enlace permanente"),
                                             ("pt", "pt-BR", "Modo escuro", "Link permanente")):
        found = pages(site, lang)
        assert len(found) >= 7
        for path in found:
            doc = soup(path)
            assert doc.html["lang"] == html_lang, path
            toggles = {label["title"] for label in doc.select("label.md-header__button[title]")}
            assert dark in toggles and toggles <= {dark, "Modo claro"}, (path, toggles)
            titles = {a["title"] for a in doc.select("a.headerlink")}
            assert titles == {permalink}, (path, titles)


def test_positional_encoding_follows_the_chapter_on_vectors_and_attention(site):
    for lang in ("es", "pt"):
        home = site / "pt" / "index.html" if lang == "pt" else site / "index.html"
        nav = [a["href"] for a in soup(home).select("nav.md-nav--primary a.md-nav__link[href]")]
        order = [next(i for i, h in enumerate(nav) if name in h)
                 for name in ("turing-1-words", "turing-2-vectors", "positional-encoding", "turing-3-generation")]
        assert order == sorted(order), nav
        body = [a["href"] for a in soup(home).select("article a[href]")]
        assert body.index("turing-2-vectors/") < body.index("positional-encoding/") < body.index("turing-3-generation/")
        pe = soup(site / ("pt/" if lang == "pt" else "") / "positional-encoding" / "index.html")
        assert pe.select_one("article p a")["href"] == "../turing-2-vectors/"


def _resolve(page: Path, href: str, site: Path) -> tuple[Path, str]:
    url = urljoin("http://x" + "/" + page.relative_to(site).parent.as_posix() + "/", href)
    parts = urlparse(url)
    target = site / parts.path.lstrip("/") / "index.html" if parts.path.endswith("/") else site / parts.path.lstrip("/")
    return target, parts.fragment


def test_glossary_entries_and_first_uses_link_both_ways(site):
    for lang in ("es", "pt"):
        base = site / "pt" if lang == "pt" else site
        glossary = base / "glossary" / "index.html"
        doc = soup(glossary)
        ids = {span["id"] for span in doc.select("article td span[id]")}
        assert ids == {t[0] for t in TERMS}
        for row in doc.select("article tbody tr"):
            link = row.select("td")[-1].find("a")
            assert link is not None, row.get_text()
            target, anchor = _resolve(glossary, link["href"], site)
            assert soup(target).find(id=anchor) is not None, link["href"]
        linked = set()
        for page in LESSON_PAGES:
            lesson = base / page.removesuffix(".md") / "index.html"
            for a in soup(lesson).select("a.aula-term"):
                target, anchor = _resolve(lesson, a["href"], site)
                assert target == glossary and anchor in ids, a["href"]
                linked.add(anchor)
        assert linked == ids
