"""`mkdocs serve` as an author uses it: an edit to a widget's Python shows on the served page,
precomputed states and the browser's lesson_core.zip included, with no restart; a macro mistake
shows on the page and in the terminal, and the server keeps serving; only the pages an edit
touches are rendered again, and what is served then is what a fresh server serves. No timing is
asserted (bench/serve_reload.py measures the reload time)."""

from __future__ import annotations

import html
import io
import re
import time
import zipfile

import pytest

from conftest import core_zip_name, fetch, mkdocs_serve
from mini_project import CONTEXTS, mini_project

pytestmark = pytest.mark.slow

DEMO = '''
from ..kit.controls import Range
from ..kit.html import h
from ..kit.registry import View, widget


@widget("zz_demo", lesson="demo", title={"es": "Demo", "pt": "Demo"},
        controls=[Range("t", {"es": "T", "pt": "T"}, 1, min=0, max=3, step=1)])
def zz_demo(p, lang):
    return View(parts={"main": h("p", None, f"Hola {p['t']}")})
'''


def wait_until(url: str, test, timeout: float = 300) -> bytes:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        body = fetch(url)
        if test(body):
            return body
        time.sleep(0.2)
    raise AssertionError(f"{url} never showed the change; last body: {body[:300]!r}")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    top = mini_project(tmp_path_factory.mktemp("serve"))
    (top / "lesson_core" / "widgets" / "zz_demo.py").write_text(DEMO, encoding="utf-8")
    for lang in ("es", "pt"):
        (top / "docs" / lang / "contexts.md").write_text(CONTEXTS[lang] + '\n{{ widget("zz_demo") }}\n', encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("PYTHONDONTWRITEBYTECODE", raising=False)  # as on an author's machine: .pyc files are kept
        with mkdocs_serve(top) as (proc, base, log):
            wait_until(base + "contexts/", lambda b: b"Hola 1" in b, timeout=600)
            yield top, base, proc, log


REPORT = re.compile(r"(\d+) page\(s\) rendered, (\d+) unchanged page\(s\) kept")


def reports(log) -> list[tuple[int, int]]:
    """(rendered, kept) of every rebuild so far, from the server's log."""
    log.flush()
    log.seek(0)
    return [(int(a), int(b)) for a, b in REPORT.findall(log.read())]


def next_report(log, before: int, timeout: float = 300) -> tuple[int, int]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = reports(log)
        if len(found) > before:
            return found[-1]
        time.sleep(0.2)
    raise AssertionError("the rebuild never reported its pages")


def test_no_service_worker_under_serve(served):
    """`mkdocs serve` never registers the web app's worker (issue 26): its reload loop must never be
    answered from a cache. The page carries no save data, and there is no sw.js to register."""
    _, base, _, _ = served
    page = wait_until(base + "contexts/", lambda b: b"Hola" in b).decode("utf-8")
    assert '<meta name="aula-offline" content="">' in page or 'name="aula-offline"' not in page
    assert fetch(base + "sw.js") == b""


def test_a_markdown_edit_renders_that_page_alone(served):
    top, base, _, log = served
    before = len(reports(log))
    home = top / "docs" / "pt" / "index.md"
    home.write_text(home.read_text(encoding="utf-8") + "\nUm parágrafo novo.\n", encoding="utf-8")
    wait_until(base + "pt/", lambda b: "Um parágrafo novo.".encode() in b)
    assert next_report(log, before) == (1, 3)   # of 2 pages x 2 languages


def test_widget_code_reloads_everywhere(served):
    top, base, proc, log = served
    before = len(reports(log))
    module = top / "lesson_core" / "widgets" / "zz_demo.py"
    module.write_text(DEMO.replace("Hola", "Adiós"), encoding="utf-8")
    page = wait_until(base + "contexts/", lambda b: "Adiós 1".encode() in b).decode()
    assert next_report(log, before) == (2, 2)   # the two pages that use the widget; the homes are kept
    assert "Hola" not in page
    assert all(f"Adiós {t}" in page for t in range(4))       # the default view and every precomputed state
    pt = fetch(base + "pt/contexts/").decode()
    assert "Adiós 1" in pt and "Hola" not in pt
    body = wait_until(base + "assets/aula/" + core_zip_name(page), lambda b: b.startswith(b"PK"))
    core = zipfile.ZipFile(io.BytesIO(body))
    assert "Adiós" in core.read("lesson_core/widgets/zz_demo.py").decode()   # what the browser's Python runs
    assert proc.poll() is None


def test_macro_mistake_shows_on_the_page_and_the_server_keeps_serving(served):
    top, base, proc, log = served
    page_md = top / "docs" / "es" / "contexts.md"
    original = page_md.read_text(encoding="utf-8")
    page_md.write_text(original + '\n{{ widget("zz_demo", t=9) }}\n', encoding="utf-8")
    body = wait_until(base + "contexts/", lambda b: b"aula-author-error" in b).decode()
    line = len(original.splitlines()) + 2
    assert f"docs/es/contexts.md:{line}: macro widget(&#39;zz_demo&#39;, t=9): parameter &#39;t&#39;" in body
    assert 'data-widget="pe_fingerprint"' in body          # the rest of the page is still there
    log.flush()
    log.seek(0)
    assert re.search(rf"ERROR +-  docs/es/contexts.md:{line}: macro widget\('zz_demo', t=9\)", log.read())
    page_md.write_text(original, encoding="utf-8")
    wait_until(base + "contexts/", lambda b: b"aula-author-error" not in b and b"zz_demo" in b)
    assert proc.poll() is None


def test_a_module_that_does_not_import_is_named_and_the_server_waits_for_the_fix(served):
    top, base, proc, log = served
    module = top / "lesson_core" / "widgets" / "zz_demo.py"
    good = module.read_text(encoding="utf-8")
    module.write_text(good.replace("def zz_demo(p, lang):", "def zz_demo(p, lang)"), encoding="utf-8")
    said = "lesson_core/widgets/zz_demo.py:9: lesson_core does not import: SyntaxError"
    body = wait_until(base + "contexts/", lambda b: said.encode() in b).decode()
    assert "aula-author-error" in body and "Adiós 1" in body      # the page, built with the code as it was
    assert said in fetch(base + "pt/").decode()                    # every page says so
    log.flush()
    log.seek(0)
    assert re.search(r"ERROR +-  " + re.escape(said), log.read())
    assert proc.poll() is None
    before = len(reports(log))
    module.write_text(good.replace("Adiós", "Hasta luego"), encoding="utf-8")
    wait_until(base + "contexts/", lambda b: "Hasta luego 1".encode() in b)
    assert next_report(log, before)[0] == 2


def test_the_static_mistakes_show_on_their_pages(served):
    """Text in the other language, a view wider than a phone, markup in a label and a page missing
    from the nav: each in the terminal and on the page, the view's above its widget, the others at
    the top of the page they concern (a module's text: of every page); all gone once fixed."""
    top, base, proc, log = served
    module = top / "lesson_core" / "widgets" / "zz_demo.py"
    pt_md = top / "docs" / "pt" / "contexts.md"
    extra = [top / "docs" / lang / "extra.md" for lang in ("es", "pt")]
    good, good_pt = module.read_text(encoding="utf-8"), pt_md.read_text(encoding="utf-8")
    bad = (good.replace("import h\n", "import h, svg\n").replace('"pt": "Demo"}', '"pt": "La demo del capítulo"}')
           .replace('{"es": "T", "pt": "T"}', '{"es": "T <b>x</b>", "pt": "T"}')
           .replace('h("p", None, f"', 'svg(900, 60) + h("p", None, f"'))
    assert "import h, svg" in bad and "svg(900, 60)" in bad and "<b>x</b>" in bad and "del capítulo" in bad
    paragraph = "Este párrafo quedó en español y los lectores de la página no lo pueden leer."
    module.write_text(bad, encoding="utf-8")
    pt_md.write_text(good_pt + "\n" + paragraph + "\n", encoding="utf-8")
    for page in extra:
        page.write_text("# Extra\n", encoding="utf-8")
    title_line = bad.splitlines().index(next(ln for ln in bad.splitlines() if "del capítulo" in ln)) + 1
    declared = bad.splitlines().index(next(ln for ln in bad.splitlines() if ln.startswith("@widget("))) + 1
    label_line = bad.splitlines().index(next(ln for ln in bad.splitlines() if "<b>x</b>" in ln)) + 1
    expected = {
        "contexts/": [f"lesson_core/widgets/zz_demo.py:{declared}: widget 'zz_demo': part 'main': a figure 900 units wide",
                      f"lesson_core/widgets/zz_demo.py:{label_line}: widget 'zz_demo': the label of Range 't' holds markup",
                      f"lesson_core/widgets/zz_demo.py:{title_line}: the Portuguese text (\"pt\") reads as Spanish"],
        "pt/contexts/": [f"docs/pt/contexts.md:{len(good_pt.splitlines()) + 2}: this paragraph of a Portuguese page "
                         "reads as Spanish"],
        "extra/": ["docs/es/extra.md: the page is not in the nav"],
        "pt/extra/": ["docs/pt/extra.md: the page is not in the nav"],
    }
    try:
        for path, lines in expected.items():
            body = html.unescape(wait_until(base + path, lambda b: all(
                line in html.unescape(b.decode()) for line in lines)).decode())
            assert "aula-author-error" in body
        contexts = html.unescape(fetch(base + "contexts/").decode())
        box = contexts.index("part 'main': a figure 900 units wide")
        assert contexts.index("<article") < contexts.index("reads as Spanish") < box < contexts.index('data-widget="zz_demo"')
        log.flush()
        log.seek(0)
        said = log.read()
        assert all(re.search(r"ERROR +-  " + re.escape(line), said) for lines in expected.values() for line in lines)
    finally:
        module.write_text(good, encoding="utf-8")
        pt_md.write_text(good_pt, encoding="utf-8")
        for page in extra:
            page.unlink()
    for path in ("contexts/", "pt/contexts/", "pt/"):   # the home page too: a module's text shows on every page
        wait_until(base + path, lambda b: b"aula-author-error" not in b)
    assert proc.poll() is None


BUILDS = re.compile(r"Detected file changes|Reloading browsers|rebuild")


def settled(log, since: int, timeout: float = 300) -> None:
    """Wait until the server has finished every rebuild that the edits after log offset `since`
    started: the last "Detected file changes" has its "Reloading browsers" (or an error) after it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        time.sleep(0.5)   # past the watcher's 0.1 s debounce: a pending save has started its rebuild
        log.flush()
        log.seek(since)
        events = BUILDS.findall(log.read())
        if events and events[-1] != "Detected file changes":
            return
    raise AssertionError("the server never finished rebuilding")


@pytest.mark.parametrize("trial", range(6))
def test_two_quick_saves_end_with_the_second_served(served, trial):
    """Two saves 0.2 s apart, of a widget module and of a page: the second save lands while the
    first one's rebuild runs, and both versions have the same size and usually the same mtime
    second (what a compiled module's .pyc is checked by). The page served at the end shows the
    second version, and a server started afresh serves the same."""
    top, base, proc, log = served
    module = top / "lesson_core" / "widgets" / "zz_demo.py"
    page_md = top / "docs" / "es" / "contexts.md"
    code, text = module.read_text(encoding="utf-8"), page_md.read_text(encoding="utf-8")
    code = re.sub(r'f"[^"{]* \{p', 'f"Hola {p', code, count=1)
    text = re.sub(r"\nSello \w+\n", "\n", text)
    log.flush()
    since = log.seek(0, io.SEEK_END)
    for second in (False, True):
        mark = f"S{trial}{'b' if second else 'a'}"
        module.write_text(code.replace("Hola", mark), encoding="utf-8")
        page_md.write_text(text + f"\nSello {mark}\n", encoding="utf-8")
        if not second:
            time.sleep(0.2)
    settled(log, since)
    body = fetch(base + "contexts/").decode()
    assert f"S{trial}a" not in body, f"the first save is served: {sorted(set(re.findall(r'S[0-9][ab]', body)))}"
    assert f"Sello S{trial}b" in body
    assert all(f"S{trial}b {t}" in body for t in range(4))      # the default view and every precomputed state
    assert f"S{trial}b 1" in fetch(base + "pt/contexts/").decode()
    assert proc.poll() is None


LIVERELOAD = re.compile(rb"livereload\(\d+, \d+\);")
LIVERELOAD_HASH = re.compile(rb"script-src 'self' 'sha256-[^']+'")  # macros/csp.py puts it first


def _served(base: str, path: str) -> bytes:
    body = LIVERELOAD.sub(b"", fetch(base + path))  # the reload script carries the server's epoch
    body = LIVERELOAD_HASH.sub(b"script-src 'self'", body, count=1)  # ... and so does its hash in the policy
    return body.replace(base.encode(), b"BASE/")


def test_after_the_edits_the_pages_are_what_a_fresh_server_serves(served):
    """Kept pages and the search index after all the edits above, against a server started now."""
    top, base, _, log = served
    paths = ["", "contexts/", "pt/", "pt/contexts/", "search/search_index.json", "pt/search/search_index.json"]
    old = {p: _served(base, p) for p in paths}
    assert reports(log)[-1][1] > 0               # this server did keep pages
    with mkdocs_serve(top) as (_, fresh, _log):
        wait_until(fresh + "contexts/", lambda b: b"aula-widget" in b, timeout=600)
        for p in paths:
            assert _served(fresh, p) == old[p], f"{p or 'home'} differs from a fresh server's"
