"""The context pool of the browser tests (tests/contexts.py): a context handed to the next test keeps
nothing of the last one but the HTTP cache."""

from __future__ import annotations

import pytest

from contexts import Handed

pytestmark = [pytest.mark.browser]

PAGE = "turing-2-vectors/"
# a style sheet of the site was loaded (aborted by a route, it has no rules)
STYLED = """() => [...document.styleSheets].some(s => {
  try { return !!s.href && s.href.includes('.css') && s.cssRules.length > 0; } catch (e) { return false; } })"""


def _again(browser, first, **options):
    first.close()
    second = browser.new_context(**options)
    assert second is first, "closed with the same options, the context is handed out again"
    return second


def test_a_handed_context_keeps_no_storage_no_worker_and_no_cookie(browser, server):
    ctx = browser.new_context(viewport={"width": 411, "height": 700})
    assert isinstance(ctx, Handed)
    pg = ctx.new_page()
    pg.goto(server + PAGE)
    pg.evaluate("""async () => {
      localStorage.setItem('aula.test', 'kept?'); sessionStorage.setItem('aula.test', 'kept?');
      document.cookie = 'aula_test=1; path=/';
      await new Promise((ok, fail) => { const r = indexedDB.open('aula-test', 1);
        r.onupgradeneeded = () => r.result.createObjectStore('s'); r.onsuccess = ok; r.onerror = fail; });
      await (await caches.open('aula-test')).put('/x', new Response('x'));
    }""")
    # the site's service worker, registered as «Guardar» does (save.js), and active
    pg.evaluate("""async (root) => { await navigator.serviceWorker.register(root + 'sw.js', {scope: root});
                                      await navigator.serviceWorker.ready; }""", server)
    assert pg.evaluate("navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))")
    ctx = _again(browser, ctx, viewport={"width": 411, "height": 700})
    assert ctx.pages == [], "the last test's pages are closed"
    pg = ctx.new_page()
    pg.goto(server + PAGE)
    left = pg.evaluate("""async () => ({
      local: localStorage.getItem('aula.test'), session: sessionStorage.getItem('aula.test'),
      cookie: document.cookie.includes('aula_test'),
      idb: (await indexedDB.databases()).map(d => d.name).includes('aula-test'),
      cache: await caches.has('aula-test'),
    })""")
    assert left == {"local": None, "session": None, "cookie": False, "idb": False, "cache": False}
    assert pg.evaluate("navigator.serviceWorker.getRegistration().then(r => r === undefined)"), "a service worker"
    assert pg.evaluate("navigator.serviceWorker.controller") is None
    ctx.close()


def test_a_handed_context_drops_its_init_scripts_listeners_and_routes(browser, server):
    ctx = browser.new_context(viewport={"width": 413, "height": 700})
    ctx.add_init_script("window.__aulaPlanted = 1;")
    seen = []
    ctx.on("request", lambda r: seen.append(r.url))
    ctx.route("**/*.css", lambda route: route.abort())
    pg = ctx.new_page()
    pg.goto(server + PAGE)
    assert pg.evaluate("window.__aulaPlanted") == 1 and seen
    assert not pg.evaluate(STYLED)
    ctx = _again(browser, ctx, viewport={"width": 413, "height": 700})
    count = len(seen)
    pg = ctx.new_page()
    pg.goto(server + PAGE)
    assert pg.evaluate("window.__aulaPlanted") is None, "an init script of the last test"
    assert len(seen) == count, "a listener of the last test"
    assert pg.evaluate(STYLED), "a route of the last test"
    ctx.close()


def test_a_page_says_its_handed_context_so_changes_through_it_are_undone_too(browser, server):
    ctx = browser.new_context(viewport={"width": 417, "height": 700})
    pg = ctx.new_page()
    assert pg.context is ctx
    pg.context.add_init_script("window.__aulaPlanted = 2;")
    pg.goto(server + PAGE)
    assert pg.evaluate("window.__aulaPlanted") == 2
    ctx = _again(browser, ctx, viewport={"width": 417, "height": 700})
    pg = ctx.new_page()
    pg.goto(server + PAGE)
    assert pg.evaluate("window.__aulaPlanted") is None
    ctx.close()


def test_a_context_changed_for_good_is_closed_not_handed_out(browser, server):
    ctx = browser.new_context(viewport={"width": 419, "height": 700})
    ctx.set_extra_http_headers({"X-Aula-Test": "1"})
    ctx.close()
    other = browser.new_context(viewport={"width": 419, "height": 700})
    assert other is not ctx
    other.close()


@pytest.mark.fresh_contexts
def test_fresh_contexts_are_never_pooled(browser):
    ctx = browser.new_context()
    assert not isinstance(ctx, Handed)
    ctx.close()
