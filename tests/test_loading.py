"""When live Python is fetched (issue 9): only on need unless bytes are cheap, with its state shown,
from the HTTP cache on the next page, and a failed download said once with a way to try again.

The site is served by tests/pages_server.py, which gzips and caches like GitHub Pages and logs
what it sent. navigator.connection is set by an init script, as a phone would report it.
"""

from __future__ import annotations

import shutil

import pytest

import lesson_core
from conftest import PY_TIMEOUT, part_html, widget
from lesson_core.kit.fmt import fmt
from lesson_core.kit.messages import MESSAGES, msg
from pages_server import serve

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.fresh_contexts]  # counts what the server sent, or needs a cold cache

LESSON = "positional-encoding/"
RUNTIME = ("/pyodide-", "/lesson_core-", "py-worker.mjs")


def connection(effective_type: str, save_data: bool = False, downlink: float | str = 20, rtt: int | str = 40,
               kind: str = "wifi") -> str:
    """navigator.connection as a browser reports it; by default a fast link (20 Mbit/s, 40 ms)."""
    return ("Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => "
            f"({{effectiveType: '{effective_type}', saveData: {'true' if save_data else 'false'}, "
            f"downlink: {downlink}, rtt: {rtt}, type: '{kind}', "
            "addEventListener() {}, removeEventListener() {}})});")


# Chrome calls a 1.5 Mbit/s, 150 ms link "4g" (issue 17): the numbers decide, not the name
SLOW_4G = connection("4g", downlink=1.5, rtt=150)
SLOW_3G = connection("3g", downlink=0.7, rtt=400)


@pytest.fixture(scope="module")
def pages(site, tmp_path_factory):
    top = tmp_path_factory.mktemp("pages")
    shutil.copytree(site, top / "aula")
    srv = serve(top)
    srv.base = srv.url + "aula/"
    yield srv
    srv.shutdown()


def open_context(browser, init: str):
    context = browser.new_context()
    context.add_init_script(init)
    context.requests = []
    context.on("request", lambda r: context.requests.append(r.url))  # the worker's requests too
    return context


def runtime_hits(srv) -> list[str]:
    return [p for p, status, _ in srv.hits if any(m in p for m in RUNTIME)]


def after_idle(pg):
    """Past the moment an early start would have begun: the load event, then an idle period."""
    pg.wait_for_load_state("load")
    pg.evaluate("() => new Promise(r => requestIdleCallback(() => setTimeout(r, 200), {timeout: 3000}))")


def type_position(pg, pos: str):
    widget(pg, "pe_fingerprint").locator('input[data-param="pos"]').fill(pos)


def wait_answer(pg, pos: str):
    pg.wait_for_function("([s, t]) => document.querySelector(s).innerText.includes(t)",
                         arg=['.aula-widget[data-widget="pe_fingerprint"] .aula-part', f"PE({pos}, 2i)"],
                         timeout=PY_TIMEOUT)


@pytest.mark.parametrize("init", [SLOW_3G, connection("4g", save_data=True), SLOW_4G,
                                  connection("4g", downlink=4.9, rtt=40), connection("4g", rtt=120),
                                  connection("4g", kind="cellular"), connection("4g", downlink="undefined", rtt="undefined")],
                         ids=["slow", "save-data", "slow-4g", "under-5-mbit", "rtt-120", "cellular", "no-numbers"])
def test_no_runtime_without_need_on_a_slow_or_saving_connection(browser, pages, init):
    context = open_context(browser, init)
    pg = context.new_page()
    start = len(pages.hits)
    pg.goto(pages.base + LESSON)
    after_idle(pg)
    # precomputed controls answer all the same
    before = part_html(pg, "pe_heatmap", "finger")
    widget(pg, "pe_heatmap").locator('input[data-param="pos"]').fill("17")
    assert part_html(pg, "pe_heatmap", "finger") != before
    assert pg.evaluate("document.documentElement.dataset.python") == "off"
    assert pg.locator(".aula-py-text").inner_text().startswith(msg("py_idle", "es"))
    assert pg.locator(".aula-py-action").inner_text() == msg("py_start", "es")
    assert not [u for u in context.requests if any(m in u for m in RUNTIME)]
    assert not [p for p, _, _ in pages.hits[start:] if any(m in p for m in RUNTIME)]
    context.close()


