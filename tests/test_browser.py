"""Browser tests: Playwright drives Debian's Chromium over the site served under /aula/.

What a reader sees: controls change what they should, the typed position is
computed by Python once data-python is ready, bad input gets a message beside
the field and the last good figure stays, the language switcher keeps the page,
search stays in the page's language, no console error, no request leaves the site.
"""

from __future__ import annotations

import pytest

import lesson_core
from conftest import PY_TIMEOUT, add_axe, normalized, part_html, wait_python, widget
from lesson_core.kit.fmt import fmt

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSON = "positional-encoding/"


@pytest.mark.parametrize("lang,prefix", [("es", ""), ("pt", "pt/")])
def test_lesson_page_is_complete_before_scripts(browser, server, lang, prefix):
    context = browser.new_context(java_script_enabled=False)
    pg = context.new_page()
    pg.goto(server + prefix + LESSON)
    for wid in ("pe_raw_vs_wave", "pe_heatmap", "pe_fingerprint", "pe_ambiguity", "pe_sum", "pe_rotation"):
        assert widget(pg, wid).locator(".aula-part svg, .aula-part table").count() >= 1, wid
    assert pg.locator("math").count() >= 3
    assert pg.locator("html").get_attribute("lang") == {"es": "es", "pt": "pt-BR"}[lang]
    context.close()


@pytest.mark.live_python
def test_precomputed_controls_answer_without_python(page, server):
    """With the Python worker blocked, discrete controls still answer from the build's table."""
    page.route("**/py-worker.mjs*", lambda route: route.abort())
    page.goto(server + LESSON)
    wait_python(page, "failed")  # started early (a fast connection), and the worker could not load
    assert page.locator(".aula-py").count() == 1
    assert "Python" in page.locator(".aula-py-text").inner_text()

    before = part_html(page, "pe_heatmap", "finger")
    slider = widget(page, "pe_heatmap").locator('input[data-param="pos"]')
    slider.fill("17")
    after = part_html(page, "pe_heatmap", "finger")
    assert after != before
    assert normalized(page, lesson_core.render("pe_heatmap", {"pos": "17"}, "es")["parts"]["finger"]) == after
    assert widget(page, "pe_heatmap").locator("output").inner_text() == "17"

    map_before = part_html(page, "pe_heatmap", "map")
    widget(page, "pe_heatmap").locator('select[data-param="d"]').select_option("64")
    assert part_html(page, "pe_heatmap", "map") != map_before
    assert "64" in widget(page, "pe_heatmap").locator(".aula-readout").inner_text()

    # a toggle-like choice (radio buttons) and a slider in pe_sum
    sum_before = part_html(page, "pe_sum", "sum")
    widget(page, "pe_sum").locator('input[data-param="word"][value="man"]').check()
    assert part_html(page, "pe_sum", "sum") != sum_before
    assert "hombre" in part_html(page, "pe_sum", "sum")

    # the slider of the raw count
    widget(page, "pe_raw_vs_wave").locator('input[data-param="pos"]').fill("2000")
    expected = lesson_core.render("pe_raw_vs_wave", {"pos": "2000"}, "es")["parts"]["now"]
    assert normalized(page, expected) == part_html(page, "pe_raw_vs_wave", "now")
    assert "2500 ×" in part_html(page, "pe_raw_vs_wave", "now")  # 2000 / 0,8

    # an open value cannot be computed: the reader is told, the figure stays
    fp = widget(page, "pe_fingerprint")
    old = part_html(page, "pe_fingerprint", "main")
    fp.locator('input[data-param="pos"]').fill("12345")
    assert "desactivado" in fp.locator(".aula-status").inner_text()
    assert part_html(page, "pe_fingerprint", "main") == old


@pytest.mark.live_python
@pytest.mark.parametrize("lang,prefix", [("es", ""), ("pt", "pt/")])
def test_typed_position_is_computed_live(page, server, lang, prefix):
    page.goto(server + prefix + LESSON)
    wait_python(page)
    fp = widget(page, "pe_fingerprint")
    for pos in ("12345", "100000", "0"):
        field = fp.locator('input[data-param="pos"]')
        field.fill(pos)
        code = lesson_core.render("pe_fingerprint", {"pos": pos}, lang)["data"]["code"]
        expected = fmt(code[0], lang, 4)
        page.wait_for_function(
            "([sel, text]) => document.querySelector(sel).innerText.includes(text)",
            arg=['.aula-widget[data-widget="pe_fingerprint"] .aula-part', f"PE({pos}, 2i)"], timeout=PY_TIMEOUT)
        table = fp.locator("tbody tr").first.inner_text()
        assert expected in table
    assert fp.get_attribute("data-rendered-by") == "python"

    # the rotation check for a typed pos and k, computed by the same Python
    rot = widget(page, "pe_rotation")
    rot.locator('input[data-param="pos"]').fill("99999")
    rot.locator('input[data-param="k"]').fill("77")
    page.wait_for_function("(sel) => document.querySelector(sel).innerText.includes('99.999') || "
                           "document.querySelector(sel).innerText.includes('99\u202f999')",
                           arg='.aula-widget[data-widget="pe_rotation"] .aula-part', timeout=PY_TIMEOUT)


