"""Aula saved for offline on a phone (issue 26), in Chromium over http://127.0.0.1 at 360 px.

The site is a copy served by tests/pages_server.py (gzip, ETags, as GitHub Pages); "no network" is the
server closing every connection unanswered (``down``) with the browser context offline as well.
One reader's story per test: save, lose the network, read; an unsaved page; a new version published;
a slow link where nothing is stored without the tap.
"""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import PY_TIMEOUT, connection, part_html, widget
from lesson_core.kit import offline
from lesson_core.kit.fmt import tr
from macros import pwa
from pages_server import serve
from test_safety_browser import until  # wait_for_function evaluates strings, which the policy forbids

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.fresh_contexts]  # counts what the server sent, or needs a cold cache

LESSON, OTHER, UNSAVED = "positional-encoding/", "turing-1-words/", "turing-3-generation/"
PHONE = {"viewport": {"width": 360, "height": 740}, "color_scheme": "dark", "has_touch": True,
         "bypass_csp": False}
SLOW = connection(1.5, 150)


@pytest.fixture
def pages(site, tmp_path):
    shutil.copytree(site, tmp_path / "aula")
    srv = serve(tmp_path)
    srv.base = srv.url + "aula/"
    srv.site = tmp_path / "aula"
    yield srv
    srv.shutdown()


def phone(browser, init: str = SLOW):
    context = browser.new_context(**PHONE)
    context.add_init_script(init)
    context.errors = []
    pg = context.new_page()
    pg.errors = context.errors
    pg.on("console", lambda m: context.errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: context.errors.append(str(e)))
    context.on("requestfailed", lambda r: context.errors.append(f"failed: {r.url}"))
    return context, pg


def csp_violations(pg) -> list:
    return pg.evaluate("window.__csp || []")


WATCH_CSP = ("window.__csp = []; document.addEventListener('securitypolicyviolation', "
             "e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")


def save(pg, which: str):
    box = pg.locator(".aula-save")
    open_control(pg)
    box.locator(f'button[data-group^="{which}"]').click()
    until(pg, "document.querySelector('.aula-save').dataset.state !== 'saving'")
    assert box.get_attribute("data-state") == "saved", box.inner_text()


def open_control(pg):
    details = pg.locator(".aula-save details")
    if not details.evaluate("d => d.open"):
        details.locator("summary").click()


def cache_names(pg) -> list[str]:
    return pg.evaluate("caches.keys()")


def go_offline(srv, context):
    srv.down = True
    context.set_offline(True)


def go_online(srv, context):
    srv.down = False
    context.set_offline(False)


def test_save_two_pages_then_read_them_offline(browser, pages):
    context, pg = phone(browser, SLOW + WATCH_CSP)
    pg.goto(pages.base + LESSON)
    box = pg.locator(".aula-save")
    meta = json.loads(pg.locator('meta[name="aula-offline"]').get_attribute("content"))
    open_control(pg)
    assert box.locator('button[data-group="page:positional-encoding/index.html"]').inner_text() == meta["page_label"]
    assert tr("es", offline.MESSAGES["save_all"]).split(" (")[0] in box.inner_text()
    save(pg, "page:")
    assert pg.evaluate("document.documentElement.scrollWidth") <= 360  # nothing scrolls sideways
    pg.screenshot(path=str(pages.site.parent / "saved-360-dark.png"))
    pg.goto(pages.base + OTHER)
    save(pg, "page:")
    go_offline(pages, context)
    pg.reload()
    assert "Turing" in pg.title()
    # search, offline: on a phone the field is behind the header's search button
    pg.locator('label.md-header__button[for="__search"]').click()
    # type once the language's index has arrived (Material ignores keys before that)
    until(pg, "performance.getEntriesByType('resource').some(e => e.name.includes('search_index.json'))")
    pg.wait_for_timeout(500)
    pg.locator("input.md-search__input").press_sequentially("posición", delay=30)
    until(pg, "document.querySelectorAll('.md-search-result__item').length > 0", what="search results, offline")
    pg.goto(pages.base + LESSON)  # another saved page, offline
    # a precomputed control
    before = part_html(pg, "pe_heatmap", "finger")
    widget(pg, "pe_heatmap").locator('input[data-param="pos"]').fill("17")
    assert part_html(pg, "pe_heatmap", "finger") != before
    # a typed value that needs live Python, from the saved runtime
    widget(pg, "pe_fingerprint").locator('input[data-param="pos"]').fill("111")
    until(pg, "([s, t]) => document.querySelector(s).textContent.includes(t)",
          ['.aula-widget[data-widget="pe_fingerprint"] .aula-part', "PE(111, 2i)"])
    # a page that was not saved: the offline page, in Spanish, listing what is saved
    pg.goto(pages.base + UNSAVED)
    body = pg.locator("body").inner_text()
    assert tr("es", offline.MESSAGES["offline_text"]) in body
    links = pg.locator(".aula-saved a")
    # the two pages and the language's home (saved with every page: the installed app opens there)
    hrefs = sorted(links.nth(i).get_attribute("href").removeprefix(pages.base) for i in range(links.count()))
    assert hrefs == ["", LESSON, OTHER]
    assert csp_violations(pg) == []
    # the only failures so far: the worker asking the network for the page that was not saved
    assert all(UNSAVED in e or "ERR_INTERNET_DISCONNECTED" in e for e in context.errors), context.errors
    context.errors.clear()
    go_online(pages, context)
    pg.goto(pages.base + LESSON)
    open_control(pg)
    assert box.locator(".aula-save-stored").inner_text()  # the storage estimate
    box.locator(".aula-save-remove").click()
    until(pg, "document.querySelector('.aula-save-status').textContent !== ''")
    assert cache_names(pg) == []
    assert not context.errors, context.errors[:5]
    context.close()


