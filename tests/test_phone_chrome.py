"""On the review's phone (360 px, touch, dark, both languages), the page's chrome works (issue 31):
the live-Python pill covers neither the header, search, the drawer nor the text (items 1), and search
finds a word typed without accents, lessons first, numbers as the reader writes them (items 2, 6)."""

from __future__ import annotations

import pytest

from phone import phone, stray_decimals

pytestmark = [pytest.mark.browser]
PAGE = "turing-2-vectors/"
HIT = "([x, y]) => { const e = document.elementFromPoint(x, y); return e ? e.closest('.aula-py') ? 'pill' : e.className.baseVal ?? e.className : null; }"


SETTLED_FIELD = """() => { const r = document.querySelector('.md-search__input').getBoundingClientRect();
  return r.width > 0 && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) !== null; }"""


def centre(box):
    return [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]


def under(pg, box) -> str:
    return pg.evaluate(HIT, centre(box))


@pytest.mark.parametrize("lang", ["", "pt/"])
@pytest.mark.parametrize("width", [320, 360, 1280])
def test_the_pill_covers_nothing(browser, server, lang, width):
    with phone(browser, lang, width=width) as pg:
        pg.goto(server + lang + PAGE)
        pill = pg.locator(".aula-py")
        assert pill.is_visible() and pg.evaluate("document.documentElement.dataset.python") == "off"
        header, box, title = (pg.locator(s).bounding_box() for s in (".md-header", ".aula-py", ".md-content h1"))
        assert box["y"] >= header["y"] + header["height"] - 0.5, (box, header)
        assert box["y"] + box["height"] <= title["y"] + 0.5, "the pill covers the title"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        # scrolled a little: the sticky header paints over the pill, never the reverse
        pg.evaluate("window.scrollTo(0, 30)")
        header = pg.locator(".md-header").bounding_box()
        assert under(pg, {**header, "height": 40}) != "pill"
        pg.evaluate("window.scrollTo(0, 0)")
        pg.locator("label.md-header__button[for=__search]").first.tap() if width < 1220 else pg.locator(".md-search__input").click()
        field = pg.locator(".md-search__input")
        field.wait_for(state="visible")
        # on a phone the search slides in over the page (Material's transition): once the field is
        # under its own centre, nothing may be over it
        pg.wait_for_function(SETTLED_FIELD)
        assert "md-search__input" in under(pg, field.bounding_box())
        if width < 1220:
            pg.keyboard.press("Escape")
            pg.evaluate("document.getElementById('__search').checked = false")
            pg.locator("label.md-header__button[for=__drawer]").first.tap()
            drawer_title = pg.locator(".md-nav--primary > .md-nav__title").first
            drawer_title.wait_for(state="visible")
            pg.wait_for_timeout(400)  # the drawer slides in (.25 s)
            assert under(pg, drawer_title.bounding_box()) != "pill"
            assert pg.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('.md-sidebar--primary')",
                               centre(drawer_title.bounding_box()))


def search(pg, words: str):
    pg.locator("label.md-header__button[for=__search]").first.tap()
    field = pg.locator(".md-search__input")
    field.wait_for(state="visible")
    field.type(words, delay=30)  # Material searches on keyup, which fill() does not send
    pg.locator(".md-search-result__item").first.wait_for(timeout=20000)
    return pg.locator(".md-search-result__item")


@pytest.mark.parametrize("lang,word", [("", "atencion"), ("pt/", "atencao"), ("", "ATENCIÓN"), ("pt/", "Atenção")])
def test_search_folds_accents_and_case_and_lessons_come_first(browser, server, lang, word):
    with phone(browser, lang) as pg:
        pg.goto(server + lang + PAGE)
        items = search(pg, word)
        assert items.count() >= 3
        links = items.locator("a.md-search-result__link").evaluate_all("as => as.map(a => a.getAttribute('href'))")
        lessons = [i for i, h in enumerate(links) if "/teacher/" not in h and "/worksheets/" not in h]
        assert lessons and lessons == list(range(len(lessons))), f"teacher pages above a lesson: {links}"


@pytest.mark.parametrize("lang,word", [("", "coseno"), ("pt/", "cosseno"), ("", "probabilidad"), ("pt/", "probabilidade")])
def test_search_results_in_the_readers_convention(browser, server, lang, word):
    with phone(browser, lang) as pg:
        pg.goto(server + lang + PAGE)
        items = search(pg, word)
        pg.wait_for_timeout(300)
        text = pg.locator(".md-search-result").inner_text()
        assert any(c.isdigit() for c in text)
        assert not stray_decimals(text, lang), stray_decimals(text, lang)[:5]
        assert "{,}" not in text and "\\" not in text


# --- controls that go live say so before they fetch (item 5) ----------------------------------

