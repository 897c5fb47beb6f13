"""The unlucky reader's storage (issue 30, item 2; reliability review 2027-01, #2, #5, #6, #11), in
Chromium over http: storage blocked, full, or holding bad values (ours and the theme's) takes nothing
away. Search, the light/dark toggle, quizzes and progress keep working; progress that cannot be kept
says so on the page; a partly damaged or newer progress record keeps every good answer; a page inside
another site's frame says so and refuses to clear progress.

"Blocked" is simulated as the review did: the storage getters throw SecurityError (init script).
The theme's scripts are the pinned mkdocs-material's (requirements.txt): these tests are the check of
overrides/bridge/storage.js against that version."""

from __future__ import annotations

import json
import re

import pytest

import lesson_core
from conftest import NEED_CONNECTION, widget
from lesson_core.kit.messages import MESSAGES

pytestmark = [pytest.mark.browser]

LESSON = "turing-1-words/"
QUIZ = "quiz_bigram"
PALETTE = "/aula/.__palette"

BLOCKED = """
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, { configurable: true,
    get() { throw new DOMException("denied", "SecurityError"); } });
}
"""
# the review's other case: no storage object at all
MISSING = """
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, { configurable: true, get() { return null; } });
}
"""
# storage that reads but takes no write past a short probe (the review's quota nearly full)
FULL = """
(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (String(k) === "aula.probe") return real.call(this, k, v);
    throw new DOMException("full", "QuotaExceededError");
  };
})();
"""


def msg(key: str, lang: str = "es") -> str:
    return MESSAGES[key][lang]


def right(wid: str) -> str:
    return lesson_core.render(wid, {}, "es")["data"]["right_answer"]


def opened(browser, init: str = ""):
    """A fresh context whose pages record uncaught errors and console errors (values are planted in
    storage from the sitemap, an address of the origin with no script of ours)."""
    context = browser.new_context()
    context.add_init_script(NEED_CONNECTION + init)
    # A document without an icon link (the sitemap) makes the browser ask the server's root for
    # /favicon.ico, a 404 here, logged as a console error at any moment after the planting page
    # loaded, so possibly after the test cleared its errors. Our pages name their icon.
    context.route(re.compile(r"^https?://[^/]+/favicon\.ico$"), lambda route: route.fulfill(status=204))
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(f"{m.text} ({m.location.get('url', '')})") if m.type == "error" else None)
    return context, pg


def search_works(pg) -> int:
    box = pg.locator("input.md-search__input")
    box.click()
    box.press_sequentially("tokens", delay=20)
    pg.wait_for_selector(".md-search-result__item", timeout=30000)
    return pg.locator(".md-search-result__item").count()


def toggle_shown(pg) -> bool:
    return pg.evaluate("""() => [...document.querySelectorAll('form[data-md-component=palette] label')]
                               .some((l) => getComputedStyle(l).display !== 'none')""")


@pytest.mark.parametrize("init", [BLOCKED, MISSING], ids=["throws", "null"])
def test_blocked_storage_keeps_search_the_toggle_and_progress_for_the_visit(browser, server, init):
    context, pg = opened(browser, init)
    try:
        pg.goto(server + LESSON)
        assert pg.evaluate("window.aula.storage.localStorage") == "memory"
        assert toggle_shown(pg)
        pg.locator("form[data-md-component=palette] label:visible").first.click()  # the toggle answers
        assert search_works(pg) > 0
        pg.keyboard.press("Escape")
        widget(pg, QUIZ).locator(f'input[data-param="answer"][value="{right(QUIZ)}"]').check()
        assert "aula-ok" in widget(pg, QUIZ).locator('.aula-part[data-part="feedback"]').inner_html()
        note = pg.locator(".aula-progress-unsaved")
        assert note.is_visible() and note.inner_text() == msg("progress_unsaved")
        assert not pg.errors, pg.errors
    finally:
        context.close()


@pytest.mark.parametrize("bad", ["{", "[]", '"x"', '{"index":"x"}', '{"index":7,"color":{}}', "null",
                                 '{"index":0,"color":{"media":"(prefers-color-scheme)","scheme":"slate",'
                                 '"primary":"custom","accent":"custom"}}'])
def test_a_bad_stored_theme_choice_is_repaired_and_the_page_keeps_working(browser, server, bad):
    context, pg = opened(browser)
    try:
        pg.goto(server + "sitemap.xml")  # the origin, no page of ours: plant the value
        pg.evaluate("([k, v]) => localStorage.setItem(k, v)", [PALETTE, bad])
        pg.errors.clear()
        pg.goto(server + LESSON)
        stored = pg.evaluate("(k) => localStorage.getItem(k)", PALETTE)
        # removed before the theme read it; the theme may then store its own default again
        assert stored in (None, "null") or good_palette(json.loads(stored)), stored
        assert pg.evaluate("window.aula.storage.repaired") == ([] if bad == "null" else [PALETTE])
        assert toggle_shown(pg)
        if bad == "{":
            assert search_works(pg) > 0
        assert not pg.errors, pg.errors
    finally:
        context.close()


def good_palette(p) -> bool:
    return (isinstance(p, dict) and p.get("index") in (0, 1) and isinstance(p.get("color"), dict)
            and all(isinstance(p["color"].get(k), str) for k in ("media", "scheme", "primary", "accent")))


