"""Pages with answer keys (issue 27): the class sets are out of sitemap.xml (and its .gz) and marked
noindex; the lessons and the guides stay in the sitemap and indexable."""

from __future__ import annotations

import gzip

from macros import finish

NOINDEX = '<meta name="robots" content="noindex, nofollow">'


def test_class_sets_are_out_of_the_sitemap_and_noindex(site):
    xml = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert "/teacher/class/" not in xml and "/teacher/turing-1-words/" in xml and "/positional-encoding/" in xml
    assert gzip.decompress((site / "sitemap.xml.gz").read_bytes()).decode("utf-8") == xml
    sets = sorted((site / "teacher" / "class").glob("*/index.html")) + sorted(
        (site / "pt" / "teacher" / "class").glob("*/index.html"))
    assert len(sets) >= 10
    for path in sets:
        assert NOINDEX in path.read_text(encoding="utf-8"), path
    for path in (site / "positional-encoding" / "index.html", site / "pt" / "teacher" / "real-model" / "index.html"):
        assert NOINDEX not in path.read_text(encoding="utf-8")


def test_the_sitemap_filter_keeps_every_other_entry(tmp_path):
    entry = "<url>\n<loc>https://x.org/aula/{}</loc>\n</url>"
    pages = ["", "teacher/class/a/", "teacher/", "pt/teacher/class/b/", "pt/"]
    (tmp_path / "sitemap.xml").write_text("<urlset>" + "".join(entry.format(p) for p in pages) + "</urlset>")
    finish.drop_from_sitemap(tmp_path, finish.KEYS_PAGES)
    kept = (tmp_path / "sitemap.xml").read_text()
    assert kept.count("<url>") == kept.count("</url>") == 3 and "/class/" not in kept
    assert "<loc>https://x.org/aula/teacher/</loc>" in kept
