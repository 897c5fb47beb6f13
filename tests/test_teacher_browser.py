"""Teacher kit in the browser: shared links (http and file://), progress kept on the device,
and print checked through the PDF (A4 and Letter) and through the print CSS."""

from __future__ import annotations

import json
import re

import pytest

import lesson_core
from conftest import normalized, part_html, pdf_texts, widget

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VECTORS = "turing-2-vectors/"


def quizzes_on(site, path: str) -> list[str]:
    """The quiz widgets the built page holds, in order."""
    found = re.findall(r'data-widget="(quiz_\w+)"', (site / path / "index.html").read_text(encoding="utf-8"))
    return list(dict.fromkeys(found))


def pdf_text(pg, fmt: str) -> tuple[str, int]:
    pg.emulate_media(media="print")
    data = pg.pdf(format=fmt, print_background=True)
    pages = pdf_texts(data)
    return "\n".join(pages), len(pages)


def copied_link(pg, wid: str) -> str:
    w = widget(pg, wid)
    w.locator(".aula-share-button").click()
    field = w.locator(".aula-share-field")
    field.wait_for()
    return field.input_value()


# --- shared links ---------------------------------------------------------------------

def test_link_round_trip_over_http(page, server):
    page.goto(server + "positional-encoding/")
    w = widget(page, "pe_sum")
    w.locator('input[data-param="word"][value="man"]').check()
    w.locator('input[data-param="pos"]').fill("7")
    link = copied_link(page, "pe_sum")
    assert "#w=pe_sum:" in link and "word=man" in link and "pos=7" in link
    expected = part_html(page, "pe_sum", "sum")

    other = page.context.new_page()
    other.goto(link)
    w2 = widget(other, "pe_sum")
    assert w2.locator('input[data-param="word"][value="man"]').is_checked()
    assert w2.locator('input[data-param="pos"]').input_value() == "7"
    assert part_html(other, "pe_sum", "sum") == expected
    assert normalized(other, lesson_core.render("pe_sum", {"word": "man", "pos": 7}, "es")["parts"]["sum"]) == expected
    box = w2.bounding_box()
    assert box and -5 <= box["y"] < 400, "the page scrolls to the linked widget"
    assert other.locator(".aula-link-note").count() == 0
    other.close()


def test_several_widgets_and_bad_parameters_fall_back_with_a_note(page, server):
    default = lesson_core.render("pe_sum", {}, "pt")["parts"]["sum"]
    page.goto(server + "pt/positional-encoding/#w=pe_sum:pos=999,colour=red;pe_heatmap:pos=17;ghost_widget:x=1")
    # text, not innerText: a widget away from the screen is not drawn yet (content-visibility: auto)
    notes = page.locator(".aula-link-note").all_text_contents()
    assert any("ghost_widget" in n for n in notes), notes
    assert any("pos, colour" in n and "padrão" in n for n in notes), notes
    assert part_html(page, "pe_sum", "sum") == normalized(page, default)  # out of range: defaults kept
    assert widget(page, "pe_heatmap").locator('input[data-param="pos"]').input_value() == "17"
    assert widget(page, "pe_heatmap").locator("output").inner_text() == "17"


HOSTILE_NAMES = ['x"]', "a\\", "<img src=x onerror=1>", "$`", "$'", "]", "__proto__", "x" * 300]


@pytest.mark.parametrize("path", ["turing-1-words/", "pt/real-model/"])
def test_hostile_link_names_are_refused_and_the_teacher_kit_stays(page, server, path):
    """Names that are not a control's name (quotes, brackets, backslashes, markup, replacement
    patterns, 5 000 entries) are refused with short notices; the copy-link buttons, the chapter
    box and the quiz keep working, and no notice echoes a long name or multiplies."""
    from urllib.parse import quote
    wid = "tokenizer" if path.startswith("turing") else "rm_compare"
    plain = page.context.new_page()
    plain.goto(server + path)
    buttons, boxes = plain.locator(".aula-share-button").count(), plain.locator("[data-aula-done]").count()
    plain.close()
    assert buttons and boxes
    entries = [f"{wid}:{quote(n, safe='')}=1" for n in HOSTILE_NAMES] + [f"{wid}:b%3Ci%3E{i}=1" for i in range(5000)]
    page.goto(server + path + "#w=" + ";".join(entries))
    page.wait_for_function("document.querySelectorAll('.aula-share-button').length > 0")
    assert page.locator(".aula-share-button").count() == buttons
    assert page.locator("[data-aula-done]").count() == boxes
    notes = page.locator(".aula-link-note").all_text_contents()
    assert 1 <= len(notes) <= 2, len(notes)
    assert all(len(n) < 400 and "<img" not in n and "x" * 30 not in n for n in notes), notes
    assert page.locator(".aula-link-note img").count() == 0
    height = widget(page, wid).bounding_box()["height"]
    assert height < 3000, height


