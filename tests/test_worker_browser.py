"""The unlucky reader's live Python (issue 30, item 3; reliability review 2027-01, #3, #4, #7), in
Chromium over http (tests/pages_server.py, as GitHub Pages serves):

- a worker that stops after "ready" is noticed by the heartbeat (loader.js): the pill says Python
  stopped and offers "try again", the waiting widget says live Python is off, precomputed controls keep
  working, and "try again" answers the value that waited;
- a runtime that cannot start (wasm served as text/plain, or truncated but served whole) fails with
  the localized message long before the 90 s stall timeout (the bound below is a third of it: a
  correctness bound, not a speed figure);
- a runtime file whose body ends with another length than the build wrote (the standard library cut
  short, lesson_core's zip padded or an error page served with 200 in its place, the wasm cut short and
  gzipped on the wire) fails the same way, the console naming the file and both lengths (worker/http.js);
- the worker refuses network access outside the site (fetch, XMLHttpRequest, importScripts).
"""

from __future__ import annotations

import re

import pytest

from conftest import FAST_CONNECTION, NEED_CONNECTION, PY_TIMEOUT, assert_clean_html, part_html, widget
from lesson_core.kit.messages import msg
from pages_server import ERROR_PAGE, PAD, SHORT
from test_loading import open_context, pages  # noqa: F401  (pages: the module's served copy of the site)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.fresh_contexts]  # counts what the server sent, or needs a cold cache

LESSON = "positional-encoding/"
FAIL_BOUND = 30000  # ms: well under loader.js STALL_MS (90 s), which the review's two cases waited for


def opened(browser, init: str):
    context = open_context(browser, init)
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    return context, pg


def state_is(pg, state: str, timeout: float = PY_TIMEOUT):
    pg.wait_for_function(f"document.documentElement.dataset.python === '{state}'", timeout=timeout)


def python_worker(pg):
    found = [w for w in pg.workers if "py-worker" in w.url]
    assert len(found) == 1, [w.url for w in pg.workers]
    return found[0]


def type_position(pg, pos: str):
    widget(pg, "pe_fingerprint").locator('input[data-param="pos"]').fill(pos)


def answered(pg, pos: str) -> bool:
    return f"PE({pos}, 2i)" in widget(pg, "pe_fingerprint").locator('.aula-part[data-part="main"]').inner_text()


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_worker_that_stops_answering_is_noticed_and_can_be_restarted(browser, pages, lang):
    context, pg = opened(browser, FAST_CONNECTION)
    try:
        pg.goto(pages.base + ("pt/" if lang == "pt" else "") + LESSON)
        state_is(pg, "ready")
        python_worker(pg).evaluate("self.close()")  # the review's "worker killed"
        type_position(pg, "4242")
        state_is(pg, "failed", timeout=FAIL_BOUND)
        assert pg.locator(".aula-py-text").inner_text() == msg("py_stopped", lang)
        assert pg.locator(".aula-py-action").is_visible()
        assert pg.locator(".aula-py-action").inner_text() == msg("py_retry", lang)
        fp = widget(pg, "pe_fingerprint")
        assert fp.get_attribute("aria-busy") is None
        assert fp.locator(".aula-status").inner_text() == msg("py_off", lang)
        assert fp.locator(".aula-retry").is_visible()
        before = part_html(pg, "pe_sum", "sum")  # a precomputed control still answers
        widget(pg, "pe_sum").locator('input[data-param="pos"]').fill("9")
        assert part_html(pg, "pe_sum", "sum") != before
        fp.locator(".aula-retry").click()  # try again: a new worker answers the value that waited
        pg.wait_for_function("() => document.documentElement.dataset.python === 'ready'", timeout=PY_TIMEOUT)
        pg.wait_for_function("(t) => document.querySelector('.aula-widget[data-widget=\"pe_fingerprint\"] "
                             ".aula-part[data-part=\"main\"]').innerText.includes(t)", arg="PE(4242, 2i)",
                             timeout=PY_TIMEOUT)
        assert not pg.errors, pg.errors
    finally:
        context.close()


def test_a_ready_worker_that_keeps_answering_stays_ready(browser, pages):
    """The heartbeat takes no live worker for dead: several beats pass and Python is still ready."""
    context, pg = opened(browser, FAST_CONNECTION)
    try:
        pg.goto(pages.base + LESSON)
        state_is(pg, "ready")
        type_position(pg, "777")
        pg.wait_for_function("() => document.querySelector('.aula-widget[data-widget=\"pe_fingerprint\"] "
                             ".aula-part[data-part=\"main\"]').innerText.includes('PE(777, 2i)')", timeout=PY_TIMEOUT)
        pongs = python_worker(pg).evaluate("""() => new Promise((resolve) => {
            let n = 0; const seen = self.postMessage.bind(self);
            self.postMessage = (m) => { if (m && m.type === 'pong') n++; seen(m); };
            setTimeout(() => resolve(n), 9000); })""")
        assert pongs >= 2, pongs  # the loader asked, the worker answered
        assert pg.evaluate("document.documentElement.dataset.python") == "ready"
    finally:
        context.close()


