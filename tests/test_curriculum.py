"""The curriculum map (issue 27): every lesson meets a code of each framework, every BNCC code is met by
a lesson, every code and wording is the one the sources give, every section named exists in both
languages, a code missing from the data stops the build naming it; the guides and the overview show
the reader's frameworks, with what could not be checked said on the page."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from lesson_core.classroom import curriculum as cm
from lesson_core.classroom import curriculum_view as view
from lesson_core.classroom.teacher import ORDER
from macros import curriculum as site_side

REVIEW = ROOT.parent / "shared" / "reviews" / "anchors-2027-01.md"
LANGS = ("es", "pt")


def heads(lang):
    return site_side.headings(str(ROOT / "docs"), lang)


def href(name):
    return f"../{name}/"


def test_every_lesson_meets_a_code_of_each_framework_and_every_bncc_code_a_lesson():
    for lesson in ORDER:
        for fw in cm.FRAMEWORKS:
            assert cm.meets_of(lesson, fw), (lesson, fw)
    for code in cm.BNCC:
        assert cm.lessons_for(code), code
    assert "EM13CO10" in cm.BNCC and cm.lessons_for("EM13CO10")  # the one code that names AI
    assert len(cm.UNESCO) == 12 and len({(d, lv) for d, lv, _, _ in cm.UNESCO.values()}) == 12


@pytest.mark.parametrize("lang", LANGS)
def test_every_section_named_exists_in_both_languages(lang):
    h = heads(lang)
    cm.check(headings=h)
    assert {k: len(v) for k, v in h.items()} == {k: len(v) for k, v in heads("pt" if lang == "es" else "es").items()}
    for m in cm.MEETS:
        assert 1 <= m.section <= len(h[m.lesson]) and m.how["es"] != m.how["pt"]


def test_codes_and_wording_are_the_sources_exactly():
    if not REVIEW.exists():
        pytest.skip("the anchors review (shared/reviews) is not beside this checkout")
    text = REVIEW.read_text(encoding="utf-8")
    section = text[text.index("### 4.1"):text.index("## 5.")]
    rows = dict(re.findall(r'^\| \**(E[FM]\d\dCO\d\d)\** \| "([^"]+)"', section, re.M))
    for code, wording in cm.BNCC.items():
        assert rows.get(code) == wording, code
    table = section[section.index("### 4.2"):section.index("### 4.3")]
    for _, _, name, _ in cm.UNESCO.values():
        assert f"| {name} |" in table or f"| {name}\n" in table or f" {name} |" in table, name


def test_a_code_missing_from_the_data_stops_naming_it():
    bad = cm.MEETS + (cm.Meet("EM13CO99", "real-model", 1, {"es": "a", "pt": "b"}),)
    with pytest.raises(KeyError, match="EM13CO99"):
        cm.check(bad)
    with pytest.raises(ValueError, match="section 99 of real-model"):
        cm.check(cm.MEETS + (cm.Meet("EM13CO10", "real-model", 99, {"es": "a", "pt": "b"}),), heads("es"))
    with pytest.raises(ValueError, match="EF04CO05 is met by no lesson"):
        cm.check(tuple(m for m in cm.MEETS if m.code != "EF04CO05"))
    with pytest.raises(ValueError, match="positional-encoding meets no code of bncc"):
        cm.check(tuple(m for m in cm.MEETS if not (m.lesson == "positional-encoding" and m.code in cm.BNCC)))
    with pytest.raises(KeyError, match="nope"):
        view.box_html("nope", "es", heads("es"), href)


def test_the_portuguese_guide_quotes_the_bncc_and_says_it_is_a_transcription():
    html = view.box_html("turing-1-words", "pt", heads("pt"), href)
    assert 'data-code="EM13CO10"' in html and cm.BNCC["EM13CO10"] in html
    assert "não conseguimos conferi-la com o PDF do MEC" in html
    assert 'href="../turing-1-words/#as-maquinas-podem-pensar"' in html
    assert "Human agency" in html and "(agência humana)" in html


def test_the_spanish_guide_shows_unesco_and_mexico_not_the_bncc():
    html = view.box_html("turing-1-words", "es", heads("es"), href)
    assert "EM13CO" not in html and 'data-code="U-ai-foundations"' in html
    assert "no pudimos cotejarlos con la tabla del PDF" in html and "México" in html
    assert 'href="../turing-1-words/#pueden-pensar-las-maquinas"' in html


@pytest.mark.parametrize("lang", LANGS)
def test_the_overview_lists_every_code_and_says_which_blocks_no_lesson_meets(lang):
    html = view.overview_html(lang, heads(lang), href)
    codes = re.findall(r'<li data-code="([^"]+)" data-lessons="(\d+)"', html)
    want = (tuple(cm.BNCC) if lang == "pt" else ()) + tuple(cm.UNESCO)
    assert tuple(c for c, _ in codes) == want
    unmet = [c for c, n in codes if n == "0"]
    assert unmet and all(c in cm.UNESCO for c in unmet)
    assert html.count('class="aula-curriculum-none"') == len(unmet)


@pytest.mark.parametrize("prefix,lang", [("", "es"), ("pt/", "pt")])
def test_built_guides_link_to_sections_that_exist(site, prefix, lang):
    for lesson in ORDER:
        guide = (site / prefix / "teacher" / lesson / "index.html").read_text(encoding="utf-8")
        box = re.search(r'<section class="aula-curriculum" data-lesson="[^"]+">.*?</section>', guide, re.S).group(0)
        assert box.index("aula-curriculum") < guide.index("aula-plan-table")
        for target, anchor in re.findall(r'href="\.\./\.\./([\w-]+)/#([\w-]+)"', box):
            page = (site / prefix / target / "index.html").read_text(encoding="utf-8")
            assert f'id="{anchor}"' in page, (lesson, target, anchor)
        assert 'href="../curriculum/"' in box
    overview = (site / prefix / "teacher" / "curriculum" / "index.html").read_text(encoding="utf-8")
    assert overview.count("<li data-code=") == (len(cm.BNCC) if lang == "pt" else 0) + len(cm.UNESCO)
    nav = (site / prefix / "teacher" / "index.html").read_text(encoding="utf-8")
    assert 'href="curriculum/"' in nav