def test_nothing_is_stored_on_a_slow_link_without_the_tap(browser, pages):
    context, pg = phone(browser, SLOW)
    pg.goto(pages.base + LESSON)
    pg.wait_for_load_state("load")
    pg.evaluate("() => new Promise(r => requestIdleCallback(() => setTimeout(r, 500), {timeout: 3000}))")
    pg.goto(pages.base + OTHER)
    pg.wait_for_load_state("load")
    assert pg.locator(".aula-save summary").inner_text() == tr("es", offline.MESSAGES["save_title"])
    assert cache_names(pg) == []
    assert pg.evaluate("navigator.serviceWorker.getRegistration().then(r => !!r)") is False
    assert not [p for p, _, _ in pages.hits if p.endswith("/sw.js")]
    context.close()


def test_a_new_version_replaces_the_saved_copy_whole(browser, pages):
    context, pg = phone(browser, SLOW)
    pg.goto(pages.base + "pt/" + LESSON)
    save(pg, "page:")
    old = cache_names(pg)
    assert len(old) == 1
    # a second build with a changed page: its text, then the worker's data made again from the site
    page = pages.site / "pt" / LESSON / "index.html"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("<h1", '<p class="aula-new-text">Versão nova</p><h1', 1), encoding="utf-8")
    data = pwa.write(pages.site)
    assert "aula-" + data["version"] not in old
    pg.goto(pages.base + "pt/" + LESSON)  # online: the worker updates (the new copy stored, then the switch)
    pg.wait_for_selector(".aula-save-updated", timeout=PY_TIMEOUT)
    assert pg.locator(".aula-save-updated").inner_text().startswith(tr("pt", offline.MESSAGES["updated"]))
    assert cache_names(pg) == ["aula-" + data["version"]]
    go_offline(pages, context)
    pg.reload()
    assert pg.locator(".aula-new-text").inner_text() == "Versão nova"
    context.close()


def test_a_save_cut_halfway_is_not_saved_and_the_next_tap_resumes(browser, pages):
    context, pg = phone(browser, SLOW)
    pg.goto(pages.base + LESSON)
    pages.faults["pyodide.asm.wasm"] = "cut"  # the phone loses the signal in the middle of the runtime
    open_control(pg)
    pg.locator('.aula-save button[data-group^="page:"]').click()
    until(pg, "document.querySelector('.aula-save').dataset.state !== 'saving'")
    box = pg.locator(".aula-save")
    assert box.get_attribute("data-state") == "error"
    assert box.locator(".aula-save-status").inner_text() == tr("es", offline.MESSAGES["err_offline"])
    assert pg.evaluate("(async () => { for (const n of await caches.keys()) { const c = await caches.open(n);"
                       " if ((await c.keys()).some(r => r.url.includes('__aula/saved/'))) return true; } return false; })()") is False
    del pages.faults["pyodide.asm.wasm"]
    context.errors.clear()  # the cut download, logged
    cut_at = len(pages.hits)
    save(pg, "page:")  # the second tap: what arrived whole is kept, the rest is fetched
    before, again = ([p for p, _, _ in hits] for hits in (pages.hits[:cut_at], pages.hits[cut_at:]))
    assert any(p.endswith("pyodide.asm.wasm") for p in again)
    # stored before the cut (the files go in order), not fetched again
    assert any(p.endswith("pyodide-lock.json") for p in before) and not any(p.endswith("pyodide-lock.json") for p in again)
    # a damaged entry is found by its hash when served, and fetched again
    css = pages.base + "assets/aula/aula.css"
    pg.evaluate("async (u) => { const [n] = await caches.keys(); await (await caches.open(n)).put(u, new Response('broken')); }", css)
    pg.reload()
    assert pg.evaluate("async (u) => (await (await caches.open((await caches.keys())[0])).match(u)).text()", css) == \
        (pages.site / "assets" / "aula" / "aula.css").read_text(encoding="utf-8")
    assert not context.errors, context.errors[:5]
    context.close()


# Saved files fetched while "remove" runs: each is answered from the cache or the network, and none
# brings the deleted cache back (caches.open after caches.has used to make an empty one again).
FETCH_WHILE_REMOVING = """async (urls) => {
  const reg = await navigator.serviceWorker.ready;
  const removed = new Promise((done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done();
    reg.active.postMessage({type: 'remove'}, [channel.port2]);
  });
  const fetched = [];
  for (let i = 0; i < 40; i++) fetched.push(fetch(urls[i % urls.length] + '?n=' + i, {cache: 'no-store'}).then(r => r.ok));
  const ok = await Promise.all(fetched);
  await removed;
  await Promise.all(urls.map(u => fetch(u, {cache: 'no-store'})));  // after it, too
  return {ok: ok.every(Boolean), caches: await caches.keys()};
}"""


def test_files_fetched_while_removing_leave_no_cache_behind(browser, pages):
    context, pg = phone(browser)
    try:
        pg.goto(pages.base + LESSON)
        save(pg, "page")
        pg.reload()  # now controlled by the service worker
        urls = pg.evaluate("[...document.querySelectorAll('link[rel=stylesheet], script[src]')]"
                           ".map(e => e.href || e.src).filter(u => u.startsWith(location.origin))")
        assert urls
        out = pg.evaluate(FETCH_WHILE_REMOVING, urls)
        assert out["ok"], "a saved file was not answered while it was being removed"
        assert out["caches"] == [], out["caches"]
    finally:
        context.close()