@pytest.mark.parametrize("fault", ["text", "half"])
def test_a_runtime_that_cannot_start_fails_with_the_message_not_the_stall(browser, pages, fault):
    context, pg = opened(browser, NEED_CONNECTION)
    pages.faults["pyodide.asm.wasm"] = fault
    try:
        pg.goto(pages.base + "pt/" + LESSON)
        type_position(pg, "4242")
        state_is(pg, "failed", timeout=FAIL_BOUND)
        assert pg.locator(".aula-py-text").inner_text() == msg("py_failed", "pt")
        assert widget(pg, "pe_fingerprint").locator(".aula-status").inner_text() == msg("py_off", "pt")
        assert pg.locator(".aula-py-action").inner_text() == msg("py_retry", "pt")
    finally:
        del pages.faults["pyodide.asm.wasm"]
    if fault == "text":  # the server fixed: trying again works (a truncated copy stays in the HTTP cache)
        pg.locator(".aula-py .aula-py-action").click()
        pg.wait_for_function("() => document.documentElement.dataset.python === 'ready'", timeout=PY_TIMEOUT)
    context.close()


def built_length(pages, part: str) -> int:
    """The length of the runtime file whose served path holds ``part``, as the site holds it."""
    found = [p for p in (pages.root / "aula" / "assets").rglob("*") if part in p.as_posix() and p.is_file()]
    assert len(found) == 1, found
    return found[0].stat().st_size


@pytest.mark.parametrize("part,fault", [("python_stdlib.zip", "short"), ("/lesson_core-", "pad"),
                                        ("/lesson_core-", "page"), ("pyodide.asm.wasm", "short")])
def test_a_runtime_file_of_the_wrong_length_fails_with_the_message(browser, pages, part, fault):
    context, pg = opened(browser, NEED_CONNECTION)
    said = []
    pg.on("console", lambda m: said.append(m.text))
    want = built_length(pages, part)
    got = {"short": want - SHORT, "pad": want + PAD, "page": len(ERROR_PAGE)}[fault]
    pages.faults[part] = fault
    try:
        pg.goto(pages.base + "pt/" + LESSON)
        type_position(pg, "4242")
        state_is(pg, "failed", timeout=FAIL_BOUND)
        assert pg.locator(".aula-py-text").inner_text() == msg("py_failed", "pt")
        assert pg.locator(".aula-py-action").is_visible()
        assert pg.locator(".aula-py-action").inner_text() == msg("py_retry", "pt")
        fp = widget(pg, "pe_fingerprint")
        assert fp.get_attribute("aria-busy") is None
        assert fp.locator(".aula-status").inner_text() == msg("py_off", "pt")
        assert fp.locator(".aula-retry").is_visible()
        assert "PE(4242, 2i)" not in fp.locator('.aula-part[data-part="main"]').inner_text()
        assert_clean_html(pg.locator(".aula-py").inner_html() + fp.locator(".aula-part").first.inner_html())
        assert not re.search(r"\bNaN\b", pg.locator(".aula-py").inner_text() + fp.inner_text())
        before = part_html(pg, "pe_sum", "sum")  # a precomputed control still answers
        widget(pg, "pe_sum").locator('input[data-param="pos"]').fill("9")
        assert part_html(pg, "pe_sum", "sum") != before
        # the size check caught it (not the interpreter's start-up, later): the file and both lengths
        name = part.strip("/")
        reasons = [t for t in said if t.startswith("Aula: live Python is off:")]
        assert len(reasons) == 1, said
        assert name in reasons[0] and f": {got} bytes, the build's has {want}" in reasons[0], reasons
        assert not pg.errors, pg.errors
    finally:
        del pages.faults[part]
        context.close()


def test_the_worker_reaches_nothing_outside_the_site(browser, pages):
    context, pg = opened(browser, FAST_CONNECTION)
    try:
        pg.goto(pages.base + LESSON)
        state_is(pg, "ready")
        said = python_worker(pg).evaluate("""async () => {
            const out = {};
            try { await fetch('http://192.0.2.1/worker', {mode: 'no-cors'}); out.fetch = 'sent'; }
            catch (e) { out.fetch = String(e.message); }
            try { const x = new XMLHttpRequest(); x.open('GET', 'http://192.0.2.1/xhr'); x.send(); out.xhr = 'sent'; }
            catch (e) { out.xhr = String(e.message); }
            try { new WebSocket('ws://192.0.2.1/'); out.ws = 'opened'; } catch (e) { out.ws = String(e.message); }
            const own = await fetch(location.origin + '/aula/sitemap.xml');
            out.own = own.status;
            return out; }""")
        assert "outside the site" in said["fetch"] and "outside the site" in said["xhr"], said
        assert said["ws"] != "opened" and said["own"] == 200, said
        assert not [u for u in context.requests if "192.0.2.1" in u], context.requests
        assert pg.evaluate("document.documentElement.dataset.python") == "ready"  # a refusal is not a failure
    finally:
        context.close()
