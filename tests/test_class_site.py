"""The teacher's steps right, in the built site (issue 27): pages with answer keys (the class sets) are
out of sitemap.xml (and its .gz) and marked noindex, while lessons and guides stay; the offline steps
name the file the bundle holds (ABRIR.html); the real-model guide states the download the build
computed, per device and for a class."""

from __future__ import annotations

import gzip
import json
import re

from lesson_core.kit.fmt import fmt
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


def runtime_meta(html: str) -> dict:
    return json.loads(re.search(r'<meta name="aula-runtime-http" content=\'([^\']*)\'', html).group(1))


def test_the_real_model_guide_states_the_download_computed_at_build(site):
    for lang, prefix, one, many in (("es", "", "descarga unos {} MB", "40 dispositivos, unos {} MB"),
                                    ("pt", "pt/", "baixa cerca de {} MB", "40 aparelhos, cerca de {} MB")):
        html = (site / prefix / "teacher" / "real-model" / "index.html").read_text(encoding="utf-8")
        runtime = runtime_meta(html)
        assert one.format(fmt(round(runtime["wire"] / 1e6, 1), lang, 1)) in html
        assert many.format(fmt(round(runtime["wire"] * 40 / 1e6), lang)) in html
        assert "segundos" not in re.sub(r"<[^>]+>", "", html.split('class="md-content"')[1].split("<footer")[0])
        assert runtime["wire_plain"] < runtime["wire"]  # the cost note's figure for widgets without the model


def test_offline_steps_name_the_file_the_bundle_holds(site):
    for prefix in ("", "pt/"):
        for page in ("teacher", "teacher/real-model"):
            text = (site / prefix / page / "index.html").read_text(encoding="utf-8")
            body = text.split('class="md-content"')[1].split("<footer")[0]
            assert "index.html" not in re.sub(r'(href|src)="[^"]*"', "", body), (prefix, page)
        guide = (site / prefix / "teacher" / "index.html").read_text(encoding="utf-8")
        assert "ABRIR.html" in guide and "bundle.sh" not in guide