def test_a_good_stored_theme_choice_is_kept(browser, server):
    context, pg = opened(browser)
    try:
        pg.goto(server + LESSON)
        pg.locator("form[data-md-component=palette] label:visible").first.click()
        chosen = pg.evaluate("(k) => localStorage.getItem(k)", PALETTE)
        assert chosen and json.loads(chosen)["index"] in (0, 1)
        pg.reload()
        assert pg.evaluate("(k) => localStorage.getItem(k)", PALETTE) == chosen
        assert pg.evaluate("window.aula.storage.repaired") == []
    finally:
        context.close()


GOOD_QUIZ = {QUIZ: {"answer": "1/3", "correct": True}}


@pytest.mark.parametrize("record,rewritten", [
    ({"v": 1, "quiz": GOOD_QUIZ, "done": [], "pages": {}}, True),  # review #6: done as a list
    ({"v": 1, "quiz": GOOD_QUIZ, "done": {"turing-1-words": True}}, True),  # no pages
    ({"v": "1", "quiz": GOOD_QUIZ, "done": {"turing-1-words": True}, "pages": {}}, True),
    ({"quiz": {**GOOD_QUIZ, "quiz_turing": {"answer": 3}}, "done": "x", "pages": []}, True),
    ({"v": 2, "quiz": GOOD_QUIZ, "done": {"turing-1-words": True}, "pages": {}, "next": [1]}, False),
])
def test_a_partly_damaged_or_newer_record_keeps_every_good_answer(browser, server, record, rewritten):
    context, pg = opened(browser)
    try:
        pg.goto(server + "sitemap.xml")
        raw = json.dumps(record)
        pg.evaluate("(r) => localStorage.setItem('aula.progress', r)", raw)
        pg.errors.clear()
        pg.goto(server + LESSON)
        w = widget(pg, QUIZ)
        assert w.locator('input[data-param="answer"][value="1/3"]').is_checked()
        stored = pg.evaluate("localStorage.getItem('aula.progress')")
        if rewritten:  # migrated to this version, good parts kept
            data = json.loads(stored)
            assert data["v"] == 1 and data["quiz"][QUIZ] == GOOD_QUIZ[QUIZ], data
            assert set(data) == {"v", "quiz", "done", "pages"} and "turing-1-words" in data["pages"]
            if isinstance(record.get("done"), dict):
                assert data["done"] == {"turing-1-words": True}
                assert pg.locator("[data-aula-done]").is_checked()
        else:  # another version's: read, never written over, and the page says progress is not kept
            assert stored == raw
            assert pg.locator("[data-aula-done]").is_checked()
            assert pg.locator(".aula-progress-unsaved").inner_text() == msg("progress_unsaved")
        assert not pg.errors, pg.errors
    finally:
        context.close()


def test_a_full_store_says_progress_is_kept_for_this_visit_only(browser, server):
    context, pg = opened(browser, FULL)
    try:
        pg.goto(server + "pt/" + LESSON)
        note = pg.locator(".aula-progress-unsaved")
        assert note.is_visible() and note.inner_text() == msg("progress_unsaved", "pt")
        widget(pg, QUIZ).locator('input[data-param="answer"][value="1/3"]').check()
        pg.locator("[data-aula-done]").check()
        # kept in memory for the visit: the page's progress holds it
        kept = pg.evaluate("() => { const b = document.querySelector('[data-aula-done]'); return b.checked; }")
        assert kept
        assert pg.evaluate("localStorage.getItem('aula.progress')") is None  # and nothing claimed saved
        pg.goto(server + "pt/")  # the home page tries the record too, and does not claim it is saved
        assert msg("progress_unsaved", "pt") in pg.locator(".aula-progress").inner_text()
        assert msg("progress_local", "pt") not in pg.locator(".aula-progress").inner_text()
    finally:
        context.close()


def test_progress_that_stops_saving_mid_visit_says_so(browser, server):
    """The review's case: the probe fits, the record does not."""
    context, pg = opened(browser)
    try:
        pg.goto(server + LESSON)
        note = pg.locator(".aula-progress-unsaved")
        assert note.is_hidden()
        pg.evaluate(FULL)
        widget(pg, QUIZ).locator('input[data-param="answer"][value="1/3"]').check()
        assert note.is_visible() and note.inner_text() == msg("progress_unsaved")
        pg.locator("[data-aula-done]").check()
        assert pg.locator("[data-aula-done]").is_checked()
        assert not pg.errors, pg.errors
    finally:
        context.close()


def test_a_page_in_another_sites_frame_says_so_and_keeps_progress(browser, server):
    context, pg = opened(browser)
    try:
        pg.goto(server)  # a stored answer the frame must not be able to erase
        pg.evaluate("(r) => localStorage.setItem('aula.progress', r)", json.dumps({"v": 1, "quiz": GOOD_QUIZ,
                                                                                  "done": {}, "pages": {}}))
        other = server.replace("127.0.0.1", "localhost")  # another origin, same server
        pg.goto(other + "404-frame-host")
        pg.evaluate("(src) => { const f = document.createElement('iframe'); f.src = src; f.width = 800; "
                    "f.height = 600; document.body.appendChild(f); }", server)
        frame = pg.frame_locator("iframe")
        frame.locator(".aula-frame-notice").wait_for(timeout=20000)
        assert msg("frame_notice") in frame.locator(".aula-frame-notice").inner_text()
        dialogs = []
        pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        frame.locator("[data-aula-reset]").click()
        assert frame.locator(".aula-progress-status").inner_text() == msg("frame_refused")
        assert not dialogs
        pg.goto(server)
        assert json.loads(pg.evaluate("localStorage.getItem('aula.progress')"))["quiz"] == GOOD_QUIZ
        assert pg.locator(".aula-frame-notice").count() == 0  # not framed: no notice
    finally:
        context.close()