def test_needs_python_groups_the_discrete_controls():
    """The review's list, from the widgets' own tables: emb_analogy's selects, emb_3d's axis selects and
    every rm_generate control always go live; next_token's sliders go live after another moved."""
    from lesson_core.kit.block import needs_python
    from lesson_core.kit.registry import get

    assert {c.name: needs_python(get("emb_analogy"), c.name) for c in get("emb_analogy").controls
            if c.discrete} == {"a": "always", "b": "always", "c": "always"}
    assert all(needs_python(get("rm_generate"), c.name) == "always" for c in get("rm_generate").controls if c.discrete)
    assert needs_python(get("next_token"), "temperature") == "second"
    assert needs_python(get("emb_table"), get("emb_table").controls[0].name) is None


@pytest.mark.parametrize("lang", ["", "pt/"])
def test_a_control_that_goes_live_says_so_and_its_size_before_fetching(browser, server, lang):
    with phone(browser, lang) as pg:
        fetched = []
        pg.on("request", lambda r: fetched.append(r.url) if "py-worker" in r.url or ".wasm" in r.url else None)
        pg.goto(server + lang + PAGE)
        pg.wait_for_load_state("load")
        notes = pg.locator('.aula-widget[data-widget="emb_analogy"] .aula-live-note')
        assert notes.count() == 1 and notes.first.get_attribute("data-for") == "a b c"  # one note for the three selects
        notes.first.scroll_into_view_if_needed()
        assert notes.first.is_visible()
        notes.first.locator("xpath=self::*[@data-sized]").wait_for(state="attached")  # the bridge adds the size
        texts = notes.all_text_contents()  # read once: not re-laid out between the check and its message
        assert all(t.rstrip().endswith("MB).") for t in texts), texts
        assert pg.locator('.aula-widget[data-widget="emb_table"] .aula-live-note').count() == 0
        assert not fetched and pg.evaluate("document.documentElement.dataset.python") == "off"
        box = notes.first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360


# --- waiting, and finding one's place (items 4 and 7) -----------------------------------------

@pytest.mark.parametrize("lang", ["", "pt/"])
def test_while_python_comes_the_old_answer_is_dimmed_and_labelled(browser, server, lang):
    from lesson_core.kit.fmt import tr
    from lesson_core.kit.messages import MESSAGES

    with phone(browser, lang) as pg:
        pg.route("**/py-worker.mjs*", lambda route: None)  # the download never ends: the widget waits
        pg.goto(server + lang + PAGE)
        w = pg.locator('.aula-widget[data-widget="emb_analogy"]').first
        select = w.locator("select").first
        select.scroll_into_view_if_needed()
        select.select_option(index=2)
        pg.wait_for_function("w => w.getAttribute('aria-busy') === 'true'", arg=w.element_handle())
        label = w.locator(".aula-view").evaluate("v => getComputedStyle(v, '::before').content")
        assert label == '"' + tr(lang.rstrip("/") or "es", MESSAGES["py_old"]) + '"'
        assert float(w.locator(".aula-view > *").first.evaluate("e => getComputedStyle(e).opacity")) < 0.6
        # an overlay: it moves nothing in the view
        assert w.locator(".aula-view").evaluate("v => getComputedStyle(v, '::before').position") == "absolute"


@pytest.mark.parametrize("lang,other", [("", "pt/"), ("pt/", "")])
def test_the_language_switch_keeps_the_section_and_long_pages_show_progress(browser, server, lang, other):
    with phone(browser, lang) as pg:
        pg.goto(server + lang + PAGE)
        pg.wait_for_load_state("load")
        mark = pg.locator(".md-header .aula-reading")
        assert mark.count() == 1 and mark.evaluate("m => !m.hidden && getComputedStyle(m).display !== 'none'")
        at_top = mark.evaluate("m => new DOMMatrix(getComputedStyle(m).transform).a")
        heads = ".md-content__inner :is(h2, h3)[id]"
        pg.locator(heads).nth(6).evaluate("h => h.scrollIntoView()")
        pg.wait_for_timeout(200)  # a frame for the mark; not a timing assertion
        further = mark.evaluate("m => new DOMMatrix(getComputedStyle(m).transform).a")
        assert 0 <= at_top < further < 1
        hreflang = "pt" if other else "es"
        with pg.expect_navigation():
            pg.locator(f"a.md-select__link[hreflang={hreflang}]").first.evaluate("a => a.click()")
        assert pg.url.endswith(other + PAGE + "#aula-section-6"), pg.url
        pg.wait_for_load_state("load")
        pg.wait_for_timeout(300)  # the landing after load; not a timing assertion
        top = pg.locator(heads).nth(6).bounding_box()["y"]
        # near the top (figures above it may still settle to their real heights by a few pixels)
        assert 0 <= top <= 200, top