def test_link_works_from_file(browser, site):
    context = browser.new_context()
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    url = (site / "positional-encoding" / "index.html").as_uri() + "#w=pe_heatmap:pos=17,d=64"
    pg.goto(url)
    w = widget(pg, "pe_heatmap")
    assert w.locator('input[data-param="pos"]').input_value() == "17"
    assert w.locator('select[data-param="d"]').input_value() == "64"
    link = copied_link(pg, "pe_heatmap")
    assert link.startswith("file://") and "pe_heatmap:" in link and "pos=17" in link
    # the status is written when the clipboard's promise settles, after the field shows: wait for it
    w.locator(".aula-share-status").filter(has_text=re.compile(r"\S")).wait_for(timeout=10_000)
    assert w.locator(".aula-share-status").inner_text().strip()
    assert not [e for e in errors if "search" not in e], errors  # Material's search needs the offline build
    context.close()


def test_worksheet_variant_is_kept_in_the_link(page, server):
    page.goto(server + "worksheets/turing-2-vectors/")
    w = widget(page, "ws_vectors")
    w.locator('input[data-param="variant"]').fill("7")
    assert "ws_vectors:variant=7" in page.url
    page.reload()
    assert "Variante 7" in widget(page, "ws_vectors").locator(".aula-worksheet").inner_text()


# --- progress on the device -----------------------------------------------------------

def answer(pg, wid: str, value: str):
    widget(pg, wid).locator(f'input[data-param="answer"][value="{value}"]').check()


def right_answer(wid: str) -> str:
    return lesson_core.render(wid, {}, "es")["data"]["right_answer"]


def test_progress_survives_a_reload_and_shows_on_home(page, server, site):
    page.goto(server + VECTORS)
    answer(page, "quiz_dot_zero", right_answer("quiz_dot_zero"))
    answer(page, "quiz_attention_shift", "grow")
    page.locator("[data-aula-done]").check()
    page.reload()
    assert widget(page, "quiz_dot_zero").locator(f'input[value="{right_answer("quiz_dot_zero")}"]').is_checked()
    assert widget(page, "quiz_attention_shift").locator('input[value="grow"]').is_checked()
    assert "aula-ok" in part_html(page, "quiz_dot_zero", "feedback")
    assert page.locator("[data-aula-done]").is_checked()
    stored = json.loads(page.evaluate("localStorage.getItem('aula.progress')"))
    assert stored["v"] == 1 and stored["quiz"]["quiz_dot_zero"]["correct"] is True
    assert stored["quiz"]["quiz_attention_shift"] == {"answer": "grow", "correct": False}

    page.goto(server)
    item = page.locator('.aula-progress li[data-page="turing-2-vectors"]')
    assert f"2 de {len(quizzes_on(site, VECTORS))}" in item.inner_text() and "(1 bien)" in item.inner_text() and "terminado" in item.inner_text()
    page.once("dialog", lambda d: d.accept())
    page.locator("[data-aula-reset]").click()
    assert "sin visitar" in page.locator('.aula-progress li[data-page="turing-2-vectors"]').inner_text()
    assert page.evaluate("localStorage.getItem('aula.progress')") is None


# (a newer version's record is read and never overwritten: tests/test_storage_browser.py)
@pytest.mark.parametrize("junk", ["{not json", '{"v": 1, "quiz": []}', "null", '"x"'])
def test_corrupted_storage_is_ignored_and_replaced(page, server, junk):
    page.goto(server + VECTORS)
    page.evaluate("(j) => localStorage.setItem('aula.progress', j)", junk)
    page.reload()
    stored = json.loads(page.evaluate("localStorage.getItem('aula.progress')"))
    assert stored["v"] == 1 and stored["quiz"] == {}
    answer(page, "quiz_dot_zero", "a")
    assert json.loads(page.evaluate("localStorage.getItem('aula.progress')"))["quiz"]["quiz_dot_zero"]["answer"] == "a"


def test_works_without_storage(page, server):
    # as old private modes did: every write throws a quota error
    page.context.add_init_script(
        "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };")
    page.goto(server + VECTORS)
    answer(page, "quiz_dot_zero", right_answer("quiz_dot_zero"))
    assert "aula-ok" in part_html(page, "quiz_dot_zero", "feedback")
    page.locator("[data-aula-done]").check()
    page.goto(server + "pt/")
    assert "janela anônima" in page.locator(".aula-progress").inner_text()


