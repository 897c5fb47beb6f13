"""The offline school bundle, opened from file:// in Chromium with no server.

The bundle is built with scripts/bundle.py and zipped: setup.sh's dist/aula-offline.zip while its
stamp says it was made today from these very sources (scripts/site_stamp.py), else once here. The
zip is unpacked as Windows' "Extract All" and macOS' Archive Utility do it, into a folder named
after the zip (``aula-offline/``), in a path with spaces and accents (``Aulas de IA/lição 1/``).
Every request a page makes is recorded: nothing may leave the bundle's folder.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from bs4 import BeautifulSoup

import lesson_core
from conftest import ROOT, site_stamp
from lesson_core.kit.fmt import fmt
from lesson_core.kit.messages import msg

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.fresh_contexts]  # file:// pages: no HTTP cache to share, and their storage stays their own
PY_TIMEOUT = 90000  # ms, generous on a loaded machine; not a performance assertion


@pytest.fixture(scope="session")
def bundle_zip(tmp_path_factory) -> Path:
    if site_stamp.fresh_bundle(ROOT / "dist"):
        return ROOT / "dist" / site_stamp.BUNDLE_ZIP  # read only: the tests unpack it elsewhere
    dist = tmp_path_factory.mktemp("dist")
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "bundle.py"), "--dist", str(dist)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return dist / "aula-offline.zip"


TOP = {"ABRIR.html", "LEEME.txt", "LEIA-ME.txt", "aula"}  # what a teacher sees after extracting


@pytest.fixture(scope="session")
def extracted(bundle_zip, tmp_path_factory) -> Path:
    """The zip unpacked where a teacher might put it (a path with spaces and accents), as Windows'
    "Extract All" does: into a new folder named after the zip. macOS' Archive Utility does the same
    with a zip of several top-level entries; ChromeOS shows those entries when the zip is opened."""
    place = tmp_path_factory.mktemp("usb") / "Aulas de IA" / "lição 1" / bundle_zip.stem
    place.mkdir(parents=True)
    with zipfile.ZipFile(bundle_zip) as zf:
        zf.extractall(place)
    return place


@pytest.fixture(scope="session")
def bundle(extracted) -> Path:
    """The site's folder inside the extracted bundle."""
    folder = extracted / "aula"
    assert (folder / "index.html").exists()
    return folder


def open_page(browser, folder: Path, page: str, init_script: str | None = None):
    context = browser.new_context(offline=True)  # no network at all, as in a school without internet
    if init_script:
        context.add_init_script(init_script)
    pg = context.new_page()
    pg.errors, pg.requests = [], []
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    context.on("request", lambda r: pg.requests.append(r.url))
    pg.goto((folder / page).as_uri())
    return context, pg


def outside_requests(pg, folder: Path) -> list[str]:
    root = folder.as_uri()
    return [u for u in pg.requests if not (u.startswith(root) or u.startswith(("data:", "blob:")))]


def wait_python(pg, state: str = "ready"):
    pg.wait_for_function(f"document.documentElement.dataset.python === '{state}'", timeout=PY_TIMEOUT)


def widget(pg, wid: str):
    return pg.locator(f'.aula-widget[data-widget="{wid}"]').first


def test_zip_top_holds_the_page_to_open_the_read_me_files_and_the_site(bundle_zip, extracted):
    """Four names at the zip's top, no folder around them (Windows would nest it in the folder it
    extracts into); the site in aula/; no 404 page (its site-absolute links fail from file://)."""
    with zipfile.ZipFile(bundle_zip) as zf:
        names = zf.namelist()
    assert {n.split("/")[0] for n in names} == TOP
    assert {p.name for p in extracted.iterdir()} == TOP
    assert "aula/index.html" in names and "aula/pt/index.html" in names
    assert not [n for n in names if n.startswith("/") or ".." in n.split("/") or "\\" in n]
    assert not [n for n in names if n.endswith("404.html")]
    # one runtime: carried as scripts, not also as plain files
    assert "aula/assets/aula/offline/pyodide.asm.wasm.js" in names
    assert not any(n.startswith("aula/assets/pyodide") for n in names)


