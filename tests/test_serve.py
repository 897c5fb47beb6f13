"""`mkdocs serve` as an author uses it: an edit to a widget's Python shows on the served page,
precomputed states and the browser's lesson_core.zip included, with no restart; a macro mistake
shows on the page and in the terminal, and the server keeps serving. No timing is asserted
(bench/serve_reload.py measures the reload time)."""

from __future__ import annotations

import io
import re
import time
import zipfile

import pytest

from conftest import core_zip_name, fetch, mkdocs_serve
from test_authoring import CONTEXTS_ES, mini_project

pytestmark = pytest.mark.slow

DEMO = '''
from ..controls import Range
from ..html import h
from ..registry import View, widget


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
        (top / "docs" / lang / "contexts.md").write_text(CONTEXTS_ES + '\n{{ widget("zz_demo") }}\n', encoding="utf-8")
    with mkdocs_serve(top) as (proc, base, log):
        wait_until(base + "contexts/", lambda b: b"Hola 1" in b, timeout=600)
        yield top, base, proc, log


def test_widget_code_reloads_everywhere(served):
    top, base, proc, _ = served
    module = top / "lesson_core" / "widgets" / "zz_demo.py"
    module.write_text(DEMO.replace("Hola", "Adiós"), encoding="utf-8")
    page = wait_until(base + "contexts/", lambda b: "Adiós 1".encode() in b).decode()
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
