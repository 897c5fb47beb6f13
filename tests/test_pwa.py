"""The installable web app in the built site (issue 26): manifests, icons, the service worker's data,
the pages' save control data and the teachers' page sizes. The browser side is tests/test_pwa_browser.py."""

from __future__ import annotations

import hashlib
import json
import re
import struct
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest

from conftest import soup
from lesson_core.kit import offline
from lesson_core.kit.fmt import tr
from macros import pwa


def sw_data(site: Path) -> dict:
    text = (site / "sw.js").read_text(encoding="utf-8")
    head, _, _ = text.partition(";\n")
    assert head.startswith("self.AULA_SW = ")
    return json.loads(head[len("self.AULA_SW = "):])


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("lang,prefix", [("es", ""), ("pt", "pt/")])
def test_manifest_fields_and_icons(site, lang, prefix):
    url = "http://h/aula/" + prefix + "manifest.webmanifest"
    man = json.loads((site / prefix / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert man["name"] == tr(lang, offline.APP["name"]) and man["short_name"] == "Aula"
    assert man["lang"] == {"es": "es", "pt": "pt-BR"}[lang] and man["display"] == "standalone"
    assert urljoin(url, man["scope"]) == "http://h/aula/"  # the whole site, under its sub-path
    assert urljoin(url, man["start_url"]) == "http://h/aula/" + prefix  # the language's lesson home
    assert re.fullmatch(r"#[0-9a-f]{6}", man["theme_color"]) and re.fullmatch(r"#[0-9a-f]{6}", man["background_color"])
    seen = set()
    for icon in man["icons"]:
        path = urljoin(url, icon["src"]).removeprefix("http://h/aula/")
        w, h = png_size((site / path).read_bytes())
        assert icon["sizes"] == f"{w}x{h}" and icon["type"] == "image/png"
        seen.add((w, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= seen


def test_every_page_links_its_manifest_and_carries_its_save_data(site):
    data = sw_data(site)
    pages = [p for p in site.rglob("index.html") if "assets" not in p.parts]
    assert len(pages) > 20
    for page in pages:
        rel = page.relative_to(site).as_posix()
        lang = "pt" if rel.startswith("pt/") else "es"
        doc = soup(page)
        link = doc.find("link", rel="manifest")["href"]
        assert (page.parent / link).resolve() == (site / ("pt/" if lang == "pt" else "") / "manifest.webmanifest").resolve(), rel
        meta = json.loads(unescape(doc.find("meta", attrs={"name": "aula-offline"})["content"]))
        assert meta["page"] == rel and meta["lang"] == lang and meta["all"] == "all:" + lang
        assert rel in data["pages"], rel
        assert meta["msgs"]["save_title"] == tr(lang, offline.MESSAGES["save_title"])


def test_precache_entries_exist_with_their_hashes(site):
    data = sw_data(site)
    assert re.fullmatch(r"[0-9a-f]{16}", data["version"])
    for path, (digest, size) in data["files"].items():
        blob = (site / path).read_bytes()
        assert len(blob) == size and hashlib.sha256(blob).hexdigest() == digest, path
    listed = set(data["files"])
    for lang in ("es", "pt"):
        assert set(data["shared"][lang]) <= listed and set(data["runtime"][lang]) <= listed
        assert any(f.endswith("pyodide.asm.wasm") for f in data["runtime"][lang])
        assert any(re.search(rf"model-{lang}-", f) for f in data["runtime"][lang])
        assert not any(re.search(r"model-(?!%s)" % lang, f) for f in data["runtime"][lang])
    for page, refs in data["pages"].items():
        assert set(refs) <= listed, page
    assert "sw.js" not in listed and not any(f.endswith(".map") for f in listed)
    # a drag's grid is stored with its page only
    grids = {f for refs in data["pages"].values() for f in refs if "/grids/" in f}
    assert grids and not grids & set(data["shared"]["es"])


def test_groups_are_the_kit_s(site):
    data = sw_data(site)
    found = pwa.collect(site)
    assert {p: v[1] for p, v in found["pages"].items()} == data["pages"]
    groups = pwa._groups(found)
    page = groups["page:turing-1-words/index.html"]
    assert "turing-1-words/index.html" in page and "index.html" in page  # the page and its language's home
    assert "turing-2-vectors/index.html" not in page
    assert set(page) <= set(groups["all:es"])
    assert not any(f.startswith("pt/") for f in groups["all:es"])


def test_offline_pages_localized(site):
    data = sw_data(site)
    for lang in ("es", "pt"):
        page = data["offline"][lang]
        assert "{list}" in page and tr(lang, offline.MESSAGES["offline_title"]) in unescape(page)
        assert "<script" not in page


def test_teachers_page_quotes_the_sizes(site):
    for lang, prefix in (("es", ""), ("pt", "pt/")):
        doc = soup(site / prefix / "teacher" / "index.html")
        shown = {s["data-which"]: s.get_text() for s in doc.select(".aula-offline-size")}
        assert set(shown) == set(pwa.WHICH)
        for text in shown.values():
            assert re.fullmatch(r"\d+\u2060?,\d MB", text), text
        number = {k: float(v.replace("\u2060", "").replace(" MB", "").replace(",", ".")) for k, v in shown.items()}
        assert number["chapter_min"] <= number["chapter_max"] <= number["all"] < number["all_stored"]
        # the same number the save control of the language's pages shows for "all lessons"
        meta = json.loads(unescape(soup(site / prefix / "turing-1-words" / "index.html")
                                   .find("meta", attrs={"name": "aula-offline"})["content"]))
        assert shown["all"] in meta["all_label"]


def test_marker_rejects_unknown_name():
    with pytest.raises(ValueError, match="chapter_min"):
        pwa.marker("everything")


def test_kit_groups_example():
    got = offline.groups({"a/index.html": ("es", ["x.css"])}, {"es": ["s.js"]}, ["py.wasm"])
    assert got == {"page:a/index.html": ["a/index.html", "py.wasm", "s.js", "x.css"],
                   "all:es": ["a/index.html", "py.wasm", "s.js", "x.css"]}
    assert offline.size_text(12_345_678, "pt") == "12,3 MB"
    assert offline.group_bytes(["a", "b"], {"a": 1, "b": 2}) == 3