@pytest.mark.parametrize("lang,label", [("es", "Español"), ("pt", "Português")])
def test_abrir_opens_either_language(browser, extracted, lang, label):
    context, pg = open_page(browser, extracted, "ABRIR.html")
    failed = []
    pg.on("requestfailed", lambda r: failed.append(r.url))
    try:
        home = extracted / "aula" / ("pt/index.html" if lang == "pt" else "index.html")
        pg.get_by_role("link", name=label).click()
        pg.wait_for_url(home.as_uri())          # the click only starts the navigation: wait for it,
        pg.wait_for_load_state("load")          # and for the page, before reading what it shows
        assert pg.url == home.as_uri()
        assert pg.locator("html").get_attribute("lang") == {"es": "es", "pt": "pt-BR"}[lang]
        assert pg.locator(".md-header").count() == 1          # the theme's styles and layout are there
        assert not failed and not outside_requests(pg, extracted), failed[:5]
    finally:
        context.close()


def test_every_link_points_at_a_file(extracted):
    """No directory URLs: each internal link names an existing file (ABRIR.html's too)."""
    problems = []
    for page in extracted.rglob("*.html"):
        doc = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for tag, attr in (("a", "href"), ("link", "href"), ("script", "src"), ("img", "src")):
            for el in doc.find_all(tag):
                ref = el.get(attr)
                if not ref or ref.startswith(("#", "data:", "mailto:")) or urlparse(ref).scheme in ("http", "https"):
                    if tag != "a" and ref and urlparse(ref).scheme in ("http", "https"):
                        problems.append((page.name, ref))
                    continue
                target = (page.parent / unquote(urlparse(ref).path)).resolve()
                if ref.split("#")[0].endswith("/") or not target.is_file():
                    problems.append((str(page.relative_to(extracted)), ref))
    assert not problems, problems[:10]


@pytest.mark.parametrize("lang,page", [("es", "positional-encoding.html"), ("pt", "pt/positional-encoding.html")])
def test_lesson_works_from_file(browser, bundle, lang, page):
    context, pg = open_page(browser, bundle, page)
    try:
        assert pg.locator("html").get_attribute("lang") == {"es": "es", "pt": "pt-BR"}[lang]
        assert pg.locator(".aula-math math").count() >= 3
        # a precomputed control answers at once, whatever Python is doing
        before = widget(pg, "pe_heatmap").locator('.aula-part[data-part="finger"]').inner_html()
        widget(pg, "pe_heatmap").locator('input[data-param="pos"]').fill("21")
        assert widget(pg, "pe_heatmap").locator('.aula-part[data-part="finger"]').inner_html() != before
        # live Python from the file system
        wait_python(pg)
        field = widget(pg, "pe_fingerprint").locator('input[data-param="pos"]')
        field.fill("54321")
        pg.wait_for_function("(s) => document.querySelector(s).innerText.includes('PE(54321, 2i)')",
                             arg='.aula-widget[data-widget="pe_fingerprint"] .aula-part', timeout=PY_TIMEOUT)
        code = lesson_core.render("pe_fingerprint", {"pos": "54321"}, lang)["data"]["code"]
        row = widget(pg, "pe_fingerprint").locator("tbody tr").first.inner_text()
        assert fmt(code[0], lang, 4) in row and fmt(code[1], lang, 4) in row
        assert pg.evaluate("window.aula.timings.why") == "idle"  # bytes are local: started early, unasked
        assert not outside_requests(pg, bundle), outside_requests(pg, bundle)[:5]
        assert not pg.errors, pg.errors[:5]
    finally:
        context.close()


def test_language_switcher_and_pages_from_file(browser, bundle):
    context, pg = open_page(browser, bundle, "index.html")
    try:
        lesson = pg.locator('article a[href$="positional-encoding.html"]').first
        lesson.click()
        assert pg.url == (bundle / "positional-encoding.html").as_uri()
        href = pg.locator('a.md-select__link[hreflang="pt"]').first.evaluate("a => a.href")
        assert href == (bundle / "pt" / "positional-encoding.html").as_uri()
        pg.goto(href)
        assert pg.locator("html").get_attribute("lang") == "pt-BR"
        back = pg.locator('a.md-select__link[hreflang="es"]').first.evaluate("a => a.href")
        assert back == (bundle / "positional-encoding.html").as_uri()
        assert not outside_requests(pg, bundle)
    finally:
        context.close()