def test_a_typed_value_loads_python_and_gets_its_answer(browser, pages):
    context = open_context(browser, SLOW_4G)
    pg = context.new_page()
    pg.goto(pages.base + LESSON)
    after_idle(pg)
    assert pg.evaluate("document.documentElement.dataset.python") == "off"
    fp = widget(pg, "pe_fingerprint")
    type_position(pg, "111")
    assert pg.evaluate("document.documentElement.dataset.python") == "loading"
    assert fp.locator(".aula-status").inner_text().startswith(msg("py_wait", "es"))  # (then a percentage)
    assert fp.get_attribute("aria-busy") == "true"  # the widget that asked waits, and says so
    # beside the control that asked: right under the controls, above the figure
    form, said, view = (fp.locator(s).bounding_box() for s in (".aula-controls", ".aula-status", ".aula-view"))
    assert form["y"] + form["height"] <= said["y"] + 1 and said["y"] + said["height"] <= view["y"] + 1
    assert pg.locator(".aula-py-text").inner_text() == msg("py_loading", "es")
    type_position(pg, "54321")  # while loading: the latest input wins
    # progress in percent while the runtime arrives
    pct = MESSAGES["py_progress"]["es"].split("{pct}")[1]
    pg.wait_for_function("(t) => document.querySelector('.aula-py-pct').textContent.endsWith(t) || "
                         "document.documentElement.dataset.python === 'ready'", arg=pct, timeout=PY_TIMEOUT)
    # ... and beside the waiting widget, hidden from screen readers (its status line is a live region)
    pg.wait_for_function("([s, t]) => { const e = document.querySelector(s); return (e && e.textContent.endsWith(t)"
                         " && e.getAttribute('aria-hidden') === 'true') || document.documentElement.dataset.python === 'ready'; }",
                         arg=['.aula-widget[data-widget="pe_fingerprint"] .aula-status .aula-status-pct', pct],
                         timeout=PY_TIMEOUT)
    wait_answer(pg, "54321")
    assert pg.evaluate("window.aula.timings.why") == "need"
    code = lesson_core.render("pe_fingerprint", {"pos": "54321"}, "es")["data"]["code"]
    assert fmt(code[0], "es", 4) in fp.locator("tbody tr").first.inner_text()
    assert "PE(111, 2i)" not in fp.locator('.aula-part[data-part="main"]').inner_text()
    assert pg.locator(".aula-py-text").inner_text() == msg("py_ready", "es")
    assert fp.locator(".aula-status").inner_text() == ""
    assert fp.get_attribute("aria-busy") is None
    context.close()


def test_load_now_button_in_portuguese(browser, pages):
    context = open_context(browser, connection("4g", save_data=True))
    pg = context.new_page()
    pg.goto(pages.base + "pt/" + LESSON)
    after_idle(pg)
    assert pg.locator(".aula-py-text").inner_text().startswith(msg("py_idle", "pt"))
    pg.locator(".aula-py-action").click()
    assert pg.locator(".aula-py-text").inner_text() == msg("py_loading", "pt")
    pg.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=PY_TIMEOUT)
    assert pg.evaluate("window.aula.timings.why") == "button"
    assert pg.locator(".aula-py-text").inner_text() == msg("py_ready", "pt")
    assert pg.locator(".aula-py-action").is_hidden()
    context.close()


def test_fast_connection_starts_early_and_the_next_page_uses_the_cache(browser, pages):
    context = open_context(browser, connection("4g"))
    pg = context.new_page()
    pg.goto(pages.base + LESSON)
    pg.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=PY_TIMEOUT)
    assert pg.evaluate("window.aula.timings.why") == "idle"
    # on this fast link the page is then saved for offline too (save.js): its fetches are part of the
    # first view, so they are counted once it is saved, not while it may still be saving
    pg.wait_for_function("(document.querySelector('.aula-save') || {dataset: {}}).dataset.state === 'saved'",
                         timeout=PY_TIMEOUT)
    served = runtime_hits(pages)
    assert any("python_stdlib.zip" in p for p in served) and any(".wasm" in p for p in served)
    first_view = len(context.requests)

    pg.goto(pages.base + "pt/" + LESSON)  # the next lesson page, same runtime
    type_position(pg, "909")
    wait_answer(pg, "909")
    asked = [u for u in context.requests[first_view:] if any(m in u for m in RUNTIME)]
    assert any("python_stdlib.zip" in u for u in asked) and any(".wasm" in u for u in asked)
    assert runtime_hits(pages) == served, "the second view fetched runtime files from the server again"
    context.close()


@pytest.mark.parametrize("name,fault,retry", [("python_stdlib.zip", "cut", ".aula-retry"),
                                              ("pyodide.asm.wasm", "404", ".aula-py .aula-py-action")])
def test_failed_download_is_said_once_and_can_be_retried(browser, pages, name, fault, retry):
    context = browser.new_context()
    context.add_init_script(SLOW_3G)
    pg = context.new_page()
    pages.faults[name] = fault
    try:
        pg.goto(pages.base + "pt/" + LESSON)
        type_position(pg, "4242")
        pg.wait_for_function("document.documentElement.dataset.python === 'failed'", timeout=PY_TIMEOUT)
        assert pg.locator(".aula-py").count() == 1
        assert pg.locator(".aula-py-text").inner_text() == msg("py_failed", "pt")
        assert pg.locator(".aula-py-action").inner_text() == msg("py_retry", "pt")
        fp = widget(pg, "pe_fingerprint")
        assert fp.locator(".aula-status").inner_text() == msg("py_off", "pt")
        assert fp.locator(".aula-retry").inner_text() == msg("py_retry", "pt")  # offered where the reader is
        before = part_html(pg, "pe_sum", "sum")
        widget(pg, "pe_sum").locator('input[data-param="pos"]').fill("9")
        assert part_html(pg, "pe_sum", "sum") != before
        assert "PE(4242, 2i)" not in fp.locator('.aula-part[data-part="main"]').inner_text()
    finally:
        del pages.faults[name]
    pg.locator(retry).first.click()  # try again (in the pill or beside the widget): the same request is answered
    wait_answer(pg, "4242")
    assert pg.evaluate("document.documentElement.dataset.python") == "ready"
    assert pg.evaluate("window.aula.timings.why") == "retry"
    assert pg.locator(".aula-py").count() == 1
    assert widget(pg, "pe_fingerprint").locator(".aula-retry").is_hidden()
    context.close()