BAD = [("", "empty"), ("-3", "too_small"), ("2,5", "not_integer"), ("1000000000000", "too_large"),
       ("abc", "not_number"), ("<img src=x onerror=alert(1)>", "not_number")]


@pytest.mark.live_python
def test_bad_input_gets_a_message_and_keeps_the_figure(page, server):
    from lesson_core.kit.messages import msg
    page.goto(server + LESSON)
    wait_python(page)
    fp = widget(page, "pe_fingerprint")
    field = fp.locator('input[data-param="pos"]')
    field.fill("42")
    page.wait_for_function("(sel) => document.querySelector(sel).innerText.includes('PE(42, 2i)')",
                           arg='.aula-widget[data-widget="pe_fingerprint"] .aula-part', timeout=PY_TIMEOUT)
    good = part_html(page, "pe_fingerprint", "main")
    for raw, key in BAD:
        field.fill(raw)
        message = fp.locator(".aula-field-msg").first.inner_text()
        expected = msg(key, "es", min=fmt(0, "es"), max=fmt(100000, "es"))
        assert message == expected, raw
        assert field.get_attribute("aria-invalid") == "true"
        page.wait_for_timeout(50)
        assert part_html(page, "pe_fingerprint", "main") == good
    # an odd dimension: Python answers with its own localized message
    field.fill("42")
    dfield = fp.locator('input[data-param="d"]')
    dfield.fill("7")
    page.wait_for_function("(sel) => document.querySelector(sel).innerText.includes('par')",
                           arg='.aula-widget[data-widget="pe_fingerprint"] .aula-controls', timeout=PY_TIMEOUT)
    assert part_html(page, "pe_fingerprint", "main") == good
    assert page.locator("img[src=x]").count() == 0


def test_language_switcher_keeps_the_page(page, server):
    page.goto(server + LESSON)
    link = page.locator('a.md-select__link[hreflang="pt"]').first
    page.goto(link.evaluate("a => a.href"))
    assert page.url == server + "pt/" + LESSON
    assert page.locator("html").get_attribute("lang") == "pt-BR"
    back = page.locator('a.md-select__link[hreflang="es"]').first.evaluate("a => a.href")
    assert back == server + LESSON


@pytest.mark.parametrize("prefix,query,other", [("", "posición", "/pt/"), ("pt/", "posição", None)])
def test_search_stays_in_the_language(page, server, prefix, query, other):
    page.goto(server + prefix)
    box = page.locator("input.md-search__input")
    box.click()
    # type once the language's index has arrived (Material ignores keys before that)
    page.wait_for_function("() => performance.getEntriesByType('resource')"
                           ".some(e => e.name.includes('search_index.json'))", timeout=30000)
    page.wait_for_timeout(500)
    box.press_sequentially(query, delay=30)
    page.wait_for_selector(".md-search-result__item", timeout=30000)
    hrefs = page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")
    assert hrefs
    for href in hrefs:
        if other:
            assert other not in href
        else:
            assert href.startswith(server + "pt/")


def test_home_pages_list_the_lesson(page, server):
    for prefix in ("", "pt/"):
        page.goto(server + prefix)
        hrefs = page.locator("article a").evaluate_all("els => els.map(e => e.href)")
        assert server + prefix + LESSON in hrefs


@pytest.mark.parametrize("path", ["", LESSON, "pt/" + LESSON])
def test_accessibility_axe(page, server, path):
    """axe-core (WCAG 2 A/AA rules) finds no serious or critical problem on the page."""
    page.goto(server + path)
    add_axe(page, server)
    result = page.evaluate("async () => { const r = await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']});"
                           " return r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,"
                           " where: v.nodes.slice(0, 3).map(n => n.target.join(' '))})); }")
    serious = [v for v in result if v["impact"] in ("serious", "critical")]
    assert not serious, serious
