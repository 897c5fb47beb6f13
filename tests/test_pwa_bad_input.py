"""Saving for offline when things go wrong, and without a tap (issue 26), in Chromium over
http://127.0.0.1 at 360 px: storage full or refused, two tabs saving at once, the storage line in the
reader's number convention, and the open page saved on its own only where bytes are cheap.
The reader's main story (save, offline, update, a save cut halfway, a damaged entry) is
tests/test_pwa_browser.py; this file reuses its served copy of the site and its phone."""

from __future__ import annotations

import re

import pytest

from conftest import FAST_CONNECTION, PY_TIMEOUT, part_html, widget
from lesson_core.kit import offline
from lesson_core.kit.fmt import tr
from test_pwa_browser import (LESSON, OTHER, SLOW, UNSAVED, cache_names, go_offline, go_online, open_control,  # noqa: F401
                              pages, phone, save)
from test_safety_browser import until

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.fresh_contexts]  # counts what the server sent, or needs a cold cache

# every group marked saved in any of the site's caches (the worker writes the mark after a group's last file)
SAVED_MARKS = ("(async () => { const out = []; for (const n of await caches.keys()) { const c = await caches.open(n);"
               " for (const r of await c.keys()) if (r.url.includes('__aula/saved/')) out.push(decodeURIComponent("
               "r.url.split('__aula/saved/')[1])); } return out.sort(); })()")
DONE = "document.querySelector('.aula-save') && document.querySelector('.aula-save').dataset.state !== 'saving'"
# what the browser does when the phone's storage is full: every write to a cache refused
FULL = ("Cache.prototype.put = function () { return Promise.reject(new DOMException("
        "'The quota has been exceeded.', 'QuotaExceededError')); };\n")
REFUSED = ("ServiceWorkerContainer.prototype.register = function () { return Promise.reject(new DOMException("
           "'Registration refused', 'SecurityError')); };")


def tap(pg, which: str = "page:"):
    open_control(pg)
    pg.locator(f'.aula-save button[data-group^="{which}"]').click()


def status(pg) -> str:
    return pg.locator(".aula-save .aula-save-status").inner_text()


def still_works_online(pg, base: str):
    """Another page from the network, its precomputed control answering."""
    pg.goto(base + LESSON)
    before = part_html(pg, "pe_heatmap", "finger")
    widget(pg, "pe_heatmap").locator('input[data-param="pos"]').fill("17")
    assert part_html(pg, "pe_heatmap", "finger") != before


def test_storage_full_says_so_and_nothing_counts_as_saved(browser, pages):
    sw = pages.site / "sw.js"
    sw.write_text(FULL + sw.read_text(encoding="utf-8"), encoding="utf-8")  # inside the worker, where caches are written
    context, pg = phone(browser)
    pg.goto(pages.base + OTHER)
    tap(pg)
    until(pg, DONE)
    assert pg.locator(".aula-save").get_attribute("data-state") == "error"
    assert status(pg) == tr("es", offline.MESSAGES["err_full"])
    assert pg.evaluate(SAVED_MARKS) == []
    assert pg.locator('.aula-save button[data-group^="page:"]').is_enabled()  # the reader may try again later
    still_works_online(pg, pages.base)
    assert not context.errors, context.errors[:5]
    context.close()


def test_storage_refused_by_the_browser_says_so_in_portuguese(browser, pages):
    context, pg = phone(browser, SLOW + REFUSED)
    pg.goto(pages.base + "pt/" + OTHER)
    tap(pg, "all:")
    until(pg, DONE)
    assert pg.locator(".aula-save").get_attribute("data-state") == "error"
    assert status(pg) == tr("pt", offline.MESSAGES["err_full"])
    assert cache_names(pg) == []
    assert not context.errors, context.errors[:5]
    context.close()


def test_two_tabs_saving_at_once(browser, pages):
    context, first = phone(browser)
    second = context.new_page()
    first.goto(pages.base + LESSON)
    second.goto(pages.base + OTHER)
    pages.rate = 1.5e6  # bytes per second: long enough a save for the second tap to land during the first
    tap(first)
    until(first, "document.querySelector('.aula-save progress').value > 0", what="the first save under way")
    tap(second)
    until(second, DONE)
    assert second.locator(".aula-save").get_attribute("data-state") == "error"
    assert status(second) == tr("es", offline.MESSAGES["err_busy"])
    until(first, DONE)
    assert first.locator(".aula-save").get_attribute("data-state") == "saved", status(first)
    # the second tab is told the other save ended: its "busy" message gives way, its buttons are back
    until(second, "document.querySelector('.aula-save').dataset.state === 'idle'", what="the second tab told")
    assert second.locator('.aula-save button[data-group^="page:"]').is_enabled()
    pages.rate = None
    save(second, "page:")  # the second tap once the first is done: only what that page lacks
    assert second.evaluate(SAVED_MARKS) == ["page:" + LESSON + "index.html", "page:" + OTHER + "index.html"]
    first.reload()
    open_control(first)
    until(first, "document.querySelector('.aula-save').dataset.state === 'saved'")
    assert not context.errors, context.errors[:5]
    context.close()


