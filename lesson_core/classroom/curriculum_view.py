"""The curriculum map as a teacher reads it: the box at the top of each guide and the course overview.

The caller (the macro) gives what only the site knows: each lesson's ``##`` headings in the page's
language as (title, anchor), and a function from a page name ("turing-1-words", "teacher/curriculum")
to its address relative to the current page.

Example: box_html("real-model", "pt", headings, href) -> <section class="aula-curriculum">…EM13CO10…
"""

from __future__ import annotations

from typing import Callable

from ..kit.fmt import tr
from ..kit.html import Markup, h
from . import curriculum as cm
from .teacher import ORDER, TITLES

__all__ = ["box_html", "overview_html"]

Headings = dict  # lesson -> [(title, anchor), ...]

_BOX_TITLE = {"es": "Lo que esta lección cubre del currículo", "pt": "O que esta lição cobre do currículo"}
_OVERVIEW_LINK = {"es": "El curso entero frente a estos marcos", "pt": "O curso inteiro diante destes referenciais"}
_NONE = {"es": "Ninguna lección de Aula lo trabaja todavía.", "pt": "Nenhuma lição do Aula trabalha este bloco ainda."}
_SECTION = {"es": "sección", "pt": "seção"}


def _label(code: str, lang: str) -> Markup:
    """The code as the framework names it: BNCC code and its quoted wording; UNESCO block, dimension, level."""
    fw, info = cm.code_info(code)
    if fw == "bncc":
        return h("span", None, h("strong", None, code), " ", h("q", {"lang": "pt-BR"}, info["wording"]))
    dim, level = info["dimension"], info["level"]
    return h("span", None, h("strong", {"lang": "en"}, info["name"]), f" ({tr(lang, info['ours'])}) · ",
             h("span", {"lang": "en"}, f"{dim['en']} / {level['en']}"),
             f" ({tr(lang, dim)} / {tr(lang, level)})")


def _section_link(m: cm.Meet, lang: str, headings: Headings, href: Callable[[str], str]) -> Markup:
    title, anchor = headings[m.lesson][m.section - 1]
    return h("a", {"href": f"{href(m.lesson)}#{anchor}"}, f"{tr(lang, _SECTION)} {m.section}: {title}")


def _notes(fw: str, lang: str) -> Markup:
    spec = cm.FRAMEWORKS[fw]
    return h("p", {"class": "aula-curriculum-source"}, h("small", None, tr(lang, spec["source"]), " ",
                                                          tr(lang, spec["unchecked"])))


def box_html(lesson: str, lang: str, headings: Headings, href: Callable[[str], str]) -> Markup:
    """The guide's box: for each framework of the reader's language, the codes this lesson meets, each with
    the section and one sentence on how; the sources and what could not be checked; the overview's link."""
    if lesson not in ORDER:
        raise KeyError(f"curriculum_box: {lesson!r} is not a lesson; lessons: {', '.join(ORDER)}")
    cm.check(headings=headings)
    parts = [h("p", {"class": "aula-curriculum-title"}, h("strong", None, tr(lang, _BOX_TITLE)))]
    for fw in tr(lang, cm.FOR_LANG):
        items = []
        meets = cm.meets_of(lesson, fw)
        for code in dict.fromkeys(m.code for m in meets):
            ways = [h("li", None, _section_link(m, lang, headings, href), ". ", tr(lang, m.how))
                    for m in meets if m.code == code]
            items.append(h("li", {"data-code": code}, _label(code, lang), h("ul", None, ways)))
        parts += [h("p", None, h("strong", None, tr(lang, cm.FRAMEWORKS[fw]["name"]))),
                  h("ul", {"class": "aula-curriculum-codes"}, items), _notes(fw, lang)]
    if lang == "es":
        parts.append(h("p", {"class": "aula-curriculum-mexico"}, h("small", None, tr(lang, cm.MEXICO))))
    parts.append(h("p", None, h("a", {"href": href("teacher/curriculum")}, tr(lang, _OVERVIEW_LINK))))
    return h("section", {"class": "aula-curriculum", "data-lesson": lesson}, parts)


def overview_html(lang: str, headings: Headings, href: Callable[[str], str]) -> Markup:
    """The course against each framework of the reader's language: every code with the lessons and sections
    that meet it (a UNESCO block no lesson meets says so), then the sources."""
    cm.check(headings=headings)
    parts = []
    for fw in tr(lang, cm.FOR_LANG):
        items = []
        for code in cm.codes_for(fw):
            meets = [m for m in cm.MEETS if m.code == code]
            meets.sort(key=lambda m: (ORDER.index(m.lesson), m.section))
            ways = [h("li", None, h("a", {"href": href(m.lesson)}, tr(lang, TITLES[m.lesson])), ", ",
                      _section_link(m, lang, headings, href), ". ", tr(lang, m.how)) for m in meets]
            body = h("ul", None, ways) if ways else h("p", {"class": "aula-curriculum-none"}, tr(lang, _NONE))
            items.append(h("li", {"data-code": code, "data-lessons": len({m.lesson for m in meets})},
                           _label(code, lang), body))
        parts += [h("h2", {"id": f"aula-{fw}"}, tr(lang, cm.FRAMEWORKS[fw]["name"])),
                  h("ul", {"class": "aula-curriculum-codes"}, items), _notes(fw, lang)]
    if lang == "es":
        parts.append(h("p", {"class": "aula-curriculum-mexico"}, tr(lang, cm.MEXICO)))
    return h("div", {"class": "aula-curriculum aula-curriculum-overview"}, parts)
