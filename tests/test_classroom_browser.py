"""Classroom in the browser (issue 18): a class set printed as one job (a sheet per student, each on
its own page, name line first) and a compact key packet; class sizes refused with a localized message;
student sheets that never show a key, whatever the link; the licence in the footer. Page counts and
text come from Chromium's PDF (read with PDFium, conftest.pdf_texts)."""

from __future__ import annotations

import re

import pytest

from lesson_core.classroom import worksheets as ws
from conftest import add_axe, pdf_texts, widget

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLASS = {"es": "teacher/class/turing-3-generation/", "pt": "pt/teacher/class/turing-3-generation/"}
NAME = {"es": "Nombre:", "pt": "Nome:"}
KEY = {"es": "Clave de respuestas", "pt": "Gabarito"}


def pdf_pages(pg, fmt: str = "A4") -> list[str]:
    pg.emulate_media(media="print")
    return pdf_texts(pg.pdf(format=fmt, print_background=True))


def prepare(pg, size: str) -> str:
    pg.fill("[data-aula-class-size]", size)
    pg.click(".aula-class-form button[type=submit]")
    return pg.locator(".aula-class-status").inner_text()


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_class_set_is_one_job_with_a_sheet_per_student_and_a_compact_key_packet(page, server, lang):
    page.goto(server + CLASS[lang])
    assert prepare(page, " 32 ")
    cover, *pages = pdf_pages(page)  # the cover (tests/test_class_print.py), then the students' sheets
    assert NAME[lang] not in cover
    assert len(pages) == 32, len(pages)  # one page per student, none title-only
    seats = ws.roster(32)
    for text, variant in zip(pages, seats):
        assert text.lstrip().startswith(NAME[lang]), text[:80]  # the name line first
        assert re.search(rf"Variante {variant}\b", text) and KEY[lang] not in text
    page.evaluate("document.documentElement.classList.add('aula-print-packet')")
    packet = pdf_pages(page)
    text = "\n".join(packet)
    assert NAME[lang] not in text
    found = {int(v) for v in re.findall(KEY[lang] + r" · [^·]+ · Variante (\d+)", text)}
    assert found == set(range(1, ws.VARIANTS + 1))
    assert len(packet) <= ws.VARIANTS // 3, len(packet)  # several keys per page


@pytest.mark.parametrize("lang,size,message", [
    ("es", "treinta", "con cifras"), ("es", "0", "de 1 a 60"), ("es", "500", "de 1 a 60"),
    ("pt", "trinta", "com algarismos"), ("pt", "0", "de 1 a 60"), ("pt", "-3", "com algarismos")])
def test_bad_class_size_gets_a_localized_message(page, server, lang, size, message):
    page.goto(server + CLASS[lang])
    status = prepare(page, size)
    assert message in status and "60" in status
    assert page.get_attribute("[data-aula-class-size]", "aria-invalid") == "true"
    assert page.locator(".aula-class-print .aula-worksheet").count() == 0
    assert prepare(page, "5") and page.locator(".aula-class-print .aula-worksheet").count() == 5


@pytest.mark.parametrize("link", ["#w=ws_generation:variant=99", "#w=ws_generation:variant=7,show=key",
                                  "#w=ws_generation:variant=2,show=both"])
def test_student_sheet_never_shows_a_key_whatever_the_link(page, server, link):
    page.goto(server + "worksheets/turing-3-generation/" + link)
    w = widget(page, "ws_generation")
    html = w.inner_html()
    assert "aula-worksheet-key" not in html and "Clave de respuestas" not in page.content()
    assert w.locator(".aula-worksheet").count() == 1
    if "99" in link:
        assert 'data-variant="1"' in w.locator(".aula-worksheet").evaluate("e => e.outerHTML")
        assert page.locator(".aula-link-note").count() == 1
    pages = pdf_pages(page)
    assert pages[0].lstrip().startswith("Nombre:") and KEY["es"] not in "".join(pages)


def test_no_student_page_links_to_keys(site):
    for html in site.rglob("*.html"):
        rel = html.relative_to(site).as_posix()
        if "/teacher/" in "/" + rel or rel.startswith(("teacher/", "pt/teacher/")):
            continue
        text = html.read_text(encoding="utf-8")
        assert "teacher/class/" not in text, rel
        assert "aula-worksheet-key" not in text, rel


@pytest.mark.parametrize("path,words", [("", ["CC BY-SA 4.0", "código: MIT", "creativecommons.org"]),
                                        ("pt/", ["CC BY-SA 4.0", "código: MIT", "deed.pt-br"])])
def test_footer_states_the_licence(page, server, path, words):
    page.goto(server + path)
    footer = page.locator(".md-copyright").inner_text() + page.locator(".md-copyright").inner_html()
    for w in words:
        assert w in footer


CHAPTERS = ("turing-1-words", "turing-2-vectors", "positional-encoding", "turing-3-generation", "turing-4-scale",
            "real-model")


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_student_handout_prints_figures_and_questions_in_at_most_six_pages(page, server, lang):
    """The handout button: every widget at its state and every question, no long prose, ≤ 6 A4 pages,
    7 for chapter 2, which holds 20 widgets since issue 29 added learned vectors, bias and three
    quizzes to it (the whole lesson prints to 7-19)."""
    for chapter in CHAPTERS:
        page.goto(server + ("pt/" if lang == "pt" else "") + chapter + "/")
        page.emulate_media(media="screen")
        prose = page.locator(".md-content__inner > p").first.inner_text()[:60]
        quiz_labels = page.eval_on_selector_all(
            ".aula-quiz-options li:not([data-option=none])", "els => els.map(e => e.textContent.trim())")
        titles = page.eval_on_selector_all(".aula-widget-title", "els => els.map(e => e.textContent.trim())")
        page.evaluate("document.documentElement.classList.add('aula-print-handout')")
        pages = pdf_pages(page)
        text = re.sub(r"\s+", "", " ".join(pages))  # compared without spaces: the PDF's text splits subscripts
        assert len(pages) <= (7 if chapter == "turing-2-vectors" else 6), (chapter, len(pages))
        assert re.sub(r"\s+", "", prose)[:40] not in text, (chapter, prose)
        for label in quiz_labels:
            start = re.sub(r"[\s\u2060]+", "", label)[:25]  # the decimal comma's invisible mark: a space in the PDF
            assert "☐" + start in text and "☒" + start not in text, (chapter, label)  # boxes to tick by hand
        assert titles and all(re.sub(r"\s+", "", t)[:20] in text for t in titles), chapter


def test_handout_button_is_on_chapters_only(page, server):
    page.goto(server + "turing-2-vectors/")
    assert page.locator("[data-aula-print-handout]").count() == 1
    page.goto(server + "worksheets/turing-2-vectors/")
    assert page.locator("[data-aula-print-handout]").count() == 0


@pytest.mark.parametrize("path", [CLASS["es"], "pt/teacher/"])
def test_class_set_and_teachers_page_pass_axe(page, server, path):
    """axe-core (WCAG 2 A/AA) on the teachers' new pages, the class-set form after a refused size."""
    page.goto(server + path)
    if "class" in path:
        prepare(page, "treinta")
    add_axe(page, server)
    result = page.evaluate("async () => (await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']})).violations"
                           ".map(v => ({id: v.id, impact: v.impact, where: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))")
    assert not [v for v in result if v["impact"] in ("serious", "critical")], result