def test_offline_halfway_leaves_nothing_that_looks_saved_and_the_next_tap_finishes(browser, pages):
    context, pg = phone(browser)
    pg.goto(pages.base + LESSON)
    pages.rate = 1.5e6  # bytes per second: the signal is lost while the save is under way
    tap(pg)
    until(pg, "document.querySelector('.aula-save progress').value > 0", what="the save under way")
    go_offline(pages, context)
    until(pg, DONE)
    assert pg.locator(".aula-save").get_attribute("data-state") == "error"
    assert status(pg) == tr("es", offline.MESSAGES["err_offline"])
    assert pg.evaluate(SAVED_MARKS) == []
    # offline, the worker's page lists nothing as saved
    pg.goto(pages.base + UNSAVED)
    assert pg.locator(".aula-saved a").count() == 0
    assert pg.locator(".aula-saved-none").is_visible()
    context.errors.clear()  # the requests the lost signal failed, logged
    go_online(pages, context)
    pages.rate = None
    pg.goto(pages.base + LESSON)
    save(pg, "page:")  # the next tap, online: what arrived whole is kept, the rest fetched
    assert pg.evaluate(SAVED_MARKS) == ["page:" + LESSON + "index.html"]
    # Chromium may report a request the lost signal failed after the signal is back (under load, after
    # the clear above): that error names the emulated lost signal, which no request made online can get
    late = "net::ERR_INTERNET_DISCONNECTED"
    assert not [e for e in context.errors if late not in e], context.errors[:5]
    context.close()


NUMBERS = r"[0-9\u202f.]+[,.][0-9]"


@pytest.mark.parametrize("lang,locale,mark", [("es", "es-MX", "."), ("es", "es-AR", ","), ("pt", "pt-BR", ",")])
def test_the_storage_line_writes_numbers_as_the_reader(browser, pages, lang, locale, mark):
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme="dark", locale=locale)
    context.add_init_script(SLOW)
    pg = context.new_page()
    pg.goto(pages.base + ("pt/" if lang == "pt" else "") + OTHER)
    save(pg, "page:")
    line = pg.locator(".aula-save-stored")
    until(pg, "document.querySelector('.aula-save-stored').textContent !== ''")
    text = line.inner_text().replace("\u2060", "")
    template = re.escape(tr(lang, offline.MESSAGES["stored"])).replace(r"\{used\}", f"({NUMBERS})") \
                                                             .replace(r"\{free\}", f"({NUMBERS})")
    found = re.fullmatch(template, text)
    assert found, text
    for number in found.groups():
        assert number[-2] == mark, text  # one decimal, after the reader's own mark
        assert "," not in number[:-2] and (lang == "pt" or "." not in number[:-2]), text  # grouping, as fmt
    # what the button itself says, built by the core, is in the same convention
    assert re.search(rf"\d[{re.escape(mark)}]\d MB", pg.locator('.aula-save button[data-group^="all:"]').inner_text().replace("\u2060", ""))
    context.close()


def test_a_fast_unmetered_link_saves_the_open_page_on_its_own(browser, pages):
    context, pg = phone(browser, FAST_CONNECTION)
    pg.goto(pages.base + LESSON)
    until(pg, "document.documentElement.dataset.python === 'ready'", what="live Python, early on a fast link")
    until(pg, "document.querySelector('.aula-save').dataset.state === 'saved'", timeout=PY_TIMEOUT / 1000,
          what="the open page saved without a tap")
    assert pg.evaluate(SAVED_MARKS) == ["page:" + LESSON + "index.html"]  # this page only, never all lessons
    open_control(pg)
    assert status(pg) == tr("es", offline.MESSAGES["saved_auto"])  # why it was stored without a tap
    assert not context.errors, context.errors[:5]
    context.close()


SAVE_DATA = FAST_CONNECTION.replace("saveData: false", "saveData: true")
CELLULAR = FAST_CONNECTION.replace("saveData: false", "saveData: false, type: 'cellular'")


@pytest.mark.parametrize("init", [SAVE_DATA, CELLULAR], ids=["save-data", "cellular"])
def test_a_fast_but_metered_link_stores_nothing_without_the_tap(browser, pages, init):
    assert init != FAST_CONNECTION
    context, pg = phone(browser, init)
    pg.goto(pages.base + OTHER)
    pg.wait_for_load_state("load")
    pg.evaluate("() => new Promise(r => requestIdleCallback(() => setTimeout(r, 1500), {timeout: 3000}))")
    assert cache_names(pg) == []
    assert pg.evaluate("navigator.serviceWorker.getRegistration().then(r => !!r)") is False
    assert not [p for p, _, _ in pages.hits if p.endswith("/sw.js")]
    context.close()
