"""Teacher pages: one per lesson page in both languages, each with its class plan and the answer
key of every quiz its lesson page asks; the keys mark the answer the core computes."""

from __future__ import annotations

import re

import pytest

import lesson_core
from conftest import ROOT
from lesson_core.classroom import teacher
from lesson_core.widgets import turing_quiz

DOCS = ROOT / "docs"
# not guides: the teachers' home and the curriculum overview
TEACHER_PAGES = sorted(p.stem for p in (DOCS / "es" / "teacher").glob("*.md") if p.stem not in ("index", "curriculum"))


def quizzes_of(lesson: str) -> set[str]:
    text = (DOCS / "es" / f"{lesson}.md").read_text(encoding="utf-8")
    return set(re.findall(r'widget\("(quiz_\w+)"', text))


def test_teacher_and_worksheet_pages_exist_for_each_lesson_in_both_languages():
    assert set(TEACHER_PAGES) >= set(teacher.PLANS)
    for name in TEACHER_PAGES:
        assert (DOCS / "es" / f"{name}.md").exists(), f"teacher page for a missing lesson {name}"
        for lang in ("es", "pt"):
            assert (DOCS / lang / "teacher" / f"{name}.md").exists()
    for name in ("positional-encoding", "turing-1-words", "turing-2-vectors", "turing-3-generation", "turing-4-scale"):
        for lang in ("es", "pt"):
            assert (DOCS / lang / "worksheets" / f"{name}.md").exists()


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("name", TEACHER_PAGES)
def test_teacher_page_has_plan_and_every_quiz_key(name, lang):
    text = (DOCS / lang / "teacher" / f"{name}.md").read_text(encoding="utf-8")
    assert f'lesson_plan("{name}")' in text
    keyed = set(re.findall(r'quiz_key\("(quiz_\w+)"\)', text))
    assert keyed == quizzes_of(name), f"{lang}/teacher/{name}.md keys {keyed}, the lesson asks {quizzes_of(name)}"
    for section in {"es": ["## Objetivos", "## Antes de empezar", "## Plan de clase", "## Ideas equivocadas",
                           "## Preguntas para debatir", "## Clave de respuestas"],
                    "pt": ["## Objetivos", "## Antes de começar", "## Plano de aula", "## Concepções equivocadas",
                           "## Perguntas para discussão", "## Gabarito"]}[lang]:
        assert section in text, (name, lang, section)


@pytest.mark.parametrize("name", sorted(teacher.PLANS))
def test_plans_fill_one_class(name):
    rows = teacher.plan_rows(name)
    assert rows[0][0] == 0 and rows[-1][1] == teacher.CLASS_MINUTES
    assert all(a < b for a, b, _ in rows) and all(rows[i][1] == rows[i + 1][0] for i in range(len(rows) - 1))
    for _, _, act in rows:
        assert act["es"] and act["pt"] and act["es"] != act["pt"]


def test_a_plan_that_does_not_fill_the_class_is_refused(monkeypatch):
    monkeypatch.setitem(teacher.PLANS, "short", [(40, {"es": "a", "pt": "b"})])
    with pytest.raises(ValueError, match="40 minutes"):
        teacher.plan_rows("short")
    with pytest.raises(KeyError):
        teacher.plan_rows("nope")


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("wid", sorted(turing_quiz.QUIZZES))
def test_answer_key_marks_the_computed_answer(wid, lang):
    html = turing_quiz.answer_key(wid, lang)
    right = lesson_core.render(wid, {}, lang)["data"]["right_answer"]
    label = dict(lesson_core.get(wid).control("answer").options)[right][lang]
    marked = re.findall(r"<strong>(.*?) ✓</strong>", html)
    assert marked == [label.replace("&", "&amp;")]


@pytest.mark.parametrize("prefix,lang", [("", "es"), ("pt/", "pt")])
def test_built_teacher_pages(site, prefix, lang):
    for name in TEACHER_PAGES:
        html = (site / prefix / "teacher" / name / "index.html").read_text(encoding="utf-8")
        assert "aula-plan-table" in html and html.count("<tr>") >= 4
        assert html.count('class="aula-answer-key"') == len(quizzes_of(name))
        assert not re.search(r"\{\{\s*\w+\(", html), "an unrendered macro"
    home = (site / prefix / "index.html").read_text(encoding="utf-8")
    assert "data-aula-progress" in home and 'href="teacher/turing-1-words/"' in home
    assert {"es": "Docentes", "pt": "Professores"}[lang] in home