@pytest.mark.parametrize("page,query,lang_dir", [("index.html", "posición", ""), ("pt/index.html", "posição", "pt/")])
def test_search_from_file(browser, bundle, page, query, lang_dir):
    context, pg = open_page(browser, bundle, page)
    try:
        box = pg.locator("input.md-search__input")
        box.click()
        pg.wait_for_timeout(1500)
        box.press_sequentially(query, delay=30)
        pg.wait_for_selector(".md-search-result__item", timeout=30000)
        hrefs = pg.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")
        assert hrefs and all(h.startswith((bundle / lang_dir).as_uri().rstrip("/") + "/") for h in hrefs)
        if not lang_dir:
            assert not any("/pt/" in h for h in hrefs)
        assert not outside_requests(pg, bundle)
    finally:
        context.close()


def test_bundle_served_over_http_uses_the_same_runtime(browser, bundle):
    """A school may also put the folder on an intranet server: the same files work over http."""
    import functools
    import http.server
    import threading

    from conftest import _Handler

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(bundle)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    context = browser.new_context()
    pg = context.new_page()
    try:
        pg.goto(f"http://127.0.0.1:{httpd.server_address[1]}/pt/positional-encoding.html")
        wait_python(pg)
        widget(pg, "pe_fingerprint").locator('input[data-param="pos"]').fill("808")
        pg.wait_for_function("(s) => document.querySelector(s).innerText.includes('PE(808, 2i)')",
                             arg='.aula-widget[data-widget="pe_fingerprint"] .aula-part', timeout=PY_TIMEOUT)
    finally:
        context.close()
        httpd.shutdown()


# --- faults ----------------------------------------------------------------------------

@pytest.fixture
def damaged(bundle, tmp_path):
    """A copy of the bundle to damage."""
    copy = tmp_path / "copia dañada" / "aula-offline"
    shutil.copytree(bundle, copy)
    return copy


def _precomputed_still_work(pg):
    before = widget(pg, "pe_sum").locator('.aula-part[data-part="sum"]').inner_html()
    widget(pg, "pe_sum").locator('input[data-param="pos"]').fill("9")
    assert widget(pg, "pe_sum").locator('.aula-part[data-part="sum"]').inner_html() != before