# --- print ----------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["A4", "Letter"])
def test_print_has_quiz_options_and_control_values(page, server, site, fmt):
    page.goto(server + VECTORS)
    quizzes = quizzes_on(site, VECTORS)
    assert {"quiz_dot_zero", "quiz_attention_shift"} <= set(quizzes)
    answer(page, "quiz_dot_zero", "a")
    text, pages = pdf_text(page, fmt)
    assert pages >= 3
    flat = re.sub(r"\s+", "", text)  # the PDF's text writes the decimal comma's invisible mark as a space
    for wid in quizzes:
        control = lesson_core.get(wid).control("answer")
        for key, label in control.options:
            if key != "none":
                assert re.sub(r"[\s\u2060]+", "", label["es"]) in flat, (wid, label)
    assert "Palabra: gato" in text  # the embedding table's control, as text
    assert "☐" in text and "☒" not in text and "✓" not in text  # boxes to tick by hand: no saved answer, no key
    assert "Copiar enlace" not in text and "Búsqueda" not in text  # no chrome

    page.evaluate("document.documentElement.classList.add('aula-print-key')")
    key_text, _ = pdf_text(page, fmt)
    assert key_text.count("✓") == len(quizzes) and "☒" in key_text  # the teacher's print: key and own answer


def test_print_css_keeps_widgets_whole_and_expands_scroll_boxes(page, server):
    page.set_viewport_size({"width": 800, "height": 1000})
    page.goto(server + VECTORS)
    page.emulate_media(media="print")
    styles = page.evaluate("""() => [...document.querySelectorAll('.aula-widget')].map(w => {
        const s = getComputedStyle(w);
        const c = w.querySelector('.aula-controls');
        return {inside: s.breakInside, controls: c ? getComputedStyle(c).display : 'none'}; })""")
    assert styles and all(s["inside"] == "avoid" and s["controls"] == "none" for s in styles), styles
    scroll = page.evaluate("""() => [...document.querySelectorAll('.aula-scroll')].map(e => {
        const s = getComputedStyle(e); return [s.maxHeight, s.overflowY, e.scrollHeight - e.clientHeight]; })""")
    assert scroll and all(m == "none" and o == "visible" and extra <= 1 for m, o, extra in scroll), scroll
    hidden = page.evaluate("""() => ['.md-header', '.md-sidebar--primary', '.md-footer']
        .map(q => document.querySelector(q)).filter(Boolean).map(e => getComputedStyle(e).display)""")
    assert hidden and set(hidden) == {"none"}


@pytest.mark.parametrize("fmt,size_mm", [("A4", (210, 297)), ("Letter", (215.9, 279.4))])
def test_widgets_fit_a_printed_page_or_break_between_parts(page, server, fmt, size_mm):
    """Laid out at the printable width (12 mm margins left and right, 14 mm top and bottom, as the
    print CSS asks), a widget fits one page; one that cannot breaks only between its parts."""
    width, height = ((size_mm[0] - 24) / 25.4 * 96, (size_mm[1] - 28) / 25.4 * 96)
    page.set_viewport_size({"width": int(width), "height": 1000})
    for lesson in ("positional-encoding/", "turing-1-words/", VECTORS, "turing-3-generation/", "turing-4-scale/"):
        page.goto(server + lesson)
        page.emulate_media(media="print")
        boxes = page.evaluate("""() => [...document.querySelectorAll('.aula-widget')].map(w => ({
            id: w.dataset.widget, h: w.getBoundingClientRect().height,
            parts: [...w.querySelectorAll('.aula-part')].map(p => [p.getBoundingClientRect().height,
                                                               getComputedStyle(p).breakInside])}))""")
        assert boxes
        for box in boxes:
            if box["h"] <= height:
                continue
            assert all(h <= height and rule == "avoid" for h, rule in box["parts"]), (lesson, box)


def test_worksheet_prints_only_the_students_sheet(page, server):
    page.goto(server + "pt/worksheets/turing-3-generation/#w=ws_generation:variant=12")
    text, pages = pdf_text(page, "A4")
    data = lesson_core.render("ws_generation", {"variant": 12}, "pt")
    n = next(ex for ex in data["data"]["exercises"] if ex["kind"] == "comparisons")["given"]["n"]
    assert "Variante 12" in text and lesson_core.fmt(n, "pt") in text
    assert "Gabarito" not in text and pages == 1 and text.lstrip().startswith("Nome:")
