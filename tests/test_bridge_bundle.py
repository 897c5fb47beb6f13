"""The browser code as the built site carries it (macros/jsbundle.py, overrides/main.html).

The bridge's ES modules (overrides/bridge/) reach the pages bundled, as two classic scripts under
content-hashed names (file:// runs no module script); they share nothing through the page but
``window.aula``; the teacher kit's words come from the message catalogue; and the theme's search
worker is the one the installed theme names, not a name typed into a template.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import material
from bs4 import BeautifulSoup

from conftest import ROOT, SUBPATH
from lesson_core.kit.messages import page_messages
from macros import jsbundle

SOURCES = ROOT / "overrides" / "bridge"
THEME_BASE = Path(material.__file__).parent / "templates" / "base.html"


def pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "assets" not in p.relative_to(site).parts)


def resolve(site: Path, page: Path, ref: str) -> Path:
    """A page's reference as a path inside the site (the 404 pages' are site-absolute: /aula/...)."""
    if ref.startswith(f"/{SUBPATH}/"):
        ref = ref[len(SUBPATH) + 1:]
    base = "/" + page.relative_to(site).as_posix()
    return site / urlparse(urljoin(base, ref)).path.lstrip("/")


def test_every_page_loads_the_two_bundles_under_content_hashed_names(site):
    made = jsbundle.bundle()
    expected = {f"assets/aula/{stem}.{hashlib.sha256(made[name]).hexdigest()[:10]}.js"
                for stem, name in (("head", "head.js"), ("aula", "aula.js"))}
    for page in pages(site):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        scripts = soup.find_all("script", src=True)
        assert not [s for s in soup.find_all("script") if s.get("type") == "module"], page
        ours = {resolve(site, page, s["src"]).relative_to(site).as_posix() for s in scripts
                if "/assets/aula/" in "/" + resolve(site, page, s["src"]).relative_to(site).as_posix()}
        assert ours == expected, (page, ours)
        head = soup.head.find_all("script", src=True)
        assert any("assets/aula/head." in s["src"] for s in head), page  # before the body is parsed
    for path in expected:
        data = (site / path).read_bytes()
        assert data in made.values() and not re.search(rb"^\s*(import|export)\b", data, re.M)
    assert not list(site.rglob("bridge/*.js")) and not (site / "assets" / "aula" / "teacher.js").exists()


def test_the_workers_are_bundled_from_one_protocol(site):
    made = jsbundle.bundle()
    assert (site / "assets" / "aula" / "py-worker.mjs").read_bytes() == made["py-worker.mjs"]
    for name in ("py-worker.mjs", "py-worker-file.js"):  # both answer through protocol.js's serve()
        assert b"render_json" in made[name] and b"warm_cases_json" in made[name], name
    for entry in ("worker/http.js", "worker/file.js"):
        text = (SOURCES / entry).read_text(encoding="utf-8")
        assert 'import { serve } from "./protocol.js";' in text and "onmessage" not in text, entry


def test_the_modules_share_one_global():
    """Modules import one another; the only global an entry sets is window.aula (page.js lists what it holds)."""
    set_, read = set(), set()
    for path in SOURCES.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        set_ |= set(re.findall(r"window\.(\w+)\s*=(?!=)", text))
        read |= set(re.findall(r"window\.(Aula\w*|aula\w+|__aula\w*)", text))
    assert set_ == {"aula", "__aulaFiles"}, set_  # __aulaFiles: the offline carriers' data, dropped once sent
    assert read <= {"AulaGrids", "__aulaFiles", "__aulaManifest"}, read  # data that arrives as classic scripts


def test_every_page_carries_the_teacher_kits_words(site):
    for page in pages(site):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        lang = "pt" if soup.html["lang"].startswith("pt") else "es"
        found = soup.find("script", id="aula-page-msgs")
        assert found and json.loads(found.string) == page_messages(lang), page
    assert page_messages("es")["chapter_done"] == "Terminé este capítulo"
    assert page_messages("pt")["chapter_done"] == "Terminei este capítulo"


def test_the_search_worker_is_the_one_the_theme_names(site):
    """Each page's theme config names the search worker the installed theme ships (its hashed name read
    from the theme's own base.html), and a search index in the page's language."""
    named = re.findall(r'"(assets/javascripts/workers/search\.[0-9a-f]+\.min\.js)"', THEME_BASE.read_text(encoding="utf-8"))
    assert len(named) == 1
    assert (site / named[0]).is_file()
    for page in pages(site):
        html = page.read_text(encoding="utf-8")
        found = re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.S)
        assert found, page
        config = json.loads(found.group(1))
        assert resolve(site, page, config["search"]) == site / named[0], page
        base = resolve(site, page, config["base"].rstrip("/") + "/")
        lang_root = site / "pt" if page.relative_to(site).parts[0] == "pt" else site
        assert base.resolve() == lang_root.resolve(), (page, config["base"])
        assert (base / "search" / "search_index.json").is_file()