@pytest.mark.parametrize("fault", ["truncated wasm", "missing stdlib", "corrupt stdlib and wasm"])
def test_broken_runtime_is_said_once_and_controls_keep_working(browser, damaged, fault):
    offline = damaged / "assets" / "aula" / "offline"
    if fault == "truncated wasm":
        data = (offline / "pyodide.asm.wasm.js").read_bytes()
        (offline / "pyodide.asm.wasm.js").write_bytes(data[: len(data) // 3])
    elif fault == "missing stdlib":
        (offline / "python_stdlib.zip.js").unlink()
    else:
        for name in ("python_stdlib.zip.js", "pyodide.asm.wasm.js"):
            text = (offline / name).read_text(encoding="ascii")
            cut = len(text) // 2
            (offline / name).write_text(text[:cut] + "A" * 4000 + text[cut + 4000:], encoding="ascii")
    context, pg = open_page(browser, damaged, "pt/positional-encoding.html")
    try:
        wait_python(pg, "failed")
        pill = pg.locator(".aula-py")
        assert pill.count() == 1 and pg.locator(".aula-py-text").inner_text() == msg("py_failed", "pt")
        assert pg.locator(".aula-py-action").inner_text() == msg("py_retry", "pt")
        _precomputed_still_work(pg)
        widget(pg, "pe_fingerprint").locator('input[data-param="pos"]').fill("77")
        assert widget(pg, "pe_fingerprint").locator(".aula-status").inner_text() == msg("py_off", "pt")
        assert pg.locator(".aula-py").count() == 1
        assert not outside_requests(pg, damaged)
    finally:
        context.close()


def test_no_worker_keeps_the_page_responsive(browser, bundle):
    context, pg = open_page(browser, bundle, "positional-encoding.html",
                            init_script="delete window.Worker; Object.defineProperty(window, 'Worker', "
                                        "{value: undefined, writable: false, configurable: false});")
    try:
        wait_python(pg, "failed")
        _precomputed_still_work(pg)
        assert pg.locator(".aula-py-text").inner_text() == msg("py_failed", "es")
        assert pg.locator(".aula-py-action").is_hidden()  # trying again cannot help
    finally:
        context.close()


def test_partly_copied_bundle_still_shows_the_lesson(browser, damaged):
    """Without assets/ at all (a copy that stopped early), the text, formulas and figures remain."""
    shutil.rmtree(damaged / "assets")
    context, pg = open_page(browser, damaged, "positional-encoding.html")
    try:
        text = pg.locator("article").inner_text()
        assert "posición" in text and len(text) > 3000
        assert pg.locator("article math").count() >= 3
        assert pg.locator('.aula-widget[data-widget="pe_heatmap"] svg').count() >= 1
        assert not outside_requests(pg, damaged)
    finally:
        context.close()


def test_bundle_tells_teachers_how_to_open_it(extracted, bundle):
    """LEEME.txt / LEIA-ME.txt beside ABRIR.html, naming it and the folder each system extracts into;
    a language choice on index.html, version and date in the footer, no source maps."""
    from macros.version import build_date, version
    steps = ("ABRIR.html", "aula-offline", "unzip aula-offline.zip -d aula-offline", "macOS", "ChromeOS")
    for name, words in (("LEEME.txt", ("Windows", "Extraer todo", "Linux", *steps)),
                        ("LEIA-ME.txt", ("Windows", "Extrair tudo", "Linux", *steps))):
        raw = (extracted / name).read_bytes()
        assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw, name
        text = raw.decode("utf-8-sig")
        assert all(w in text for w in words), name
        assert version() in text and build_date() in text, name
    home = BeautifulSoup((bundle / "index.html").read_text(encoding="utf-8"), "html.parser")
    choice = {a["lang"]: a["href"] for a in home.select(".aula-choose-language a")}
    assert choice == {"es": "index.html", "pt": "pt/index.html"}
    pt_home = BeautifulSoup((bundle / "pt" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert {a["lang"]: a["href"] for a in pt_home.select(".aula-choose-language a")} == {
        "es": "../index.html", "pt": "index.html"}
    assert f"Aula {version()} · {build_date()}" in " ".join(home.select_one(".aula-version").get_text().split())
    assert not list(bundle.rglob("*.map"))
    opener = (extracted / "ABRIR.html").read_text(encoding="utf-8")
    assert f"Aula {version()} · {build_date()}" in opener


def test_the_policy_holds_from_file(browser, bundle):
    """The Content Security Policy (macros/csp.py) from file://: no violation while searching (the
    search shim's frame), running live Python (a worker from a blob: URL) and switching language."""
    from test_safety_browser import until, violations, watched
    context, pg = watched(browser, enforce=True, fast=True, offline=True)
    seen = []
    try:
        for page, query in (("index.html", "posición"), ("pt/index.html", "posição")):
            pg.goto((bundle / page).as_uri())
            box = pg.locator("input.md-search__input")
            box.click()
            box.press_sequentially(query, delay=30)
            pg.wait_for_selector(".md-search-result__item", timeout=30000)
            seen += violations(pg)
        pg.goto((bundle / "positional-encoding.html").as_uri())
        until(pg, "document.documentElement.dataset.python === 'ready'", timeout=PY_TIMEOUT / 1000)
        widget(pg, "pe_fingerprint").locator('input[data-param="pos"]').fill("54321")
        until(pg, "(s) => document.querySelector(s).innerText.includes('PE(54321, 2i)')",
              '.aula-widget[data-widget="pe_fingerprint"] .aula-part', timeout=PY_TIMEOUT / 1000)
        seen += violations(pg)
        pg.goto(pg.locator('a.md-select__link[hreflang="pt"]').first.evaluate("a => a.href"))
        assert pg.locator("html").get_attribute("lang") == "pt-BR"
        seen += violations(pg)
        assert not seen and not pg.errors, (seen, pg.errors)
    finally:
        context.close()


def test_the_bundle_is_not_a_web_app(bundle):
    """file:// keeps the bundle as it is (issue 26): no service worker to register, and no page carries
    the save control's data, so save.js shows no "save for offline" there."""
    assert not (bundle / "sw.js").exists()
    pages = [p for p in bundle.rglob("*.html") if "assets" not in p.parts]
    assert len(pages) > 20
    for page in pages:
        meta = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").find("meta", attrs={"name": "aula-offline"})
        assert meta is None or meta.get("content") == "", page
